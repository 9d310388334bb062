// Package respdecode: an SDK that logs the text of an answer and then
// decodes it. The text of an answer decoded into a value with a secret
// field holds that secret, logged before the decode too, on the path that
// decodes it; an error answer logged on a path that returns before the
// decode is another answer.
package respdecode

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net/http"
)

// Logger is the SDK's logger.
type Logger interface {
	Debugf(format string, args ...any)
}

type Client struct {
	base   string
	hc     *http.Client
	logger Logger
}

// TokenResponse is a token endpoint's answer.
type TokenResponse struct {
	AccessToken string `json:"access_token"`
	ExpiresIn   int    `json:"expires_in"`
}

// APIKey is a key the API issues; its secret comes with the answer that
// creates it.
type APIKey struct {
	ID     string `json:"id"`
	Secret string `json:"secret"`
}

// KeySummary is what a listing shows of a key.
type KeySummary struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// Token logs every answer, then decodes the token: must flag.
func (c *Client) Token(ctx context.Context) (*TokenResponse, error) {
	resp, err := c.hc.Get(c.base + "/token")
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	c.logger.Debugf("token answer %d: %s", resp.StatusCode, raw) // want `text decoded into respdecode.TokenResponse, which holds a secret, reaches Logger.Debugf`
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("token: %s", resp.Status)
	}
	var tok TokenResponse
	if err := json.Unmarshal(raw, &tok); err != nil {
		return nil, err
	}
	return &tok, nil
}

// TokenChecked logs the answer only when it is an error, and returns:
// the token's answer is never logged. Must stay silent.
func (c *Client) TokenChecked(ctx context.Context) (*TokenResponse, error) {
	resp, err := c.hc.Get(c.base + "/token")
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode != http.StatusOK {
		c.logger.Debugf("token failed %d: %s", resp.StatusCode, raw)
		return nil, fmt.Errorf("token: %s", resp.Status)
	}
	var tok TokenResponse
	if err := json.Unmarshal(raw, &tok); err != nil {
		return nil, err
	}
	return &tok, nil
}

// tokenBySwitch logs the answer in the case of an error status only; the
// token is decoded in another case: must stay silent.
func (c *Client) tokenBySwitch(raw []byte, status int) (*TokenResponse, error) {
	var tok TokenResponse
	switch {
	case status >= 400:
		c.logger.Debugf("token failed %d: %s", status, raw)
	case status == http.StatusOK:
		if err := json.Unmarshal(raw, &tok); err != nil {
			return nil, err
		}
	}
	return &tok, nil
}

// tokenOrExit logs an error answer and exits: must stay silent.
func tokenOrExit(raw []byte, status int) *TokenResponse {
	if status != http.StatusOK {
		log.Fatalf("token failed %d: %s", status, raw)
	}
	var tok TokenResponse
	if err := json.Unmarshal(raw, &tok); err != nil {
		return nil
	}
	return &tok
}

// apiError is an error answer: its status and body.
type apiError struct {
	Status int
	Body   []byte
}

func (e *apiError) Error() string { return fmt.Sprintf("%d: %s", e.Status, e.Body) } // want Error:"authlog\\(prints=f0,f1\\)"

// tokenOrError makes its error of every answer, and returns it only on a
// failure: the token's answer never reaches the error's text.
func (c *Client) tokenOrError(ctx context.Context) (*TokenResponse, error) {
	resp, err := c.hc.Get(c.base + "/token")
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	apiErr := &apiError{Status: resp.StatusCode, Body: raw}
	if resp.StatusCode != http.StatusOK {
		return nil, apiErr
	}
	var tok TokenResponse
	if err := json.Unmarshal(raw, &tok); err != nil {
		return nil, err
	}
	return &tok, nil
}

// Refresh logs the error answer: must stay silent.
func (c *Client) Refresh(ctx context.Context) {
	if _, err := c.tokenOrError(ctx); err != nil {
		c.logger.Debugf("refresh: %v", err)
	}
}

// call sends in, logs every answer and decodes it into out: the answers
// of CreateKey hold a key's secret.
func (c *Client) call(ctx context.Context, method, path string, in, out any) error {
	b, err := json.Marshal(in)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, bytes.NewReader(b))
	if err != nil {
		return err
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	c.logger.Debugf("%s %s -> %d %s", method, path, resp.StatusCode, body) // want `text decoded into respdecode.APIKey \(handed over by CreateKey\), which holds a secret, reaches Logger.Debugf`
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("%s %s: %s", method, path, resp.Status)
	}
	if out == nil {
		return nil
	}
	return json.Unmarshal(body, out)
}

// get hands call the value its caller decodes into.
func (c *Client) get(ctx context.Context, path string, out any) error {
	return c.call(ctx, http.MethodGet, path, nil, out)
}

func (c *Client) CreateKey(ctx context.Context, name string) (*APIKey, error) {
	var k APIKey
	err := c.call(ctx, http.MethodPost, "/keys", map[string]string{"name": name}, &k)
	return &k, err
}

func (c *Client) ListKeys(ctx context.Context) ([]KeySummary, error) {
	var ks []KeySummary
	err := c.get(ctx, "/keys", &ks)
	return ks, err
}

// Lister is an SDK whose answers hold no secret: its log of every answer
// must stay silent.
type Lister struct {
	base string
	hc   *http.Client
}

func (l *Lister) fetch(ctx context.Context, path string, out any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, l.base+path, nil)
	if err != nil {
		return err
	}
	resp, err := l.hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	log.Printf("GET %s -> %d %s", path, resp.StatusCode, body)
	return json.Unmarshal(body, out)
}

func (l *Lister) list(ctx context.Context, out any) error {
	return l.fetch(ctx, "/keys", out)
}

func (l *Lister) Keys(ctx context.Context) ([]KeySummary, error) {
	var ks []KeySummary
	err := l.list(ctx, &ks)
	return ks, err
}

// Silent: the answer goes into the error cut to a sample of constant
// length (the start of an answer that did not decode, to tell an HTML
// error page from a token), a bounded part as tok[:4] is.
func (c *Client) tokenSample(ctx context.Context) (*TokenResponse, error) {
	resp, err := c.hc.Get(c.base + "/token")
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	blob, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	var tok TokenResponse
	if err := json.Unmarshal(blob, &tok); err != nil {
		sample := blob
		if len(sample) > 50 {
			sample = sample[:50]
		}
		return nil, fmt.Errorf("decoding token (body start %q): %w", string(sample), err)
	}
	return &tok, nil
}

func (c *Client) refreshSample(ctx context.Context) {
	if _, err := c.tokenSample(ctx); err != nil {
		c.logger.Debugf("refresh: %v", err)
	}
}

// Silent: a prefix of constant length of the bytes.
func (c *Client) tokenPrefix(blob []byte) *TokenResponse {
	var tok TokenResponse
	if err := json.Unmarshal(blob, &tok); err != nil {
		c.logger.Debugf("undecodable token answer: %s", blob[:16])
		return nil
	}
	return &tok
}

// The sample is the whole answer again when it is logged: must flag.
func (c *Client) tokenResampled(blob []byte) *TokenResponse {
	var tok TokenResponse
	if err := json.Unmarshal(blob, &tok); err != nil {
		sample := blob
		if len(sample) > 50 {
			sample = sample[:50]
		}
		sample = blob
		c.logger.Debugf("undecodable token answer: %s", sample) // want `secret \(a password, key or token\) reaches Logger.Debugf`
		return nil
	}
	return &tok
}

// A part of the bytes as long as the caller says (what a read filled,
// buf[:n], is sliced the same way) may be all of it: must flag.
func (c *Client) tokenUpTo(blob []byte, n int) *TokenResponse {
	var tok TokenResponse
	if err := json.Unmarshal(blob, &tok); err != nil {
		c.logger.Debugf("undecodable token answer: %s", blob[:n]) // want `secret \(a password, key or token\) reaches Logger.Debugf`
		return nil
	}
	return &tok
}

// The cut runs only when debugging is off: must flag.
func (c *Client) tokenCutSometimes(blob []byte, debug bool) *TokenResponse {
	var tok TokenResponse
	if err := json.Unmarshal(blob, &tok); err != nil {
		sample := blob
		if !debug {
			if len(sample) > 50 {
				sample = sample[:50]
			}
		}
		c.logger.Debugf("undecodable token answer: %s", sample) // want `secret \(a password, key or token\) reaches Logger.Debugf`
		return nil
	}
	return &tok
}

// The sample grown back to its capacity is the answer: must flag.
func (c *Client) tokenRegrown(blob []byte) *TokenResponse {
	var tok TokenResponse
	if err := json.Unmarshal(blob, &tok); err != nil {
		sample := blob
		if len(sample) > 50 {
			sample = sample[:50]
		}
		full := sample[:cap(sample)]
		c.logger.Debugf("undecodable token answer: %s", full) // want `secret \(a password, key or token\) reaches Logger.Debugf`
		return nil
	}
	return &tok
}

// A kilobyte of a token's answer holds the token: must flag.
func (c *Client) tokenKilobyte(blob []byte) *TokenResponse {
	var tok TokenResponse
	if err := json.Unmarshal(blob, &tok); err != nil {
		c.logger.Debugf("undecodable token answer: %s", blob[:1024]) // want `secret \(a password, key or token\) reaches Logger.Debugf`
		return nil
	}
	return &tok
}

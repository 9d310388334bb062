// Package decoded logs text that it decodes into values: a token
// endpoint's body decoded into a type with a secret field holds the
// secret; a body decoded into one without holds none.
package decoded

import (
	"bytes"
	"encoding/json"
	"io"
	"log"
	"net/http"
)

type tokenResponse struct {
	AccessToken string `json:"access_token"`
	ExpiresIn   int    `json:"expires_in"`
}

type status struct {
	State string `json:"state"`
}

type config struct {
	Account    string `json:"account"`
	Credential struct {
		AccessToken string `json:"access_token"`
	} `json:"credential"`
}

// Must flag: the body holds the access token the type reads from it.
func token(resp *http.Response) (string, error) {
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return "", err
	}
	var tok tokenResponse
	if err := json.Unmarshal(body, &tok); err != nil {
		log.Printf("bad token response %s: %v", body, err) // want `text decoded into decoded.tokenResponse, which holds a secret, reaches log.Printf`
		return "", err
	}
	return tok.AccessToken, nil
}

// Must flag: a tool's output read into a buffer, its credential nested.
func fromOutput(buf *bytes.Buffer) (string, error) {
	var cfg config
	if err := json.Unmarshal(buf.Bytes(), &cfg); err != nil {
		log.Printf("tool returned:\n%s", buf) // want `text decoded into decoded.config, which holds a secret, reaches log.Printf`
		return "", err
	}
	return cfg.Credential.AccessToken, nil
}

// Must stay silent: the body is decoded into a type with no secret.
func poll(resp *http.Response) (string, error) {
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return "", err
	}
	var st status
	if err := json.Unmarshal(body, &st); err != nil {
		log.Printf("bad status response %s: %v", body, err)
		return "", err
	}
	return st.State, nil
}

// Must stay silent: only the body's length is logged.
func tokenLength(resp *http.Response) (string, error) {
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return "", err
	}
	var tok tokenResponse
	if err := json.Unmarshal(body, &tok); err != nil {
		log.Printf("bad token response (%d bytes): %v", len(body), err)
		return "", err
	}
	return tok.AccessToken, nil
}

// Must stay silent: an error answer, logged before the body is decoded
// as a token (which it is not).
func tokenOrError(resp *http.Response) (string, error) {
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return "", err
	}
	if resp.StatusCode != http.StatusOK {
		log.Printf("token endpoint: %s: %s", resp.Status, body)
		return "", io.ErrUnexpectedEOF
	}
	var tok tokenResponse
	if err := json.Unmarshal(body, &tok); err != nil {
		return "", err
	}
	return tok.AccessToken, nil
}

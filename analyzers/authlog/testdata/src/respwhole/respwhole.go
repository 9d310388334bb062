// Package respwhole: a response formatted whole. fmt prints a response,
// and a pointer to one, with its Header, which holds what the server
// set: Set-Cookie, or a token it issues. Its status, its address or its
// type shows none.
package respwhole

import (
	"fmt"
	"log"
	"net/http"
)

type Client struct {
	hc *http.Client
}

// Check logs an error answer whole: must flag.
func Check(hc *http.Client, req *http.Request) error {
	resp, err := hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 400 {
		log.Printf("unexpected response: %+v", resp) // want `response formatted whole \(its Header may hold Set-Cookie, Authorization, ...\) reaches log.Printf`
	}
	return nil
}

// Deref logs the response value with %#v: must flag.
func Deref(hc *http.Client, req *http.Request) {
	res, err := hc.Do(req)
	if err != nil {
		return
	}
	defer res.Body.Close()
	log.Printf("Error uploading, response %#v", *res) // want `response formatted whole \(its Header may hold Set-Cookie, Authorization, ...\) reaches log.Printf`
}

// logResponse is the package's helper: reported in it, once.
func logResponse(r *http.Response) {
	log.Println("response:", r) // want `response formatted whole \(its Header may hold Set-Cookie, Authorization, ...\) reaches log.Println`
}

func (c *Client) send(req *http.Request) (*http.Response, error) {
	resp, err := c.hc.Do(req)
	if err != nil {
		return nil, err
	}
	logResponse(resp)
	return resp, nil
}

// Get logs the response a helper of the package returns: must flag.
func (c *Client) Get(req *http.Request) error {
	resp, err := c.send(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	log.Printf("got %v", resp) // want `response formatted whole \(its Header may hold Set-Cookie, Authorization, ...\) reaches log.Printf`
	return nil
}

// Status logs what a response says of itself: must stay silent.
func Status(hc *http.Client, req *http.Request) {
	resp, err := hc.Do(req)
	if err != nil {
		return
	}
	defer resp.Body.Close()
	log.Printf("status %s (%d)", resp.Status, resp.StatusCode)
	log.Printf("response at %p of type %T", resp, resp)
}

// Literal logs a response written here, whose header is empty: must stay
// silent.
func Literal() {
	resp := &http.Response{StatusCode: http.StatusServiceUnavailable, Status: "503 Service Unavailable"}
	log.Printf("synthetic %+v", resp)
}

// Scrubbed logs a copy whose header lost every credential: must stay
// silent.
func Scrubbed(hc *http.Client, req *http.Request) {
	resp, err := hc.Do(req)
	if err != nil {
		return
	}
	defer resp.Body.Close()
	for _, name := range []string{"Authorization", "Proxy-Authorization", "Cookie", "Set-Cookie", "X-Api-Key", "X-Auth-Token", "X-Amz-Security-Token", "X-Goog-Api-Key", "X-Vault-Token", "X-Consul-Token", "X-Nomad-Token", "Private-Token"} {
		resp.Header.Del(name)
	}
	log.Printf("scrubbed %+v", resp)
}

// Answer writes the response whole to the client that asked: no log, must
// stay silent.
func Answer(w http.ResponseWriter, hc *http.Client, req *http.Request) { // want Answer:`authlog\(p0<-response\)`
	resp, err := hc.Do(req)
	if err != nil {
		return
	}
	defer resp.Body.Close()
	fmt.Fprintf(w, "%+v", resp)
}

// fetch returns an error whose text prints the answer whole.
func fetch(hc *http.Client, req *http.Request) error {
	resp, err := hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("unexpected answer %v", resp)
	}
	return nil
}

// Sync logs the error of fetch: must flag, where the error is logged.
func Sync(hc *http.Client, req *http.Request) {
	if err := fetch(hc, req); err != nil {
		log.Printf("sync: %v", err) // want `response formatted whole \(its Header may hold Set-Cookie, Authorization, ...\) reaches log.Printf`
	}
}

// fetchStatus returns an error that names the answer's status only.
func fetchStatus(hc *http.Client, req *http.Request) error {
	resp, err := hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("unexpected answer %s", resp.Status)
	}
	return nil
}

// SyncStatus logs the error of fetchStatus: must stay silent.
func SyncStatus(hc *http.Client, req *http.Request) {
	if err := fetchStatus(hc, req); err != nil {
		log.Printf("sync: %v", err)
	}
}

// APIError holds the answer it was made from; its Error method prints it
// whole, in every log of the error.
type APIError struct {
	Response *http.Response
}

func (e *APIError) Error() string { // want Error:`authlog\(result0=response prints=f0\)`
	return fmt.Sprintf("API error: %+v", e.Response) // want `response formatted whole \(its Header may hold Set-Cookie, Authorization, ...\) reaches the text of \(\*APIError\).Error`
}

// StatusError holds the answer too; its Error method prints the status.
type StatusError struct {
	Response *http.Response
}

func (e *StatusError) Error() string {
	return "API error: " + e.Response.Status
}

// Call returns the package's errors, built from the answer: the first
// must flag in its Error method, the second must stay silent.
func Call(hc *http.Client, req *http.Request) error {
	resp, err := hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	switch resp.StatusCode {
	case http.StatusOK:
		return nil
	case http.StatusConflict:
		return &StatusError{Response: resp}
	}
	return &APIError{Response: resp}
}

// Page wraps an answer, as an SDK's response type does; fmt prints the
// pointer it holds as an address.
type Page struct {
	*http.Response
	Next int
}

func (c *Client) page(req *http.Request) (*Page, error) {
	resp, err := c.hc.Do(req)
	if err != nil {
		return nil, err
	}
	return &Page{Response: resp, Next: 2}, nil
}

// Held logs values that hold the answer by a pointer, which print its
// address: must stay silent.
func (c *Client) Held(req *http.Request) {
	p, err := c.page(req)
	if err != nil {
		return
	}
	log.Printf("page %+v", p)
	log.Printf("answers %v", []*http.Response{p.Response})
	var all []*http.Response
	all = append(all, p.Response)
	log.Printf("answers %v", all)
}

// scrub removes every credential header from the answer in place.
func scrub(r *http.Response) {
	for _, name := range []string{"Authorization", "Proxy-Authorization", "Cookie", "Set-Cookie", "X-Api-Key", "X-Auth-Token", "X-Amz-Security-Token", "X-Goog-Api-Key", "X-Vault-Token", "X-Consul-Token", "X-Nomad-Token", "Private-Token"} {
		r.Header.Del(name)
	}
}

// Helped logs an answer a helper of the package scrubbed: must stay
// silent.
func Helped(hc *http.Client, req *http.Request) {
	resp, err := hc.Do(req)
	if err != nil {
		return
	}
	defer resp.Body.Close()
	scrub(resp)
	log.Printf("scrubbed %+v", resp)
}

// OwnHeader deletes the header the package sends from the answer, which
// leaves what the server set: must flag.
func OwnHeader(hc *http.Client, req *http.Request, token string) { // want OwnHeader:`authlog\(p2=sent\(header-value\)\)`
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := hc.Do(req)
	if err != nil {
		return
	}
	defer resp.Body.Close()
	resp.Header.Del("Authorization")
	log.Printf("answer %+v", resp) // want `response formatted whole, its Header redacted in part \(Authorization removed; may still hold Set-Cookie\) reaches log.Printf`
}

// Proxied copies the upstream's header into a response written here:
// must flag.
func Proxied(hc *http.Client, req *http.Request) {
	up, err := hc.Do(req)
	if err != nil {
		return
	}
	defer up.Body.Close()
	out := &http.Response{StatusCode: up.StatusCode, Header: make(http.Header)}
	for k, vs := range up.Header {
		out.Header[k] = vs
	}
	log.Printf("proxied %+v", out) // want `response formatted whole \(its Header may hold Set-Cookie, Authorization, ...\) reaches log.Printf`
}

// Switched logs the answer a type switch finds: must flag.
func Switched(v any) { // want Switched:`authlog\(sink=log.Printf values=p0\)`
	switch r := v.(type) {
	case *http.Response:
		log.Printf("answer %+v", r) // want `response formatted whole \(its Header may hold Set-Cookie, Authorization, ...\) reaches log.Printf`
	}
}

// Prefix logs the start of the answer's text, which a header does not
// reach: must stay silent.
func Prefix(hc *http.Client, req *http.Request) {
	resp, err := hc.Do(req)
	if err != nil {
		return
	}
	defer resp.Body.Close()
	s := fmt.Sprintf("%+v", resp)
	if len(s) > 32 {
		s = s[:32]
	}
	log.Print(s)
}

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

package dumpbare

import (
	"bytes"
	"log"
	"net/http"
	"net/http/httputil"

	"dumpsign"
)

// A request the function makes, gives no credential and dumps.

func health(url string) {
	req, _ := http.NewRequest("GET", url, nil)
	req.Header.Set("Accept", "application/json")
	req.Close = true
	b, _ := httputil.DumpRequestOut(req, true)
	log.Printf("%s", b)
}

func bodyNotDumped(url string, payload []byte) {
	req, _ := http.NewRequestWithContext(nil, http.MethodPost, url, bytes.NewReader(payload))
	req.Header.Set("Content-Type", "application/json")
	b, _ := httputil.DumpRequestOut(req, false)
	log.Printf("%s", b)
}

func sentAfter(c *http.Client, url string) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodGet, url, http.NoBody)
	if err != nil {
		return nil, err
	}
	b, _ := httputil.DumpRequestOut(req, true)
	log.Printf("%s", b)
	req.Header.Set("Authorization", "Bearer later") // after the dump
	return c.Do(req)
}

// Reported: the request gets a credential, or the dump may see one.

func apiKey(url, key string) {
	req, _ := http.NewRequest("GET", url, nil)
	req.Header.Set("X-Api-Key", key)
	b, _ := httputil.DumpRequestOut(req, false)
	log.Printf("%s", b) // want `request dump \(includes every header\) reaches log.Printf`
}

func signed(s *dumpsign.Signer, url string) {
	req, _ := http.NewRequest("GET", url, nil)
	s.Sign(req)
	b, _ := httputil.DumpRequestOut(req, false)
	log.Printf("%s", b) // want `request dump \(includes every header\) reaches log.Printf`
}

func basicAuth(url, user, pass string) {
	req, _ := http.NewRequest("GET", url, nil)
	req.SetBasicAuth(user, pass)
	b, _ := httputil.DumpRequestOut(req, false)
	log.Printf("%s", b) // want `request dump \(includes every header\) reaches log.Printf`
}

func headerFromElsewhere(url string, h http.Header) {
	req, _ := http.NewRequest("GET", url, nil)
	req.Header = h
	b, _ := httputil.DumpRequestOut(req, false)
	log.Printf("%s", b) // want `request dump \(includes every header\) reaches log.Printf`
}

func bodyDumped(url string, payload []byte) {
	req, _ := http.NewRequest("POST", url, bytes.NewReader(payload))
	b, _ := httputil.DumpRequestOut(req, true)
	log.Printf("%s", b) // want `request dump \(includes every header\) reaches log.Printf`
}

func retried(c *http.Client, url string) {
	req, _ := http.NewRequest("GET", url, nil)
	for range 3 {
		b, _ := httputil.DumpRequestOut(req, false)
		log.Printf("%s", b) // want `request dump \(includes every header\) reaches log.Printf`
		req.Header.Set("Cookie", "session=x")
		if resp, err := c.Do(req); err == nil {
			resp.Body.Close()
			return
		}
	}
}

func given(req *http.Request) {
	b, _ := httputil.DumpRequestOut(req, false)
	log.Printf("%s", b) // want `request dump \(includes every header\) reaches log.Printf`
}

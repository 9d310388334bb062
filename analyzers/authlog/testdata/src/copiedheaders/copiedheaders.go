// Package copiedheaders holds SDKs that keep a request's headers in a map of
// their own and copy every entry into the http.Request they build: each
// value of such a map is some request header's, a credential among them.
package copiedheaders

import (
	"log"
	"net/http"
	"strings"
)

type Request struct {
	Headers map[string]*string
	Query   map[string]*string
}

func stringValue(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// ---- must flag ----

func build(request *Request, url string) (*http.Request, error) {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	for key, value := range request.Headers {
		if value == nil || key == "content-length" {
			continue
		}
		req.Header[key] = []string{*value}
		log.Printf("> %s: %s", key, stringValue(value)) // want `value of some request header \(may be Authorization, Proxy-Authorization, ...\) reaches log.Printf`
	}
	return req, nil
}

func buildSet(headers map[string]string, url string) (*http.Request, error) {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	for k, v := range headers {
		req.Header.Set(k, v)
		log.Println("header", k, "=", v) // want `value of some request header \(may be Authorization, Proxy-Authorization, ...\) reaches log.Println`
	}
	return req, nil
}

// headerAction sets a header named by configuration, logging it first:
// the name is data, and may be Authorization.
func headerAction(key, val string) func(req *http.Request) {
	return func(req *http.Request) {
		value := strings.TrimSpace(val)
		log.Printf("set %s: %s", key, value) // want `value of some request header \(may be Authorization, Proxy-Authorization, ...\) reaches log.Printf`
		req.Header.Set(key, value)
	}
}

var actions = map[string]func(*http.Request){}

func configure(name, value string) {
	actions[name] = headerAction(name, value)
}

// ---- must stay silent ----

// Every call names a header that is no credential.
func setHeader(req *http.Request, key, value string) {
	log.Printf("set %s: %s", key, value)
	req.Header.Set(key, value)
}

func contentType(req *http.Request) {
	setHeader(req, "Content-Type", "application/json")
	setHeader(req, "Accept", "application/json")
}

// The credential names are masked before the log.
func setLogged(req *http.Request, key, value string) {
	shown := value
	if strings.EqualFold(key, "Authorization") {
		shown = "***"
	}
	log.Printf("set %s: %s", key, shown)
	req.Header.Set(key, value)
}

// Only the names are logged.
func buildNames(request *Request, url string) (*http.Request, error) {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	for key, value := range request.Headers {
		req.Header[key] = []string{stringValue(value)}
		log.Printf("> header %s", key)
	}
	return req, nil
}

// The credential headers are not logged.
func buildMasked(headers map[string]string, url string) (*http.Request, error) {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	for k, v := range headers {
		req.Header.Set(k, v)
		if strings.EqualFold(k, "Authorization") || strings.EqualFold(k, "Cookie") {
			continue
		}
		log.Printf("> %s: %s", k, v)
	}
	return req, nil
}

// The query map is not copied into a header.
func buildQuery(request *Request, url string) (*http.Request, error) {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	q := req.URL.Query()
	for key, value := range request.Query {
		q.Set(key, stringValue(value))
		log.Printf("> %s=%s", key, stringValue(value))
	}
	req.URL.RawQuery = q.Encode()
	return req, nil
}

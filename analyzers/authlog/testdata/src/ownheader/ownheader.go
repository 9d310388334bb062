// Package ownheader logs the header of a request the function built
// itself: it holds what the function set on it, and nothing else until
// the request is handed on.
package ownheader

import (
	"log"
	"log/slog"
	"net/http"
	"strings"
)

// Silent: the function set Content-Type and Referer only.
func form(c *http.Client, url, body string) error {
	req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Referer", "https://example.com/")
	log.Printf("headers: %v", req.Header)
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// A token set on it.
func withToken(c *http.Client, url, token string) error {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+token)
	log.Printf("headers: %v", req.Header) // want `http.Header \(may hold Authorization`
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func sign(req *http.Request) { req.Header.Set("X-Signature", "...") }

// Handed to a signer before the log: what it set is not known here.
func signed(c *http.Client, url string) error {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	sign(req)
	log.Printf("headers: %v", req.Header) // want `http.Header \(may hold Authorization`
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Built before the loop and logged in it, after the client's cookie jar
// may have added a Cookie to it on the turn before.
func again(c *http.Client, url string) {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return
	}
	for range 3 {
		log.Printf("sending %v", req.Header) // want `http.Header \(may hold Authorization`
		resp, err := c.Do(req)
		if err == nil {
			resp.Body.Close()
			return
		}
	}
}

// Silent: the whole request, whose header holds Content-Type only.
func wholeForm(c *http.Client, url, body string) error {
	req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	slog.Debug("sending", "request", req)
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// The whole request, after a token was set on its header.
func wholeWithToken(c *http.Client, url, token string) error {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+token)
	slog.Debug("sending", "request", req) // want `request formatted whole`
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// The whole request, after a signer had it.
func wholeSigned(c *http.Client, url string) error {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	sign(req)
	log.Printf("sending %+v", req) // want `request formatted whole`
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

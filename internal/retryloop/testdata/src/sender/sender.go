// Package sender sends requests on behalf of its callers.
package sender

import "net/http"

// Fetch sends a GET.
func Fetch(c *http.Client, url string) (*http.Response, error) { // want Fetch:"sends"
	return c.Get(url)
}

// Indirect sends through Fetch.
func Indirect(url string) error { // want Indirect:"sends"
	resp, err := Fetch(http.DefaultClient, url)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Quiet does not send.
func Quiet(url string) string { return url }

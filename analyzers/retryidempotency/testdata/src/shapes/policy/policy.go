// Package policy holds retry predicates that other packages call.
package policy

import "net/http"

// Retryable says to retry after a transport error and a 5xx.
func Retryable(resp *http.Response, err error) bool { // want Retryable:`predicate\(transport=true 200=false .*500=true 502=true 504=true\)`
	if err != nil {
		return true
	}
	return resp.StatusCode >= 500
}

// Throttled says to retry only when the server asked to slow down.
func Throttled(resp *http.Response, err error) bool { // want Throttled:`predicate\(transport=false 200=false`
	return err == nil && resp.StatusCode == http.StatusTooManyRequests
}

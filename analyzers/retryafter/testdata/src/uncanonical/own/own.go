// Package own stores a header under a spelling of its own, as the
// net/http documentation suggests for a name to be kept as it is, and
// reads it back: silent.
package own

import "net/http"

type recorder struct {
	http.ResponseWriter
}

func limit(w http.ResponseWriter, reset string) {
	w.Header()["X-RateLimit-Reset"] = []string{reset}
}

func (r recorder) reset(resp *http.Response) []string {
	return resp.Header["X-RateLimit-Reset"]
}

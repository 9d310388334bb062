// Package urlerrorlib sends to a URL it is given and hands back the send's
// error: a *url.Error that prints that URL.
package urlerrorlib

import "net/http"

// Fetch gets u; its error prints u.
func Fetch(u string) error { // want Fetch:`authlog\(result0<-p0\)`
	resp, err := http.Get(u)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

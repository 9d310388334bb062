// Package debug holds a transport that dumps what it sends to its Output,
// through a buffer.
package debug

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httputil"
)

// Transport wraps another transport for debugging.
type Transport struct {
	http.RoundTripper
	Output io.Writer
}

func (t *Transport) RoundTrip(req *http.Request) (*http.Response, error) {
	var buf bytes.Buffer
	b, err := httputil.DumpRequestOut(req, true)
	if err != nil {
		return nil, err
	}
	buf.Write(b)
	resp, err := t.RoundTripper.RoundTrip(req)
	if err != nil {
		return nil, err
	}
	io.Copy(t.Output, &buf) // want `request dump \(includes every header\) reaches io.Copy to t.Output`
	return resp, nil
}

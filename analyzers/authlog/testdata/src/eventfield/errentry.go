package eventfield

import (
	"fmt"
	"net/http"
	"os"
)

// errEntry is a logrus-shaped entry that WithError makes: Warn writes the
// error it holds, whose text a *url.Error makes of the URL.
type errEntry struct {
	err   error
	cause error // kept for the caller, never written
}

func (e *errEntry) Warn(msg string) { // want Warn:`authlog\(sink=fmt.Fprintf values=p0\)`
	fmt.Fprintf(os.Stderr, "level=warn msg=%q error=%v\n", msg, e.err)
}

type errLogger struct{}

func (errLogger) WithError(err error) *errEntry { return &errEntry{err: err} } // want WithError:`authlog\(sink=fmt.Fprintf values=p0 result0<-p0\)`

func (errLogger) WithCause(err error) *errEntry { return &errEntry{cause: err} } // want WithCause:`authlog\(result0<-p0\)`

var elog errLogger

func flush(c *http.Client, base, key string) {
	resp, err := c.Get(base + "/api/v1/series?api_key=" + key)
	if err != nil {
		elog.WithError(err).Warn("flush failed") // want `error of a request whose URL holds a secret \(a \*url.Error prints the URL\) reaches errLogger.WithError \(which passes it to fmt.Fprintf\)`
		elog.WithCause(err).Warn("flush failed")
		return
	}
	resp.Body.Close()
}

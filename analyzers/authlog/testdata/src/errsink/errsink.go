// Package errsink logs errors through logrus's WithError: an error a
// credential was formatted into is logged with it.
package errsink

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/sirupsen/logrus"
)

func check(req *http.Request, ok bool) {
	if !ok {
		err := fmt.Errorf("bad credentials %q", req.Header.Get("Authorization"))
		logrus.WithError(err).Info("rejected") // want `Authorization header value reaches logrus.WithError`
	}
}

// Silent: the error holds no credential.
func quiet(req *http.Request, ok bool) {
	if !ok {
		err := errors.New("bad credentials")
		logrus.WithError(err).Info("rejected " + req.Method)
	}
}

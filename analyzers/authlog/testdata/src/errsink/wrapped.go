package errsink

import (
	"errors"
	"net/http"

	"github.com/sirupsen/logrus"
)

// The fix deletes the only other use of package errors: its import stays
// for the error the fix writes.
func wrapped(req *http.Request) {
	err := errors.New("auth " + req.Header.Get("Authorization"))
	logrus.WithError(err).Info("rejected") // want `Authorization header value reaches logrus.WithError`
}

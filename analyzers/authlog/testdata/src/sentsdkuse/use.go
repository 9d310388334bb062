// Package sentsdkuse hands a password to another package's helpers.
package sentsdkuse

import (
	"context"
	"fmt"
	"log"
	"net/http"

	"sentsdk"
)

// Silent here: Put sends what it logs, and "[REDACTED]" in its place
// would be sent as the password. The log is the SDK's to fix.
func setPassword(ctx context.Context, c *sentsdk.Client, user, password string) error {
	return c.Put(ctx, "/access/password", map[string]string{"userid": user, "password": password})
}

// Note only logs: the password is redacted where it is handed over.
func note(user, password string) {
	sentsdk.Note("login", map[string]string{"userid": user, "password": password}) // want `secret \(a password, key or token\) reaches sentsdk.Note \(which passes it to log.Printf\)`
}

// Upload sends the body, not the headers it logs: the header is redacted
// where it is handed over.
func upload(ctx context.Context, c *sentsdk.Client, in *http.Request, body []byte) error {
	return c.Upload(ctx, "/up", in.Header, body) // want `http.Header \(may hold Authorization, Proxy-Authorization, ...\) reaches \(\*sentsdk.Client\).Upload`
}

// logStatus hands the error to another package's predicate, which sends
// nothing: the credential is redacted where it enters the error.
func logStatus(err error) {
	if sentsdk.IsNotFound(err) {
		log.Printf("not found")
		return
	}
	log.Printf("failed: %v", err)
}

func check(r *http.Request) {
	logStatus(fmt.Errorf("auth %s failed", r.Header.Get("Authorization"))) // want `Authorization header value reaches logStatus \(which passes it to log.Printf\)`
}

// Package dumpsign signs requests for package dumpbare.
package dumpsign

import "net/http"

// Signer sets the signature headers of a request.
type Signer struct {
	AccessKey, SessionToken string
}

// Sign sets Authorization and the session token.
func (s *Signer) Sign(req *http.Request) {
	req.Header.Set("Authorization", "AWS4-HMAC-SHA256 Credential="+s.AccessKey)
	req.Header.Set("X-Amz-Security-Token", s.SessionToken)
}

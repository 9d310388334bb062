package authlog

import "testing"

func TestCredentialName(t *testing.T) {
	for name, want := range map[string]bool{
		"X-Shop-Access-Token":                       true,
		"X-Subject-Token":                           true,
		"Ocp-Apim-Subscription-Key":                 true,
		"X-Ms-Authorization-Auxiliary":              true,
		"Aeg-Sas-Key":                               true,
		"X-Amz-Server-Side-Encryption-Customer-Key": true,
		"X-Session":                                 true,
		"Idempotency-Key":                           false,
		"X-Continuation-Token":                      false,
		"Sec-Websocket-Key":                         false,
		"X-Ms-Encryption-Key-Sha256":                false,
		"Github-Authentication-Token-Expiration":    false,
		"X-Token-Expires":                           false,
		"X-Token-Type":                              false,
		"X-Session-Expires":                         false,
		"Access-Control-Allow-Credentials":          false,
		"X-Request-Id":                              false,
		"X-Next-Page-Token":                         false,
		"Content-Type":                              false,
	} {
		if got := credentialName(name); got != want {
			t.Errorf("credentialName(%q) = %v, want %v", name, got, want)
		}
	}
}

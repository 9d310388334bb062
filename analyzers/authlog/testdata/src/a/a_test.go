package a

import (
	"log"
	"net/http"
	"net/http/httptest"
	"testing"
)

// Test output holds fixtures, not production credentials: nothing in a
// test file is reported.
func TestCredentials(t *testing.T) {
	r := httptest.NewRequest("GET", "/", nil)
	r.Header.Set("Authorization", "Bearer test-token")
	if got := r.Header.Get("Authorization"); got != "Bearer x" {
		t.Errorf("Authorization = %q", got)
	}
	t.Logf("request %+v", r)
	log.Printf("headers %v", r.Header)
	headerValueGet(r)
}

// helper in a test file is still a log wrapper for the package's tests.
func helper(t *testing.T, h http.Header) {
	t.Helper()
	t.Log(h)
}

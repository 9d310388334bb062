package retrytest_test

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"strings"
	"testing"

	"github.com/retrylint/retrylint/retrytest"
)

// TestFixBehavesAuthlogStringMethod: a client logs its own description of
// each call, a type whose String method prints the headers it will send,
// bearer token included. After the authlog fix (the method's format no
// longer prints the headers) the token is in the log no more, the call is still
// logged with its method and URL, and the call succeeds as before.
func TestFixBehavesAuthlogStringMethod(t *testing.T) {
	c := fixClient(t, "stringlog", "authlog", "secret (a password, key or token) reaches the text of (*call).String, which log.Printf prints")
	const token = "s3cr3t-token"
	routes := []retrytest.Route{{Method: "GET", Path: "/report", Script: []retrytest.Step{retrytest.OK(200)}}}
	c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
		res := runClient(t, bin, "-token="+token, srv.URL+"/report")
		if res.code != 0 || strings.TrimSpace(res.stdout) != "200" {
			t.Fatalf("fixed=%v: want 200, got exit %d: %q %q", fixed, res.code, res.stdout, res.stderr)
		}
		if !strings.Contains(res.stderr, "sending GET "+srv.URL+"/report") {
			t.Errorf("fixed=%v: the call should still be logged with its method and URL:\n%s", fixed, res.stderr)
		}
		leaksUntilFixed(t, fixed, res.stderr, token, "the token")
	})
}

// TestFixBehavesAuthlogSentLog: a client's request helper logs the JSON
// body it sends, and a caller hands it a password. The finding is the
// helper's log: after the fix the password is in the log no more, the
// call is still logged with its method and path, and the server receives
// the same body as before, password included (redacting the password at
// the caller would have sent the redacted text).
func TestFixBehavesAuthlogSentLog(t *testing.T) {
	c := fixClient(t, "sentlog", "authlog", "secret (a password, key or token) reaches log.Printf in a helper that also sends it")
	const user, password = "ana", "pa55-w0rd"
	body, err := json.Marshal(map[string]string{"userid": user, "password": password})
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(body)
	routes := []retrytest.Route{{Method: "PUT", Path: "/access/password", Script: []retrytest.Step{retrytest.OK(200)}}}
	c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
		res := runClient(t, bin, "-user="+user, "-password="+password, srv.URL)
		if res.code != 0 || strings.TrimSpace(res.stdout) != "ok" {
			t.Fatalf("fixed=%v: want ok, got exit %d: %q %q", fixed, res.code, res.stdout, res.stderr)
		}
		reqs := srv.Requests()
		if len(reqs) != 1 || reqs[0].BodySHA256 != hex.EncodeToString(sum[:]) {
			t.Errorf("fixed=%v: the server should receive the body with the password once, got %+v", fixed, reqs)
		}
		if !strings.Contains(res.stderr, "PUT /access/password") {
			t.Errorf("fixed=%v: the call should still be logged with its method and path:\n%s", fixed, res.stderr)
		}
		leaksUntilFixed(t, fixed, res.stderr, password, "the password")
	})
}

// TestFixBehavesAuthlogDumpBody: a client logs a dump of each upload,
// body included, with its bearer token, before it sends it. The authlog
// fix dumps a redacted clone made before the dump's statement and gives
// the request the body the dump read back: after it the token is in the
// log no more, the body still is, and the server receives the same body
// as before (a fix that left the body read would send an empty one).
func TestFixBehavesAuthlogDumpBody(t *testing.T) {
	c := fixClient(t, "dumpbody", "authlog", "request dump (includes every header) reaches log.Printf")
	fc, _ := fixedOnce()
	if fixed := fc.sources["dumpbody"][1]; !strings.Contains(fixed, "dump, err := httputil.DumpRequestOut(redacted, true)\n\treq.Body = redacted.Body") {
		t.Errorf("the fix should dump a clone made before the statement and give the body back after it:\n%s", fixed)
	}
	const token, doc = "s3cr3t-token", "the quarterly report"
	sum := sha256.Sum256([]byte(doc))
	routes := []retrytest.Route{{Method: "PUT", Path: "/docs", Script: []retrytest.Step{retrytest.OK(200)}}}
	c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
		res := runClient(t, bin, "-token="+token, srv.URL+"/docs")
		if res.code != 0 || strings.TrimSpace(res.stdout) != "ok" {
			t.Fatalf("fixed=%v: want ok, got exit %d: %q %q", fixed, res.code, res.stdout, res.stderr)
		}
		reqs := srv.Requests()
		if len(reqs) != 1 || reqs[0].BodySHA256 != hex.EncodeToString(sum[:]) {
			t.Errorf("fixed=%v: the server should receive the document once, got %+v", fixed, reqs)
		}
		if !strings.Contains(res.stderr, doc) {
			t.Errorf("fixed=%v: the dump should still show the body:\n%s", fixed, res.stderr)
		}
		leaksUntilFixed(t, fixed, res.stderr, token, "the token")
	})
}

// TestFixBehavesAuthlogResponseWhole: a client logs an error answer whole,
// and the error a helper makes of it with fmt.Errorf, and fmt prints the
// response's Header with the session cookie the server set both times.
// After the authlog fixes (a copy whose header lost the credential headers
// is logged, and formatted into the error where the helper makes it) the
// cookie is in the log no more, the answer's status still is, twice, the
// error is still logged, and the client still reads the cookie from the
// response itself: the fixes redact a copy, not the answer the client goes
// on with.
func TestFixBehavesAuthlogResponseWhole(t *testing.T) {
	c := fixClient(t, "respwhole", "authlog", "response formatted whole (its Header may hold Set-Cookie, Authorization, ...) reaches log.Printf")
	fc, _ := fixedOnce()
	if fixed := fc.sources["respwhole"][1]; !strings.Contains(fixed, "log.Printf(\"report: %v\", err)") || strings.Count(fixed, "redactedHeader(resp.Header)") != 2 {
		t.Errorf("the fixes should redact the answer where it is logged and where the error is made, and keep the error's log:\n%s", fixed)
	}
	const session = "s3ss10n-c00k1e"
	routes := []retrytest.Route{{Method: "GET", Path: "/report", Script: []retrytest.Step{retrytest.Fail(503).WithCookie("session", session)}}}
	c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
		res := runClient(t, bin, srv.URL+"/report")
		if res.code != 0 || strings.TrimSpace(res.stdout) != "503 true" {
			t.Fatalf("fixed=%v: want the status and the cookie read, got exit %d: %q %q", fixed, res.code, res.stdout, res.stderr)
		}
		if strings.Count(res.stderr, "503 Service Unavailable") != 2 || !strings.Contains(res.stderr, "report: unexpected answer &{") {
			t.Errorf("fixed=%v: the answer and the error should still be logged with its status:\n%s", fixed, res.stderr)
		}
		leaksUntilFixed(t, fixed, res.stderr, session, "the session cookie")
	})
}

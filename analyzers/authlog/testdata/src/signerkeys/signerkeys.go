// Package signerkeys signs requests the way cloud SDKs do: the names
// of the headers it signs, lowercased and sorted by one loop that skips
// those it does not sign, are read back by another into the canonical
// headers of the string to sign, which reaches the project's logger.
package signerkeys

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"sort"
	"strings"
)

type Level int

type Logger interface {
	Logf(level Level, format string, args ...any)
}

var unsigned = map[string]bool{
	"Authorization": true,
	"User-Agent":    true,
}

type Signer struct {
	Log   Logger
	Token string
}

// Authorization is skipped, but the session token the signer sets is
// signed.
func (s *Signer) Sign(req *http.Request) {
	req.Header.Set("X-Amz-Security-Token", s.Token)
	var keys []string
	for k := range req.Header {
		if unsigned[k] {
			continue
		}
		keys = append(keys, strings.ToLower(k))
	}
	sort.Strings(keys)
	var b strings.Builder
	for _, k := range keys {
		b.WriteString(k + ":" + strings.Join(req.Header.Values(k), ",") + "\n")
	}
	stringToSign := req.Method + "\n" + req.URL.Path + "\n" + b.String()
	req.Header.Set("Authorization", "HMAC "+signature(s.Token, stringToSign))
	s.Log.Logf(0, "string to sign:\n%s", stringToSign) // want `value of some request header \(may be .*\) reaches Logger.Logf`
}

// Silent: the names that this signer does not sign are the credentials
// the package sends.
var unsignedAll = map[string]bool{
	"Authorization":        true,
	"X-Amz-Security-Token": true,
}

func (s *Signer) SignQuiet(req *http.Request) {
	req.Header.Set("X-Amz-Security-Token", s.Token)
	var keys []string
	for k := range req.Header {
		if unsignedAll[k] {
			continue
		}
		keys = append(keys, strings.ToLower(k))
	}
	sort.Strings(keys)
	var b strings.Builder
	for _, k := range keys {
		b.WriteString(k + ":" + strings.Join(req.Header.Values(k), ",") + "\n")
	}
	s.Log.Logf(0, "string to sign:\n%s", b.String())
}

// Silent: the names it signs, not their values.
func (s *Signer) SignedHeaders(req *http.Request) {
	var keys []string
	for k := range req.Header {
		if unsigned[k] {
			continue
		}
		keys = append(keys, strings.ToLower(k))
	}
	sort.Strings(keys)
	s.Log.Logf(0, "signed headers: %s", strings.Join(keys, ";"))
}

func signature(key, text string) string {
	m := hmac.New(sha256.New, []byte(key))
	m.Write([]byte(text))
	return hex.EncodeToString(m.Sum(nil))
}

// canonicalHeaders lists every header of h by its lowercased name.
func canonicalHeaders(h http.Header) string {
	keys := make([]string, 0, len(h))
	for k := range h {
		keys = append(keys, strings.ToLower(k))
	}
	sort.Strings(keys)
	var lines []string
	for _, k := range keys {
		lines = append(lines, k+":"+strings.TrimSpace(h.Get(k)))
	}
	return strings.Join(lines, "\n")
}

func (s *Signer) Canonical(req *http.Request) {
	s.Log.Logf(0, "canonical request:\n%s\n%s", req.Method, canonicalHeaders(req.Header)) // want `http.Header \(may hold .*\) reaches Logger.Logf`
}

// Silent: the names only, lowercased.
func headerNames(h http.Header) string {
	keys := make([]string, 0, len(h))
	for k := range h {
		keys = append(keys, strings.ToLower(k))
	}
	sort.Strings(keys)
	return strings.Join(keys, ";")
}

func (s *Signer) Names(req *http.Request) {
	s.Log.Logf(0, "signed headers: %s", headerNames(req.Header))
}

// Silent: a blank value ranges over the names as a bare key does, and the
// skip holds for the names read back.
func (s *Signer) SignBlank(req *http.Request) {
	var keys []string
	for k, _ := range req.Header {
		if unsignedAll[k] {
			continue
		}
		keys = append(keys, strings.ToLower(k))
	}
	sort.Strings(keys)
	var b strings.Builder
	for _, k := range keys {
		b.WriteString(k + ":" + req.Header.Get(k) + "\n")
	}
	s.Log.Logf(0, "string to sign:\n%s", b.String())
}

// Silent: lowercased names index the header's map, whose keys are
// canonical: every read finds nothing.
func (s *Signer) SignIndexed(req *http.Request) {
	var keys []string
	for k := range req.Header {
		keys = append(keys, strings.ToLower(k))
	}
	sort.Strings(keys)
	var b strings.Builder
	for _, k := range keys {
		b.WriteString(k + ":" + strings.Join(req.Header[k], ",") + "\n")
	}
	s.Log.Logf(0, "string to sign:\n%s", b.String())
}

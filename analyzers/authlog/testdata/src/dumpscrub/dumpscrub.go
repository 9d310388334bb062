package dumpscrub

import (
	"log"
	"net/http"
	"net/http/httputil"
	"regexp"
)

// The package sends Authorization and X-Api-Key.
func authorize(req *http.Request, token, key string) {
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("X-Api-Key", key)
}

var authLine = regexp.MustCompile(`(?m)^Authorization: .*$`)

// A scrub that masks the Authorization line and leaves X-Api-Key.
func masksOne(req *http.Request) {
	b, _ := httputil.DumpRequestOut(req, true)
	b = authLine.ReplaceAll(b, []byte("Authorization: [redacted]"))
	log.Printf("%s", b) // want `request dump \(includes every header\) reaches log.Printf`
}

func masksOneLocal(req *http.Request) {
	re := regexp.MustCompile(`(?im)^authorization:.*$`)
	b, _ := httputil.DumpRequest(req, false)
	log.Print(re.ReplaceAllString(string(b), "Authorization: [redacted]")) // want `request dump \(includes every header\) reaches log.Print`
}

// Silent: the pattern names every header the package sends, or names
// none (a token's shape).

var credLines = regexp.MustCompile(`(?mi)^(Authorization|X-Api-Key): .*$`)

func masksBoth(req *http.Request) {
	b, _ := httputil.DumpRequestOut(req, true)
	b = credLines.ReplaceAll(b, []byte("$1: [redacted]"))
	log.Printf("%s", b)
}

func masksShape(req *http.Request) {
	re := regexp.MustCompile(`[A-Za-z0-9_\-]{32,}`)
	b, _ := httputil.DumpRequestOut(req, false)
	b = re.ReplaceAll(b, []byte("[redacted]"))
	log.Printf("%s", b)
}

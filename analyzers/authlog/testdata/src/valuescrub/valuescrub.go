// Package valuescrub logs request dumps from which the values of known
// secrets were replaced, in a package whose requests carry basic auth:
// the Authorization header holds base64(user:password), which no raw
// value matches.
package valuescrub

import (
	"bytes"
	"fmt"
	"log"
	"net/http"
	"net/http/httputil"
	"regexp"
	"strings"
)

type Client struct {
	hc       *http.Client
	user     string
	password string
	apiKey   string
	debug    bool
}

func (c *Client) prepare(url string) (*http.Request, error) {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	if c.password != "" {
		req.SetBasicAuth(c.user, c.password)
	}
	return req, nil
}

// ---- must flag ----

// Each secret's value is replaced through a regexp made from it.
func (c *Client) call(req *http.Request) (*http.Response, error) {
	if c.debug {
		dump, err := httputil.DumpRequestOut(req, true)
		if err != nil {
			return nil, err
		}
		for _, secret := range []string{c.apiKey, c.password} {
			if secret != "" {
				re := regexp.MustCompile(fmt.Sprintf("(?m)%s", regexp.QuoteMeta(secret)))
				dump = re.ReplaceAll(dump, []byte("REDACTED"))
			}
		}
		log.Printf("\n%s\n", string(dump)) // want `request dump \(includes every header\) reaches log.Printf`
	}
	return c.hc.Do(req)
}

// The password's own text is replaced, in the call that logs.
func (c *Client) trace(req *http.Request) {
	dump, err := httputil.DumpRequest(req, false)
	if err != nil {
		return
	}
	log.Print(strings.ReplaceAll(string(dump), c.password, "***")) // want `request dump \(includes every header\) reaches log.Print`
}

func (c *Client) traceBytes(req *http.Request) {
	if dump, err := httputil.DumpRequest(req, false); err == nil {
		log.Printf("%s", bytes.ReplaceAll(dump, []byte(c.password), []byte("[redacted]"))) // want `request dump \(includes every header\) reaches log.Printf`
	}
}

// ---- must stay silent ----

var authLine = regexp.MustCompile(`(?mi)^Authorization: .*$`)

// The header's line is replaced by a pattern.
func (c *Client) tracePattern(req *http.Request) {
	dump, err := httputil.DumpRequest(req, false)
	if err != nil {
		return
	}
	dump = authLine.ReplaceAll(dump, []byte("Authorization: [redacted]"))
	log.Printf("%s", dump)
}

func (c *Client) traceLocalPattern(req *http.Request) {
	dump, err := httputil.DumpRequest(req, false)
	if err != nil {
		return
	}
	re := regexp.MustCompile(`(?mi)^Authorization: .*$`)
	dump = re.ReplaceAll(dump, []byte("Authorization: ***"))
	log.Printf("%s", dump)
}

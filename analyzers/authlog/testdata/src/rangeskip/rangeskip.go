// Package rangeskip logs the headers of its requests in loops that skip
// some of them by name.
package rangeskip

import (
	"fmt"
	"log"
	"net/http"
	"slices"
	"strings"
)

type Client struct{ key, token string }

func (c *Client) prepare(req *http.Request) {
	req.Header.Set("Authorization", "Bearer "+c.token)
	req.Header.Set("X-Api-Key", c.key)
}

// trace skips Authorization and logs the API key.
func (c *Client) trace(req *http.Request) {
	for k, v := range req.Header {
		if k == "Authorization" {
			continue
		}
		log.Printf("%s: %v", k, v) // want `http.Header redacted in part \(Authorization removed; may still hold X-Api-Key\) reaches log.Printf`
	}
}

// curl builds a command line that leaves out Authorization only.
func (c *Client) curl(req *http.Request) {
	var b strings.Builder
	b.WriteString("curl -X " + req.Method)
	for k, vs := range req.Header {
		switch k {
		case "Authorization", "User-Agent":
			continue
		}
		for _, v := range vs {
			fmt.Fprintf(&b, " -H '%s: %s'", k, v) // want `http.Header redacted in part \(Authorization removed; may still hold X-Api-Key\) reaches log.Println`
		}
	}
	log.Println(b.String())
}

var secret = map[string]bool{"Authorization": true, "X-Api-Key": true}

// traceAll skips every header the client sends: silent.
func (c *Client) traceAll(req *http.Request) {
	for k, v := range req.Header {
		if secret[k] {
			continue
		}
		log.Printf("%s: %v", k, v)
	}
}

// traceSwitch skips both in a switch: silent.
func (c *Client) traceSwitch(req *http.Request) {
	for k, v := range req.Header {
		switch k {
		case "Authorization", "X-Api-Key":
			continue
		}
		log.Printf("%s: %v", k, v)
	}
}

// traceCustom skips by a rule of its own that names no header: not
// followed, silent.
func (c *Client) traceCustom(req *http.Request) {
	for k, v := range req.Header {
		if strings.HasPrefix(k, "X-") {
			continue
		}
		log.Printf("%s: %v", k, v)
	}
}

// afterLoop logs the header after a loop that skipped Authorization: the
// skip does not remove it from the header.
func (c *Client) afterLoop(req *http.Request) {
	n := 0
	for k := range req.Header {
		if k == "Authorization" {
			continue
		}
		n++
	}
	log.Printf("%d headers: %v", n, req.Header) // want `http.Header \(may hold Authorization, Proxy-Authorization, ...\) reaches log.Printf`
}

// traceLower compares the key with a spelling net/http never stores: it
// skips nothing.
func (c *Client) traceLower(req *http.Request) {
	for k, v := range req.Header {
		if k == "authorization" {
			continue
		}
		log.Printf("%s: %v", k, v) // want `http.Header \(may hold Authorization, Proxy-Authorization, ...\) reaches log.Printf`
	}
}

// traceResponse skips Set-Cookie, the one credential a response carries:
// silent.
func (c *Client) traceResponse(resp *http.Response) {
	for k, v := range resp.Header {
		if k == "Set-Cookie" {
			continue
		}
		log.Printf("< %s: %v", k, v)
	}
}

// curlCommand builds the command that its caller logs, leaving out
// Authorization but not the X-Api-Key the package sends too: the text it
// hands back carries the key.
func curlCommand(req *http.Request) string {
	var b strings.Builder
	for k, vs := range req.Header {
		if k == "Authorization" {
			continue
		}
		for _, v := range vs {
			fmt.Fprintf(&b, " -H '%s: %s'", k, v)
		}
	}
	return b.String()
}

func (c *Client) debug(req *http.Request) {
	log.Println("curl" + curlCommand(req)) // want `value of some request header \(may be Authorization, Proxy-Authorization, ...\) reaches log.Println`
	log.Println("curl" + curlCommandBoth(req))
}

// curlCommandBoth leaves out both credentials the package sends: a
// redaction (silent where it is logged).
func curlCommandBoth(req *http.Request) string {
	var b strings.Builder
	for k, vs := range req.Header {
		if k == "Authorization" || k == "X-Api-Key" {
			continue
		}
		for _, v := range vs {
			fmt.Fprintf(&b, " -H '%s: %s'", k, v)
		}
	}
	return b.String()
}

var masked = map[string]bool{"Authorization": true}

// traceMasked prints each header's value, masked when the name is
// listed: the list leaves out X-Api-Key.
func (c *Client) traceMasked(req *http.Request) {
	for k, vs := range req.Header {
		v := strings.Join(vs, ", ")
		if masked[k] {
			v = "[redacted]"
		}
		log.Printf("%s: %s", k, v) // want `http.Header redacted in part \(Authorization removed; may still hold X-Api-Key\) reaches log.Printf`
	}
}

// traceMaskedBoth masks both: silent.
func (c *Client) traceMaskedBoth(req *http.Request) {
	for k, vs := range req.Header {
		v := strings.Join(vs, ", ")
		if strings.EqualFold(k, "Authorization") || strings.EqualFold(k, "X-Api-Key") {
			v = "[redacted]"
		}
		log.Printf("%s: %s", k, v)
	}
}

// traceMaskedRaw masks a copy but prints the entry itself too: not
// followed (silent), as a loop that filters is.
func (c *Client) traceMaskedRaw(req *http.Request) {
	for k, vs := range req.Header {
		v := strings.Join(vs, ", ")
		if strings.EqualFold(k, "Authorization") || strings.EqualFold(k, "X-Api-Key") {
			v = "[redacted]"
		}
		log.Printf("%s: %s (%d values)", k, v, len(vs))
	}
}

// formatMasked is a helper whose text its caller logs, masking
// Authorization only.
func formatMasked(h http.Header) string {
	var b strings.Builder
	for k, vs := range h {
		v := strings.Join(vs, ", ")
		if k == "Authorization" {
			v = "***"
		}
		fmt.Fprintf(&b, "%s=%q ", k, v)
	}
	return b.String()
}

func (c *Client) logMasked(req *http.Request) {
	log.Printf("headers: %s", formatMasked(req.Header)) // want `http.Header \(may hold Authorization, Proxy-Authorization, ...\) reaches log.Printf`
}

var lowerNames = map[string]bool{"authorization": true, "x-api-key": true}

// traceLowerMap skips by a map of names spelled in lower case, looked up
// with the key as it is: it skips nothing.
func (c *Client) traceLowerMap(req *http.Request) {
	for k, v := range req.Header {
		if lowerNames[k] {
			continue
		}
		log.Printf("%s: %v", k, v) // want `http.Header \(may hold Authorization, Proxy-Authorization, ...\) reaches log.Printf`
	}
}

// traceMixed skips X-Api-Key, and Authorization under a spelling the
// header never holds.
func (c *Client) traceMixed(req *http.Request) {
	for k, v := range req.Header {
		switch k {
		case "authorization", "X-Api-Key":
			continue
		}
		log.Printf("%s: %v", k, v) // want `http.Header redacted in part \(X-Api-Key removed; may still hold Authorization\) reaches log.Printf`
	}
}

// maskLower deletes the names its loop compares with a lower-case
// spelling: it deletes nothing.
func (c *Client) maskLower(req *http.Request) {
	h := req.Header.Clone()
	for k := range h {
		if k == "authorization" || k == "x-api-key" {
			h.Del(k)
		}
	}
	log.Printf("headers: %v", h) // want `http.Header \(may hold Authorization, Proxy-Authorization, ...\) reaches log.Printf`
}

// traceSorted prints the headers in the order of their names, masking
// the listed ones: X-Api-Key is left. (The finding does not name what the
// mask removed: the names were taken from the header before the loop
// that masks.)
func (c *Client) traceSorted(req *http.Request) {
	names := make([]string, 0, len(req.Header))
	for name := range req.Header {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		value := strings.Join(req.Header[name], ", ")
		if masked[name] {
			value = "[redacted]"
		}
		log.Printf("%s: %s", name, value) // want `http.Header \(may hold Authorization, Proxy-Authorization, ...\) reaches log.Printf`
	}
}

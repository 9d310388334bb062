// Package sortedkeys logs every header in the order of its sorted names
// (collected from a loop over the header, or listed by
// slices.Sorted(maps.Keys(h)), then read back one by one), and a copy of
// the header made with maps.Clone.
package sortedkeys

import (
	"fmt"
	"log"
	"maps"
	"net/http"
	"slices"
	"sort"
	"strings"
)

func dumpHeaders(req *http.Request) {
	keys := make([]string, 0, len(req.Header))
	for k := range req.Header {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		log.Printf("%s: %s", k, strings.Join(req.Header[k], ", ")) // want `http.Header \(may hold Authorization, Proxy-Authorization, ...\) reaches log.Printf`
	}
}

func sortedSeq(resp *http.Response) {
	for _, k := range slices.Sorted(maps.Keys(resp.Header)) {
		fmt.Printf("< %s: %s\n", k, resp.Header.Get(k)) // want `http.Header \(may hold .*\) reaches fmt.Printf`
	}
}

// Silent: the loop that collects the names leaves the credentials out.
func filtered(req *http.Request) {
	var keys []string
	for k := range req.Header {
		if k == "Authorization" || k == "Cookie" {
			continue
		}
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		log.Printf("%s: %s", k, req.Header.Get(k))
	}
}

// Silent: the names only.
func names(req *http.Request) {
	for _, k := range slices.Sorted(maps.Keys(req.Header)) {
		log.Printf("header %s", k)
	}
}

func cloned(req *http.Request) {
	h := maps.Clone(req.Header)
	log.Printf("headers %v", h) // want `http.Header \(may hold .*\) reaches log.Printf`
}

// Silent: the copy is redacted.
func clonedRedacted(req *http.Request) {
	h := maps.Clone(req.Header)
	for _, name := range []string{"Authorization", "Proxy-Authorization", "Cookie", "Set-Cookie", "X-Api-Key", "X-Auth-Token", "X-Amz-Security-Token", "X-Goog-Api-Key", "X-Vault-Token", "X-Consul-Token", "X-Nomad-Token", "Private-Token"} {
		h.Del(name)
	}
	log.Printf("headers %v", h)
}

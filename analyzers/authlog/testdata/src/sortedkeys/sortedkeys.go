// Package sortedkeys logs every header in the order of its sorted names:
// the names collected from a loop over the header, or listed by
// slices.Sorted(maps.Keys(h)), then read back one by one.
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

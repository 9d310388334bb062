// Package helperpkg holds findings in two files and two functions: the
// fixes declare the redacting helper once, in the first file, after the
// function of its first use.
package helperpkg

import (
	"log"
	"net/http"
)

func logHeaders(r *http.Request) {
	log.Printf("headers: %v", r.Header) // want `http.Header \(may hold Authorization, Proxy-Authorization, ...\) reaches log.Printf`
}

func logResponseHeaders(resp *http.Response) {
	log.Println("response", resp.Header) // want `http.Header \(may hold Authorization, Proxy-Authorization, ...\) reaches log.Println`
}

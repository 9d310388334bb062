package d

import (
	"log"

	"authz"
)

// This file does not import net/http: the fix adds it.
func headerWithoutImport() {
	resp, err := authz.Fetch("https://example.com")
	if err != nil {
		return
	}
	log.Println(resp.Header) // want `http.Header .* reaches log.Println`
}

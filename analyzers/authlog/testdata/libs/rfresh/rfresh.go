// Package rfresh dumps go-retryablehttp requests it makes itself: one
// given only a header that is no credential shows none; one given a token
// before the dump shows it.
package rfresh

import (
	"log"
	"net/http/httputil"

	"github.com/hashicorp/go-retryablehttp"
)

// ---- must stay silent ----

func metadata(url string) (*retryablehttp.Request, error) {
	req, err := retryablehttp.NewRequest("GET", url, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Metadata-Flavor", "Google")
	dump, _ := httputil.DumpRequestOut(req.Request, false)
	log.Printf("requesting token: %s", dump)
	return req, nil
}

// ---- must flag ----

func authorized(url, token string) (*retryablehttp.Request, error) {
	req, err := retryablehttp.NewRequest("GET", url, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+token)
	dump, _ := httputil.DumpRequestOut(req.Request, false)
	log.Printf("requesting: %s", dump) // want `request dump \(includes every header\) reaches log.Printf`
	return req, nil
}

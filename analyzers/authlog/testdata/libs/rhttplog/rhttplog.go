package rhttplog

import (
	"log"
	"net/http"

	"github.com/hashicorp/go-retryablehttp"
)

// The hooks of go-retryablehttp are ordinary code: the request log hook
// receives the whole request before every attempt.
func client() *retryablehttp.Client {
	c := retryablehttp.NewClient()
	c.RequestLogHook = func(_ retryablehttp.Logger, req *http.Request, attempt int) {
		log.Printf("attempt %d: %s %s %v", attempt, req.Method, req.URL, req.Header) // want `reaches log.Printf`
	}
	c.ResponseLogHook = func(_ retryablehttp.Logger, resp *http.Response) {
		log.Printf("status %d", resp.StatusCode)
	}
	return c
}

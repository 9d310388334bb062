package rclient

import (
	"math/rand"
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

// jittered posts through a client parameter in a file where rand is
// math/rand: the key of the fix comes from crypto/rand under another name.
func jittered(rc *retryablehttp.Client, url string, body []byte) error {
	time.Sleep(time.Duration(rand.Intn(100)) * time.Millisecond)
	req, err := retryablehttp.NewRequest(http.MethodPost, url, body)
	if err != nil {
		return err
	}
	resp, err := rc.Do(req) // want `POST is sent through a retrying retryablehttp.Client`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func useJittered(body []byte) error {
	return jittered(retryablehttp.NewClient(), "https://api.example.com/orders", body)
}

// Command failsafedelay fetches a URL under failsafe-go's HTTP retry
// policy. It has the defect that retryafter reports in the policy's
// default delay, failsafehttp.DelayFunc: a Retry-After in the HTTP-date
// form is not understood, and the policy retries at once.
//
//	failsafedelay http://127.0.0.1:8080/forecast
package main

import (
	"fmt"
	"io"
	"net/http"
	"os"

	"github.com/failsafe-go/failsafe-go/failsafehttp"
)

func main() {
	body, err := fetch(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, "failsafedelay:", err)
		os.Exit(1)
	}
	fmt.Printf("ok: %s\n", body)
}

// fetch gets url, retrying throttled and failed answers up to three times.
func fetch(url string) ([]byte, error) {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	policy := failsafehttp.NewRetryPolicyBuilder().WithMaxRetries(3).Build()
	resp, err := failsafehttp.NewRequest(req, http.DefaultClient, policy).Do()
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("status %d", resp.StatusCode)
	}
	return io.ReadAll(resp.Body)
}

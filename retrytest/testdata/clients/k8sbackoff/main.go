// Command k8sbackoff polls a report with Kubernetes' wait.ExponentialBackoff
// under a context with a deadline, the defect that retrydeadline reports:
// ExponentialBackoff sleeps with time.Sleep, so once the deadline has
// passed it keeps sleeping and polling until its steps run out, and the
// caller hears "timed out" long after it gave up.
//
//	k8sbackoff [-timeout 1s] http://127.0.0.1:8080/report
package main

import (
	"context"
	"flag"
	"fmt"
	"net/http"
	"os"
	"time"

	"k8s.io/apimachinery/pkg/util/wait"
)

// fetch polls url until it answers 200, every 300 ms, at most 6 times.
func fetch(ctx context.Context, url string) error {
	backoff := wait.Backoff{Duration: 300 * time.Millisecond, Factor: 1, Steps: 6}
	return wait.ExponentialBackoff(backoff, func() (bool, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return false, err
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return false, nil
		}
		resp.Body.Close()
		return resp.StatusCode == http.StatusOK, nil
	})
}

func main() {
	timeout := flag.Duration("timeout", time.Second, "how long the caller waits")
	flag.Parse()
	ctx, cancel := context.WithTimeout(context.Background(), *timeout)
	defer cancel()
	start := time.Now()
	err := fetch(ctx, flag.Arg(0))
	fmt.Printf("elapsed %v\n", time.Since(start))
	if err != nil {
		fmt.Fprintln(os.Stderr, "k8sbackoff:", err)
		os.Exit(1)
	}
	fmt.Println("ok")
}

// Command rshortcut fetches a report with go-retryablehttp's Client.Get or
// Client.Head, or with a request made by its NewRequest and sent with
// Client.Do, under a caller's context with a deadline: each makes its
// request with no context, the defect that retrydeadline reports, so once
// the deadline has passed the client keeps waiting and trying until its
// attempts run out, and the caller hears of the failure long after it
// gave up.
//
//	rshortcut -op get|head|newrequest [-timeout 1s] http://127.0.0.1:8080/report
package main

import (
	"context"
	"flag"
	"fmt"
	"net/http"
	"os"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

// newClient makes at most six attempts, 300 ms apart.
func newClient() *retryablehttp.Client {
	c := retryablehttp.NewClient()
	c.RetryMax = 5
	c.RetryWaitMin = 300 * time.Millisecond
	c.RetryWaitMax = 300 * time.Millisecond
	c.Logger = nil
	return c
}

func check(resp *http.Response, err error) error {
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("report: %s", resp.Status)
	}
	return nil
}

func fetchGet(ctx context.Context, c *retryablehttp.Client, url string) error {
	return check(c.Get(url))
}

func fetchHead(ctx context.Context, c *retryablehttp.Client, url string) error {
	return check(c.Head(url))
}

// fetchNewRequest makes its own client, as the package's helpers do.
func fetchNewRequest(ctx context.Context, _ *retryablehttp.Client, url string) error {
	req, err := retryablehttp.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	return check(newClient().Do(req))
}

func main() {
	op := flag.String("op", "", "the call: get, head or newrequest")
	timeout := flag.Duration("timeout", time.Second, "how long the caller waits")
	flag.Parse()
	fetch := map[string]func(context.Context, *retryablehttp.Client, string) error{
		"get":        fetchGet,
		"head":       fetchHead,
		"newrequest": fetchNewRequest,
	}[*op]
	if fetch == nil || flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: rshortcut -op get|head|newrequest [-timeout d] URL")
		os.Exit(2)
	}
	ctx, cancel := context.WithTimeout(context.Background(), *timeout)
	defer cancel()
	start := time.Now()
	err := fetch(ctx, newClient(), flag.Arg(0))
	fmt.Printf("elapsed %v\n", time.Since(start))
	if err != nil {
		fmt.Fprintln(os.Stderr, "rshortcut:", err)
		os.Exit(1)
	}
	fmt.Println("ok")
}

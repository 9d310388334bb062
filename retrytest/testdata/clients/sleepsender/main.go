// Command sleepsender fetches a URL through its own http.RoundTripper,
// which sends a GET again after a transport error and waits with
// time.Sleep in between, the defect that retrydeadline reports: the wait
// ignores the request's context, so when the caller's deadline (-timeout)
// passes during the wait the transport sleeps on and tries again for a
// caller that has given up. The client prints how many attempts its
// transport started, and how many of those started after the deadline.
//
//	sleepsender -timeout=300ms http://127.0.0.1:8080/report
package main

import (
	"context"
	"flag"
	"fmt"
	"net/http"
	"os"
	"time"
)

const pause = time.Second

// retryTransport sends a GET or HEAD up to three times, pause apart, until
// one gets an answer; other methods once.
type retryTransport struct {
	next http.RoundTripper
}

func (t *retryTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.Method != http.MethodGet && req.Method != http.MethodHead {
		return t.next.RoundTrip(req)
	}
	for i := 0; ; i++ {
		resp, err := t.next.RoundTrip(req)
		if err == nil || i == 2 {
			return resp, err
		}
		time.Sleep(pause)
	}
}

// counter is the transport underneath: it counts the attempts, and those
// that started when the request's context had already ended.
type counter struct {
	attempts, late int
}

func (c *counter) RoundTrip(req *http.Request) (*http.Response, error) {
	c.attempts++
	if req.Context().Err() != nil {
		c.late++
	}
	return http.DefaultTransport.RoundTrip(req)
}

func main() {
	timeout := flag.Duration("timeout", 10*time.Second, "the deadline of the whole fetch")
	flag.Parse()
	ctx, cancel := context.WithTimeout(context.Background(), *timeout)
	defer cancel()
	n := &counter{}
	err := fetch(ctx, &http.Client{Transport: &retryTransport{next: n}}, flag.Arg(0))
	fmt.Printf("attempts %d, after the deadline %d\n", n.attempts, n.late)
	if err != nil {
		fmt.Fprintln(os.Stderr, "sleepsender:", err)
		os.Exit(1)
	}
	fmt.Println("ok")
}

func fetch(ctx context.Context, c *http.Client, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

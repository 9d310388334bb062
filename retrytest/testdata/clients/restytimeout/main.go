// Command restytimeout fetches a report through a resty client (v2 or v3,
// -v) that retries four times with a 300 ms SetTimeout and 300 ms between
// attempts, with no deadline on the request's context, the defect that
// retrydeadline reports: SetTimeout bounds each attempt, so against a
// server that does not answer the call takes five timeouts plus four
// waits, not the 1.5 s its timeouts suggest.
//
//	restytimeout -v 2|3 http://127.0.0.1:8080/report
package main

import (
	"flag"
	"fmt"
	"os"
	"time"

	restyv2 "github.com/go-resty/resty/v2"
	"resty.dev/v3"
)

type v2API struct{ c *restyv2.Client }

func newV2() *v2API {
	return &v2API{c: restyv2.New().
		SetRetryCount(4).
		SetTimeout(300 * time.Millisecond).
		SetRetryWaitTime(300 * time.Millisecond).
		SetRetryMaxWaitTime(300 * time.Millisecond)}
}

func (a *v2API) report(url string) (int, error) {
	resp, err := a.c.R().Get(url)
	if err != nil {
		return 0, err
	}
	return resp.StatusCode(), nil
}

type v3API struct{ c *resty.Client }

func newV3() *v3API {
	c := resty.New()
	c.SetRetryCount(4)
	c.SetTimeout(300 * time.Millisecond)
	c.SetRetryWaitTime(300 * time.Millisecond)
	c.SetRetryMaxWaitTime(300 * time.Millisecond)
	return &v3API{c: c}
}

func (a *v3API) report(url string) (int, error) {
	resp, err := a.c.R().Get(url)
	if err != nil {
		return 0, err
	}
	return resp.StatusCode(), nil
}

func main() {
	v := flag.Int("v", 2, "the resty version: 2 or 3")
	flag.Parse()
	if flag.NArg() != 1 || (*v != 2 && *v != 3) {
		fmt.Fprintln(os.Stderr, "usage: restytimeout -v 2|3 URL")
		os.Exit(2)
	}
	report := newV2().report
	if *v == 3 {
		report = newV3().report
	}
	start := time.Now()
	status, err := report(flag.Arg(0))
	fmt.Printf("elapsed %v\n", time.Since(start))
	if err != nil {
		fmt.Fprintln(os.Stderr, "restytimeout:", err)
		os.Exit(1)
	}
	fmt.Println(status)
}

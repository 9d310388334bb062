// Command libforever fetches a report with one of the retry libraries
// (-lib) configured to retry until success, each attempt under a 300 ms
// timeout of its own and no deadline over them, the defect that
// retrydeadline reports: against a server that does not answer it keeps
// sending requests for as long as the server takes, long after the
// attempts' timeouts suggest it gives up.
//
//	libforever -lib goretry|backoff5|retrygo|failsafe http://127.0.0.1:8080/report
package main

import (
	"context"
	"flag"
	"fmt"
	"net/http"
	"os"
	"time"

	retrygo "github.com/avast/retry-go/v4"
	"github.com/cenkalti/backoff/v5"
	"github.com/failsafe-go/failsafe-go"
	"github.com/failsafe-go/failsafe-go/retrypolicy"
	goretry "github.com/sethvargo/go-retry"
)

const pause = 100 * time.Millisecond

func fetchGoRetry(url string) error {
	b := goretry.NewConstant(pause)
	return goretry.Do(context.Background(), b, func(ctx context.Context) error {
		ctx, cancel := context.WithTimeout(ctx, 300*time.Millisecond)
		defer cancel()
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return err
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return goretry.RetryableError(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			return goretry.RetryableError(fmt.Errorf("report: %s", resp.Status))
		}
		return nil
	})
}

func fetchBackoff(url string) error {
	_, err := backoff.Retry(context.Background(), func() (struct{}, error) {
		ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
		defer cancel()
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return struct{}{}, backoff.Permanent(err)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return struct{}{}, err
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			return struct{}{}, fmt.Errorf("report: %s", resp.Status)
		}
		return struct{}{}, nil
	}, backoff.WithBackOff(backoff.NewConstantBackOff(pause)), backoff.WithMaxElapsedTime(0))
	return err
}

func fetchRetryGo(url string) error {
	return retrygo.Do(func() error {
		ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
		defer cancel()
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return retrygo.Unrecoverable(err)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return err
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			return fmt.Errorf("report: %s", resp.Status)
		}
		return nil
	}, retrygo.Attempts(0), retrygo.Delay(pause), retrygo.DelayType(retrygo.FixedDelay), retrygo.LastErrorOnly(true))
}

func fetchFailsafe(url string) error {
	rp := retrypolicy.NewBuilder[any]().
		WithMaxRetries(-1).
		WithDelay(pause).
		ReturnLastFailure().
		Build()
	return failsafe.With[any](rp).Run(func() error {
		ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
		defer cancel()
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return err
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return err
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			return fmt.Errorf("report: %s", resp.Status)
		}
		return nil
	})
}

func main() {
	lib := flag.String("lib", "", "the retry library: goretry, backoff5, retrygo or failsafe")
	flag.Parse()
	fetch := map[string]func(string) error{
		"goretry":  fetchGoRetry,
		"backoff5": fetchBackoff,
		"retrygo":  fetchRetryGo,
		"failsafe": fetchFailsafe,
	}[*lib]
	if fetch == nil || flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: libforever -lib goretry|backoff5|retrygo|failsafe URL")
		os.Exit(2)
	}
	start := time.Now()
	err := fetch(flag.Arg(0))
	fmt.Printf("elapsed %v\n", time.Since(start))
	if err != nil {
		fmt.Fprintln(os.Stderr, "libforever:", err)
		os.Exit(1)
	}
	fmt.Println("ok")
}

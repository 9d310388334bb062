// Command libctx fetches a report with one of the retry libraries (-lib)
// under a caller's context with a deadline, but does not hand that context
// to the library, the defect that retrydeadline reports: the library waits
// on context.Background(), so once the deadline has passed it keeps
// waiting and trying (each attempt now failing at once) until its attempts
// run out, and the caller hears of the failure long after it gave up.
//
//	libctx -lib goretry|backoff5|retrygo|failsafe [-timeout 1s] http://127.0.0.1:8080/report
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

// Every library makes at most six attempts, 300 ms apart.
const pause = 300 * time.Millisecond

// get fetches url once; an answer other than 200 is an error.
func get(ctx context.Context, url string) error {
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
}

func fetchGoRetry(ctx context.Context, url string) error {
	b := goretry.WithMaxRetries(5, goretry.NewConstant(pause))
	return goretry.Do(context.Background(), b, func(context.Context) error {
		if err := get(ctx, url); err != nil {
			return goretry.RetryableError(err)
		}
		return nil
	})
}

func fetchBackoff(ctx context.Context, url string) error {
	_, err := backoff.Retry(context.Background(), func() (struct{}, error) {
		return struct{}{}, get(ctx, url)
	}, backoff.WithBackOff(backoff.NewConstantBackOff(pause)), backoff.WithMaxTries(6))
	return err
}

func fetchRetryGo(ctx context.Context, url string) error {
	return retrygo.Do(func() error {
		return get(ctx, url)
	}, retrygo.Attempts(6), retrygo.Delay(pause), retrygo.DelayType(retrygo.FixedDelay), retrygo.LastErrorOnly(true))
}

func fetchFailsafe(ctx context.Context, url string) error {
	rp := retrypolicy.NewBuilder[any]().WithMaxRetries(5).WithDelay(pause).ReturnLastFailure().Build()
	return failsafe.With[any](rp).Run(func() error {
		return get(ctx, url)
	})
}

func main() {
	lib := flag.String("lib", "", "the retry library: goretry, backoff5, retrygo or failsafe")
	timeout := flag.Duration("timeout", time.Second, "how long the caller waits")
	flag.Parse()
	fetch := map[string]func(context.Context, string) error{
		"goretry":  fetchGoRetry,
		"backoff5": fetchBackoff,
		"retrygo":  fetchRetryGo,
		"failsafe": fetchFailsafe,
	}[*lib]
	if fetch == nil || flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: libctx -lib goretry|backoff5|retrygo|failsafe [-timeout d] URL")
		os.Exit(2)
	}
	ctx, cancel := context.WithTimeout(context.Background(), *timeout)
	defer cancel()
	start := time.Now()
	err := fetch(ctx, flag.Arg(0))
	fmt.Printf("elapsed %v\n", time.Since(start))
	if err != nil {
		fmt.Fprintln(os.Stderr, "libctx:", err)
		os.Exit(1)
	}
	fmt.Println("ok")
}

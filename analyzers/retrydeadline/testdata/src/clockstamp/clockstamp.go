// Package clockstamp holds retry loops that read the clock only to stamp
// the time on a request (a Date or a signing header, a body): the text is
// compared with no deadline, so the loop has no budget and its per-attempt
// timeout none over it.
package clockstamp

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
)

const perTry = 10 * time.Second

func dateHeader(c *http.Client, url string) (*http.Response, error) {
	for attempt := 1; attempt <= 3; attempt++ {
		req, err := http.NewRequest(http.MethodGet, url, nil)
		if err != nil {
			return nil, err
		}
		req.Header.Set("Date", time.Now().UTC().Format(http.TimeFormat))
		ctx, cancel := context.WithTimeout(context.Background(), perTry) // want `per-attempt timeout \(context.WithTimeout\) inside retry loop but no overall deadline`
		resp, err := c.Do(req.WithContext(ctx))
		cancel()
		if err == nil {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return nil, errors.New("no response")
}

func unixStamp(c *http.Client, url string) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ {
		req, _ := http.NewRequest(http.MethodGet, url, nil)
		req.Header.Set("X-Timestamp", strconv.FormatInt(time.Now().Unix(), 10))
		ctx, cancel := context.WithTimeout(context.Background(), perTry) // want `per-attempt timeout \(context.WithTimeout\) inside retry loop but no overall deadline`
		resp, err := c.Do(req.WithContext(ctx))
		cancel()
		if err == nil {
			return resp, nil
		}
	}
	return nil, errors.New("no response")
}

func signedBody(c *http.Client, url string) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ {
		body := fmt.Sprintf(`{"ts":%d}`, time.Now().UnixMilli())
		ctx, cancel := context.WithTimeout(context.Background(), perTry) // want `per-attempt timeout \(context.WithTimeout\) inside retry loop but no overall deadline`
		req, _ := http.NewRequestWithContext(ctx, http.MethodPut, url, strings.NewReader(body))
		resp, err := c.Do(req)
		cancel()
		if err == nil {
			return resp, nil
		}
	}
	return nil, errors.New("no response")
}

// The loop stamps a Date header and checks the time left as well.
func stampAndBudget(c *http.Client, url string) (*http.Response, error) {
	deadline := time.Now().Add(time.Minute)
	for attempt := 0; attempt < 3; attempt++ {
		if time.Until(deadline) < perTry {
			return nil, errors.New("retry budget exhausted")
		}
		req, _ := http.NewRequest(http.MethodGet, url, nil)
		req.Header.Set("Date", time.Now().UTC().Format(http.TimeFormat))
		ctx, cancel := context.WithTimeout(context.Background(), perTry)
		resp, err := c.Do(req.WithContext(ctx))
		cancel()
		if err == nil {
			return resp, nil
		}
	}
	return nil, errors.New("no response")
}

// The clock read is kept as a time and compared: a budget.
func startCompared(c *http.Client, url string) (*http.Response, error) {
	start := time.Now()
	for attempt := 0; attempt < 3; attempt++ {
		ctx, cancel := context.WithTimeout(context.Background(), perTry)
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		resp, err := c.Do(req)
		cancel()
		if err == nil {
			return resp, nil
		}
		if now := time.Now(); now.Sub(start) > time.Minute {
			break
		}
	}
	return nil, errors.New("no response")
}

// A clock read made text only after it was compared is a budget too; the
// attempts are detached from it (see the package clockbudget).
func formattedAfterCheck(c *http.Client, url string) (*http.Response, error) {
	deadline := time.Now().Add(time.Minute)
	for attempt := 0; attempt < 3; attempt++ {
		if time.Now().After(deadline) {
			return nil, fmt.Errorf("retry budget exhausted at %s", time.Now().Format(time.RFC3339))
		}
		ctx, cancel := context.WithTimeout(context.Background(), perTry) // want `per-attempt timeout \(context.WithTimeout\) from a context without a deadline, in a retry loop bounded only by a clock check`
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		resp, err := c.Do(req)
		cancel()
		if err == nil {
			return resp, nil
		}
	}
	return nil, errors.New("no response")
}

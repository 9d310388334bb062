// Command waitonly fetches a URL, retrying 5xx answers within a one-second
// deadline over the whole operation. The deadline ends the pauses and is
// checked before each one, but every attempt is a copy of the caller's
// request and carries the caller's context: an attempt that hangs runs
// on past the deadline for as long as the server holds it.
//
//	waitonly http://127.0.0.1:8080/report
package main

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"time"
)

const (
	budget = time.Second
	pause  = 200 * time.Millisecond
)

func main() {
	req, err := http.NewRequest(http.MethodGet, os.Args[1], nil)
	if err != nil {
		fmt.Fprintln(os.Stderr, "waitonly:", err)
		os.Exit(1)
	}
	start := time.Now()
	err = fetch(http.DefaultClient, req)
	fmt.Printf("elapsed %v\n", time.Since(start).Round(time.Millisecond))
	if err != nil {
		fmt.Fprintln(os.Stderr, "waitonly:", err)
		os.Exit(1)
	}
	fmt.Println("ok")
}

func fetch(hc *http.Client, req *http.Request) error {
	ctx, cancel := context.WithTimeout(req.Context(), budget)
	defer cancel()
	for {
		attempt := req.Clone(req.Context())
		resp, err := hc.Do(attempt)
		if err != nil {
			return err
		}
		resp.Body.Close()
		if resp.StatusCode < 500 {
			return nil
		}
		if deadline, ok := ctx.Deadline(); ok && time.Until(deadline) <= pause {
			return errors.New("retry budget exhausted")
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(pause):
		}
	}
}

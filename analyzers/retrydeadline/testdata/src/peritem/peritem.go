// Package peritem holds retries of one item of another loop: the budget
// that bounds the retry ends it as the last attempt does, and the next
// item goes on.
package peritem

import (
	"context"
	"errors"
	"log"
	"net/http"
	"syscall"
	"time"
)

type sender struct {
	addr    string
	timeout time.Duration
	retries []int
	client  http.Client
}

func wait(ctx context.Context, d time.Duration) error { // want wait:"ctxquery\\(1\\)"
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

func (s *sender) post(ctx context.Context, batch string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, s.addr+"/"+batch, nil)
	if err != nil {
		return err
	}
	resp, err := s.client.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// worker sends each batch, retrying through a closure made in the
// select's default clause: a per-attempt timeout with no overall deadline.
func (s *sender) worker(ctx context.Context, tasks <-chan string) error {
	var err error
	for batch := range tasks {
		select {
		case <-ctx.Done():
			return nil
		default:
			send := func() error {
				sendCtx, cancel := context.WithTimeout(ctx, s.timeout) // want `per-attempt timeout \(context.WithTimeout\) inside retry loop but no overall deadline`
				defer cancel()
				return s.post(sendCtx, batch)
			}
			for _, t := range s.retries {
				if err = wait(ctx, time.Duration(t)*time.Second); err != nil {
					break
				}
				err = send()
				if err == nil || !errors.Is(err, syscall.ECONNREFUSED) {
					break
				}
			}
			if err != nil {
				log.Printf("batch %s: %v", batch, err)
			}
		}
	}
	return nil
}

// each retries every URL inline, a timeout per attempt: the retry ends
// when its budget is spent and the next URL is tried.
func each(ctx context.Context, urls []string) error {
	var err error
	for _, u := range urls {
		for i := 0; i < 3; i++ {
			actx, cancel := context.WithTimeout(ctx, 5*time.Second) // want `per-attempt timeout \(context.WithTimeout\) inside retry loop but no overall deadline`
			req, _ := http.NewRequestWithContext(actx, http.MethodGet, u, nil)
			var resp *http.Response
			resp, err = http.DefaultClient.Do(req)
			cancel()
			if err == nil {
				resp.Body.Close()
				break
			}
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(time.Second):
			}
		}
		if err != nil {
			log.Printf("failed %s: %v", u, err)
		}
	}
	return nil
}

// once sends each URL once, with a timeout of its own: iteration, not a
// retry.
func once(ctx context.Context, urls []string) {
	for _, u := range urls {
		actx, cancel := context.WithTimeout(ctx, 5*time.Second)
		req, _ := http.NewRequestWithContext(actx, http.MethodGet, u, nil)
		resp, err := http.DefaultClient.Do(req)
		cancel()
		if err != nil {
			log.Printf("failed %s: %v", u, err)
			continue
		}
		resp.Body.Close()
	}
}

// bounded retries each URL under one deadline per URL: silent.
func bounded(ctx context.Context, urls []string) {
	for _, u := range urls {
		uctx, ucancel := context.WithTimeout(ctx, 20*time.Second)
		for i := 0; i < 3; i++ {
			actx, cancel := context.WithTimeout(uctx, 5*time.Second)
			req, _ := http.NewRequestWithContext(actx, http.MethodGet, u, nil)
			resp, err := http.DefaultClient.Do(req)
			cancel()
			if err == nil {
				resp.Body.Close()
				break
			}
			select {
			case <-uctx.Done():
			case <-time.After(time.Second):
			}
		}
		ucancel()
	}
}

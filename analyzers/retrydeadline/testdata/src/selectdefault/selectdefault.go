// Package selectdefault holds retry loops whose attempt is the default
// clause of a select that checks for cancellation first: the default runs
// whenever the context is not done, so the loop retries as if the select
// were not there, and a time.Sleep in it ignores the cancellation the
// select seemed to honour.
package selectdefault

import (
	"context"
	"log"
	"net/http"
	"time"
)

func probe(u string, timeout time.Duration) error {
	c := &http.Client{Timeout: timeout}
	resp, err := c.Get(u)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// waitUp checks ctx only between attempts: the sleep outlives a
// cancellation.
func waitUp(ctx context.Context, u string, timeout time.Duration, retry int) error { // want waitUp:"ctxquery\\(1\\)"
	i := 0
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		default:
			if i >= retry {
				return nil
			}
			err := probe(u, timeout)
			if err == nil {
				return nil
			}
			log.Printf("%s %v", u, err)
			time.Sleep(timeout) // want `time.Sleep in retry loop ignores cancellation of ctx`
			i++
		}
	}
}

// waitUpSelect waits in a select on ctx too: silent.
func waitUpSelect(ctx context.Context, u string, timeout time.Duration, retry int) error { // want waitUpSelect:"ctxquery\\(1\\)"
	for i := 0; ; i++ {
		select {
		case <-ctx.Done():
			return ctx.Err()
		default:
			if i >= retry {
				return nil
			}
			if err := probe(u, timeout); err == nil {
				return nil
			}
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(timeout):
			}
		}
	}
}

// heartbeat sends on every tick of its own, whatever the outcome: a
// heartbeat, not a retry. Silent.
func heartbeat(ctx context.Context, u string, every time.Duration) { // want heartbeat:"ctxquery\\(1\\)"
	for {
		select {
		case <-ctx.Done():
			return
		default:
			if err := probe(u, every); err != nil {
				log.Printf("heartbeat: %v", err)
			}
			time.Sleep(every)
		}
	}
}

// serve sends once for each event it receives: a poller serving a
// queue, not a retry. Silent.
func serve(ctx context.Context, urls <-chan string, timeout time.Duration) { // want serve:"ctxquery\\(1\\)"
	for {
		select {
		case <-ctx.Done():
			return
		case u := <-urls:
			if err := probe(u, timeout); err != nil {
				log.Printf("%s: %v", u, err)
			}
			time.Sleep(timeout)
		}
	}
}

// heartbeatPlain pings every interval whatever the outcome, with an
// attempt that returns its error alone: a heartbeat. Silent.
func heartbeatPlain(u string, every time.Duration) {
	for {
		if err := probe(u, every); err != nil {
			log.Printf("heartbeat: %v", err)
		}
		time.Sleep(every)
	}
}

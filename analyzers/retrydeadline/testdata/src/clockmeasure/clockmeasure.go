// Package clockmeasure holds retry loops that read the clock only to
// measure an attempt (its latency kept for a metric, a log line or a
// field): the time is compared with no budget, so the loop has none and
// its per-attempt timeout none over it. Loops that compare a clock read,
// through a variable or a function that answers a bool, or wait on a
// timer set to a deadline, check a budget and stay silent.
package clockmeasure

import (
	"context"
	"errors"
	"log"
	"net/http"
	"time"
)

const perTry = 5 * time.Second

type conn struct {
	lastRTT time.Duration
	rtts    []time.Duration
}

func (c *conn) observe(d time.Duration) { c.rtts = append(c.rtts, d) }

// The latency of each attempt goes to a field and a metric.
func (c *conn) healthCheck(hc *http.Client, url string) error {
	for attempt := 0; attempt < 3; attempt++ {
		start := time.Now()
		ctx, cancel := context.WithTimeout(context.Background(), perTry) // want `per-attempt timeout \(context.WithTimeout\) inside retry loop but no overall deadline`
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		resp, err := hc.Do(req)
		cancel()
		rtt := time.Since(start)
		c.observe(rtt)
		if err == nil {
			c.lastRTT = time.Since(start)
			resp.Body.Close()
			return nil
		}
		log.Printf("attempt %d failed after %v: %v", attempt, time.Since(start), err)
		time.Sleep(time.Second)
	}
	return errors.New("unhealthy")
}

// The time an attempt ends is logged, not compared.
func logged(hc *http.Client, url string) error {
	for attempt := 0; attempt < 3; attempt++ {
		ctx, cancel := context.WithTimeout(context.Background(), perTry) // want `per-attempt timeout \(context.WithTimeout\) inside retry loop but no overall deadline`
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		resp, err := hc.Do(req)
		cancel()
		ended := time.Now()
		if err == nil {
			resp.Body.Close()
			return nil
		}
		log.Println("attempt failed at", ended, err)
	}
	return errors.New("no response")
}

// The time left is computed and compared: a budget.
func remaining(hc *http.Client, url string, window time.Duration) error {
	start := time.Now()
	for attempt := 0; attempt < 3; attempt++ {
		ctx, cancel := context.WithTimeout(context.Background(), perTry)
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		resp, err := hc.Do(req)
		cancel()
		if err == nil {
			resp.Body.Close()
			return nil
		}
		left := window - time.Since(start)
		if left <= 0 {
			return errors.New("retry budget exhausted")
		}
	}
	return errors.New("no response")
}

func expired(start time.Time, window time.Duration) bool {
	return time.Since(start) > window
}

// The clock read is handed to a function that answers a bool: a budget.
func helperCheck(hc *http.Client, url string) error {
	for attempt := 0; attempt < 3; attempt++ {
		now := time.Now()
		ctx, cancel := context.WithTimeout(context.Background(), perTry)
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		resp, err := hc.Do(req)
		cancel()
		if err == nil {
			resp.Body.Close()
			return nil
		}
		if expired(now, time.Minute) {
			return errors.New("retry budget exhausted")
		}
	}
	return errors.New("no response")
}

// A timer set to the deadline ends the waits: a budget.
func timerToDeadline(hc *http.Client, url string, deadline time.Time) error {
	for attempt := 0; attempt < 3; attempt++ {
		ctx, cancel := context.WithTimeout(context.Background(), perTry)
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		resp, err := hc.Do(req)
		cancel()
		if err == nil {
			resp.Body.Close()
			return nil
		}
		select {
		case <-time.After(time.Until(deadline)):
			return errors.New("retry budget exhausted")
		case <-time.After(time.Second):
		}
	}
	return errors.New("no response")
}

// The clock read is compared with Compare: a budget.
func compared(hc *http.Client, url string, deadline time.Time) error {
	for attempt := 0; attempt < 3; attempt++ {
		ctx, cancel := context.WithTimeout(context.Background(), perTry)
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		resp, err := hc.Do(req)
		cancel()
		if err == nil {
			resp.Body.Close()
			return nil
		}
		if deadline.Compare(time.Now()) <= 0 {
			return errors.New("retry budget exhausted")
		}
	}
	return errors.New("no response")
}

func checkBudget(start time.Time) error {
	if time.Since(start) > time.Minute {
		return errors.New("retry budget exhausted")
	}
	return nil
}

// The clock read is handed to a function that answers an error: a budget.
func errorCheck(hc *http.Client, url string) error {
	for attempt := 0; attempt < 3; attempt++ {
		started := time.Now()
		ctx, cancel := context.WithTimeout(context.Background(), perTry)
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		resp, err := hc.Do(req)
		cancel()
		if err == nil {
			resp.Body.Close()
			return nil
		}
		if err := checkBudget(started); err != nil {
			return err
		}
	}
	return errors.New("no response")
}

type state struct{ elapsed time.Duration }

// The time spent is kept in a field and compared: a budget.
func (st *state) fieldBudget(hc *http.Client, url string) error {
	start := time.Now()
	for attempt := 0; attempt < 3; attempt++ {
		ctx, cancel := context.WithTimeout(context.Background(), perTry)
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		resp, err := hc.Do(req)
		cancel()
		if err == nil {
			resp.Body.Close()
			return nil
		}
		st.elapsed = time.Since(start)
		if st.elapsed > time.Minute {
			return errors.New("retry budget exhausted")
		}
	}
	return errors.New("no response")
}

// The span to the server's Retry-After date is a wait, not a budget:
// nothing bounds the attempts and the waits.
func serverDate(hc *http.Client, url string) error {
	for attempt := 0; attempt < 3; attempt++ {
		ctx, cancel := context.WithTimeout(context.Background(), perTry) // want `per-attempt timeout \(context.WithTimeout\) inside retry loop but no overall deadline`
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		resp, err := hc.Do(req)
		cancel()
		if err != nil {
			continue
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusServiceUnavailable {
			return nil
		}
		d := time.Second
		if t, err := http.ParseTime(resp.Header.Get("Retry-After")); err == nil {
			d = time.Until(t)
		}
		if d > 0 && d < time.Minute {
			time.Sleep(d)
		}
	}
	return errors.New("no response")
}

// The same wait, and the span to the loop's own deadline compared: a
// budget.
func serverDateBudget(hc *http.Client, url string, window time.Duration) error {
	deadline := time.Now().Add(window)
	for attempt := 0; attempt < 3; attempt++ {
		ctx, cancel := context.WithTimeout(context.Background(), perTry)
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		resp, err := hc.Do(req)
		cancel()
		if err != nil {
			continue
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusServiceUnavailable {
			return nil
		}
		d := time.Second
		if t, err := http.ParseTime(resp.Header.Get("Retry-After")); err == nil {
			d = time.Until(t)
		}
		if d > time.Until(deadline) {
			return errors.New("retry budget exhausted")
		}
		time.Sleep(d)
	}
	return errors.New("no response")
}

// A deadline parsed from the job (not from a response) is the loop's
// budget: time.Until of it checks one.
func jobDeadline(hc *http.Client, url, until string) error {
	deadline, err := time.Parse(time.RFC3339, until)
	if err != nil {
		return err
	}
	for attempt := 0; attempt < 3; attempt++ {
		ctx, cancel := context.WithTimeout(context.Background(), perTry)
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		resp, err := hc.Do(req)
		cancel()
		if err == nil {
			resp.Body.Close()
			return nil
		}
		if time.Until(deadline) <= 0 {
			return errors.New("retry budget exhausted")
		}
	}
	return errors.New("no response")
}

package a

import (
	"errors"
	"log"
	"math"
	"net/http"
	"strconv"
	"time"
)

const maxWait = 30 * time.Second

func backoff(attempt int) time.Duration { return time.Duration(attempt) * time.Second }

// ---- caps ----

func capMin(resp *http.Response) time.Duration {
	secs, err := strconv.Atoi(resp.Header.Get("Retry-After")) // want `a negative .* value is accepted as the wait`
	if err != nil {
		return 0
	}
	if t, err := http.ParseTime(resp.Header.Get("Retry-After")); err == nil {
		return time.Until(t)
	}
	return min(time.Duration(secs)*time.Second, maxWait) // want `Retry-After is capped by min\(\.\.\.\)`
}

func capMinGiveUp(resp *http.Response) (time.Duration, error) {
	ra := retryAfterBoth(resp)
	wait := min(ra, maxWait) // want `Retry-After is capped by min\(\.\.\.\)`
	return wait, nil
}

func capMathMin(resp *http.Response) float64 {
	ra := retryAfterBoth(resp).Seconds()
	return math.Min(ra, 30) // want `Retry-After is capped by math.Min\(\.\.\.\)`
}

func capIf(resp *http.Response) time.Duration {
	d := retryAfterBoth(resp)
	if d > maxWait { // want `Retry-After is capped by if d > maxWait`
		d = maxWait
	}
	return d
}

func capIfMirrored(resp *http.Response, limit time.Duration) (time.Duration, error) {
	d := retryAfterBoth(resp)
	if limit <= d { // want `Retry-After is capped by if d > limit`
		d = limit
	}
	return d, nil
}

func capIfGreaterEq(resp *http.Response) time.Duration {
	d := retryAfterBoth(resp)

	if d >= time.Minute { // want `Retry-After is capped by if d > time.Minute`
		d = time.Minute
	}

	return d
}

func capAfterMax(resp *http.Response, attempt int) time.Duration {
	wait := max(backoff(attempt), retryAfterBoth(resp))
	return min(wait, maxWait) // want `Retry-After is capped by min\(\.\.\.\)`
}

func capInLiteral(resp *http.Response) {
	sleep := func() error {
		ra := retryAfterBoth(resp)
		time.Sleep(min(ra, maxWait)) // want `Retry-After is capped by min\(\.\.\.\)`
		return nil
	}
	_ = sleep()
}

// ---- small-only ----

func smallOnly(resp *http.Response, attempt int) time.Duration {
	if d := retryAfterBoth(resp); d > 0 && d < time.Minute { // want `Retry-After is honoured only below time.Minute`
		return d
	}
	return backoff(attempt)
}

func smallOnlySole(resp *http.Response, attempt int) (time.Duration, error) {
	d := retryAfterBoth(resp)
	if d <= maxWait { // want `Retry-After is honoured only below maxWait`
		return d, nil
	}
	return backoff(attempt), nil
}

func smallOnlyElse(resp *http.Response, attempt int) {
	var wait time.Duration
	ra := retryAfterBoth(resp)
	if maxWait > ra { // want `Retry-After is honoured only below maxWait`
		wait = ra
	} else {
		wait = backoff(attempt)
	}
	time.Sleep(wait)
}

func smallOnlyPrev(resp *http.Response, attempt int) {
	ra := retryAfterBoth(resp)
	wait := backoff(attempt)
	if ra < maxWait && ra > 0 { // want `Retry-After is honoured only below maxWait`
		wait = ra
	}
	time.Sleep(wait)
}

// ---- seconds only ----

func secondsOnly(resp *http.Response) time.Duration {
	v := resp.Header.Get("Retry-After")
	secs, err := strconv.Atoi(v) // want `Retry-After is parsed only as seconds by strconv.Atoi` `a negative .* value is accepted as the wait`
	if err != nil {
		return 0
	}
	return time.Duration(secs) * time.Second
}

func secondsOnlyDirect(resp *http.Response) (time.Duration, bool) {
	if n, err := strconv.ParseInt(resp.Header.Get("retry-after"), 10, 64); err == nil { // want `Retry-After is parsed only as seconds by strconv.ParseInt` `a negative .* value is accepted as the wait`
		return time.Duration(n) * time.Second, true
	}
	return 0, false
}

func secondsOnlyDuration(h http.Header) time.Duration {
	v := h["Retry-After"][0]
	d, err := time.ParseDuration(v + "s") // want `Retry-After is parsed only as seconds by time.ParseDuration` `a negative .* value is accepted as the wait`
	if err != nil {
		return 0
	}
	return d
}

func secondsOnlyFloat(resp *http.Response) time.Duration {
	f, err := strconv.ParseFloat(resp.Header.Get("Retry-After"), 64) // want `Retry-After is parsed only as seconds by strconv.ParseFloat` `a negative .* value is accepted as the wait`
	if err != nil {
		return 0
	}
	return time.Duration(f * float64(time.Second))
}

// ---- dropped errors ----

func droppedError(resp *http.Response) (time.Duration, error) {
	if t, err := http.ParseTime(resp.Header.Get("Retry-After")); err == nil {
		return time.Until(t), nil
	}
	secs, _ := strconv.Atoi(resp.Header.Get("Retry-After")) // want `the error of strconv.Atoi on a Retry-After value is dropped`
	return time.Duration(secs) * time.Second, nil
}

func droppedErrorOK(resp *http.Response) (time.Duration, bool) {
	t, _ := http.ParseTime(resp.Header.Get("Retry-After")) // want `the error of http.ParseTime on a Retry-After value is dropped` `Retry-After is parsed only as an HTTP-date by http.ParseTime`
	return time.Until(t), true
}

// ---- must stay silent ----

// retryAfterBoth parses both forms and reports a missing or malformed value
// as zero, which its callers treat as "use your own backoff".
func retryAfterBoth(resp *http.Response) time.Duration {
	v := resp.Header.Get("Retry-After")
	if secs, err := strconv.Atoi(v); err == nil { // want `a negative .* value is accepted as the wait`
		return time.Duration(secs) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil {
		return time.Until(t)
	}
	return 0
}

func floorAtZero(resp *http.Response) time.Duration {
	d := max(retryAfterBoth(resp), 0)
	if d < 0 {
		d = 0
	}
	return d
}

func lowerBound(resp *http.Response, attempt int) time.Duration {
	return max(backoff(attempt), retryAfterBoth(resp))
}

func capOwnBackoff(resp *http.Response, attempt int) time.Duration {
	wait := min(backoff(attempt), maxWait)
	if ra := retryAfterBoth(resp); ra > wait {
		wait = ra
	}
	return wait
}

func capOwnBackoffIf(attempt int) time.Duration {
	b := backoff(attempt)
	if b > maxWait {
		b = maxWait
	}
	return b
}

var errTooLong = errors.New("retry_after_exceeds_deadline")

func giveUp(resp *http.Response) (time.Duration, error) {
	d := retryAfterBoth(resp)
	if d > maxWait {
		return 0, errTooLong
	}
	return d, nil
}

func giveUpSmallOnly(resp *http.Response, attempt int) (time.Duration, error) {
	if d := retryAfterBoth(resp); d < maxWait {
		return d, nil
	}
	return 0, errTooLong
}

func smallOnlySentinel(resp *http.Response) time.Duration {
	if d := retryAfterBoth(resp); d < maxWait {
		return d
	}
	return -1 // "do not retry"
}

func breakOut(resp *http.Response) {
	for range 3 {
		d := retryAfterBoth(resp)
		if d > maxWait {
			break
		}
		time.Sleep(d)
	}
}

func logOnly(resp *http.Response) {
	log.Printf("server asked us to wait %s", resp.Header.Get("Retry-After"))
	if resp.Header.Get("Retry-After") != "" {
		log.Print("throttled")
	}
}

func otherHeader(resp *http.Response) time.Duration {
	n, _ := strconv.Atoi(resp.Header.Get("X-Count"))
	return min(time.Duration(n)*time.Second, maxWait)
}

func droppedButChecked(resp *http.Response, attempt int) (time.Duration, error) {
	secs, _ := strconv.Atoi(resp.Header.Get("Retry-After"))
	if secs <= 0 {
		return backoff(attempt), nil
	}
	t, err := http.ParseTime(resp.Header.Get("Retry-After"))
	if err == nil {
		return time.Until(t), nil
	}
	return time.Duration(secs) * time.Second, nil
}

func droppedNoFix(resp *http.Response) time.Duration {
	// A dropped error in a function that can hand back neither an error nor
	// an ok bool is not reported: no fix could return the failure.
	secs, _ := strconv.Atoi(resp.Header.Get("Retry-After"))
	t, err := http.ParseTime(resp.Header.Get("Retry-After"))
	if err == nil {
		return time.Until(t)
	}
	return time.Duration(secs) * time.Second
}

// Shadowing: a local type with a Get method is not an http.Header.
type fakeHeader map[string]string

func (h fakeHeader) Get(k string) string { return h[k] }

func notHTTP(h fakeHeader) time.Duration {
	n, _ := strconv.Atoi(h.Get("Retry-After"))
	return min(time.Duration(n)*time.Second, maxWait)
}

func reassignedBefore(resp *http.Response, attempt int) time.Duration {
	wait := backoff(attempt)
	wait = min(wait, maxWait)
	if ra := retryAfterBoth(resp); ra > wait {
		wait = ra
	}
	return wait
}

func comparedTwoRetryAfters(a, b *http.Response) time.Duration {
	return min(retryAfterBoth(a), retryAfterBoth(b))
}

func smallOnlyNested(resp *http.Response, attempt int) time.Duration {
	if t, err := http.ParseTime(resp.Header.Get("Retry-After")); err == nil { // want `Retry-After is parsed only as an HTTP-date by http.ParseTime`
		if d := time.Until(t); d > 0 && d < 10*time.Second { // want `Retry-After is honoured only below 10 \* time.Second`
			return d
		}
	}
	return backoff(attempt)
}

func smallOnlyInLoop(resp *http.Response) time.Duration {
	for attempt := range 3 {
		if d := retryAfterBoth(resp); d < maxWait {
			return d
		}
		_ = attempt
	}
	return 0
}

func capReturn(resp *http.Response) time.Duration {
	d := retryAfterBoth(resp)
	if d > maxWait { // want `Retry-After is capped by if d > maxWait \{ return maxWait \}`
		return maxWait
	}
	return d
}

func capReturnGiveUp(resp *http.Response) (time.Duration, error) {
	d := retryAfterBoth(resp)
	if d >= maxWait { // want `Retry-After is capped by if d > maxWait \{ return maxWait \}`
		return maxWait, nil
	}
	return d, nil
}

func capOr(resp *http.Response) time.Duration {
	d := retryAfterBoth(resp)
	if d < 0 || d > maxWait { // want `Retry-After is capped by if d > maxWait \{ d = maxWait \}`
		d = maxWait
	}
	return d
}

func droppedPointer(resp *http.Response) *time.Duration {
	secs, _ := strconv.ParseInt(resp.Header.Get("Retry-After"), 10, 64) // want `the error of strconv.ParseInt on a Retry-After value is dropped`
	d := time.Duration(secs) * time.Second
	if t, err := http.ParseTime(resp.Header.Get("Retry-After")); err == nil {
		d = time.Until(t)
	}
	return &d
}

// Returning the limit when the wait is short is not a cap.
func returnLimitWhenShort(resp *http.Response) time.Duration {
	d := retryAfterBoth(resp)
	if d > maxWait {
		return d
	}
	return maxWait
}

// A negative value is replaced, a large one honoured: not a cap.
func orFloor(resp *http.Response, attempt int) time.Duration {
	d := retryAfterBoth(resp)
	if d < 0 || d == 0 {
		d = backoff(attempt)
	}
	return d
}

func shadowsD(resp *http.Response, d int) time.Duration {
	v := resp.Header.Get("Retry-After")
	secs, err := strconv.Atoi(v) // want `Retry-After is parsed only as seconds by strconv.Atoi` `a negative .* value is accepted as the wait`
	if err != nil {
		return time.Duration(d)
	}
	return time.Duration(secs) * time.Second
}

// Shapes from widely used clients that are correct and must stay silent.

func overLimitGivesUpElseIf(resp *http.Response, backoffWait time.Duration) {
	delay := retryAfterBoth(resp)
	if delay <= 0 {
		delay = backoffWait
	} else if delay > maxWait {
		return // give up
	}
	time.Sleep(delay)
}

func droppedButZeroTested(resp *http.Response) time.Duration {
	if n, _ := strconv.Atoi(resp.Header.Get("Retry-After")); n > 0 {
		return time.Duration(n) * time.Second
	}
	if t, err := http.ParseTime(resp.Header.Get("Retry-After")); err == nil {
		return time.Until(t)
	}
	return 0
}

func lowerBoundIf(resp *http.Response, minWait time.Duration) time.Duration {
	if wait := retryAfterBoth(resp); wait > minWait {
		minWait = wait
	}
	return minWait
}

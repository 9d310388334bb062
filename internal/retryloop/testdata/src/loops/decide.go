package loops

import (
	"bytes"
	"fmt"
	"net/http"
	"time"
)

// The attempt and the decision to retry are one method, handed the
// attempt number only to compare it with the limit: the loop repeats the
// same request.
type decider struct {
	client  *http.Client
	retries int
}

func (d *decider) Do(req *http.Request) error {
	for i := 1; i <= d.retries; i++ { // want `retry loop \(bounded\)`
		retry, err := d.do(req, i)
		if retry {
			time.Sleep(time.Second)
			continue
		}
		return err
	}
	return nil
}

func (d *decider) do(req *http.Request, attempt int) (bool, error) {
	resp, err := d.client.Do(req)
	if resp != nil {
		defer resp.Body.Close()
	}
	return shouldRetry(resp, err, attempt, d.retries), err
}

func shouldRetry(resp *http.Response, err error, attempt, max int) bool {
	if attempt+1 > max {
		return false
	}
	return err != nil || resp.StatusCode >= 500
}

// The number handed to the send is a page: another request each time.
func (d *decider) All(base string) error {
	for page := 1; page <= 10; page++ {
		more, err := d.fetch(base, page)
		if err != nil {
			return err
		}
		if !more {
			return nil
		}
	}
	return nil
}

func (d *decider) fetch(base string, page int) (bool, error) {
	if page > 100 {
		return false, nil
	}
	resp, err := d.client.Get(fmt.Sprintf("%s?page=%d", base, page))
	if err != nil {
		return false, err
	}
	defer resp.Body.Close()
	return resp.Header.Get("Link") != "", nil
}

// ---- a range over a schedule of waits ----

var schedule = []time.Duration{time.Second, 5 * time.Second, 30 * time.Second}

// Each item only sizes the wait: the same POST again, a retry.
func postWithSchedule(c *http.Client, url string, body []byte) (*http.Response, error) {
	var lastErr error
	for _, wait := range schedule { // want `retry loop \(bounded\) with 1 send\(s\)$`
		resp, err := c.Post(url, "application/json", bytes.NewReader(body))
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		if err == nil {
			resp.Body.Close()
			err = fmt.Errorf("status %d", resp.StatusCode)
		}
		lastErr = err
		time.Sleep(wait)
	}
	return nil, lastErr
}

// A helper whose loop ranges over its schedule retries the operation.
func withSchedule(delays []time.Duration, op func() error) error {
	var err error
	for _, d := range delays { // want `retry loop \(bounded\)`
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(d)
	}
	return err
}

// Each item is another request: iteration.
func postEach(c *http.Client, urls []string, body []byte) error {
	for _, u := range urls {
		resp, err := c.Post(u, "application/json", bytes.NewReader(body))
		if err != nil {
			return err
		}
		resp.Body.Close()
	}
	return nil
}

// Each item is stored into the request (another host each time): a
// failover, not a schedule.
func postToHosts(c *http.Client, req *http.Request, hosts []string) (*http.Response, error) {
	var lastErr error
	for _, h := range hosts { // want `retry loop \(bounded\) with 1 send\(s\) \(a failover\)`
		req.URL.Host = h
		resp, err := c.Do(req)
		if err == nil {
			return resp, nil
		}
		lastErr = err
	}
	return nil, lastErr
}

// ---- a request made again in each attempt ----

// The URL is made in the body and extended under a condition on the
// parameters: the same URL in every attempt.
func extendedInBody(c *http.Client, base string, since string) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ { // want `retry loop \(bounded\)`
		u := base + "?a=1"
		if since != "" {
			u += "&since=" + since
		}
		resp, err := c.Get(u)
		if err == nil {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return nil, fmt.Errorf("no luck")
}

// Extended by the loop's counter: another page each time.
func extendedByCounter(c *http.Client, base string) error {
	for page := 0; page < 3; page++ {
		u := base + "?a=1"
		u += fmt.Sprintf("&page=%d", page)
		resp, err := c.Get(u)
		if err != nil {
			return err
		}
		resp.Body.Close()
	}
	return nil
}

// Extended from a variable of the function: the URL grows each time.
func extendedFromOuter(c *http.Client, base string) error {
	u := base + "?a=1"
	for i := 0; i < 3; i++ {
		u += "&more=1"
		resp, err := c.Get(u)
		if err != nil {
			return err
		}
		resp.Body.Close()
	}
	return nil
}

// ---- ranges over an integer ----

// The same request five times whatever the outcome: a load loop.
func fiveTimes(c *http.Client, u string) {
	for range 5 {
		if resp, err := c.Get(u); err == nil {
			resp.Body.Close()
		}
	}
}

// One request per number: iteration.
func eachNumber(c *http.Client, base string) {
	for i := range 20 {
		resp, err := c.Get(fmt.Sprintf("%s/%d", base, i))
		if err != nil {
			continue
		}
		resp.Body.Close()
	}
}

// Leaves on success: a retry.
func untilSuccess(c *http.Client, u string) (*http.Response, error) {
	var last error
	for range 5 { // want `retry loop \(bounded\)`
		resp, err := c.Get(u)
		if err == nil {
			return resp, nil
		}
		last = err
		time.Sleep(time.Second)
	}
	return nil, last
}

// A counter over a list's positions, read into a value made in the body:
// one request per item.
func overPositions(c *http.Client, base string, ids []string) {
	for i := 0; i < len(ids); i++ {
		id := ids[i]
		if id == "" {
			id = "none"
		}
		resp, err := c.Get(base + "/" + id)
		if err != nil {
			continue
		}
		resp.Body.Close()
	}
}

// ---- the client swapped between attempts ----

// Another client after a failure sends the same request again.
func swapClient(req *http.Request) (*http.Response, error) {
	client := http.DefaultClient
	for attempt := 0; attempt < 3; attempt++ { // want `retry loop \(bounded\)`
		resp, err := client.Do(req)
		if err == nil {
			return resp, nil
		}
		client = &http.Client{Transport: &http.Transport{ForceAttemptHTTP2: false}}
		time.Sleep(time.Second)
	}
	return nil, fmt.Errorf("no luck")
}

// A new client for each probe, whatever the outcome: a load loop.
func probeWithClients(u string) {
	for i := 0; i < 3; i++ {
		client := &http.Client{Timeout: time.Duration(i+1) * time.Second}
		if resp, err := client.Get(u); err == nil {
			resp.Body.Close()
		}
	}
}

// Items compared with the response, not waited by: an iteration over
// candidates, even though the request stays the same.
func firstMatch(c *http.Client, u string, names []string) (string, error) {
	for _, name := range names {
		resp, err := c.Get(u)
		if err != nil {
			continue
		}
		resp.Body.Close()
		if resp.Header.Get("X-Name") == name {
			return name, nil
		}
	}
	return "", fmt.Errorf("no match")
}

// A work item claimed by a poll in the body is the next item each time:
// a failed acknowledgement polls for another, it does not retry.
func claimNext(c *http.Client, base string) (string, error) {
	for {
		resp, err := c.Get(base + "/claim")
		if err != nil {
			return "", err
		}
		id := resp.Header.Get("X-Work-Id")
		resp.Body.Close()
		ack, err := c.Post(base+"/ack/"+id, "text/plain", nil)
		if err != nil {
			continue
		}
		ack.Body.Close()
		return id, nil
	}
}

// The answer handed to a function value the caller passes (a status
// check that returns the response it accepts) is processed, not sent
// again: the loop re-sends the same request after a failure.
func withHandler(c *http.Client, req *http.Request, handle func(*http.Response) (*http.Response, error)) (*http.Response, error) {
	var err error
	for i := 0; i < 3; i++ { // want `retry loop \(bounded\) with 1 send\(s\)$`
		resp, err := c.Do(req)
		if err == nil {
			resp, err = handle(resp)
		}
		if err == nil {
			return resp, nil
		}
	}
	return nil, err
}

// A helper that hands its operation the attempt's number retries the
// same operation: what the operation does with the number is its own.
func withAttempts(n int, op func(attempt int) error) error {
	var err error
	for i := 0; i < n; i++ { // want `retry loop \(bounded\)`
		if err = op(i); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// So does one that hands it the time of the last failure (a stale read
// allowed from then on).
func withStaleRead(op func(since time.Time) error) error {
	var err error
	var since time.Time
	for i := 0; i < 5; i++ { // want `retry loop \(bounded\)`
		if err = op(since); err == nil {
			return nil
		}
		time.Sleep(time.Second)
		since = time.Now().Add(-30 * time.Second)
	}
	return err
}

// A helper that hands its operation what the operation answered last (a
// page token) asks for the next page: iteration.
func eachPage(op func(token string) (string, error)) error {
	token := ""
	for {
		next, err := op(token)
		if err != nil {
			return err
		}
		if next == "" {
			return nil
		}
		token = next
	}
}

// A helper that calls its operation for each index, going on after every
// success and stopping at the first failure: iteration.
func forEach(n int, op func(i int) error) error {
	for i := 0; i < n; i++ {
		if err := op(i); err != nil {
			return err
		}
	}
	return nil
}

// A helper that hands its operation a token taken from what the operation
// answered, through a variable of its own: iteration.
func eachPageVia(op func(token string) (*pageToken, error)) error {
	token := ""
	for {
		p, err := op(token)
		if err != nil {
			return err
		}
		next := p.next
		if next == "" {
			return nil
		}
		token = next
	}
}

type pageToken struct{ next string }

// A visitor over records: it hands each record to its operation and stops
// at the first failure: iteration, whatever the loop skips.
func visitRecords(recs []uint32, f func(id, n uint32, data []uint32) error) error {
	for i := 0; i < len(recs); i++ {
		if recs[i] == 0 {
			continue
		}
		n := recs[i]
		id := recs[i+1]
		data := recs[i+2 : i+2+int(n)]
		if err := f(id, n, data); err != nil {
			return err
		}
		i += 2 + int(n) - 1
	}
	return nil
}

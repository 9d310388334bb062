// Package sender holds retrying senders: loops that re-send a request they
// were given, whatever its method.
package sender

import (
	"context"
	"errors"
	"iter"
	"net/http"
	"strings"
	"syscall"
	"time"

	"sender/pipeline"
)

// A transport that re-sends any request after a transport error.
type retryTransport struct {
	next  http.RoundTripper
	tries int
}

func (t *retryTransport) RoundTrip(req *http.Request) (*http.Response, error) { // want RoundTrip:"sends\\(param 0\\)" RoundTrip:`resends\(param 0 after a transport error or status 500 while tries > 1\)`
	var resp *http.Response
	var err error
	for i := 0; i < t.tries; i++ {
		resp, err = t.next.RoundTrip(req) // want `a request of any method is re-sent after a transport error or status 50[024] without a check of its method or an Idempotency-Key header`
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return resp, err
}

// A Doer is what an SDK sends through.
type Doer interface {
	Do(*http.Request) (*http.Response, error)
}

type client struct {
	doer Doer
}

// A copy of the caller's request, sent through an interface.
func (c *client) send(ctx context.Context, in *http.Request) (*http.Response, error) {
	for {
		req := in.Clone(ctx)
		resp, err := c.doer.Do(req) // want `a request of any method is re-sent after a transport error`
		if err != nil {
			continue
		}
		return resp, nil
	}
}

// A handler handed in as a func value.
func withRetry(req *http.Request, send func(*http.Request) (*http.Response, error)) (*http.Response, error) {
	for range 3 {
		resp, err := send(req) // want `a request of any method is re-sent after a transport error`
		if err == nil {
			return resp, nil
		}
	}
	return nil, context.DeadlineExceeded
}

// A request built with the caller's method, retried on 502 only.
func call(ctx context.Context, c *http.Client, method, url string) (*http.Response, error) {
	for range 3 {
		req, err := http.NewRequestWithContext(ctx, method, url, nil)
		if err != nil {
			return nil, err
		}
		resp, err := c.Do(req) // want `a request of any method is re-sent after status 502`
		if err != nil {
			return nil, err
		}
		if resp.StatusCode == http.StatusBadGateway {
			resp.Body.Close()
			continue
		}
		return resp, nil
	}
	return nil, context.DeadlineExceeded
}

// withTimeout gives one attempt a timeout of its own.
func withTimeout(req *http.Request, d time.Duration) (*http.Request, context.CancelFunc) {
	ctx, cancel := context.WithTimeout(req.Context(), d)
	return req.WithContext(ctx), cancel
}

// Each attempt sends a request a helper derives from the caller's.
func (t *retryTransport) perAttempt(req *http.Request) (*http.Response, error) {
	for {
		attemptReq, cancel := withTimeout(req, time.Second)
		resp, err := t.next.RoundTrip(attemptReq) // want `a request of any method is re-sent after a transport error`
		cancel()
		if err == nil {
			return resp, nil
		}
	}
}

// A wrapper of the request, as a decorator chain hands it on.
type retriable struct{ req *http.Request }

func newRetriable(r *http.Request) *retriable { return &retriable{req: r} }

func (rr *retriable) Request() *http.Request { return rr.req }

func decorate(d Doer) func(*http.Request) (*http.Response, error) {
	return func(r *http.Request) (*http.Response, error) {
		rr := newRetriable(r)
		var resp *http.Response
		var err error
		for attempt := 0; attempt < 3; attempt++ {
			resp, err = d.Do(rr.Request()) // want `a request of any method is re-sent after a transport error`
			if err == nil {
				return resp, nil
			}
		}
		return resp, err
	}
}

// The handler is a value of an alias of the send's func type.
type handler = func(*http.Request) (*http.Response, error)

func viaAlias(ctx context.Context, in *http.Request, h handler) (*http.Response, error) {
	for range 3 {
		req := in.Clone(ctx)
		resp, err := h(req) // want `a request of any method is re-sent after a transport error`
		if err == nil {
			return resp, nil
		}
	}
	return nil, errTries
}

var errTries = errors.New("out of tries")

// A policy of a pipeline re-sends the wrapper it is given, with a
// per-attempt timeout in one branch only.
type retryPolicy struct{ tryTimeout time.Duration }

func (p retryPolicy) Do(req *pipeline.Request) (*http.Response, error) { // want Do:"sends\\(param 0\\)"
	for try := 0; try < 3; try++ {
		var clone *pipeline.Request
		var resp *http.Response
		var err error
		if p.tryTimeout == 0 {
			clone = req.Clone(req.Raw().Context())
			resp, err = clone.Next() // want `a request of any method is re-sent after a transport error`
		} else {
			ctx, cancel := context.WithTimeout(req.Raw().Context(), p.tryTimeout)
			clone = req.Clone(ctx)
			resp, err = clone.Next()
			if err != nil {
				cancel()
			}
		}
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
	}
	return nil, errTries
}

// doPost sends the request it is handed.
func doPost(c *http.Client, req *http.Request) error {
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// postForm sends a POST through doPost.
func postForm(ctx context.Context, c *http.Client, url, body string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, strings.NewReader(body))
	if err != nil {
		return err
	}
	return doPost(c, req)
}

// The POST that postForm makes through doPost is retried.
func connect(ctx context.Context, c *http.Client) error {
	var err error
	for range 3 {
		if err = postForm(ctx, c, "https://example.com/connect", "a=b"); err == nil { // want `POST is retried after a transport error without an idempotency key \(postForm sends it\)`
			return nil
		}
	}
	return err
}

// attempts yields the attempts of an operation, up to n.
func attempts(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := range n {
			if !yield(i) {
				return
			}
		}
	}
}

// newRequest builds a request with the method it is handed.
func newRequest(ctx context.Context, method, path string) (*http.Request, error) {
	if method == "" {
		method = http.MethodPost
	}
	return http.NewRequestWithContext(ctx, method, "https://example.com/"+path, nil)
}

// execute sends whatever method its caller asks for, on every attempt that
// an iterator yields.
func execute(ctx context.Context, c *http.Client, method, path string) (*http.Response, error) {
	var err error
	for range attempts(3) {
		var req *http.Request
		req, err = newRequest(ctx, method, path)
		if err != nil {
			return nil, err
		}
		var resp *http.Response
		resp, err = c.Do(req) // want `a request of any method is re-sent after a transport error`
		if err != nil {
			continue
		}
		return resp, nil
	}
	return nil, err
}

// until calls cond again until it reports done.
func until(cond func() (bool, error)) error {
	for i := 0; i < 5; i++ {
		done, err := cond()
		if done {
			return err
		}
		time.Sleep(time.Second)
	}
	return errTries
}

// retryOp hands f to until, inside a condition that calls it: a retry
// helper of f.
func retryOp(f func() error) error {
	return until(func() (bool, error) {
		err := f()
		return err == nil, err
	})
}

// A transport whose attempt is an operation handed to a retry helper.
type opTransport struct{ next http.RoundTripper }

func (t *opTransport) RoundTrip(in *http.Request) (out *http.Response, err error) {
	roundtrip := func() error {
		out, err = t.next.RoundTrip(in) // want `a request of any method is re-sent by retryOp after a transport error`
		return err
	}
	retryOp(roundtrip)
	return
}

// The attempt's bookkeeping runs before the guard, the retry decision
// after it.
type countingTransport struct {
	next     http.RoundTripper
	inFlight int
}

func (t *countingTransport) RoundTrip(req *http.Request) (*http.Response, error) { // want RoundTrip:"sends\\(param 0\\)" RoundTrip:`resends\(param 0 after a transport error or status 500\)`
	for {
		retry := false
		t.inFlight++
		resp, err := t.next.RoundTrip(req) // want `a request of any method is re-sent after a transport error`
		t.inFlight--
		if err != nil {
			retry = true
		}
		if !retry {
			return resp, err
		}
	}
}

// ---- must stay silent ----

// A conflict is the server's answer: sending the request again after it
// applies nothing twice.
func afterConflict(c *http.Client, req *http.Request) (*http.Response, error) {
	for range 3 {
		resp, err := c.Do(req)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode != http.StatusConflict {
			return resp, nil
		}
		resp.Body.Close()
	}
	return nil, errTries
}

// The transport checks the method before it hands the attempt on.
type checkedOpTransport struct{ next http.RoundTripper }

func (t *checkedOpTransport) RoundTrip(in *http.Request) (out *http.Response, err error) { // want RoundTrip:"sends\\(param 0\\)"
	if in.Method != http.MethodGet {
		return t.next.RoundTrip(in)
	}
	retryOp(func() error {
		out, err = t.next.RoundTrip(in)
		return err
	})
	return
}

// once calls f once: no retry helper, nor is what hands f to it.
func once(f func() error) error { return f() }

func onceOp(f func() error) error {
	return once(func() error { return f() })
}

type onceTransport struct{ next http.RoundTripper }

func (t *onceTransport) RoundTrip(in *http.Request) (out *http.Response, err error) {
	onceOp(func() error {
		out, err = t.next.RoundTrip(in)
		return err
	})
	return
}

// getPath builds a GET, whatever path it is handed.
func getPath(ctx context.Context, path string) (*http.Request, error) {
	return http.NewRequestWithContext(ctx, http.MethodGet, "https://example.com/"+path, nil)
}

// A GET built by a helper from the caller's path is a GET.
func fetch(ctx context.Context, c *http.Client, path string) (*http.Response, error) {
	for range attempts(3) {
		req, err := getPath(ctx, path)
		if err != nil {
			return nil, err
		}
		resp, err := c.Do(req)
		if err == nil {
			return resp, nil
		}
	}
	return nil, errTries
}

// Each path an iterator yields is a request of its own: iteration.
func sendAll(ctx context.Context, c *http.Client, method string, paths iter.Seq[string]) {
	for path := range paths {
		req, err := newRequest(ctx, method, path)
		if err != nil {
			continue
		}
		resp, err := c.Do(req)
		if err != nil {
			continue
		}
		resp.Body.Close()
	}
}

// A policy that re-sends only what may be replayed.
type checkedPolicy struct{}

func (checkedPolicy) Do(req *pipeline.Request) (*http.Response, error) { // want Do:"sends\\(param 0\\)"
	if req.Raw().Method != http.MethodGet {
		return req.Next()
	}
	for {
		clone := req.Clone(req.Raw().Context())
		resp, err := clone.Next()
		if err == nil {
			return resp, nil
		}
	}
}

// A wrapper of the function's own GET.
func getThrough(ctx context.Context, url string, policies ...pipeline.Policy) (*http.Response, error) {
	req, err := pipeline.NewRequest(ctx, http.MethodGet, url, policies...)
	if err != nil {
		return nil, err
	}
	for {
		resp, err := req.Next()
		if err == nil {
			return resp, nil
		}
	}
}

// getForm sends a GET through doPost: retrying it is safe.
func getForm(ctx context.Context, c *http.Client, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	return doPost(c, req)
}

func poll(ctx context.Context, c *http.Client) error {
	for {
		if err := getForm(ctx, c, "https://example.com/status"); err == nil {
			return nil
		}
	}
}

// A page of a listing: each call sends the POST of the next page.
type page struct {
	c      *http.Client
	cursor string
}

func (p *page) next(ctx context.Context) (*page, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://example.com/list", strings.NewReader("cursor="+p.cursor))
	if err != nil {
		return nil, err
	}
	return p, doPost(p.c, req)
}

// Pagination: the next request is made from the last response.
func all(ctx context.Context, p *page) error {
	var err error
	for err == nil {
		p, err = p.next(ctx)
	}
	return err
}

// The wrapper holds a GET of its own.
func decorateGet(d Doer, url string) (*http.Response, error) {
	get, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	rr := newRetriable(get)
	var resp *http.Response
	for attempt := 0; attempt < 3; attempt++ {
		resp, err = d.Do(rr.Request())
		if err == nil {
			return resp, nil
		}
	}
	return resp, err
}

// A GET made from the caller's URL is a GET, whatever the caller sent.
func (t *retryTransport) probe(req *http.Request) (*http.Response, error) {
	for {
		get, err := http.NewRequest(http.MethodGet, req.URL.String(), nil)
		if err != nil {
			return nil, err
		}
		resp, err := t.next.RoundTrip(get)
		if err == nil {
			return resp, nil
		}
	}
}

// The transport checks the method first, as net/http's does.
type checkedTransport struct{ next http.RoundTripper }

func (t *checkedTransport) RoundTrip(req *http.Request) (*http.Response, error) { // want RoundTrip:"sends\\(param 0\\)"
	if req.Method != http.MethodGet && req.Method != http.MethodHead {
		return t.next.RoundTrip(req)
	}
	var resp *http.Response
	var err error
	for range 3 {
		resp, err = t.next.RoundTrip(req)
		if err == nil {
			return resp, nil
		}
	}
	return resp, err
}

// The check is a helper of the package.
func isIdempotent(req *http.Request) bool {
	switch req.Method {
	case http.MethodGet, http.MethodPut, http.MethodDelete:
		return true
	}
	return false
}

func checkedByHelper(c *http.Client, req *http.Request) (*http.Response, error) {
	for {
		resp, err := c.Do(req)
		if err != nil && isIdempotent(req) {
			continue
		}
		return resp, err
	}
}

// A request that carries a key may be replayed.
func keyed(c *http.Client, req *http.Request) (*http.Response, error) {
	for {
		resp, err := c.Do(req)
		if err != nil && req.Header.Get("Idempotency-Key") != "" {
			continue
		}
		return resp, err
	}
}

// Retrying only a definite rejection (429) is safe for any method.
func onlyRejections(c *http.Client, req *http.Request) (*http.Response, error) {
	for {
		resp, err := c.Do(req)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode != http.StatusTooManyRequests {
			return resp, nil
		}
		resp.Body.Close()
		time.Sleep(time.Second)
	}
}

// One request per item is iteration, not a retry.
func each(c *http.Client, reqs []*http.Request) {
	for _, req := range reqs {
		resp, err := c.Do(req)
		if err != nil {
			continue
		}
		resp.Body.Close()
	}
}

// A function value of another shape is no send.
func notASend(req *http.Request, check func(*http.Request) error) error {
	for {
		if err := check(req); err == nil {
			return nil
		}
	}
}

// isIdempotentMethod reports whether a method may be re-sent.
func isIdempotentMethod(m string) bool {
	return m == http.MethodGet || m == http.MethodHead || m == http.MethodPut
}

// The method test is one side of an ||: a body that can be replayed lets
// any method through.
type replayTransport struct{ next http.RoundTripper }

func (t *replayTransport) RoundTrip(req *http.Request) (*http.Response, error) { // want RoundTrip:"sends\\(param 0\\)" RoundTrip:`resends\(param 0 after a transport error\)`
	retryable := isIdempotentMethod(req.Method) || req.GetBody != nil
	for {
		resp, err := t.next.RoundTrip(req) // want `a request of any method is re-sent after a transport error without a check of its method or an Idempotency-Key header`
		if err == nil || !retryable {
			return resp, err
		}
	}
}

// Must stay silent: both sides of the || are checks (a method, a key).
type keyOrMethodTransport struct{ next http.RoundTripper }

func (t *keyOrMethodTransport) RoundTrip(req *http.Request) (*http.Response, error) { // want RoundTrip:"sends\\(param 0\\)"
	retryable := isIdempotentMethod(req.Method) || req.Header.Get("Idempotency-Key") != ""
	for {
		resp, err := t.next.RoundTrip(req)
		if err == nil || !retryable {
			return resp, err
		}
	}
}

// Must stay silent: the || is on the stopping side, so it stops more.
type stopMoreTransport struct{ next http.RoundTripper }

func (t *stopMoreTransport) RoundTrip(req *http.Request) (*http.Response, error) { // want RoundTrip:"sends\\(param 0\\)"
	for {
		resp, err := t.next.RoundTrip(req)
		if err == nil || !isIdempotentMethod(req.Method) || req.GetBody == nil {
			return resp, err
		}
	}
}

// Must stay silent: the other side of the || says the request never left
// (a refused connection) or was rejected (a 429): nothing is applied twice.
type refusedTransport struct{ next http.RoundTripper }

func (t *refusedTransport) RoundTrip(req *http.Request) (*http.Response, error) { // want RoundTrip:"sends\\(param 0\\)"
	for {
		resp, err := t.next.RoundTrip(req)
		if err == nil {
			return resp, nil
		}
		if !(isIdempotentMethod(req.Method) || errors.Is(err, syscall.ECONNREFUSED)) {
			return nil, err
		}
	}
}

type rejectedTransport struct{ next http.RoundTripper }

func (t *rejectedTransport) RoundTrip(req *http.Request) (*http.Response, error) { // want RoundTrip:"sends\\(param 0\\)"
	for {
		resp, err := t.next.RoundTrip(req)
		if err == nil && resp.StatusCode < 500 && resp.StatusCode != http.StatusTooManyRequests {
			return resp, nil
		}
		rejected := err == nil && resp.StatusCode == http.StatusTooManyRequests
		if !(rejected || isIdempotentMethod(req.Method)) {
			return resp, err
		}
		resp.Body.Close()
	}
}

// Must flag: the other side of the || lets any transport error through.
type anyErrorTransport struct{ next http.RoundTripper }

func (t *anyErrorTransport) RoundTrip(req *http.Request) (*http.Response, error) { // want RoundTrip:"sends\\(param 0\\)" RoundTrip:`resends\(param 0 after a transport error or status 500\)`
	for {
		resp, err := t.next.RoundTrip(req) // want `a request of any method is re-sent after a transport error or status 50[024] without a check of its method or an Idempotency-Key header`
		retryable := err != nil || resp.StatusCode == http.StatusTooManyRequests
		if !(isIdempotentMethod(req.Method) || retryable) {
			return resp, err
		}
	}
}

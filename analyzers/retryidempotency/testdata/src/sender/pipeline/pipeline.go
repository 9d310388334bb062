// Package pipeline is an SDK's request pipeline: each policy gets a
// wrapper of the request and sends it on to the next one.
package pipeline

import (
	"context"
	"errors"
	"net/http"
)

// A Policy is one stage of the pipeline.
type Policy interface {
	Do(req *Request) (*http.Response, error)
}

// Request wraps the *http.Request with the policies still to run.
type Request struct {
	req      *http.Request
	policies []Policy
}

// NewRequest makes a request that runs through policies.
func NewRequest(ctx context.Context, method, url string, policies ...Policy) (*Request, error) {
	req, err := http.NewRequestWithContext(ctx, method, url, nil)
	if err != nil {
		return nil, err
	}
	return &Request{req: req, policies: policies}, nil
}

// Raw returns the request.
func (r *Request) Raw() *http.Request { return r.req }

// Clone returns a copy of r with the context ctx.
func (r *Request) Clone(ctx context.Context) *Request {
	r2 := *r
	r2.req = r.req.Clone(ctx)
	return &r2
}

// Next sends the request on to the next policy.
func (r *Request) Next() (*http.Response, error) { // want Next:"sends\\(receiver\\)"
	if len(r.policies) == 0 {
		return nil, errors.New("no more policies")
	}
	next := *r
	next.policies = next.policies[1:]
	return r.policies[0].Do(&next)
}

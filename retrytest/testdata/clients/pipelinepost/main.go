// Command pipelinepost sends one request through a pipeline of policies,
// as azure-pipeline-go's clients do: each policy hands a wrapper of the
// request to the next one through an interface and gets a wrapper of the
// response back. Its retry policy hands a copy of the caller's request to
// the next policy again after a transport error, whatever the method, the
// defect that retryidempotency reports: when the server applied a POST
// but the connection dropped before the answer, the POST is applied a
// second time. A GET or PUT may be sent again, and so may a POST with an
// Idempotency-Key (-key).
//
//	pipelinepost [-key=K] POST http://127.0.0.1:8080/charges
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
)

// Request wraps the request the pipeline sends, with its body kept so
// that each attempt can send it again.
type Request struct {
	*http.Request
	body []byte
}

// Copy returns a copy of the request for one attempt, with a fresh body.
func (r Request) Copy() Request {
	c := r.Request.Clone(r.Context())
	if r.body != nil {
		c.Body = io.NopCloser(bytes.NewReader(r.body))
	}
	return Request{c, r.body}
}

// Response wraps what a policy answers.
type Response interface {
	Response() *http.Response
}

type response struct{ resp *http.Response }

func (r response) Response() *http.Response { return r.resp }

// Policy is one stage of the pipeline.
type Policy interface {
	Do(ctx context.Context, req Request) (Response, error)
}

// retryPolicy tries the next policy up to tries times.
type retryPolicy struct {
	next  Policy
	tries int
}

func (p retryPolicy) Do(ctx context.Context, req Request) (Response, error) {
	var resp Response
	var err error
	for try := 1; try <= p.tries; try++ {
		resp, err = p.next.Do(ctx, req.Copy())
		if err == nil {
			return resp, nil
		}
	}
	return resp, err
}

// transportPolicy is the end of the pipeline.
type transportPolicy struct{}

func (transportPolicy) Do(ctx context.Context, req Request) (Response, error) {
	resp, err := http.DefaultTransport.RoundTrip(req.Request.WithContext(ctx))
	if err != nil {
		return nil, err
	}
	return response{resp}, nil
}

func main() {
	key := flag.String("key", "", "the Idempotency-Key to send, if any")
	flag.Parse()
	method, url := flag.Arg(0), flag.Arg(1)
	var body []byte
	if method != http.MethodGet {
		body = []byte(`{"customer":"c_42","amount":1999,"currency":"EUR"}`)
	}
	req, err := http.NewRequest(method, url, nil)
	if err != nil {
		fmt.Fprintln(os.Stderr, "pipelinepost:", err)
		os.Exit(2)
	}
	if *key != "" {
		req.Header.Set("Idempotency-Key", *key)
	}
	pipeline := retryPolicy{next: transportPolicy{}, tries: 3}
	resp, err := pipeline.Do(context.Background(), Request{req, body}.Copy())
	if err != nil {
		fmt.Fprintln(os.Stderr, "pipelinepost:", err)
		os.Exit(1)
	}
	resp.Response().Body.Close()
	fmt.Println(resp.Response().Status)
}

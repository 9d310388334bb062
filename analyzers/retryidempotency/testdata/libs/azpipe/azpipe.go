// Package azpipe sends requests through azcore pipelines, whose retry
// policy re-sends after transport errors and 5xx.
package azpipe

import (
	"context"
	"net/http"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/runtime"
)

// Middleware gets every request of the client it is installed in.
type Middleware func(req *http.Request, next func(*http.Request) (*http.Response, error)) (*http.Response, error)

func WithPipeline() Middleware {
	return func(req *http.Request, next func(*http.Request) (*http.Response, error)) (*http.Response, error) {
		pipeline := runtime.NewPipeline("example", "v1.0.0", runtime.PipelineOptions{}, &policy.ClientOptions{ // want `azcore pipeline retries transport errors and 500, 502, 504 with its default retry policy`
			InsecureAllowCredentialWithHTTP: true,
		})
		req2, err := runtime.NewRequestFromRequest(req)
		if err != nil {
			return nil, err
		}
		return pipeline.Do(req2)
	}
}

// A pipeline with its own retry options, constants: the fix keeps them
// for the request it narrows.
func patch(ctx context.Context, method string) (*http.Response, error) {
	pipeline := runtime.NewPipeline("example", "v1.0.0", runtime.PipelineOptions{}, &policy.ClientOptions{ // want `azcore pipeline retries transport errors and 500, 502, 504`
		Retry: policy.RetryOptions{MaxRetries: 5, RetryDelay: 2 * time.Second},
	})
	req, err := runtime.NewRequest(ctx, method, "https://example.com/x")
	if err != nil {
		return nil, err
	}
	return pipeline.Do(req)
}

// ---- must stay silent ----

// Its own StatusCodes list, which a per-request ShouldRetry would replace:
// no fix can keep it, and the pipeline is not reported.
func codes(ctx context.Context, method string) (*http.Response, error) {
	pipeline := runtime.NewPipeline("example", "v1.0.0", runtime.PipelineOptions{}, &policy.ClientOptions{
		Retry: policy.RetryOptions{StatusCodes: []int{http.StatusBadGateway}},
	})
	req, err := runtime.NewRequest(ctx, method, "https://example.com/x")
	if err != nil {
		return nil, err
	}
	return pipeline.Do(req)
}

// No retries.
func once(ctx context.Context, method string) (*http.Response, error) {
	pipeline := runtime.NewPipeline("example", "v1.0.0", runtime.PipelineOptions{}, &policy.ClientOptions{
		Retry: policy.RetryOptions{MaxRetries: -1},
	})
	req, err := runtime.NewRequest(ctx, method, "https://example.com/x")
	if err != nil {
		return nil, err
	}
	return pipeline.Do(req)
}

// Reads only.
func get(ctx context.Context) (*http.Response, error) {
	pipeline := runtime.NewPipeline("example", "v1.0.0", runtime.PipelineOptions{}, nil)
	req, err := runtime.NewRequest(ctx, http.MethodGet, "https://example.com/x")
	if err != nil {
		return nil, err
	}
	return pipeline.Do(req)
}

// Command azurepost sends a request through an azcore pipeline, whose retry
// policy re-sends after a transport error and a 500, 502 or 504 whatever
// the method, the defect that retryidempotency reports: a POST whose answer
// was lost is sent again and may be applied twice.
//
//	azurepost [-header Name=value] METHOD http://127.0.0.1:8080/charges
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/runtime"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/streaming"
)

// send sends body to url with method and the extra headers through a
// pipeline with short retry delays, and returns the status of the answer.
func send(ctx context.Context, method, url string, body []byte, header map[string]string) (int, error) {
	pipeline := runtime.NewPipeline("azurepost", "v1.0.0", runtime.PipelineOptions{}, &policy.ClientOptions{
		Retry: policy.RetryOptions{MaxRetries: 3, RetryDelay: 100 * time.Millisecond},
	})
	req, err := runtime.NewRequest(ctx, method, url)
	if err != nil {
		return 0, err
	}
	for name, value := range header {
		req.Raw().Header.Set(name, value)
	}
	if body != nil {
		if err := req.SetBody(streaming.NopCloser(bytes.NewReader(body)), "application/json"); err != nil {
			return 0, err
		}
	}
	resp, err := pipeline.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	return resp.StatusCode, nil
}

type headers map[string]string

func (h headers) String() string { return fmt.Sprint(map[string]string(h)) }

func (h headers) Set(s string) error {
	name, value, ok := strings.Cut(s, "=")
	if !ok {
		return fmt.Errorf("want Name=value, got %q", s)
	}
	h[name] = value
	return nil
}

func main() {
	header := headers{}
	flag.Var(header, "header", "a request header, Name=value (repeatable)")
	flag.Parse()
	if flag.NArg() != 2 {
		fmt.Fprintln(os.Stderr, "usage: azurepost [-header Name=value] METHOD URL")
		os.Exit(2)
	}
	var body []byte
	if m := flag.Arg(0); m != "GET" && m != "HEAD" {
		body = []byte(`{"customer":"c_42","amount":1999,"currency":"EUR"}`)
	}
	status, err := send(context.Background(), flag.Arg(0), flag.Arg(1), body, header)
	if err != nil {
		fmt.Fprintln(os.Stderr, "azurepost:", err)
		os.Exit(1)
	}
	fmt.Println(status)
}

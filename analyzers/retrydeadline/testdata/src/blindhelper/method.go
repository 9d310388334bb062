package blindhelper

import (
	"context"
	"net/http"
	"time"
)

// Client retries through methods of its own.
type Client struct {
	hc    *http.Client
	tries int
}

// retryRequest hands the client to its operation and sleeps between
// attempts with no context.
func (c *Client) retryRequest(action func(hc *http.Client) (*http.Response, error)) (*http.Response, error) { // want retryRequest:"blindwait\\(param 0, time.Sleep in retryRequest\\)"
	var err error
	for i := range c.tries {
		time.Sleep(time.Duration(i) * time.Second) // want `time.Sleep in retry helper retryRequest takes no context, while Get hands it an operation that uses ctx`
		var resp *http.Response
		resp, err = action(c.hc)
		if err == nil {
			return resp, nil
		}
	}
	return nil, err
}

func (c *Client) Get(ctx context.Context, url string) (*http.Response, error) {
	return c.retryRequest(func(hc *http.Client) (*http.Response, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return nil, err
		}
		return hc.Do(req)
	})
}

// ---- must stay silent ----

// retryQuiet is handed only operations that use no context.
func (c *Client) retryQuiet(action func(hc *http.Client) (*http.Response, error)) (*http.Response, error) { // want retryQuiet:"blindwait\\(param 0, time.Sleep in retryQuiet\\)"
	var err error
	for range c.tries {
		time.Sleep(time.Second)
		var resp *http.Response
		if resp, err = action(c.hc); err == nil {
			return resp, nil
		}
	}
	return nil, err
}

func (c *Client) Ping(url string) (*http.Response, error) {
	return c.retryQuiet(func(hc *http.Client) (*http.Response, error) { return hc.Get(url) })
}

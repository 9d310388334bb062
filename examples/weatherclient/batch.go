package weatherclient

import (
	"context"
	"net/http"
	"strconv"
	"time"
)

// Batch fetches several cities, one request per city.
func (c *Client) Batch(ctx context.Context, cities []string) (map[string]int, error) {
	out := map[string]int{}
	for _, city := range cities {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.BaseURL+"/forecast/"+city, nil)
		if err != nil {
			return nil, err
		}
		for attempt := 0; attempt < 3; attempt++ {
			resp, err := c.HTTP.Do(req)
			if err != nil {
				return nil, err
			}
			resp.Body.Close()
			out[city] = resp.StatusCode
			if resp.StatusCode != http.StatusTooManyRequests {
				break
			}
			time.Sleep(quickRetry(resp, attempt))
		}
	}
	return out, nil
}

// remaining reports the requests left in the rate-limit window.
func remaining(resp *http.Response) (int, bool) {
	n, _ := strconv.Atoi(resp.Header.Get("X-RateLimit-Remaining"))
	return n, n > 0
}

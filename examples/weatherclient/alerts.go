package weatherclient

import (
	"context"
	"errors"
	"io"
	"net/http"
	"time"
)

// Alerts returns the weather alerts for a city. Each attempt gets ten
// seconds, but nothing bounds the five attempts and the pauses between
// them: a slow server makes this a minute-long call.
func (c *Client) Alerts(city string) ([]byte, error) {
	for attempt := 0; attempt < 5; attempt++ {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.BaseURL+"/alerts/"+city, nil)
		if err != nil {
			cancel()
			return nil, err
		}
		resp, err := c.HTTP.Do(req)
		if err == nil && resp.StatusCode == http.StatusOK {
			body, err := io.ReadAll(resp.Body)
			resp.Body.Close()
			cancel()
			return body, err
		}
		if err == nil {
			resp.Body.Close()
		}
		cancel()
		time.Sleep(backoff(attempt))
	}
	return nil, errors.New("alerts: giving up after 5 attempts")
}

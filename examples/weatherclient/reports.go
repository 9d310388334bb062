package weatherclient

import (
	"bytes"
	"fmt"
	"log"
	"net/http"
	"time"
)

// SubmitReport posts a weather observation. A timeout after the server
// stored the report makes the loop post it again: the station's data shows
// the same observation twice.
func (c *Client) SubmitReport(report []byte) error {
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := c.HTTP.Post(c.BaseURL+"/reports", "application/json", bytes.NewReader(report))
		if err != nil {
			lastErr = err
			time.Sleep(backoff(attempt))
			continue
		}
		resp.Body.Close()
		if resp.StatusCode < 300 {
			return nil
		}
		lastErr = fmt.Errorf("submit report: %s", resp.Status)
	}
	return lastErr
}

// logRejected records a request that the API rejected, for support
// tickets: with its Authorization header.
func logRejected(req *http.Request, status string) {
	log.Printf("report rejected (%s): %+v", status, req)
}

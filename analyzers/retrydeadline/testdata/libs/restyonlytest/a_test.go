package restyonlytest

import (
	"context"
	"time"

	"resty.dev/v3"
)

// The package's only use is in a test file: a declaration there would not
// serve the package's other files, so the send is not reported.
func fetchInTest(ctx context.Context) error {
	c := resty.New().SetRetryCount(2).SetTimeout(time.Second)
	_, err := c.R().Get("https://api.example.com/items")
	return err
}

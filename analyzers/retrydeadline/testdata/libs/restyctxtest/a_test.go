package restyctxtest

import (
	"context"
	"time"

	"resty.dev/v3"
)

// A use in a test file: the fix uses the type that the package's first
// use in a file that is not a test declares.
func fetchInTest(ctx context.Context) error {
	c := resty.New().SetRetryCount(2).SetTimeout(time.Second)
	_, err := c.R().Get("https://api.example.com/items") // want `without SetContext\(ctx\)`
	return err
}

package restyonlytest

import (
	"context"
	"time"

	"resty.dev/v3"
)

// The package's only use is in a test file, where the type is declared:
// no other file of the package needs it.
func fetchInTest(ctx context.Context) error {
	c := resty.New().SetRetryCount(2).SetTimeout(time.Second)
	_, err := c.R().Get("https://api.example.com/items") // want `without SetContext\(ctx\)`
	return err
}

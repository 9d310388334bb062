// Package restyctxtest: the type that hides a context's deadline is
// declared in a file that is not a test.
package restyctxtest

import (
	"context"
	"time"

	"resty.dev/v3"
)

func fetch(ctx context.Context) error {
	c := resty.New().SetRetryCount(2).SetTimeout(time.Second)
	_, err := c.R().Get("https://api.example.com/items") // want `without SetContext\(ctx\)`
	return err
}

// Package restytaken declares withoutDeadline as something else: the fix
// declares its type under the next free name.
package restytaken

import (
	"context"
	"time"

	"resty.dev/v3"
)

func withoutDeadline(ctx context.Context) context.Context { return ctx }

func fetch(ctx context.Context) error {
	c := resty.New().SetRetryCount(2).SetTimeout(time.Second)
	_, err := c.R().Get("https://api.example.com/items") // want `without SetContext\(ctx\)`
	return err
}

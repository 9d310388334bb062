package coreloopsdk

import (
	"context"
	"time"

	"coreloopsdk/api"
)

func Submit(ctx context.Context, c *api.Client, body []byte) error {
	var err error
	for i := 0; i < 5; i++ {
		if err = c.CreateOrder(ctx, body); err == nil { // want "POST is retried after a transport error without an idempotency key \\(CreateOrder of api sends it, and takes no key\\)"
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func Fetch(ctx context.Context, c *api.Client) error {
	var err error
	for i := 0; i < 5; i++ {
		if err = c.GetOrder(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func List(ctx context.Context, c *api.Client, body []byte) error {
	var err error
	for i := 0; i < 5; i++ {
		if err = c.ListFolder(ctx, body); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

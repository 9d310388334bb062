package retrygo3

import (
	"context"
	"net/http"

	"github.com/avast/retry-go"
)

func get(ctx context.Context, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// poll: retry-go v3 (the module-less path) waits on
// context.Background() unless retry.Context is given.
func poll(ctx context.Context, url string) error {
	return retry.Do(func() error { return get(ctx, url) }, retry.Attempts(5)) // want `retry.Do without retry.Context\(ctx\): its waits ignore cancellation of ctx`
}

// ---- must stay silent ----

func withContext(ctx context.Context, url string) error {
	return retry.Do(func() error { return get(ctx, url) }, retry.Attempts(5), retry.Context(ctx))
}

// noContext has no context to hand on.
func noContext(url string) error {
	return retry.Do(func() error { return get(context.TODO(), url) })
}

// Package foreignop hands the writes of an SDK it does not own to retry
// libraries: the SDK takes no idempotency key, so the fix stops the retry
// on a transport error with the library's own permanent-error idiom.
package foreignop

import (
	"context"
	"errors"
	"net/url"

	retrygo "github.com/avast/retry-go/v4"
	"github.com/cenkalti/backoff/v4"
	backoff5 "github.com/cenkalti/backoff/v5"
	goretry "github.com/sethvargo/go-retry"

	"libs/foreignop/chat"
)

// announce posts again after any error: backoff retries every error that
// is not marked permanent.
func announce(ctx context.Context, api *chat.Client, text string) error {
	return backoff.Retry(func() error {
		err := api.PostMessage(ctx, "ops", text) // want `POST is retried by backoff.Retry after a transport error without an idempotency key \(PostMessage of chat sends it, and takes no key\)`
		return err
	}, backoff.WithContext(backoff.NewExponentialBackOff(), ctx))
}

// announceGo is announce through retry-go.
func announceGo(ctx context.Context, api *chat.Client, text string) error {
	return retrygo.Do(func() error {
		if err := api.PostMessage(ctx, "ops", text); err != nil { // want `POST is retried by retry.Do after a transport error without an idempotency key`
			return err
		}
		return nil
	}, retrygo.Context(ctx), retrygo.Attempts(3))
}

// announceV5 hands back a value with the error.
func announceV5(ctx context.Context, api *chat.Client, text string) (string, error) {
	return backoff5.Retry(ctx, func() (string, error) {
		err := api.PostMessage(ctx, "ops", text) // want `POST is retried by backoff.Retry after a transport error without an idempotency key`
		if err != nil {
			return "", err
		}
		return "sent", nil
	})
}

// announceMarked marks every error retryable for go-retry.
func announceMarked(ctx context.Context, api *chat.Client, text string) error {
	b := goretry.WithMaxRetries(3, goretry.NewExponential(1e9))
	return goretry.Do(ctx, b, func(ctx context.Context) error {
		err := api.PostMessage(ctx, "ops", text) // want `POST is retried by retry.Do after a transport error without an idempotency key`
		if err != nil {
			return goretry.RetryableError(err)
		}
		return nil
	})
}

// announceDirect returns the write's error as the operation's.
func announceDirect(ctx context.Context, api *chat.Client, text string) error {
	return retrygo.Do(func() error {
		return api.PostMessage(ctx, "ops", text) // want `POST is retried by retry.Do after a transport error without an idempotency key`
	}, retrygo.Context(ctx))
}

// ---- must stay silent ----

// history reads again: a GET.
func history(ctx context.Context, api *chat.Client) (string, error) {
	var out string
	err := backoff.Retry(func() error {
		s, err := api.History(ctx, "ops")
		out = s
		return err
	}, backoff.WithContext(backoff.NewExponentialBackOff(), ctx))
	return out, err
}

// announceGuarded stops on a transport error: the write is not sent again.
func announceGuarded(ctx context.Context, api *chat.Client, text string) error {
	return backoff.Retry(func() error {
		err := api.PostMessage(ctx, "ops", text)
		if urlErr := (*url.Error)(nil); errors.As(err, &urlErr) {
			return backoff.Permanent(err)
		}
		return err
	}, backoff.WithContext(backoff.NewExponentialBackOff(), ctx))
}

// announceOnce hands go-retry an error it does not retry.
func announceOnce(ctx context.Context, api *chat.Client, text string) error {
	b := goretry.WithMaxRetries(3, goretry.NewExponential(1e9))
	return goretry.Do(ctx, b, func(ctx context.Context) error {
		return api.PostMessage(ctx, "ops", text)
	})
}

// announceIf retries only what its RetryIf allows, and a transport error
// is not among it.
func announceIf(ctx context.Context, api *chat.Client, text string) error {
	return retrygo.Do(func() error {
		return api.PostMessage(ctx, "ops", text)
	}, retrygo.Context(ctx), retrygo.RetryIf(func(err error) bool { return errors.Is(err, errBusy) }))
}

var errBusy = errors.New("busy")

// announceOnceCtx makes one attempt: no retries, inside WithContext.
func announceOnceCtx(ctx context.Context, api *chat.Client, text string) error {
	return backoff.Retry(func() error {
		return api.PostMessage(ctx, "ops", text)
	}, backoff.WithContext(backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 0), ctx))
}

// announceStop stops at the first failure.
func announceStop(ctx context.Context, api *chat.Client, text string) error {
	return backoff.Retry(func() error {
		return api.PostMessage(ctx, "ops", text)
	}, backoff.WithContext(&backoff.StopBackOff{}, ctx))
}

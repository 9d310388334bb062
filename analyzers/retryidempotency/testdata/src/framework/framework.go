// Package framework retries the notifiers its users plug in: a notifier
// returns a verdict that says whether another attempt is worth it.
package framework

import (
	"context"
	"errors"
	"io"
	"net/http"
	"time"
)

// Verdict is the outcome of a notification attempt.
type Verdict struct {
	retry bool
	err   error
}

// Retry asks for another attempt after err.
func Retry(after time.Duration, err error) Verdict {
	_ = after
	return Verdict{retry: true, err: err}
}

// Unrecoverable ends the notification with err.
func Unrecoverable(err error) Verdict { return Verdict{err: err} }

// Success is a delivered notification.
func Success() Verdict { return Verdict{} }

// Err is the error of a failed attempt.
func (v Verdict) Err() error { return v.err }

// ShouldRetry reports whether another attempt is worth it.
func (v Verdict) ShouldRetry() bool { return v.retry }

// Notifier sends one notification.
type Notifier interface {
	Notify(ctx context.Context, msg string) Verdict
}

// Integration wraps a notifier.
type Integration struct{ n Notifier }

// Notify forwards to the notifier.
func (i *Integration) Notify(ctx context.Context, msg string) Verdict {
	return i.n.Notify(ctx, msg)
}

// Stage retries an integration until its verdict says not to.
type Stage struct{ i *Integration }

// Exec notifies, again while the verdict asks.
func (s *Stage) Exec(ctx context.Context, msg string) error {
	for {
		v := s.i.Notify(ctx, msg)
		if err := v.Err(); err != nil {
			if !v.ShouldRetry() {
				return err
			}
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(time.Second):
			}
			continue
		}
		return nil
	}
}

// Sender is the older form: a notifier says whether to retry beside its
// error.
type Sender interface {
	Send(ctx context.Context, msg string) (bool, error)
}

// Deliver retries a sender while it asks.
func Deliver(ctx context.Context, s Sender, msg string) error {
	for range 5 {
		retry, err := s.Send(ctx, msg)
		if err == nil {
			return nil
		}
		if !retry {
			return err
		}
		time.Sleep(time.Second)
	}
	return errors.New("gave up")
}

// Batch hands each message to the sender once: iteration, no retry.
type Batcher interface {
	Put(ctx context.Context, msg string) (bool, error)
}

// PutAll stops at the first failure, whatever the flag says.
func PutAll(ctx context.Context, b Batcher, msgs []string) error {
	for _, m := range msgs {
		ok, err := b.Put(ctx, m)
		if err != nil {
			return err
		}
		if ok {
			continue
		}
	}
	return nil
}

// PostJSON posts a JSON body.
func PostJSON(ctx context.Context, client *http.Client, url string, body io.Reader) (*http.Response, error) { // want PostJSON:"write\\(POST\\)"
	return post(ctx, client, url, "application/json", body)
}

func post(ctx context.Context, client *http.Client, url, bodyType string, body io.Reader) (*http.Response, error) {
	return request(ctx, client, http.MethodPost, url, bodyType, body)
}

func request(ctx context.Context, client *http.Client, method, url, bodyType string, body io.Reader) (*http.Response, error) {
	req, err := http.NewRequest(method, url, body)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", bodyType)
	return client.Do(req.WithContext(ctx))
}

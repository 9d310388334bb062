// Package foreignwrite retries the writes of an SDK it does not own.
package foreignwrite

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"foreignwrite/chat"
)

// notify posts again after any error: a message may be posted twice.
func notify(ctx context.Context, api *chat.Client, text string) error {
	for {
		err := api.PostMessage(ctx, "ops", text) // want `POST is retried after a transport error without an idempotency key \(PostMessage of chat sends it, and takes no key\)`
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// upload tries three times: a file may be uploaded twice.
func upload(ctx context.Context, api *chat.Client, name string) (string, error) {
	var err error
	for range 3 {
		var id string
		id, _, err = api.PostFile(ctx, name) // want `POST is retried after a transport error without an idempotency key \(PostFile of chat sends it, and takes no key\)`
		if err == nil {
			return id, nil
		}
		time.Sleep(time.Second)
	}
	return "", err
}

// notifyGuarded hands a transport error back: silent.
func notifyGuarded(ctx context.Context, api *chat.Client, text string) error {
	for {
		err := api.PostMessage(ctx, "ops", text)
		if urlErr := (*url.Error)(nil); errors.As(err, &urlErr) {
			return err
		}
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// history reads again: a GET, silent.
func history(ctx context.Context, api *chat.Client) error {
	var err error
	for range 3 {
		if err = api.History(ctx, "ops"); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// broadcast posts once to each channel: iteration, silent.
func broadcast(ctx context.Context, api *chat.Client, channels []string, text string) error {
	for _, ch := range channels {
		if err := api.PostMessage(ctx, ch, text); err != nil {
			return err
		}
	}
	return nil
}

// listAll pages through the channels, the cursor kept behind a pointer,
// and hands each error to check: one call per page, silent.
func listAll(ctx context.Context, api *chat.Client, cursor *string, check func(error) error) error {
	for {
		page := []string{*cursor}
		next, err := api.List(ctx, page[0])
		if err := check(err); err != nil {
			return err
		}
		if next == "" {
			return nil
		}
		*cursor = next
	}
}

// run calls op again after a failure only when the caller says it is
// idempotent, as cloud.google.com/go/storage's run does.
func run(idempotent bool, op func() error) error {
	if !idempotent {
		return op()
	}
	var err error
	for range 3 {
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// notifyVia hands the post to that helper, saying it is not idempotent:
// silent.
func notifyVia(ctx context.Context, api *chat.Client, text string) error {
	return run(false, func() error {
		return api.PostMessage(ctx, "ops", text)
	})
}

// announce posts through a helper of this package that hands the SDK's
// error back as it is.
func announce(ctx context.Context, api *chat.Client, text string) error {
	var err error
	for range 3 {
		if err = postOps(ctx, api, text); err == nil { // want `POST is retried after a transport error without an idempotency key \(postOps sends it through PostMessage of chat, which takes no key\)`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func postOps(ctx context.Context, api *chat.Client, text string) error {
	if text == "" {
		return errors.New("empty message")
	}
	return api.PostMessage(ctx, "ops", text)
}

// announceWrapped posts through a helper that wraps the error with %w.
func announceWrapped(ctx context.Context, api *chat.Client, text string) error {
	for attempt := 0; ; attempt++ {
		err := postWrapped(ctx, api, text) // want `POST is retried after a transport error without an idempotency key \(postWrapped sends it through PostMessage of chat, which takes no key\)`
		if err == nil || attempt == 2 {
			return err
		}
		time.Sleep(time.Second)
	}
}

func postWrapped(ctx context.Context, api *chat.Client, text string) error {
	if err := api.PostMessage(ctx, "ops", text); err != nil {
		return fmt.Errorf("post to ops: %w", err)
	}
	return nil
}

// announceFlattened posts through a helper that folds the error into its
// own with %v: the fix makes it %w (the same text), so that the guard
// sees the transport error.
func announceFlattened(ctx context.Context, api *chat.Client, text string) error {
	var err error
	for range 3 {
		if err = postFlattened(ctx, api, text); err == nil { // want `POST is retried after a transport error without an idempotency key \(postFlattened sends it through PostMessage of chat, which takes no key\)`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func postFlattened(ctx context.Context, api *chat.Client, text string) error {
	if err := api.PostMessage(ctx, "ops", text); err != nil {
		return fmt.Errorf("post to ops: %v", err)
	}
	return nil
}

// announceText posts through a helper that keeps only the error's text
// (err.Error()): no guard could see a transport error, silent.
func announceText(ctx context.Context, api *chat.Client, text string) error {
	var err error
	for range 3 {
		if err = postText(ctx, api, text); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func postText(ctx context.Context, api *chat.Client, text string) error {
	if err := api.PostMessage(ctx, "ops", text); err != nil {
		return fmt.Errorf("post to ops: %s", err.Error())
	}
	return nil
}

// remind posts with a helper of this package that no key can be threaded
// through (it is generic).
func remind(ctx context.Context, c *http.Client, base, text string) error {
	var err error
	for range 3 {
		if err = postNote(ctx, c, base, text); err == nil { // want `POST is retried after a transport error without an idempotency key \(postNote sends it, and no key can be threaded through it\)`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func postNote[T ~string](ctx context.Context, c *http.Client, base string, text T) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, base+"/notes", strings.NewReader(string(text)))
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

var errUnavailable = errors.New("chat unavailable")

// announceSentinel posts through a helper that wraps its own error with
// %w and the SDK's with %v: no transport error reaches the loop (silent).
func announceSentinel(ctx context.Context, api *chat.Client, text string) error {
	var err error
	for range 3 {
		if err = postSentinel(ctx, api, text); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func postSentinel(ctx context.Context, api *chat.Client, text string) error {
	if err := api.PostMessage(ctx, "ops", text); err != nil {
		return fmt.Errorf("%w: %v", errUnavailable, err)
	}
	return nil
}

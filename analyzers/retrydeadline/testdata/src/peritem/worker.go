package peritem

import (
	"bytes"
	"context"
	"net/http"
	"time"
)

type uploader struct {
	url     string
	httpc   *http.Client
	pending chan []byte
}

// upload bounds its one request by a timeout held in a local variable
// given one constant.
func (u *uploader) upload(ctx context.Context, body []byte) (bool, error) {
	maxUploadTime := 45 * time.Second
	ctx, cancel := context.WithTimeout(ctx, maxUploadTime)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, u.url, bytes.NewReader(body))
	if err != nil {
		return false, err
	}
	resp, err := u.httpc.Do(req)
	if err != nil {
		return false, err
	}
	resp.Body.Close()
	return resp.StatusCode == http.StatusOK, nil
}

// uploading drains batches for ever and retries each one until it is
// uploaded: the retry of one batch is reported, once, and the worker's
// loop around it is no retry of its own.
func (u *uploader) uploading(ctx context.Context) {
	for {
		var body []byte
		select {
		case <-ctx.Done():
			return
		case body = <-u.pending:
		}
		for len(body) > 0 {
			uploaded, _ := u.upload(ctx, body) // want `per-attempt timeout \(made by upload from ctx\) inside retry loop but no overall deadline`
			if uploaded {
				break
			}
			select {
			case <-ctx.Done():
				return
			case <-time.After(time.Second):
			}
		}
	}
}

// uploadVaried makes a timeout whose duration depends on the body: the
// duration is not known, and the retry's budget cannot be sized.
func (u *uploader) uploadVaried(ctx context.Context, body []byte) error {
	limit := 10 * time.Second
	if len(body) > 1<<20 {
		limit = time.Minute
	}
	ctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, u.url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := u.httpc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (u *uploader) uploadAll(ctx context.Context, body []byte) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = u.uploadVaried(ctx, body); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return err
}

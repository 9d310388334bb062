package b

import (
	"context"
	"time"

	"helper"
)

func viaHelper(url string) error {
	for attempt := 0; attempt < 4; attempt++ {
		resp, err := helper.Fetch(url) // want `per-attempt timeout \(made by Fetch\) inside retry loop but no overall deadline \(the attempts plus`
		if err == nil {
			return resp.Body.Close()
		}
	}
	return nil
}

func viaHelperWithCaller(ctx context.Context, url string) error {
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	for attempt := 0; attempt < 4; attempt++ {
		resp, err := helper.FetchCtx(ctx, url)
		if err == nil {
			return resp.Body.Close()
		}
	}
	return nil
}

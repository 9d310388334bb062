package twofiles

import (
	"net/http"
	"strconv"
	"time"
)

func second(resp *http.Response) time.Duration {
	secs, err := strconv.Atoi(resp.Header.Get("Retry-After")) // want `Retry-After is parsed only as seconds by strconv.Atoi` `a negative .* value is accepted as the wait`
	if err != nil {
		return 0
	}
	return time.Duration(secs) * time.Second
}

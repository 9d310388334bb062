package custom

import (
	"net/http"
	"strconv"
	"time"
)

func rateLimitReset(resp *http.Response) time.Duration {
	secs, err := strconv.Atoi(resp.Header.Get("X-RateLimit-Reset-After")) // want `Retry-After is parsed only as seconds by strconv.Atoi`
	if err != nil {
		return 0
	}
	return min(time.Duration(secs)*time.Second, time.Minute) // want `Retry-After is capped by min\(\.\.\.\)`
}

func standardHeaderNotConfigured(resp *http.Response) time.Duration {
	secs, err := strconv.Atoi(resp.Header.Get("Retry-After"))
	if err != nil {
		return 0
	}
	return min(time.Duration(secs)*time.Second, time.Minute)
}

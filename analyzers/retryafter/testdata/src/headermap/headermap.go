// Package headermap reads the server's wait from a map of header names to
// values that the client fills from the response, names folded to lower
// case: the map's entry is the header's value.
package headermap

import (
	"net/http"
	"strconv"
	"strings"
	"time"
)

func lowered(resp *http.Response) map[string]string {
	headers := map[string]string{}
	for k := range resp.Header {
		headers[strings.ToLower(k)] = resp.Header.Get(k)
	}
	return headers
}

func parseWait(ra string) time.Duration {
	if s, err := strconv.Atoi(ra); err == nil && s >= 0 {
		return time.Duration(s) * time.Second
	}
	if t, err := http.ParseTime(ra); err == nil {
		return time.Until(t)
	}
	return 0
}

// A server wait of a minute or more gives way to the client's backoff.
func retryDelay(headers map[string]string, backoff time.Duration) time.Duration {
	var d time.Duration
	if ra, ok := headers["retry-after"]; ok {
		d = parseWait(ra)
	}
	if d > 0 && d < 60*time.Second { // want `Retry-After is honoured only below 60 \* time.Second and a shorter wait is used otherwise`
		return d
	}
	return backoff
}

// Silent: the server's wait is honoured whatever it is.
func honoured(headers map[string][]string, backoff time.Duration) time.Duration {
	if vs := headers["retry-after"]; len(vs) > 0 {
		if d := parseWait(vs[0]); d > 0 {
			return d
		}
	}
	return backoff
}

// Silent: another header of the map, under a limit.
func requestBudget(headers map[string]string, backoff time.Duration) time.Duration {
	if v, ok := headers["x-request-budget"]; ok {
		if d := parseWait(v); d > 0 && d < time.Minute {
			return d
		}
	}
	return backoff
}

func wait(resp *http.Response) {
	time.Sleep(retryDelay(lowered(resp), time.Second))
	time.Sleep(honoured(map[string][]string(resp.Header), time.Second))
}

package restywait

import (
	"errors"
	"log"
	"net/http"
	"strconv"
	"time"

	"github.com/go-resty/resty/v2"
)

func serverWait(resp *resty.Response) (time.Duration, error) {
	if s := resp.Header().Get("Retry-After"); s != "" {
		if n, err := strconv.Atoi(s); err == nil && n >= 0 {
			return time.Duration(n) * time.Second, nil
		}
		if t, err := http.ParseTime(s); err == nil {
			return time.Until(t), nil
		}
	}
	return 0, nil
}

func literal() *resty.Client {
	return resty.New().
		SetRetryCount(3).
		SetRetryMaxWaitTime(10 * time.Second).
		SetRetryAfter(func(c *resty.Client, r *resty.Response) (time.Duration, error) { // want `the wait of this SetRetryAfter callback comes from Retry-After and resty caps it`
			return serverWait(r)
		})
}

func named(c *resty.Client) {
	c.SetRetryCount(2)
	c.SetRetryAfter(restyWait) // want `resty caps it at RetryMaxWaitTime`
}

func restyWait(c *resty.Client, r *resty.Response) (time.Duration, error) { // want restyWait:"retryafter\\(result0=retry-after\\)"
	d, err := serverWait(r)
	log.Printf("waiting %v (max %v)", d, c.RetryMaxWaitTime) // a mention, not a check
	return d, err
}

// ---- must stay silent ----

// ownBackoff: the callback's wait is the client's own, not the server's.
func ownBackoff() *resty.Client {
	return resty.New().SetRetryCount(3).SetRetryAfter(func(c *resty.Client, r *resty.Response) (time.Duration, error) {
		return time.Duration(r.Request.Attempt) * time.Second, nil
	})
}

// stops: the callback gives up when the server asks for more than the cap.
func stops() *resty.Client {
	return resty.New().SetRetryCount(3).SetRetryAfter(func(c *resty.Client, r *resty.Response) (time.Duration, error) {
		d, err := serverWait(r)
		if err == nil && d > c.RetryMaxWaitTime {
			return 0, errors.New("server asked to wait too long")
		}
		return d, err
	})
}

// noCallback: resty's own jittered backoff is the client's own.
func noCallback() *resty.Client {
	return resty.New().SetRetryCount(3).SetRetryMaxWaitTime(time.Second)
}

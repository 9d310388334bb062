package sender // want package:"sends"

// sender sends requests on behalf of its callers.

import "net/http"

// Fetch sends a GET.
func Fetch(c *http.Client, url string) (*http.Response, error) { // want Fetch:"sends"
	return c.Get(url)
}

// Indirect sends through Fetch.
func Indirect(url string) error { // want Indirect:"sends"
	resp, err := Fetch(http.DefaultClient, url)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Quiet does not send.
func Quiet(url string) string { return url }

// Until calls cond again until it reports done.
func Until(cond func() (bool, error)) error { // want Until:"retries\\(param 0 bounded cond\\)"
	for i := 0; i < 3; i++ {
		if done, err := cond(); done {
			return err
		}
	}
	return nil
}

// Retry hands f to Until inside a condition that calls it: a retry helper
// of f.
func Retry(f func() error) error { // want Retry:"retries\\(param 0 bounded\\)"
	return Until(func() (bool, error) {
		err := f()
		return err == nil, err
	})
}

// Once calls f once.
func Once(f func() error) error { return f() }

// Wrap hands f to Once, which is no retry helper.
func Wrap(f func() error) error {
	return Once(func() error { return f() })
}

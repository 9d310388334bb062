package loops

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log"
	"net/http"
)

// Failover: the same request tried on each peer in turn, the next only
// after the last failed.
func failover(ctx context.Context, peers []string, body []byte) (*http.Response, error) {
	for _, p := range peers { // want `retry loop \(bounded\)`
		req, err := http.NewRequestWithContext(ctx, "POST", p+"/db/execute", bytes.NewReader(body))
		if err != nil {
			return nil, err
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			continue
		}
		if resp.StatusCode != http.StatusOK {
			resp.Body.Close()
			continue
		}
		return resp, nil
	}
	return nil, errors.New("all peers failed")
}

// The same, but a body that fails to read after a 200 sends the request
// to the next peer: whether a success leaves the loop is not certain, so
// it is taken for iteration.
func failoverRead(ctx context.Context, peers []string) ([]byte, error) {
	for _, p := range peers {
		resp, err := http.Get(p)
		if err != nil {
			continue
		}
		b, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			continue
		}
		return b, nil
	}
	return nil, errors.New("all peers failed")
}

// Failover through a function that sends once.
func failoverOnce(ctx context.Context, mirrors map[string]string) error {
	for _, m := range mirrors { // want `retry loop \(bounded\)`
		if _, err := fetchOnce(ctx, m); err != nil {
			continue
		}
		return nil
	}
	return errors.New("no mirror answered")
}

func fetchOnce(ctx context.Context, url string) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, "GET", url, nil)
	if err != nil {
		return nil, err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return io.ReadAll(resp.Body)
}

// Iteration: one request per item, whatever the last one did.
func eachItem(ctx context.Context, items []string) {
	for _, it := range items {
		if _, err := fetchOnce(ctx, it); err != nil {
			continue
		}
	}
}

// Iteration that stops at the first failure.
func untilFailure(ctx context.Context, items []string) error {
	for _, it := range items {
		if _, err := fetchOnce(ctx, it); err != nil {
			return err
		}
	}
	return nil
}

// A queue: each value received is new work.
func queue(ctx context.Context, urls chan string) error {
	for u := range urls {
		if _, err := fetchOnce(ctx, u); err != nil {
			continue
		}
		return nil
	}
	return nil
}

// Failover spelled with the index of the list.
func failoverIndex(ctx context.Context, peers []string, body []byte) (*http.Response, error) {
	for i := 0; i < len(peers); i++ { // want `retry loop \(bounded\)`
		req, err := http.NewRequestWithContext(ctx, "POST", peers[i]+"/db/execute", bytes.NewReader(body))
		if err != nil {
			return nil, err
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			continue
		}
		return resp, nil
	}
	return nil, errors.New("all peers failed")
}

// One request per item by index, failures skipped: iteration.
func eachIndex(ctx context.Context, urls []string) int {
	ok := 0
	for i := 0; i < len(urls); i++ {
		resp, err := http.Get(urls[i])
		if err != nil {
			continue
		}
		resp.Body.Close()
		ok++
	}
	return ok
}

// The index moves in the body too: not a plain walk of the list.
func skipIndex(ctx context.Context, peers []string) (*http.Response, error) {
	for i := 0; i < len(peers); i++ {
		resp, err := http.Get(peers[i])
		if err != nil {
			i++
			continue
		}
		return resp, nil
	}
	return nil, errors.New("all peers failed")
}

// The request is made from the index itself, not the item: one page per
// iteration.
func pageByIndex(ctx context.Context, base string, pages []int) (*http.Response, error) {
	for i := 0; i < len(pages); i++ {
		resp, err := http.Get(base + "?page=" + string(rune('0'+i)))
		if err != nil {
			continue
		}
		return resp, nil
	}
	return nil, errors.New("no page")
}

// The index logged beside the peer: a failover still.
func failoverIndexLogged(ctx context.Context, peers []string, body []byte) (*http.Response, error) {
	for i := 0; i < len(peers); i++ { // want `retry loop \(bounded\)`
		req, err := http.NewRequestWithContext(ctx, "POST", peers[i]+"/db/execute", bytes.NewReader(body))
		if err != nil {
			return nil, err
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			log.Printf("peer %d (%s) failed: %v", i, peers[i], err)
			continue
		}
		return resp, nil
	}
	return nil, errors.New("all peers failed")
}

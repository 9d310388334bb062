// Command methodpeer sends one statement, with the method it is given, to
// a cluster whose client tries each peer in turn through a helper that
// builds the request from the method it is handed, and goes on to the next
// peer after any error, the defect that retryidempotency reports: when a
// peer applied a POST but the connection dropped before the answer, the
// next peer applies it a second time.
//
//	methodpeer METHOD http://127.0.0.1:8080/p1 http://127.0.0.1:8080/p2
package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
)

type conn struct {
	client *http.Client
	peers  []string
}

func main() {
	c := &conn{client: http.DefaultClient, peers: os.Args[2:]}
	var body []byte
	if os.Args[1] != http.MethodGet {
		body = []byte(`{"statement":"INSERT INTO orders VALUES (42)"}`)
	}
	b, err := c.call(context.Background(), os.Args[1], "/db/execute", body)
	if err != nil {
		fmt.Fprintln(os.Stderr, "methodpeer:", err)
		os.Exit(1)
	}
	fmt.Println(string(b))
}

func (c *conn) doOnce(ctx context.Context, method, url string, body []byte) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, method, url, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	resp, err := c.client.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("status %d", resp.StatusCode)
	}
	return b, nil
}

func (c *conn) call(ctx context.Context, method, path string, body []byte) ([]byte, error) {
	for _, p := range c.peers {
		b, err := c.doOnce(ctx, method, p+path, body)
		if err != nil {
			continue
		}
		return b, nil
	}
	return nil, errors.New("no peer answered")
}

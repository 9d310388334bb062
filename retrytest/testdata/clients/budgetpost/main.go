// Command budgetpost sends a request of the method it is given through a
// small API session that re-sends any request, by calling itself again,
// after a 502, and returns the body it read. A POST whose 502 came after
// the server applied it is then applied twice, the defect retryidempotency
// reports. A GET is re-sent the same before and after the fix.
//
//	budgetpost METHOD http://127.0.0.1:8080/charges
package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
)

type session struct {
	c          *http.Client
	maxRetries int
}

func (s *session) call(method, url string, b []byte, sequence int) ([]byte, error) {
	req, err := http.NewRequest(method, url, bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	resp, err := s.c.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	switch resp.StatusCode {
	case http.StatusOK, http.StatusCreated:
		return io.ReadAll(resp.Body)
	case http.StatusBadGateway:
		if sequence < s.maxRetries {
			return s.call(method, url, b, sequence+1)
		}
	}
	return nil, errors.New(resp.Status)
}

func main() {
	s := &session{c: http.DefaultClient, maxRetries: 2}
	var body []byte
	if os.Args[1] != http.MethodGet {
		body = []byte(`{"customer":"c_42","amount":1999,"currency":"EUR"}`)
	}
	out, err := s.call(os.Args[1], os.Args[2], body, 0)
	if err != nil {
		fmt.Fprintln(os.Stderr, "budgetpost:", err)
		os.Exit(1)
	}
	fmt.Printf("%s", out)
}

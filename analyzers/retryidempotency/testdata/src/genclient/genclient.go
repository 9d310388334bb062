// Package genclient is shaped like a generated API client: a function
// builds each operation's request with its own method, and a method of
// the client sends it after the caller's request editors.
package genclient

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"time"
)

// HTTPRequestDoer sends requests.
type HTTPRequestDoer interface {
	Do(req *http.Request) (*http.Response, error)
}

// RequestEditorFn edits a request before it is sent.
type RequestEditorFn func(ctx context.Context, req *http.Request) error

// Client is the generated client.
type Client struct {
	Server string
	Client HTTPRequestDoer
}

// NewCreatePetRequest builds the request of CreatePet.
func NewCreatePetRequest(server string, body []byte) (*http.Request, error) { // want NewCreatePetRequest:`method\(POST\)`
	req, err := http.NewRequest("POST", server+"/pets", bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Add("Content-Type", "application/json")
	return req, nil
}

// NewListPetsRequest builds the request of ListPets.
func NewListPetsRequest(server string) (*http.Request, error) { // want NewListPetsRequest:`method\(GET\)`
	return http.NewRequest("GET", server+"/pets", nil)
}

// CreatePet sends the request of CreatePet.
func (c *Client) CreatePet(ctx context.Context, body []byte, reqEditors ...RequestEditorFn) (*http.Response, error) { // want CreatePet:`write\(POST\)`
	req, err := NewCreatePetRequest(c.Server, body)
	if err != nil {
		return nil, err
	}
	req = req.WithContext(ctx)
	for _, r := range reqEditors {
		if err := r(ctx, req); err != nil {
			return nil, err
		}
	}
	return c.Client.Do(req)
}

// ListPets sends the request of ListPets.
func (c *Client) ListPets(ctx context.Context, reqEditors ...RequestEditorFn) (*http.Response, error) {
	req, err := NewListPetsRequest(c.Server)
	if err != nil {
		return nil, err
	}
	req = req.WithContext(ctx)
	for _, r := range reqEditors {
		if err := r(ctx, req); err != nil {
			return nil, err
		}
	}
	return c.Client.Do(req)
}

func pause(ctx context.Context) error {
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(time.Second):
		return nil
	}
}

func createPet(ctx context.Context, c *Client, body []byte) error {
	for range 4 {
		resp, err := c.CreatePet(ctx, body) // want `POST is retried after a transport error without an idempotency key \(CreatePet sends it\)`
		if err != nil {
			if err := pause(ctx); err != nil {
				return err
			}
			continue
		}
		resp.Body.Close()
		if resp.StatusCode >= 500 {
			continue
		}
		return nil
	}
	return errors.New("createPet: attempts exhausted")
}

// Silent: a GET.
func listPets(ctx context.Context, c *Client) error {
	for range 4 {
		resp, err := c.ListPets(ctx)
		if err != nil {
			if err := pause(ctx); err != nil {
				return err
			}
			continue
		}
		return resp.Body.Close()
	}
	return errors.New("listPets: attempts exhausted")
}

// Silent: a request editor made once sets the key on every attempt.
func createPetKeyed(ctx context.Context, c *Client, body []byte, key string) error {
	withKey := func(ctx context.Context, req *http.Request) error {
		req.Header.Set("Idempotency-Key", key)
		return nil
	}
	for range 4 {
		resp, err := c.CreatePet(ctx, body, withKey)
		if err != nil {
			if err := pause(ctx); err != nil {
				return err
			}
			continue
		}
		return resp.Body.Close()
	}
	return errors.New("createPetKeyed: attempts exhausted")
}

// withIdempotencyKey makes a request editor that sets the key it is
// given.
func withIdempotencyKey(key string) RequestEditorFn {
	return func(ctx context.Context, req *http.Request) error {
		req.Header.Set("Idempotency-Key", key)
		return nil
	}
}

// withTrace makes a request editor that sets a trace header.
func withTrace(id string) RequestEditorFn {
	return func(ctx context.Context, req *http.Request) error {
		req.Header.Set("X-Trace-Id", id)
		return nil
	}
}

// Silent: an editor made by an option function, from a key made once.
func createPetOption(ctx context.Context, c *Client, body []byte, key string) error {
	for range 4 {
		resp, err := c.CreatePet(ctx, body, withIdempotencyKey(key))
		if err != nil {
			if err := pause(ctx); err != nil {
				return err
			}
			continue
		}
		return resp.Body.Close()
	}
	return errors.New("createPetOption: attempts exhausted")
}

// An editor made by an option function that sets no key.
func createPetTraced(ctx context.Context, c *Client, body []byte, id string) error {
	for range 4 {
		resp, err := c.CreatePet(ctx, body, withTrace(id)) // want `POST is retried after a transport error without an idempotency key \(CreatePet sends it\)`
		if err != nil {
			if err := pause(ctx); err != nil {
				return err
			}
			continue
		}
		return resp.Body.Close()
	}
	return errors.New("createPetTraced: attempts exhausted")
}

// A request given its context again keeps its method.
func post(ctx context.Context, hc *http.Client, body []byte) error {
	for range 4 {
		req, err := NewCreatePetRequest("https://example.com", body)
		if err != nil {
			return err
		}
		req = req.WithContext(ctx)
		resp, err := hc.Do(req) // want `POST is retried after a transport error without an idempotency key`
		if err != nil {
			if err := pause(ctx); err != nil {
				return err
			}
			continue
		}
		return resp.Body.Close()
	}
	return errors.New("post: attempts exhausted")
}

// Silent: a GET given its context again.
func get(ctx context.Context, hc *http.Client) error {
	for range 4 {
		req, err := NewListPetsRequest("https://example.com")
		if err != nil {
			return err
		}
		req = req.Clone(ctx)
		resp, err := hc.Do(req)
		if err != nil {
			if err := pause(ctx); err != nil {
				return err
			}
			continue
		}
		return resp.Body.Close()
	}
	return errors.New("get: attempts exhausted")
}

// A request built by a local closure of the function.
func postClosure(ctx context.Context, hc *http.Client, body []byte) error {
	newReq := func() (*http.Request, error) {
		return http.NewRequestWithContext(ctx, http.MethodPost, "https://example.com/pets", bytes.NewReader(body))
	}
	for range 4 {
		req, err := newReq()
		if err != nil {
			return err
		}
		resp, err := hc.Do(req) // want `POST is retried after a transport error without an idempotency key`
		if err != nil {
			if err := pause(ctx); err != nil {
				return err
			}
			continue
		}
		return resp.Body.Close()
	}
	return errors.New("postClosure: attempts exhausted")
}

// Silent: the closure builds a GET.
func getClosure(ctx context.Context, hc *http.Client) error {
	newReq := func() (*http.Request, error) {
		return http.NewRequestWithContext(ctx, http.MethodGet, "https://example.com/pets", nil)
	}
	for range 4 {
		req, err := newReq()
		if err != nil {
			return err
		}
		resp, err := hc.Do(req)
		if err != nil {
			if err := pause(ctx); err != nil {
				return err
			}
			continue
		}
		return resp.Body.Close()
	}
	return errors.New("getClosure: attempts exhausted")
}

// A request variable declared first and assigned on each attempt.
func postDeclared(ctx context.Context, hc *http.Client, body []byte) (*http.Response, error) {
	var resp *http.Response
	var err error
	for range 4 {
		var req *http.Request
		req, err = http.NewRequestWithContext(ctx, http.MethodPost, "https://example.com/pets", bytes.NewReader(body))
		if err != nil {
			return nil, err
		}
		resp, err = hc.Do(req) // want `POST is retried after a transport error without an idempotency key`
		if err == nil {
			break
		}
		if err := pause(ctx); err != nil {
			return nil, err
		}
	}
	return resp, err
}

func fill(req **http.Request, method string) error {
	r, err := http.NewRequest(method, "https://example.com/pets", nil)
	*req = r
	return err
}

// Silent: the request is filled through its address, with a method
// that is not known here.
func sendFilled(ctx context.Context, hc *http.Client, method string) error {
	for range 4 {
		var req *http.Request
		if err := fill(&req, method); err != nil {
			return err
		}
		resp, err := hc.Do(req)
		if err != nil {
			if err := pause(ctx); err != nil {
				return err
			}
			continue
		}
		return resp.Body.Close()
	}
	return errors.New("sendFilled: attempts exhausted")
}

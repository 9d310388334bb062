package a

import (
	"fmt"
	"log"
	"log/slog"
	"net/http"
)

// APIError holds the request and response of a failed call; loggers print
// it through Error, which shows neither header.
type APIError struct {
	Request  *http.Request
	Response *http.Response
}

func (e *APIError) Error() string {
	return e.Request.Method + " " + e.Request.URL.Redacted() + ": " + e.Response.Status
}

func callAPI(c *http.Client, req *http.Request) error {
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 400 {
		return &APIError{Request: req, Response: resp}
	}
	return nil
}

// Errors that hold a request are printed through Error: silent.
func logAPIError(c *http.Client, req *http.Request, l *slog.Logger) {
	if err := callAPI(c, req); err != nil {
		log.Printf("call failed: %v", err)
		l.Warn("call failed", slog.Any("error", err))
		fmt.Println("call failed:", err)
	}
	apiErr := &APIError{Request: req}
	log.Printf("failed: %s", apiErr)
}

// A credential formatted into an error's message is printed by Error.
func logWrappedToken(r *http.Request) {
	err := fmt.Errorf("bad token %q", r.Header.Get("Authorization"))
	log.Print(err) // want `Authorization header value reaches log.Print`
}

// Package errtext logs errors whose text was composed from a whole
// header, request or dump, here and through helpers; errors that hold a
// request in a field print only what their Error method prints.
package errtext

import (
	"errors"
	"fmt"
	"log"
	"log/slog"
	"net/http"
	"net/http/httputil"
)

func headerError(req *http.Request) {
	err := fmt.Errorf("bad request, headers %v", req.Header)
	log.Printf("send: %v", err) // want `http.Header \(may hold Authorization, Proxy-Authorization, ...\) reaches log.Printf`
}

func requestError(req *http.Request) {
	err := fmt.Errorf("request %+v failed", req)
	slog.Error("send", "err", err) // want `request formatted whole \(its Header may hold Authorization, Proxy-Authorization, ...\) reaches slog.Error`
}

func dumpError(req *http.Request) {
	dump, _ := httputil.DumpRequestOut(req, true)
	err := errors.New("rejected:\n" + string(dump))
	log.Println(err.Error()) // want `request dump \(includes every header\) reaches log.Println`
}

func headerErrorText(req *http.Request) {
	err := errors.New("headers: " + fmt.Sprint(req.Header))
	log.Println("send: " + err.Error()) // want `http.Header \(may hold .*\) reaches log.Println`
}

// HeadersError returns an error whose text holds the headers it is given:
// its callers, here and in other packages, log them with the error.
func HeadersError(h http.Header, status int) error { // want HeadersError:`authlog\(result0<-p0,p1\)`
	return fmt.Errorf("status %d, request headers %v", status, h)
}

// RequestError returns an error whose text holds the request.
func RequestError(req *http.Request, status int) error { // want RequestError:`authlog\(result0=request result0<-p1\)`
	return fmt.Errorf("status %d for %+v", status, req)
}

func helper(req *http.Request, resp *http.Response) {
	if err := HeadersError(req.Header, resp.StatusCode); err != nil {
		log.Print(err) // want `http.Header \(may hold .*\) reaches log.Print`
	}
}

// ReqError holds the request it failed on; its Error method prints the
// method and the URL only.
type ReqError struct {
	Req *http.Request
	Err error
}

func (e *ReqError) Error() string { // want Error:`authlog\(prints=f1\)`
	return e.Req.Method + " " + e.Req.URL.Redacted() + ": " + e.Err.Error()
}

// Silent: the request is held in a field, which Error does not print.
func heldInField(req *http.Request, cause error) {
	err := &ReqError{Req: req, Err: cause}
	log.Printf("send: %v", err)
}

// headerErr is a header converted to an error that prints its size.
type headerErr http.Header

func (h headerErr) Error() string { return fmt.Sprintf("%d headers", len(h)) }

// Silent: converted, the header is printed by Error.
func converted(req *http.Request) {
	var err error = headerErr(req.Header)
	log.Print(err)
}

// Silent: %T and %p print no header; the URL and method are fine.
func typeOnly(req *http.Request) {
	err := fmt.Errorf("request %p (%T) to %s %s failed", req, req.Header, req.Method, req.URL.Redacted())
	log.Print(err)
}

// Silent: the error wraps another that holds no credential.
func wrapped(req *http.Request, cause error) {
	err := fmt.Errorf("%s: %w", req.URL.Redacted(), cause)
	log.Print(err)
}

// HeaderError holds the headers of a rejected request; its Error method
// prints their number.
type HeaderError struct {
	Header http.Header
}

func (e *HeaderError) Error() string {
	return fmt.Sprintf("%d headers rejected", len(e.Header))
}

// NewHeaderError keeps h in a field.
func NewHeaderError(h http.Header) error {
	return &HeaderError{Header: h}
}

// APIError holds the request it failed on, and its Error method prints
// the request whole: every log of an APIError prints its headers.
type APIError struct {
	Req    *http.Request
	Status int
}

func (e *APIError) Error() string { // want Error:`authlog\(result0=request prints=f0,f1\)`
	return fmt.Sprintf("request %+v failed with %d", e.Req, e.Status) // want `request formatted whole \(its Header may hold .*\) reaches the text of \(\*APIError\).Error, which every log of the error prints`
}

// status builds an APIError from the request it sent.
func status(c *http.Client, req *http.Request) error {
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 400 {
		return &APIError{Req: req, Status: resp.StatusCode}
	}
	return nil
}

// RejectedError prints the headers it holds.
type RejectedError struct {
	Header http.Header
}

func (e RejectedError) Error() string { // want Error:`authlog\(prints=f0\)`
	return "rejected with headers " + fmt.Sprint(e.Header) // want `http.Header \(may hold .*\) reaches the text of \(RejectedError\).Error`
}

func rejected(req *http.Request) error {
	return RejectedError{Header: req.Header}
}

// PointerError prints its request's address only (%p): silent.
type PointerError struct {
	Req *http.Request
}

func (e *PointerError) Error() string { return fmt.Sprintf("request %p failed", e.Req) }

func pointerErr(req *http.Request) error { return &PointerError{Req: req} }

// NotBuilt prints its request whole, but the package builds no value of
// it (another package may, from a request that carries no credential):
// silent.
type NotBuilt struct {
	Req *http.Request
}

func (e *NotBuilt) Error() string { return fmt.Sprintf("%v failed", e.Req) } // want Error:`authlog\(result0=request prints=f0\)`

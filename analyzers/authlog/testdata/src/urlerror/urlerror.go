// Package urlerror logs the errors of sends whose URL holds a secret: the
// error of a net/http send is a *url.Error, which prints the URL whole,
// its query and path with it.
package urlerror

import (
	"fmt"
	"log"
	"log/slog"
	"net/http"
	"net/url"
	"os"
	"strings"

	"urlerrorlib"
)

type Client struct {
	apiKey    string
	headerKey string
	hc        *http.Client
	base      string
}

// A key put in the query string, the error of the send logged.
func (c *Client) Query(path string) (*http.Response, error) { // want Query:`authlog\(sink=log\.Printf values=p0 sends=p0 result1=url-error result1<-p0\)`
	q := url.Values{}
	q.Set("api_key", c.apiKey)
	req, err := http.NewRequest(http.MethodGet, c.base+path+"?"+q.Encode(), nil)
	if err != nil {
		return nil, err
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		log.Printf("request failed: %v", err) // want `error of a request whose URL holds a secret \(a \*url.Error prints the URL\) reaches log.Printf`
		return nil, err
	}
	return resp, nil
}

// The query given to the request after it was made.
func (c *Client) Later(path string) error { // want Later:`authlog\(sink=slog\.Error values=p0 sends=p0 result0=url-error result0<-p0\)`
	req, err := http.NewRequest(http.MethodGet, c.base+path, nil)
	if err != nil {
		return err
	}
	q := req.URL.Query()
	q.Set("access_token", c.apiKey)
	req.URL.RawQuery = q.Encode()
	resp, err := c.hc.Do(req)
	if err != nil {
		slog.Error("get failed", "err", err) // want `error of a request whose URL holds a secret .* reaches slog.Error`
		return err
	}
	return resp.Body.Close()
}

// A package-level send with the key in the URL string.
func (c *Client) Plain(path string) { // want Plain:`authlog\(sink=log.Println values=p0 sends=p0\)`
	resp, err := http.Get(c.base + path + "?api_key=" + c.apiKey)
	if err != nil {
		log.Println("get:", err) // want `error of a request whose URL holds a secret .* reaches log.Println`
		return
	}
	resp.Body.Close()
}

// The send in a helper of another package, its error logged here.
func (c *Client) Helper(path string) { // want Helper:`authlog\(sink=log.Printf values=p0\)`
	if err := urlerrorlib.Fetch(c.base + path + "?api_key=" + c.apiKey); err != nil {
		log.Printf("fetch: %v", err) // want `secret \(a password, key or token\) reaches log.Printf`
	}
}

// Silent: the key goes in a header, which the error does not print.
func (c *Client) Header(path string) { // want Header:`authlog\(sink=log\.Printf values=p0 sends=p0\)`
	req, _ := http.NewRequest(http.MethodGet, c.base+path, nil)
	req.Header.Set("X-Api-Key", c.headerKey)
	if _, err := c.hc.Do(req); err != nil {
		log.Printf("get: %v", err)
	}
}

// Silent: the client strips a user's password from the URL its errors
// print.
func (c *Client) User(user string) {
	u := &url.URL{Scheme: "https", Host: "example.com", User: url.UserPassword(user, c.apiKey)}
	if _, err := c.hc.Get(u.String()); err != nil {
		log.Printf("get: %v", err)
	}
}

// A password stored into a parsed URL: its String method prints it.
func (c *Client) Ping(endpoint, user, pass string) error {
	u, err := url.Parse(endpoint)
	if err != nil {
		return err
	}
	u.User = url.UserPassword(user, pass)
	log.Printf("pinging %s", u.String()) // want `URL with its user's password reaches log.Printf`
	resp, err := c.hc.Get(u.String())
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Silent: the same URL's send error, from which the client strips the
// password, and the URL redacted.
func (c *Client) PingQuiet(endpoint, user, pass string) {
	u, err := url.Parse(endpoint)
	if err != nil {
		return
	}
	u.User = url.UserPassword(user, pass)
	log.Printf("pinging %s", u.Redacted())
	if _, err := c.hc.Get(u.String()); err != nil {
		log.Printf("ping: %v", err)
	}
}

// redactURL masks the password of u's user, as go-retryablehttp's does.
func redactURL(u *url.URL) string {
	ru := *u
	if _, has := ru.User.Password(); has {
		ru.User = url.UserPassword(ru.User.Username(), "xxxxx")
	}
	return ru.String()
}

// adminPass is a password written in the code: a secret all the same.
const adminPass = "s3cret-admin"

// A constant password that is no mask.
func (c *Client) Admin(host string) { // want Admin:`authlog\(sink=log.Printf values=p0\)`
	u := &url.URL{Scheme: "https", Host: host, User: url.UserPassword("admin", adminPass)}
	log.Printf("admin endpoint %s", u) // want `URL with its user's password reaches log.Printf`
}

// Silent: the URL of a request, its password masked by a helper.
func (c *Client) Masked(req *http.Request) {
	log.Printf("sending %s", redactURL(req.URL))
}

// Silent: a query with nothing secret in it.
func (c *Client) Page(path string, page string) { // want Page:`authlog\(sink=log.Printf values=p0,p1 sends=p0,p1\)`
	q := url.Values{}
	q.Set("page", page)
	if _, err := c.hc.Get(c.base + path + "?" + q.Encode()); err != nil {
		log.Printf("get: %v", err)
	}
}

type Stream struct {
	Host  string
	token string
}

// The query's key says what the value is: access_token=.
func (s *Stream) Dial() (*http.Response, error) { // want Dial:`authlog\(result1=url-error\)`
	raw := "https://" + s.Host + "/stream?access_token=" + url.QueryEscape(s.token)
	log.Printf("dialing %s", raw) // want `secret \(a password, key or token\) reaches log.Printf`
	return http.Get(raw)
}

// A URL given the query after it was parsed.
func (s *Stream) Parsed(path string) (*http.Response, error) { // want Parsed:`authlog\(result1=url-error\)`
	u, err := url.Parse("https://" + s.Host + path)
	if err != nil {
		return nil, err
	}
	u.RawQuery = "api_key=" + s.token
	log.Printf("GET %s", u) // want `URL with a secret in its query or path reaches log.Printf`
	return http.Get(u.String())
}

// An environment variable named for a key.
func Geocode() {
	key := os.Getenv("MAPS_API_KEY")
	resp, err := http.Get("https://maps.example.com/geocode?address=Paris&key=" + key)
	if err != nil {
		log.Printf("geocode failed: %v", err) // want `error of a request whose URL holds a secret .* reaches log.Printf`
		return
	}
	resp.Body.Close()
}

// Silent: a page number, and a variable that names no secret.
func (s *Stream) Pages(page string) { // want Pages:`authlog\(sink=log.Printf values=p0 sends=p0\)`
	home := os.Getenv("HOME")
	raw := "https://" + s.Host + "/items?page=" + url.QueryEscape(page) + "&dir=" + home
	log.Printf("listing %s", raw)
	if _, err := http.Get(raw); err != nil {
		log.Printf("list: %v", err)
	}
}

// Silent: the secret is in the body, which the send's error does not
// print.
func (c *Client) Token(refresh string) {
	form := url.Values{}
	form.Set("client_secret", c.apiKey)
	form.Set("refresh_token", refresh)
	req, err := http.NewRequest(http.MethodPost, c.base+"/token", strings.NewReader(form.Encode()))
	if err != nil {
		return
	}
	if _, err := c.hc.Do(req); err != nil {
		log.Printf("token: %v", err)
	}
}

// The key put in the query by a format: the text before the verb says
// what the value is.
func weather(city, key string) {
	resp, err := http.Get(fmt.Sprintf("https://api.example.com/weather?q=%s&api_key=%s", url.QueryEscape(city), key))
	if err != nil {
		log.Printf("weather: %v", err) // want `error of a request whose URL holds a secret .* reaches log.Printf`
		return
	}
	resp.Body.Close()
}

// The same, the format held in a variable.
func forecast(city, key string) {
	tmpl := "https://api.example.com/forecast?q=%s&access_token=%s"
	resp, err := http.Get(fmt.Sprintf(tmpl, city, key))
	if err != nil {
		log.Printf("forecast: %v", err) // want `error of a request whose URL holds a secret .* reaches log.Printf`
		return
	}
	resp.Body.Close()
}

// Silent: the verbs follow keys that name nothing secret.
func search(city, units string) {
	resp, err := http.Get(fmt.Sprintf("https://api.example.com/search?q=%s&units=%s", city, units))
	if err != nil {
		log.Printf("search: %v", err)
		return
	}
	resp.Body.Close()
}

// The address of a request whose query holds a key, logged as a trace
// line is: the URL prints the key.
func (c *Client) Traced(path string) error { // want Traced:`authlog\(result0=url-error result0<-p0\)`
	req, err := http.NewRequest(http.MethodGet, c.base+path+"?api_key="+c.apiKey, nil)
	if err != nil {
		return err
	}
	log.Printf("GET %s", req.URL) // want `URL with a secret in its query or path reaches log.Printf`
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// The same, the query given after the request was made.
func (c *Client) TracedLater(path string) error { // want TracedLater:`authlog\(result0=url-error result0<-p0\)`
	req, err := http.NewRequest(http.MethodGet, c.base+path, nil)
	if err != nil {
		return err
	}
	req.URL.RawQuery = url.Values{"access_token": {c.apiKey}}.Encode()
	log.Printf("GET %s", req.URL.String()) // want `URL with a secret in its query or path reaches log.Printf`
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Silent: the address of a request whose query names nothing secret.
func (c *Client) TracedPage(path, page string) error { // want TracedPage:`authlog\(result0<-p0,p1\)`
	req, err := http.NewRequest(http.MethodGet, c.base+path+"?page="+page, nil)
	if err != nil {
		return err
	}
	log.Printf("GET %s", req.URL)
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Silent: the secret is in the form body; the URL logged holds none.
func (c *Client) TracedForm(refresh string) error {
	form := url.Values{"grant_type": {"refresh_token"}, "refresh_token": {refresh}}
	req, err := http.NewRequest(http.MethodPost, c.base+"/token", strings.NewReader(form.Encode()))
	if err != nil {
		return err
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	log.Printf("POST %s: %s", req.URL, resp.Status)
	return nil
}

// Doer is what *http.Client satisfies.
type Doer interface {
	Do(req *http.Request) (*http.Response, error)
}

// Sender sends by another contract (a transport's): *http.Client does not
// satisfy it.
type Sender interface {
	Send(req *http.Request) (*http.Response, error)
}

type DoerClient struct {
	token  string
	doer   Doer
	sender Sender
}

// A key in the query, sent through a Doer whose default is a
// *http.Client: the error prints the URL.
func (c *DoerClient) Complete(body string) error { // want Complete:`authlog\(result0=url-error\)`
	req, err := http.NewRequest(http.MethodPost, "https://api.example.com/v1/chat?access_token="+c.token, strings.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := c.doer.Do(req)
	if err != nil {
		log.Printf("completion of %d bytes failed: %v", len(body), err) // want `error of a request whose URL holds a secret .* reaches log.Printf`
		return err
	}
	return resp.Body.Close()
}

// Silent: an interface *http.Client does not satisfy says nothing of its
// errors.
func (c *DoerClient) Post(body string) error {
	req, err := http.NewRequest(http.MethodPost, "https://api.example.com/v1/chat?access_token="+c.token, strings.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := c.sender.Send(req)
	if err != nil {
		log.Printf("post of %d bytes failed: %v", len(body), err)
		return err
	}
	return resp.Body.Close()
}

// getURL sends a GET to the URL it is handed: its error prints that URL.
func getURL(c *http.Client, endpoint string) error {
	req, err := http.NewRequest(http.MethodGet, endpoint, nil)
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// The caller puts the token in the URL it hands the helper.
func validate(c *http.Client, endpoint, accessToken string) bool {
	params := url.Values{"access_token": {accessToken}}
	if err := getURL(c, endpoint+"?"+params.Encode()); err != nil {
		log.Printf("validating at %s failed: %v", endpoint, err) // want `secret \(a password, key or token\) reaches log.Printf`
		return false
	}
	return true
}

// Silent: a page number in the URL.
func fetchPage(c *http.Client, endpoint, page string) bool {
	params := url.Values{"page": {page}}
	if err := getURL(c, endpoint+"?"+params.Encode()); err != nil {
		log.Printf("fetching %s failed: %v", endpoint, err)
		return false
	}
	return true
}

// The request sent is one derived from it for a context: the same URL.
func (c *Client) withCtx(req *http.Request) {
	q := req.URL.Query()
	q.Set("access_token", c.apiKey)
	req.URL.RawQuery = q.Encode()
	if _, err := c.hc.Do(req.WithContext(req.Context())); err != nil {
		log.Printf("get: %v", err) // want `error of a request whose URL holds a secret .* reaches log.Printf`
	}
}

// Silent: the derived request's URL holds no secret; the key is a header.
func (c *Client) withCtxHeader(req *http.Request) {
	req.Header.Set("X-Api-Key", c.headerKey)
	if _, err := c.hc.Do(req.WithContext(req.Context())); err != nil {
		log.Printf("get: %v", err)
	}
}

// Package ifacecall logs through an interface of its own whose methods
// take a struct, not a format: what its implementations in the package
// print is what a call of the interface method prints.
package ifacecall

import (
	"log"
	"net/http"
	"time"
)

type LogData struct {
	URL    string
	Start  time.Time
	Header http.Header
}

// Logger is how the client reports each request.
type Logger interface {
	Log(data LogData, err error) // want Log:"authlog\\(sink=log.Printf values=p0,p1\\)"
}

// ConsoleLogger prints the whole record.
type ConsoleLogger struct{}

func (ConsoleLogger) Log(data LogData, err error) { // want Log:"authlog\\(sink=log.Printf values=p0,p1\\)"
	log.Printf("data:%+v err:%v", data, err)
}

// Reporter is another interface, whose one implementation prints the URL
// alone.
type Reporter interface {
	Report(data LogData)
}

type urlReporter struct{}

func (urlReporter) Report(data LogData) {
	log.Printf("request to %s", data.URL)
}

type Client struct {
	hc       *http.Client
	logger   Logger
	reporter Reporter
}

func (c *Client) log(data LogData, err error) {
	if c.logger == nil {
		return
	}
	c.logger.Log(data, err)
}

func (c *Client) Get(url, token string) (*http.Response, error) { // want Get:"authlog\\(sink=log.Printf values=p0 sends=p0 result1<-p0 p1=sent\\(header-value\\)\\)"
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+token)
	start := time.Now()
	res, err := c.hc.Do(req)
	c.log(LogData{URL: url, Start: start, Header: req.Header}, err) // want `http.Header \(may hold Authorization, Proxy-Authorization, ...\) reaches \(\*Client\).log \(which passes it to log.Printf\)`
	c.reporter.Report(LogData{URL: url, Start: start, Header: req.Header})
	return res, err
}

// Command stringlog fetches a report with a bearer token, the defect that
// authlog reports: it describes each call with a request type of its own
// whose String method prints the headers it will send, and logs that
// description (stderr), token included.
//
//	stringlog -token TOKEN http://127.0.0.1:8080/report
package main

import (
	"flag"
	"fmt"
	"log"
	"net/http"
	"os"
)

// call is the client's own description of a request.
type call struct {
	Method  string
	URL     string
	Headers map[string]string
}

func (c *call) String() string {
	return fmt.Sprintf("%s %s %v", c.Method, c.URL, c.Headers)
}

func main() {
	token := flag.String("token", "", "the API token")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: stringlog -token TOKEN URL")
		os.Exit(2)
	}
	c := &call{Method: "GET", URL: flag.Arg(0), Headers: map[string]string{"Authorization": "Bearer " + *token, "Accept": "application/json"}}
	log.Printf("sending %s", c)
	req, err := http.NewRequest(c.Method, c.URL, nil)
	if err != nil {
		fmt.Fprintln(os.Stderr, "stringlog:", err)
		os.Exit(1)
	}
	for k, v := range c.Headers {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		fmt.Fprintln(os.Stderr, "stringlog:", err)
		os.Exit(1)
	}
	resp.Body.Close()
	fmt.Println(resp.StatusCode)
}

// Command restydebuglog fetches a report through a resty v3 client that
// sends a session cookie, with resty's debug log on (-curl: and the curl
// command of each request in it), the defect that authlog reports: resty
// masks the headers whose name says authorization, token or secret, not a
// Cookie, so the session is written to the log (stderr) in the clear.
//
//	restydebuglog [-curl] http://127.0.0.1:8080/report
package main

import (
	"flag"
	"fmt"
	"os"

	"resty.dev/v3"
)

const session = "s3cr3t-session"

func newClient() *resty.Client {
	c := resty.New().SetHeader("Cookie", "session="+session)
	c.SetDebug(true)
	return c
}

// newCurlClient edits the debug log, but not the curl command it holds.
func newCurlClient() *resty.Client {
	c := resty.New().SetHeader("Cookie", "session="+session).SetDebug(true).OnDebugLog(func(dl *resty.DebugLog) {
		dl.Request.Header.Del("Cookie")
	})
	c.SetCurlCmdGenerate(true).SetCurlCmdDebugLog(true)
	return c
}

func main() {
	curl := flag.Bool("curl", false, "log the curl command of each request")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: restydebuglog [-curl] URL")
		os.Exit(2)
	}
	c := newClient()
	if *curl {
		c = newCurlClient()
	}
	defer c.Close()
	resp, err := c.R().Get(flag.Arg(0))
	if err != nil {
		fmt.Fprintln(os.Stderr, "restydebuglog:", err)
		os.Exit(1)
	}
	fmt.Println(resp.StatusCode())
}

// Package accum logs text accumulated with += from every header, as a
// curl command builder does, and from a credential.
package accum

import (
	"log"
	"net/http"
	"strings"
)

func curl(req *http.Request) {
	cmd := "curl -X " + req.Method
	for k, v := range req.Header {
		cmd += " -H '" + k + ": " + strings.Join(v, ",") + "'"
	}
	cmd += " " + req.URL.Redacted()
	log.Println(cmd) // want `http.Header \(may hold Authorization, Proxy-Authorization, ...\) reaches log.Println`
}

func firstValues(req *http.Request) {
	line := ""
	for k, v := range req.Header {
		line += k + "=" + v[0] + " "
	}
	log.Print("headers: " + line) // want `http.Header \(may hold .*\) reaches log.Print`
}

func token(req *http.Request) {
	msg := "auth: "
	msg += req.Header.Get("Authorization")
	log.Print(msg) // want `Authorization header value reaches log.Print`
}

// Silent: the loop leaves the credentials out.
func filtered(req *http.Request) {
	cmd := "curl"
	for k, v := range req.Header {
		if k == "Authorization" || k == "Cookie" {
			continue
		}
		cmd += " -H '" + k + ": " + strings.Join(v, ",") + "'"
	}
	log.Println(cmd)
}

// Silent: the names only.
func names(req *http.Request) {
	list := ""
	for k := range req.Header {
		list += k + ","
	}
	log.Println(list)
}

// Package curllib renders a request as a curl command, as
// moul.io/http2curl does: a named slice of words, filled by a method that
// appends to it and printed by a String method that joins them.
package curllib

import (
	"fmt"
	"net/http"
	"sort"
	"strings"
)

// Command is a curl command line, word by word.
type Command []string

func (c *Command) append(words ...string) { *c = append(*c, words...) }

// String returns the command to copy and paste.
func (c *Command) String() string { // want String:`authlog\(prints-recv\)`
	return strings.Join(*c, " ")
}

// FromRequest returns the curl command of req, every header included.
func FromRequest(req *http.Request) *Command { // want FromRequest:`authlog\(result0=header\)`
	cmd := Command{}
	cmd.append("curl", "-X", req.Method)
	var keys []string
	for k := range req.Header {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		cmd.append("-H", fmt.Sprintf("'%s: %s'", k, strings.Join(req.Header[k], " ")))
	}
	cmd.append(req.URL.String())
	return &cmd
}

// Methods is the list of methods a command may use.
type Methods []string

// String prints how many there are, not which.
func (m Methods) String() string { return fmt.Sprintf("%d methods", len(m)) }

// Summary returns the method and the names of the headers of req, no value.
func Summary(req *http.Request) *Command {
	cmd := Command{}
	cmd.append(req.Method)
	for k := range req.Header {
		cmd.append(k)
	}
	return &cmd
}

// HeaderLine writes the headers of req into out, one line.
func HeaderLine(out *string, req *http.Request) { // want HeaderLine:`authlog\(p0<-header\)`
	*out = fmt.Sprint(req.Header)
}

// MethodLine writes the method of req into out.
func MethodLine(out *string, req *http.Request) {
	*out = req.Method
}

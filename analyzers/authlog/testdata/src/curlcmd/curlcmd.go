// Package curlcmd logs requests through the commands and lines of
// another package: what a named slice's String method joins, what a
// method appends to it, and what a function writes through a pointer.
package curlcmd

import (
	"log"
	"net/http"

	"example.com/curllib"
)

func logCommand(req *http.Request) {
	log.Printf("curl: %v", curllib.FromRequest(req)) // want `http.Header \(may hold .*\) reaches log.Printf`
}

func logLine(req *http.Request) {
	var line string
	curllib.HeaderLine(&line, req)
	log.Print(line) // want `value of some request header \(may be .*\) reaches log.Print`
}

// Silent: the header names alone, the method, and a String method that
// prints a count.
func logQuiet(req *http.Request) {
	log.Printf("request: %v", curllib.Summary(req))
	var line string
	curllib.MethodLine(&line, req)
	log.Print(line)
	log.Printf("allowed: %v", curllib.Methods{req.Method})
}

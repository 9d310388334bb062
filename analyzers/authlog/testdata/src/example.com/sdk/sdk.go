// Package sdk has writers that -authlog.sinks can name.
package sdk

import "io"

// Config configures a client.
type Config struct {
	Wire  io.Writer // named by -sinks: every request is written to it
	Other io.Writer
}

// Dump is a package variable named by -sinks.
var Dump io.Writer

// Package terminaldep sets writers of its own to the terminal, for the
// packages that write to them.
package terminaldep

import (
	"io"
	"os"
)

// Output is where diagnostics go: the terminal by default.
var Output io.Writer = os.Stderr // want Output:"terminal"

// Options hold a writer set to the terminal by Defaults, and one that is
// never.
type Options struct {
	Out   io.Writer // want Out:"terminal"
	Audit io.Writer
}

func Defaults(audit io.Writer) Options {
	return Options{Out: os.Stdout, Audit: audit}
}

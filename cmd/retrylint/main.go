// Command retrylint runs the retrylint analyzers.
//
// Standalone:
//
//	retrylint ./...
//	retrylint -fix ./...
//	retrylint -fix -diff ./...
//	retrylint -json ./...
//
// Through the go command:
//
//	go vet -vettool=$(command -v retrylint) ./...
//	go fix -fixtool=$(command -v retrylint) ./...
//
// Run "retrylint help" for the analyzers, their flags and the exit codes.
package main

import (
	"log"
	"os"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers"
	"github.com/retrylint/retrylint/internal/suppress"
)

const progname = "retrylint"

func main() {
	log.SetFlags(0)
	log.SetPrefix(progname + ": ")
	args := os.Args[1:]

	// The go command asks "-V=full" for the key of its build cache; the
	// answer must keep the shape that cmd/go parses.
	if slices.Contains(args, "-V=full") || slices.Contains(args, "--V=full") {
		printFullVersion()
		os.Exit(0)
	}
	// go vet -vettool and go fix -fixtool speak unitchecker's protocol:
	// "-flags" to learn the flags, then one *.cfg file per package.
	if slices.Contains(args, "-flags") || slices.Contains(args, "--flags") ||
		len(args) > 0 && strings.HasSuffix(args[len(args)-1], ".cfg") {
		vetMain(args)
		return
	}
	os.Exit(standalone(args))
}

// suite returns the analyzers of the suite, each wrapped to honour the
// suppression comments, and with suffix to end its messages with
// " [name]".
func suite(suffix bool) []*analysis.Analyzer {
	all := analyzers.All()
	var names []string
	for _, a := range all {
		names = append(names, a.Name)
	}
	out := make([]*analysis.Analyzer, len(all))
	for i, a := range all {
		out[i] = suppress.Wrap(a, suppress.Options{Known: names, Nolint: true, Suffix: suffix})
	}
	return out
}

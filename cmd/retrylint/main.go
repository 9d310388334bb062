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
// " [name]". enabled returns the names of the analyzers that run, once
// the flags are read.
func suite(suffix bool, enabled func() []string) []*analysis.Analyzer {
	all := analyzers.All()
	out := make([]*analysis.Analyzer, len(all))
	for i, a := range all {
		out[i] = suppress.Wrap(a, suppress.Options{
			Known:   analyzerNames(all),
			Nolint:  true,
			Enabled: enabled,
			Suffix:  suffix,
		})
	}
	return out
}

func analyzerNames(as []*analysis.Analyzer) []string {
	var names []string
	for _, a := range as {
		names = append(names, a.Name)
	}
	return names
}

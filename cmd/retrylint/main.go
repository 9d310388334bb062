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
// Run "retrylint help" for the analyzers and their flags.
package main

import (
	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/retrylint/retrylint/analyzers"
)

func main() {
	multichecker.Main(analyzers.All()...)
}

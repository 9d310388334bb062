// Command stdfacts writes internal/stdfacts/std.jsonl: the facts that the
// retrylint analyzers export on the packages of the standard library, for
// the Go release and platform it runs with, so that a run of retrylint
// reads them instead of analysing the standard library again (see
// internal/stdfacts).
//
// Run it from the root of the checkout after a change to an analyzer's
// facts or to its default configuration, and with each new Go release:
//
//	go run ./scripts/stdfacts
//
// With -check it writes nothing and fails when the table differs from
// what the analyzers compute now.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"go/build"
	"log"
	"os"

	"github.com/retrylint/retrylint/analyzers"
	"github.com/retrylint/retrylint/internal/stdfacts"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("stdfacts: ")
	out := flag.String("o", "internal/stdfacts/std.jsonl", "the table to write")
	check := flag.Bool("check", false, "write nothing: fail when the table differs from what the analyzers compute")
	flag.Parse()
	if flag.NArg() > 0 {
		log.Fatalf("no arguments expected")
	}
	data, err := Generate(analyzers.All(), []string{"std"})
	if err != nil {
		log.Fatal(err)
	}
	if *check {
		old, err := os.ReadFile(*out)
		if err != nil {
			log.Fatal(err)
		}
		if !bytes.Equal(old, data) {
			log.Fatalf("%s is out of date: go run ./scripts/stdfacts", *out)
		}
		return
	}
	if err := os.WriteFile(*out, data, 0o644); err != nil {
		log.Fatal(err)
	}
	fmt.Fprintf(os.Stderr, "stdfacts: wrote %s (%d bytes) for %s\n", *out, len(data), stdfacts.ReadVersion(build.Default.GOROOT))
}

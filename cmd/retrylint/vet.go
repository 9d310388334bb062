package main

import (
	"crypto/sha256"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/retrylint/retrylint/analyzers"
	"github.com/retrylint/retrylint/internal/analysisutil"
)

// vetMain runs one package for go vet -vettool or go fix -fixtool, or
// answers their -flags question, through unitchecker.
func vetMain(args []string) {
	// go vet formats its text output from the tool's JSON, and prints
	// only the message: the analyzer's name must be part of it. (go vet
	// passes -json to the tool with and without its own -json, so the
	// name is in the JSON messages too.)
	as := suite(true, vetEnabled)

	// A bad flag value reaches every package go vet runs us on, also the
	// dependencies it runs us on for facts alone. Those stay silent (go vet
	// carries on, and the packages it was asked about fail), and each
	// of the others prints the flag's message and a pointer to the help,
	// not the whole flag list.
	vetxOnly := false
	if n := len(args); n > 0 && strings.HasSuffix(args[n-1], ".cfg") {
		vetxOnly = readVetxOnly(args[n-1])
	}
	if vetxOnly {
		flag.CommandLine.SetOutput(io.Discard)
		// go vet discards the unit's findings: the analyzers stop once
		// its facts are exported.
		analysisutil.SetFactsOnly()
	}
	flag.CommandLine.Usage = func() {
		if vetxOnly {
			os.Exit(0)
		}
		fmt.Fprintf(os.Stderr, "run '%s -help' for the flags and analyzers\n", progname)
		os.Exit(2)
	}
	unitchecker.Main(as...)
}

// vetEnabled returns the analyzers that the -NAME flags select, once
// unitchecker has parsed them, by the rules of the standalone command (and
// of unitchecker).
func vetEnabled() []string {
	enabled := map[string]*triState{}
	names := analyzerNames(analyzers.All())
	for _, name := range names {
		enabled[name] = new(triState)
	}
	flag.Visit(func(f *flag.Flag) { // the flags set
		if ts := enabled[f.Name]; ts != nil {
			ts.Set(f.Value.String())
		}
	})
	var out []string
	for _, name := range names {
		if runs(name, enabled) {
			out = append(out, name)
		}
	}
	return out
}

// readVetxOnly reports whether the unit in the vet config file is analysed
// for facts alone, as a dependency of the packages go vet was asked about.
func readVetxOnly(cfg string) bool {
	data, err := os.ReadFile(cfg)
	if err != nil {
		return false
	}
	var c struct{ VetxOnly bool }
	return json.Unmarshal(data, &c) == nil && c.VetxOnly
}

// printFullVersion answers -V=full as cmd/go expects: "<path> version
// devel <anything> buildID=<hash>", where cmd/go keys its cache on the
// hash of the executable, so that a rebuilt retrylint invalidates vet's
// cached results even when its version string stays the same.
func printFullVersion() {
	exe, err := os.Executable()
	if err != nil {
		fatalf("%v", err)
	}
	f, err := os.Open(exe)
	if err != nil {
		fatalf("%v", err)
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		fatalf("%v", err)
	}
	if analysisutil.GatesOn() {
		// The analyzers' diagnostic aid reports more: results cached
		// without it must not be replayed, nor the other way round.
		h.Write([]byte("RETRYLINT_GATES=1"))
	}
	fmt.Printf("%s version devel %s buildID=%02x\n", exe, strings.ReplaceAll(version(), " ", "-"), h.Sum(nil))
}

func fatalf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, progname+": "+format+"\n", args...)
	os.Exit(1)
}

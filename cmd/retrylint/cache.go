package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"go/token"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"

	"github.com/retrylint/retrylint/analyzers"
)

// The standalone command reuses the go command's cache: it runs its
// analysis as "go vet -json -vettool=<itself>", which analyses one package
// at a time, reads the dependencies' facts and export data from the build
// cache, and replays the output of every package whose sources, flags,
// dependencies and tool are unchanged. The command then prints, sorts,
// suppresses and exits exactly as it does with the analysis in process.
// When go vet fails (a package that does not load or type-check) or an
// analyzer fails, the command analyses in process instead, which explains
// the errors in its own words.

// vetFlags returns the analyzer flags set on fs, as arguments for go vet:
// -NAME and -NAME.FLAG, not the driver's own.
func vetFlags(fs *flag.FlagSet) []string {
	all := analyzers.All()
	var out []string
	fs.Visit(func(f *flag.Flag) {
		name, _, _ := strings.Cut(f.Name, ".")
		if isAnalyzer(all, name) {
			out = append(out, "-"+f.Name+"="+f.Value.String())
		}
	})
	return out
}

// runVet runs go vet -json with this executable as the tool on patterns.
// It returns the findings of the packages, and false when go vet failed
// or an analyzer reported an error: the caller then analyses in process.
// What go vet prints on its standard error when it succeeds (modules it
// downloads) is copied to stderr.
func runVet(patterns, flags []string, public []*analysis.Analyzer, stderr io.Writer) (vetResult, bool) {
	out, errOut, err := goVet(flags, patterns)
	if err != nil {
		return vetResult{}, false
	}
	res, ok := parseVetJSON(out, public)
	if !ok {
		return vetResult{}, false
	}
	stderr.Write(errOut)
	return res, true
}

// goVet runs go vet -json with this executable as the tool, the analyzer
// flags and the patterns, and returns what it printed.
func goVet(flags, patterns []string) (stdout, stderr []byte, err error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, nil, err
	}
	args := append(append([]string{"vet", "-json", "-vettool=" + exe}, flags...), patterns...)
	cmd := exec.Command("go", args...)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err = cmd.Run()
	return out.Bytes(), errOut.Bytes(), err
}

// cachedFix applies the fixes, or prints them with -diff, that go vet
// -json reports (replayed from the go command's cache for the packages
// that did not change). It returns false, having changed and printed
// nothing, when go vet fails or an analyzer fails: the caller then
// analyses in process, which explains why.
func cachedFix(patterns []string, fs *flag.FlagSet, as []*analysis.Analyzer, opts *options) (int, bool) {
	res, ok := runVet(patterns, vetFlags(fs), as, os.Stderr)
	if !ok {
		return 0, false
	}
	if len(configuredSinks(as)) > 0 {
		if initial, _ := loadTypes(patterns); initial != nil {
			warnUnusedSinks(initial, as)
		}
	}
	if !applyFixes(treeFixes(res.tree), opts.diff, os.Stdout, os.Stderr) {
		return 1, true
	}
	return 0, true
}

// vetResult is what go vet -json reported: package ID -> analyzer ->
// findings, as the command prints them with -json, and the findings in
// the form of the text output.
type vetResult struct {
	tree     map[string]map[string]any
	findings []finding
}

// parseVetJSON reads the JSON objects that go vet -json prints, one per
// package (package ID -> analyzer -> findings or {"error": ...}). It
// returns false on an error entry or output it cannot read.
func parseVetJSON(data []byte, public []*analysis.Analyzer) (vetResult, bool) {
	byName := map[string]*analysis.Analyzer{}
	for _, a := range public {
		byName[a.Name] = a
	}
	res := vetResult{tree: map[string]map[string]any{}}
	dec := json.NewDecoder(bytes.NewReader(data))
	for dec.More() {
		var obj map[string]map[string]json.RawMessage
		if err := dec.Decode(&obj); err != nil {
			return vetResult{}, false
		}
		for id, results := range obj {
			for name, raw := range results {
				a := byName[name]
				if a == nil {
					continue
				}
				raw = bytes.TrimSpace(raw)
				if len(raw) == 0 || raw[0] != '[' {
					return vetResult{}, false // {"error": ...}
				}
				var diags []jsonDiagnostic
				if err := json.Unmarshal(raw, &diags); err != nil {
					return vetResult{}, false
				}
				if len(diags) == 0 {
					continue
				}
				for i := range diags {
					d := &diags[i]
					// The tool ends each message with " [name]" for go
					// vet's own text output; this command adds it itself.
					d.Message = strings.TrimSuffix(d.Message, " ["+name+"]")
					d.URL = a.URL
					f := finding{analyzer: a, posn: parsePosn(d.Posn), end: parsePosn(d.End), message: d.Message}
					for _, r := range d.Related {
						f.related = append(f.related, related{parsePosn(r.Posn), parsePosn(r.End), r.Message})
					}
					res.findings = append(res.findings, f)
				}
				if res.tree[id] == nil {
					res.tree[id] = map[string]any{}
				}
				res.tree[id][name] = diags
			}
		}
	}
	return res, true
}

// parsePosn parses "file:line:col" or "file:line", as token.Position
// prints them; the file name may hold colons.
func parsePosn(s string) token.Position {
	rest := s
	nums := []int{}
	for range 2 {
		i := strings.LastIndexByte(rest, ':')
		if i < 0 {
			break
		}
		n, err := strconv.Atoi(rest[i+1:])
		if err != nil {
			break
		}
		nums = append(nums, n)
		rest = rest[:i]
	}
	switch len(nums) {
	case 2:
		return token.Position{Filename: rest, Line: nums[1], Column: nums[0]}
	case 1:
		return token.Position{Filename: rest, Line: nums[0]}
	}
	return token.Position{Filename: s}
}

// cachedRun runs the command's analysis through go vet, with the
// analyzers as that the flags select. It returns false
// when the caller must analyse in process instead, having printed
// nothing.
func cachedRun(patterns []string, fs *flag.FlagSet, as []*analysis.Analyzer, opts *options) (int, bool) {
	res, ok := runVet(patterns, vetFlags(fs), as, os.Stderr)
	if !ok {
		return 0, false
	}
	if len(configuredSinks(as)) > 0 {
		// The warning needs the packages' types, not their syntax: the
		// export data that go vet has just compiled.
		if initial, _ := loadTypes(patterns); initial != nil {
			warnUnusedSinks(initial, as)
		}
	}
	if opts.json {
		if err := writeJSON(os.Stdout, res.tree); err != nil {
			fmt.Fprintf(os.Stderr, "%s: %v\n", progname, err)
			return 1, true
		}
		return 0, true
	}
	findings := dedupe(res.findings)
	printText(os.Stderr, results{findings: findings}, opts.context)
	if len(findings) > 0 {
		return 3, true
	}
	return 0, true
}

// loadTypes loads the packages and their dependencies from export data,
// quietly.
func loadTypes(patterns []string) ([]*packages.Package, error) {
	cfg := &packages.Config{
		Mode:  packages.NeedName | packages.NeedTypes | packages.NeedImports | packages.NeedDeps,
		Tests: true,
	}
	return packages.Load(cfg, patterns...)
}

// Command corpus runs retrylint over a pinned corpus of real Go modules and
// reports what it finds, and whether it crashes, fails or misfires there.
//
// From the root of the retrylint checkout:
//
//	go run ./scripts/corpus                 # check the whole corpus
//	go run ./scripts/corpus -fix            # check, then apply and verify the fixes
//	go run ./scripts/corpus -reuse -fix     # only fix, with the results and binary of the last check
//	go run ./scripts/corpus -only go-github # just the modules whose path contains go-github
//	go run ./scripts/corpus -recall         # recall on the census (docs/census.tsv)
//
// It builds retrylint from the checkout, creates a throwaway module in the
// work directory (-work), go gets every module pinned in
// scripts/corpus/modules.txt, lists their packages, and runs
// "retrylint -json -test=false" and "retrylint -test=false" on the packages
// of each module. It writes
//
//	<work>/report.md     per module: version, packages, findings per analyzer,
//	                     analyzer errors, panics, load and type errors
//	<work>/findings.tsv  module, file:line (relative to the module root),
//	                     analyzer, message
//	<work>/results.json  everything, for -reuse
//
// Analyzer errors (an analyzer that returned an error or crashed) are kept
// apart from third-party load and type errors (a package of the corpus that
// does not type-check for this platform or toolchain, for which the checker
// skips the analysis).
//
// With -fix, every package with findings is fixed in a writable copy of its
// module (copied from the module cache and put in place by a replace
// directive in a second throwaway module), and the fixed packages are
// checked: they must still build, go vet must report nothing it did not
// report before, and retrylint must report nothing at the fixed spots.
//
// With -recall, only the modules of the census (docs/census.tsv: every
// site where the retry policy applies in those modules, labelled by
// reading the code) are checked, every finding is judged against the
// site of its analyzer whose range around its line is narrowest, and the
// recall (defect
// sites with a finding), the false positives (findings at correct sites)
// and the findings outside every site are printed per analyzer, for the
// tuned part of the census and for its holdout (docs/census-holdout.txt),
// and written with the missed sites to <work>/recall.md.
//
// The program uses the standard library, and the retrylint module it is
// part of for the list of analyzers.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"strings"
	"time"
)

type config struct {
	repo     string
	work     string
	modules  string
	only     string
	jobs     int
	batch    int
	timeout  time.Duration
	fix      bool
	reuse    bool
	keepWork bool

	recall        bool
	census        string
	censusHoldout string
}

func main() {
	log.SetFlags(0)
	log.SetPrefix("corpus: ")
	var cfg config
	flag.StringVar(&cfg.repo, "repo", ".", "root of the retrylint checkout (where cmd/retrylint is; the analyzer names come from the checkout this program is built from)")
	flag.StringVar(&cfg.work, "work", "/tmp/retrylint-corpus", "work directory: throwaway modules, module copies and the reports")
	flag.StringVar(&cfg.modules, "modules", "", "pinned module list (default <repo>/scripts/corpus/modules.txt)")
	flag.StringVar(&cfg.only, "only", "", "comma-separated substrings: analyse only the modules whose path contains one of them")
	flag.IntVar(&cfg.jobs, "j", 2, "modules analysed at the same time")
	flag.IntVar(&cfg.batch, "batch", 0, "at most this many packages per retrylint run (0: one run per module)")
	flag.DurationVar(&cfg.timeout, "timeout", 20*time.Minute, "limit for one retrylint or go command")
	flag.BoolVar(&cfg.fix, "fix", false, "after the check, apply the fixes to copies of the modules with findings and verify them")
	flag.BoolVar(&cfg.reuse, "reuse", false, "do not analyse again: reuse <work>/results.json and the retrylint binary of the last check (with -fix: only fix)")
	flag.BoolVar(&cfg.recall, "recall", false, "check only the census modules and measure recall against the census (default -work /tmp/retrylint-recall)")
	flag.StringVar(&cfg.census, "census", "", "with -recall: the census (default <repo>/docs/census.tsv)")
	flag.StringVar(&cfg.censusHoldout, "census-holdout", "", "with -recall: the census modules kept as a holdout (default <repo>/docs/census-holdout.txt)")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "usage: go run ./scripts/corpus [flags]\n\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() > 0 {
		flag.Usage()
		os.Exit(2)
	}
	workSet := false
	flag.Visit(func(f *flag.Flag) { workSet = workSet || f.Name == "work" })
	if cfg.recall && !workSet {
		cfg.work = "/tmp/retrylint-recall"
	}
	if cfg.jobs < 1 {
		cfg.jobs = 1
	}
	var err error
	if cfg.repo, err = filepath.Abs(cfg.repo); err != nil {
		log.Fatal(err)
	}
	if cfg.work, err = filepath.Abs(cfg.work); err != nil {
		log.Fatal(err)
	}
	if cfg.modules == "" {
		cfg.modules = filepath.Join(cfg.repo, "scripts", "corpus", "modules.txt")
	}
	if cfg.census == "" {
		cfg.census = filepath.Join(cfg.repo, "docs", "census.tsv")
	}
	if cfg.censusHoldout == "" {
		cfg.censusHoldout = filepath.Join(cfg.repo, "docs", "census-holdout.txt")
	}
	if _, err := os.Stat(filepath.Join(cfg.repo, "cmd", "retrylint")); err != nil {
		log.Fatalf("%s is not a retrylint checkout (no cmd/retrylint); run from the repository root or set -repo", cfg.repo)
	}
	if err := os.MkdirAll(cfg.work, 0o755); err != nil {
		log.Fatal(err)
	}

	var census *censusInput
	if cfg.recall {
		if census, err = readCensusInput(&cfg); err != nil {
			log.Fatal(err)
		}
	}

	start := time.Now()
	resultsPath := filepath.Join(cfg.work, "results.json")
	var res *Results
	if cfg.reuse {
		res, err = loadResults(resultsPath)
		if err != nil {
			log.Fatalf("-reuse: %v", err)
		}
		log.Printf("reusing %s (%d modules)", resultsPath, len(res.Modules))
		res.Fix = nil
	} else {
		specs, err := readModules(cfg.modules, cfg.only)
		if err != nil {
			log.Fatal(err)
		}
		if census != nil {
			specs = census.filter(specs)
		}
		res, err = check(&cfg, specs)
		if err != nil {
			log.Fatal(err)
		}
	}
	if cfg.fix {
		// The fix phase uses the binary of the check, so that both see the
		// same analyzers even if the checkout changes in between.
		bin := filepath.Join(cfg.work, "bin", "retrylint")
		if _, err := os.Stat(bin); err != nil {
			log.Fatalf("-fix: no retrylint binary from the check at %s", bin)
		}
		t := time.Now()
		res.Fix, err = fixCorpus(&cfg, bin, res)
		if err != nil {
			log.Fatal(err)
		}
		res.Fix.Seconds = time.Since(t).Seconds()
	}
	if !cfg.reuse {
		res.WallSeconds = time.Since(start).Seconds()
	}
	if err := saveResults(resultsPath, res); err != nil {
		log.Fatal(err)
	}
	reportPath := filepath.Join(cfg.work, "report.md")
	tsvPath := filepath.Join(cfg.work, "findings.tsv")
	if err := os.WriteFile(reportPath, []byte(renderReport(res)), 0o644); err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(tsvPath, []byte(renderTSV(res)), 0o644); err != nil {
		log.Fatal(err)
	}
	fmt.Println(summaryLine(res))
	fmt.Printf("report:   %s\nfindings: %s\nresults:  %s\n", reportPath, tsvPath, resultsPath)
	if res.Fix != nil {
		fmt.Println(fixSummaryLine(res.Fix))
	}
	if census != nil {
		if err := reportRecall(&cfg, census, res); err != nil {
			log.Fatal(err)
		}
	}
	if t := totals(res); t.panics > 0 || t.analyzerErrors > 0 || t.timeouts > 0 {
		os.Exit(1)
	}
}

// modSpec is one line of modules.txt.
type modSpec struct {
	Path     string
	Version  string
	Patterns []string
}

// readModules parses the pinned list: "module@version [patterns...]" a
// line, with # comments. only filters by substring.
func readModules(file, only string) ([]modSpec, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var filters []string
	for f := range strings.SplitSeq(only, ",") {
		if f = strings.TrimSpace(f); f != "" {
			filters = append(filters, f)
		}
	}
	var specs []modSpec
	seen := make(map[string]bool)
	for i, line := range strings.Split(string(data), "\n") {
		if j := strings.Index(line, "#"); j >= 0 {
			line = line[:j]
		}
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		path, version, ok := strings.Cut(fields[0], "@")
		if !ok || path == "" || version == "" || version == "latest" {
			return nil, fmt.Errorf("%s:%d: want module@version with an exact version, got %q", file, i+1, fields[0])
		}
		if seen[path] {
			return nil, fmt.Errorf("%s:%d: %s listed twice", file, i+1, path)
		}
		seen[path] = true
		patterns := fields[1:]
		if len(patterns) == 0 {
			patterns = []string{path + "/..."}
		}
		if len(filters) > 0 && !containsAny(path, filters) {
			continue
		}
		specs = append(specs, modSpec{path, version, patterns})
	}
	if len(specs) == 0 {
		return nil, fmt.Errorf("%s: no modules selected", file)
	}
	return specs, nil
}

func containsAny(s string, subs []string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

func loadResults(path string) (*Results, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var res Results
	if err := json.Unmarshal(data, &res); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return &res, nil
}

func saveResults(path string, res *Results) error {
	data, err := json.MarshalIndent(res, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(data, '\n'), 0o644)
}

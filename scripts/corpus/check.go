package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Results is everything one check (and optionally fix) run found.
type Results struct {
	Started     time.Time
	GoVersion   string
	Retrylint   string // commit of the checkout
	Analyzers   []string
	Jobs        int
	Phases      []Phase
	WallSeconds float64
	Modules     []*ModResult
	Fix         *FixResults `json:",omitempty"`
}

// Phase is the wall time of one step.
type Phase struct {
	Name    string
	Seconds float64
}

// ModResult is the check of one module.
type ModResult struct {
	Path     string
	Pinned   string
	Version  string // the version the build list selected
	Dir      string // in the module cache
	Patterns []string
	GetError string `json:",omitempty"`

	Listed     int        // packages of the module that the patterns match
	Excluded   []string   `json:",omitempty"` // no Go files for this platform or no non-test Go files
	Analysed   []string   // given to retrylint
	ListErrors []PkgError `json:",omitempty"` // go list errors of analysed packages

	Findings       []Finding
	AnalyzerErrors []AnalyzerError `json:",omitempty"` // the analyzer failed: must be none
	Panics         []string        `json:",omitempty"` // retrylint crashed: must be none
	InternalErrors []string        `json:",omitempty"`
	Timeouts       []string        `json:",omitempty"`
	TypeErrorPkgs  []string        `json:",omitempty"` // analysed packages skipped for type errors
	DepTypeErrors  int             // dependency packages skipped for type errors
	Cascaded       int             // "failed prerequisites" that follow from the above
	LoadErrorLines []string        `json:",omitempty"` // what packages.PrintErrors wrote

	Runs []RunInfo // one per batch (more after a crash is bisected)

	PlainFindings       int      // findings in the text output
	PlainAnalyzerErrors []string `json:",omitempty"` // "analyzer: error" lines other than skipped-for-type-errors
	Mismatch            string   `json:",omitempty"` // text and JSON outputs disagree
}

// RunInfo records one retrylint run.
type RunInfo struct {
	Mode     string // json or plain
	Packages int
	Exit     int
	Seconds  float64
}

// PkgError is a go list error of a package.
type PkgError struct {
	Package string
	Err     string
}

// AnalyzerError is an error an analyzer returned for a package.
type AnalyzerError struct {
	Package  string
	Analyzer string
	Err      string
	Root     bool // an analysed package, not a dependency
}

// Finding is one diagnostic.
type Finding struct {
	Module   string
	Package  string
	File     string // relative to the module root
	Line     int
	Col      int
	Analyzer string
	Message  string
	Fixes    int // suggested fixes
	Abs      string
}

func (f Finding) Pos() string { return fmt.Sprintf("%s:%d", f.File, f.Line) }

const skippedForErrors = "analysis skipped due to errors in package"

func check(cfg *config, specs []modSpec) (*Results, error) {
	res := &Results{Started: time.Now().UTC().Truncate(time.Second), Jobs: cfg.jobs}
	phase := func(name string, start time.Time) {
		res.Phases = append(res.Phases, Phase{name, time.Since(start).Seconds()})
		log.Printf("%s: %.0fs", name, time.Since(start).Seconds())
	}

	t := time.Now()
	bin, err := buildRetrylint(cfg)
	if err != nil {
		return nil, err
	}
	res.Analyzers = listAnalyzers()
	res.Retrylint = repoCommit(cfg)
	res.GoVersion = goVersion(cfg)
	phase("build retrylint", t)
	log.Printf("analyzers: %s", strings.Join(res.Analyzers, ", "))

	t = time.Now()
	modDir := filepath.Join(cfg.work, "mod")
	mods, err := setupModule(cfg, modDir, specs)
	if err != nil {
		return nil, err
	}
	res.Modules = mods
	phase("go get", t)

	t = time.Now()
	if err := listPackages(cfg, modDir, mods); err != nil {
		return nil, err
	}
	phase("go list", t)

	t = time.Now()
	analyseAll(cfg, bin, modDir, res.Analyzers, mods)
	phase("retrylint", t)
	return res, nil
}

// setupModule writes the throwaway module and go gets every pinned
// module; a module that cannot be fetched is recorded and left out.
func setupModule(cfg *config, dir string, specs []modSpec) ([]*ModResult, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	writeGoMod := func() error {
		os.Remove(filepath.Join(dir, "go.sum"))
		return os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module corpus.example/retrylintcorpus\n\ngo 1.26\n"), 0o644)
	}
	if err := writeGoMod(); err != nil {
		return nil, err
	}
	env := corpusEnv()
	var mods []*ModResult
	var args []string
	for _, s := range specs {
		mods = append(mods, &ModResult{Path: s.Path, Pinned: s.Version, Patterns: s.Patterns})
		args = append(args, s.Path+"@"+s.Version)
	}
	log.Printf("go get %d modules", len(args))
	r := run(cfg, dir, env, "go", append([]string{"get"}, args...)...)
	if r.code != 0 || r.err != nil {
		// Find the culprits one by one, then get the rest together.
		log.Printf("go get of all modules failed; trying them one by one:\n%s", tail(r.stderr, 20))
		var good []string
		for _, m := range mods {
			if err := writeGoMod(); err != nil {
				return nil, err
			}
			one := run(cfg, dir, env, "go", "get", m.Path+"@"+m.Pinned)
			if one.code != 0 || one.err != nil {
				m.GetError = strings.TrimSpace(tail(one.stderr, 5))
				if one.err != nil {
					m.GetError += " " + one.err.Error()
				}
				log.Printf("%s@%s: %s", m.Path, m.Pinned, m.GetError)
				continue
			}
			good = append(good, m.Path+"@"+m.Pinned)
		}
		if err := writeGoMod(); err != nil {
			return nil, err
		}
		if len(good) == 0 {
			return nil, fmt.Errorf("no module could be fetched")
		}
		r = run(cfg, dir, env, "go", append([]string{"get"}, good...)...)
		if r.code != 0 || r.err != nil {
			return nil, fmt.Errorf("go get: %v\n%s", r.err, r.stderr)
		}
	}
	return mods, nil
}

type listedPackage struct {
	ImportPath string
	Name       string
	Dir        string
	GoFiles    []string
	CgoFiles   []string
	Module     *struct {
		Path    string
		Version string
		Dir     string
	}
	Error *struct {
		Err string
	}
	DepsErrors []*struct {
		Err string
	}
}

// listPackages resolves each module's version and directory, lists its
// packages, and downloads what they import (which completes go.sum before
// the concurrent retrylint runs).
func listPackages(cfg *config, dir string, mods []*ModResult) error {
	env := corpusEnv()
	var allPatterns []string
	for _, m := range mods {
		if m.GetError != "" {
			continue
		}
		r := run(cfg, dir, env, "go", "list", "-m", "-json", m.Path)
		var mi struct{ Version, Dir string }
		if r.code != 0 || json.Unmarshal([]byte(r.stdout), &mi) != nil {
			m.GetError = "go list -m: " + strings.TrimSpace(r.stderr)
			continue
		}
		m.Version, m.Dir = mi.Version, mi.Dir
		if m.Version != m.Pinned {
			log.Printf("%s: pinned %s but the build list selects %s (another pinned module requires it); analysing %s", m.Path, m.Pinned, m.Version, m.Version)
		}
		allPatterns = append(allPatterns, m.Patterns...)
	}
	log.Printf("go list -deps (downloads what the packages import)")
	r := run(cfg, dir, env, "go", append([]string{"list", "-e", "-deps", "-f", "{{.ImportPath}}"}, allPatterns...)...)
	if r.err != nil {
		return fmt.Errorf("go list -deps: %v\n%s", r.err, tail(r.stderr, 20))
	}
	for _, m := range mods {
		if m.GetError != "" {
			continue
		}
		args := append([]string{"list", "-e", "-json=ImportPath,Name,Dir,GoFiles,CgoFiles,Module,Error,DepsErrors"}, m.Patterns...)
		r := run(cfg, dir, env, "go", args...)
		if r.err != nil {
			m.GetError = "go list: " + r.err.Error()
			continue
		}
		dec := json.NewDecoder(strings.NewReader(r.stdout))
		for {
			var p listedPackage
			if err := dec.Decode(&p); err != nil {
				break
			}
			if p.Module == nil || p.Module.Path != m.Path {
				continue // the standard library, or a nested module
			}
			m.Listed++
			if p.Error != nil && (strings.Contains(p.Error.Err, "build constraints exclude all Go files") ||
				strings.Contains(p.Error.Err, "no non-test Go files")) ||
				p.Error == nil && len(p.GoFiles)+len(p.CgoFiles) == 0 {
				m.Excluded = append(m.Excluded, p.ImportPath)
				continue
			}
			m.Analysed = append(m.Analysed, p.ImportPath)
			if p.Error != nil {
				m.ListErrors = append(m.ListErrors, PkgError{p.ImportPath, firstLine(p.Error.Err)})
			} else if len(p.DepsErrors) > 0 {
				m.ListErrors = append(m.ListErrors, PkgError{p.ImportPath, "dependency: " + firstLine(p.DepsErrors[0].Err)})
			}
		}
		if m.Listed == 0 {
			m.GetError = "no packages match " + strings.Join(m.Patterns, " ") + "\n" + tail(r.stderr, 5)
		}
		log.Printf("%s@%s: %d packages (%d excluded for this platform)", m.Path, m.Version, len(m.Analysed), len(m.Excluded))
	}
	return nil
}

// analyseAll runs retrylint over the modules, cfg.jobs at a time, largest
// first.
func analyseAll(cfg *config, bin, dir string, analyzers []string, mods []*ModResult) {
	order := slices.Clone(mods)
	sort.SliceStable(order, func(i, j int) bool { return len(order[i].Analysed) > len(order[j].Analysed) })
	work := make(chan *ModResult)
	var wg sync.WaitGroup
	var mu sync.Mutex
	done := 0
	for range cfg.jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for m := range work {
				start := time.Now()
				analyseModule(cfg, bin, dir, analyzers, m)
				mu.Lock()
				done++
				log.Printf("[%d/%d] %s: %d packages, %d findings, %d analyzer errors, %d panics, %d type-error packages (%.0fs)",
					done, len(mods), m.Path, len(m.Analysed), len(m.Findings), len(m.AnalyzerErrors), len(m.Panics), len(m.TypeErrorPkgs), time.Since(start).Seconds())
				mu.Unlock()
			}
		}()
	}
	for _, m := range order {
		if m.GetError == "" && len(m.Analysed) > 0 {
			work <- m
		}
	}
	close(work)
	wg.Wait()
}

func analyseModule(cfg *config, bin, dir string, analyzers []string, m *ModResult) {
	var batches [][]string
	if cfg.batch <= 0 {
		batches = [][]string{m.Analysed}
	} else {
		for pkgs := m.Analysed; len(pkgs) > 0; {
			n := min(cfg.batch, len(pkgs))
			batches = append(batches, pkgs[:n])
			pkgs = pkgs[n:]
		}
	}
	st := &modState{m: m, analyzers: analyzers, seen: make(map[string]bool), typeErr: make(map[string]bool), depTypeErr: make(map[string]bool)}
	for _, b := range batches {
		st.runJSON(cfg, bin, dir, b)
		st.runPlain(cfg, bin, dir, b)
	}
	for p := range st.typeErr {
		m.TypeErrorPkgs = append(m.TypeErrorPkgs, p)
	}
	sort.Strings(m.TypeErrorPkgs)
	m.DepTypeErrors = len(st.depTypeErr)
	sort.Slice(m.Findings, func(i, j int) bool {
		a, b := m.Findings[i], m.Findings[j]
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Analyzer < b.Analyzer
	})
	if len(m.Panics) == 0 && len(m.Timeouts) == 0 && m.PlainFindings != len(m.Findings) {
		m.Mismatch = fmt.Sprintf("text output has %d findings, JSON %d", m.PlainFindings, len(m.Findings))
	}
}

type modState struct {
	m          *ModResult
	analyzers  []string
	seen       map[string]bool // findings by position, analyzer and message
	typeErr    map[string]bool
	depTypeErr map[string]bool
	loadLines  map[string]bool // stderr lines of the JSON runs
}

type jsonDiag struct {
	Posn           string            `json:"posn"`
	Message        string            `json:"message"`
	SuggestedFixes []json.RawMessage `json:"suggested_fixes"`
}

// runJSON runs retrylint -json on pkgs. When it crashes, it bisects the
// packages to find the ones that crash it and still analyses the rest.
func (st *modState) runJSON(cfg *config, bin, dir string, pkgs []string) {
	m := st.m
	r := run(cfg, dir, corpusEnv(), bin, append([]string{"-json", "-test=false"}, pkgs...)...)
	m.Runs = append(m.Runs, RunInfo{"json", len(pkgs), r.code, r.seconds})
	if r.timedOut {
		m.Timeouts = append(m.Timeouts, fmt.Sprintf("retrylint -json on %d packages from %s: %v", len(pkgs), pkgs[0], r.err))
		return
	}
	tree := make(map[string]map[string]json.RawMessage)
	decodeErr := json.Unmarshal([]byte(r.stdout), &tree)
	if r.stdout == "" && r.code == 1 {
		decodeErr = nil // load failed outright: no JSON
	}
	crash := panicText(r.stderr)
	if crash != "" || r.code == 2 || r.code < 0 || decodeErr != nil {
		if len(pkgs) > 1 {
			half := len(pkgs) / 2
			st.runJSON(cfg, bin, dir, pkgs[:half])
			st.runJSON(cfg, bin, dir, pkgs[half:])
			return
		}
		if crash == "" {
			crash = fmt.Sprintf("exit %d, %v, stderr:\n%s", r.code, decodeErr, tail(r.stderr, 20))
		}
		m.Panics = append(m.Panics, pkgs[0]+": "+crash)
		return
	}
	m.InternalErrors = append(m.InternalErrors, internalErrorLines(r.stderr)...)
	if st.loadLines == nil {
		st.loadLines = make(map[string]bool)
	}
	for _, line := range strings.Split(r.stderr, "\n") {
		if line = strings.TrimSpace(line); line != "" && !st.loadLines[line] {
			st.loadLines[line] = true
			m.LoadErrorLines = append(m.LoadErrorLines, line)
		}
	}
	roots := make(map[string]bool, len(pkgs))
	for _, p := range pkgs {
		roots[p] = true
	}
	ids := make([]string, 0, len(tree))
	for id := range tree {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		for analyzer, raw := range tree[id] {
			var diags []jsonDiag
			if err := json.Unmarshal(raw, &diags); err == nil {
				for _, d := range diags {
					st.addFinding(id, analyzer, d)
				}
				continue
			}
			var e struct {
				Error string `json:"error"`
			}
			if err := json.Unmarshal(raw, &e); err != nil {
				m.AnalyzerErrors = append(m.AnalyzerErrors, AnalyzerError{id, analyzer, "unreadable JSON: " + string(raw), roots[id]})
				continue
			}
			switch {
			case e.Error == skippedForErrors:
				if roots[id] {
					st.typeErr[id] = true
				} else {
					st.depTypeErr[id] = true
				}
			case strings.HasPrefix(e.Error, "failed prerequisites"):
				m.Cascaded++
			default:
				m.AnalyzerErrors = append(m.AnalyzerErrors, AnalyzerError{id, analyzer, e.Error, roots[id]})
			}
		}
	}
}

func (st *modState) addFinding(pkg, analyzer string, d jsonDiag) {
	key := analyzer + "\x00" + d.Posn + "\x00" + d.Message
	if st.seen[key] {
		return
	}
	st.seen[key] = true
	f := Finding{Module: st.m.Path, Package: pkg, Analyzer: analyzer, Message: d.Message, Fixes: len(d.SuggestedFixes), Abs: d.Posn}
	if sm := posnRE.FindStringSubmatch(d.Posn); sm != nil {
		f.Abs = sm[1]
		f.Line, _ = strconv.Atoi(sm[2])
		f.Col, _ = strconv.Atoi(sm[3])
	}
	f.File = relFile(f.Abs, st.m.Dir)
	st.m.Findings = append(st.m.Findings, f)
}

// runPlain runs retrylint without -json: its exit code, its analyzer
// error lines, and a count of its findings to compare with the JSON run.
func (st *modState) runPlain(cfg *config, bin, dir string, pkgs []string) {
	m := st.m
	r := run(cfg, dir, corpusEnv(), bin, append([]string{"-test=false"}, pkgs...)...)
	m.Runs = append(m.Runs, RunInfo{"plain", len(pkgs), r.code, r.seconds})
	if r.timedOut {
		m.Timeouts = append(m.Timeouts, fmt.Sprintf("retrylint on %d packages from %s: %v", len(pkgs), pkgs[0], r.err))
		return
	}
	if crash := panicText(r.stderr); crash != "" || r.code == 2 {
		if crash == "" {
			crash = tail(r.stderr, 20)
		}
		// The JSON run bisects crashes; record this one only if that run
		// did not crash too.
		if len(m.Panics) == 0 {
			m.Panics = append(m.Panics, fmt.Sprintf("plain run on %d packages from %s: %s", len(pkgs), pkgs[0], crash))
		}
		return
	}
	for _, line := range internalErrorLines(r.stderr) {
		if !slices.Contains(m.InternalErrors, line) {
			m.InternalErrors = append(m.InternalErrors, line)
		}
	}
	sc := bufio.NewScanner(strings.NewReader(r.stderr))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || st.loadLines[line] {
			continue // also in the JSON run's stderr: a load error
		}
		if name, msg, ok := strings.Cut(line, ": "); ok && slices.Contains(st.analyzers, name) {
			if msg != skippedForErrors && !strings.HasPrefix(msg, "failed prerequisites") {
				m.PlainAnalyzerErrors = append(m.PlainAnalyzerErrors, line)
			}
			continue
		}
		if i := strings.Index(line, ".go:"); i > 0 && strings.HasPrefix(line, "/") {
			m.PlainFindings++
		}
	}
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}

func tail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

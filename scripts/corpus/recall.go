package main

import (
	"bufio"
	"fmt"
	"go/build"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// The census (docs/census.tsv) lists, for a set of corpus modules, every
// site where the retry policy applies, found and labelled by reading the
// code: a defect (the site breaks the rule of one analyzer) or correct (the
// rule applies and the code keeps it), or borderline (counted in neither).
// Recall is the share of defect sites at which the analyzer reports; a
// finding at a correct site is a false positive; a finding in a census
// module outside every site of its analyzer is unlabelled, to be judged
// and added to the census.

// Verdicts of a census site.
const (
	verdictDefect     = "defect"
	verdictCorrect    = "correct"
	verdictBorderline = "borderline"
)

// Site is one row of the census.
type Site struct {
	Row      int // line in the census file
	Module   string
	Version  string
	Ranges   []lineRange
	Function string
	Analyzer string
	Verdict  string
	Shape    string
	Reason   string
}

type lineRange struct {
	File       string // relative to the module root
	Start, End int
}

func (r lineRange) String() string { return fmt.Sprintf("%s:%d-%d", r.File, r.Start, r.End) }

func (s *Site) Location() string {
	parts := make([]string, len(s.Ranges))
	for i, r := range s.Ranges {
		parts[i] = r.String()
	}
	return strings.Join(parts, ";")
}

// span is the number of lines the site covers: the narrowest site that
// holds a finding is the one the finding is judged against.
func (s *Site) span() int {
	n := 0
	for _, r := range s.Ranges {
		n += r.End - r.Start + 1
	}
	return n
}

// spanAt is the number of lines of the narrowest range of s that holds f
// (0 when none does). A site's ranges are separate places (the loop, the
// callee that sends, the line that configures it); the finding is judged
// against the site that labels its own place most tightly, so that a
// site listing the places that explain it is not passed over for a
// wider one that holds the finding's line.
func (s *Site) spanAt(f Finding) int {
	n := 0
	for _, r := range s.Ranges {
		if r.File == f.File && r.Start <= f.Line && f.Line <= r.End {
			if w := r.End - r.Start + 1; n == 0 || w < n {
				n = w
			}
		}
	}
	return n
}

func (s *Site) holds(f Finding) bool {
	if f.Analyzer != s.Analyzer {
		return false
	}
	for _, r := range s.Ranges {
		if r.File == f.File && r.Start <= f.Line && f.Line <= r.End {
			return true
		}
	}
	return false
}

// readCensus parses the census: a header line, then one site a line with
// seven tab-separated columns (module@version, location, function,
// analyzer, verdict, shape, reason); # starts a comment line.
func readCensus(file string, analyzers []string) ([]*Site, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var sites []*Site
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	row, header := 0, false
	for sc.Scan() {
		row++
		line := sc.Text()
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if !header {
			header = true
			if !strings.HasPrefix(line, "module") {
				return nil, fmt.Errorf("%s:%d: want the header line first (module, location, function, analyzer, verdict, shape, reason)", file, row)
			}
			continue
		}
		s, err := parseSite(line, analyzers)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", file, row, err)
		}
		s.Row = row
		sites = append(sites, s)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(sites) == 0 {
		return nil, fmt.Errorf("%s: no sites", file)
	}
	return sites, nil
}

func parseSite(line string, analyzers []string) (*Site, error) {
	cols := strings.Split(line, "\t")
	if len(cols) != 7 {
		return nil, fmt.Errorf("want 7 tab-separated columns, got %d", len(cols))
	}
	for i := range cols {
		cols[i] = strings.TrimSpace(cols[i])
	}
	path, version, ok := strings.Cut(cols[0], "@")
	if !ok || path == "" || version == "" {
		return nil, fmt.Errorf("want module@version, got %q", cols[0])
	}
	s := &Site{Module: path, Version: version, Function: cols[2], Analyzer: cols[3], Verdict: cols[4], Shape: cols[5], Reason: cols[6]}
	for loc := range strings.SplitSeq(cols[1], ";") {
		r, err := parseRange(strings.TrimSpace(loc))
		if err != nil {
			return nil, err
		}
		s.Ranges = append(s.Ranges, r)
	}
	if !slices.Contains(analyzers, s.Analyzer) {
		return nil, fmt.Errorf("unknown analyzer %q (want one of %s)", s.Analyzer, strings.Join(analyzers, ", "))
	}
	switch s.Verdict {
	case verdictDefect, verdictCorrect, verdictBorderline:
	default:
		return nil, fmt.Errorf("unknown verdict %q (want defect, correct or borderline)", s.Verdict)
	}
	if s.Function == "" || s.Shape == "" || s.Reason == "" {
		return nil, fmt.Errorf("function, shape and reason must not be empty")
	}
	return s, nil
}

// parseRange parses "path/file.go:START-END".
func parseRange(loc string) (lineRange, error) {
	i := strings.LastIndex(loc, ":")
	if i <= 0 {
		return lineRange{}, fmt.Errorf("want file.go:START-END, got %q", loc)
	}
	a, b, ok := strings.Cut(loc[i+1:], "-")
	start, err1 := strconv.Atoi(a)
	end, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || start < 1 || end < start {
		return lineRange{}, fmt.Errorf("want file.go:START-END with 1 <= START <= END, got %q", loc)
	}
	file := loc[:i]
	if filepath.IsAbs(file) || strings.HasPrefix(file, "..") || !strings.HasSuffix(file, ".go") {
		return lineRange{}, fmt.Errorf("want a .go file relative to the module root, got %q", file)
	}
	return lineRange{File: filepath.ToSlash(file), Start: start, End: end}, nil
}

// readModuleList reads a list of module paths, one a line, # comments.
func readModuleList(file string) (map[string]bool, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	set := make(map[string]bool)
	for line := range strings.SplitSeq(string(data), "\n") {
		if j := strings.Index(line, "#"); j >= 0 {
			line = line[:j]
		}
		if f := strings.Fields(line); len(f) > 0 {
			set[strings.Split(f[0], "@")[0]] = true
		}
	}
	return set, nil
}

// checkCensus verifies the census against the checked modules: every
// census module was analysed at the census's version, and every range lies
// in a file of the module cache copy that has that many lines.
func checkCensus(sites []*Site, res *Results, holdout map[string]bool) error {
	mods := make(map[string]*ModResult)
	for _, m := range res.Modules {
		mods[m.Path] = m
	}
	var errs []string
	lines := make(map[string]int)
	for _, s := range sites {
		m := mods[s.Module]
		switch {
		case m == nil:
			errs = append(errs, fmt.Sprintf("row %d: module %s was not checked (is it in the module list?)", s.Row, s.Module))
			continue
		case m.GetError != "":
			errs = append(errs, fmt.Sprintf("row %d: module %s could not be fetched", s.Row, s.Module))
			continue
		case m.Version != s.Version:
			errs = append(errs, fmt.Sprintf("row %d: census labels %s@%s but %s was checked", s.Row, s.Module, s.Version, m.Version))
			continue
		}
		analysed := make(map[string]bool)
		for _, p := range m.Analysed {
			analysed[p] = true
		}
		for _, r := range s.Ranges {
			abs := filepath.Join(m.Dir, filepath.FromSlash(r.File))
			if pkg := path.Join(m.Path, path.Dir(r.File)); m.Analysed != nil && !analysed[pkg] {
				errs = append(errs, fmt.Sprintf("row %d: %s is not in an analysed package (%s)", s.Row, r, pkg))
				continue
			}
			if match, err := build.Default.MatchFile(filepath.Dir(abs), filepath.Base(abs)); err == nil && !match {
				errs = append(errs, fmt.Sprintf("row %d: %s is excluded by its build constraints, so it is never analysed", s.Row, r))
				continue
			}
			n, ok := lines[abs]
			if !ok {
				data, err := os.ReadFile(abs)
				if err != nil {
					errs = append(errs, fmt.Sprintf("row %d: %v", s.Row, err))
					lines[abs] = -1
					continue
				}
				n = strings.Count(string(data), "\n") + 1
				lines[abs] = n
			}
			if n >= 0 && r.End > n {
				errs = append(errs, fmt.Sprintf("row %d: %s ends past the end of the file (%d lines)", s.Row, r, n))
			}
		}
	}
	inCensus := make(map[string]bool)
	for _, s := range sites {
		inCensus[s.Module] = true
	}
	for m := range holdout {
		if !inCensus[m] {
			errs = append(errs, fmt.Sprintf("holdout module %s has no census sites", m))
		}
	}
	if len(errs) > 0 {
		sort.Strings(errs)
		return fmt.Errorf("census does not match the checked modules:\n\t%s", strings.Join(errs, "\n\t"))
	}
	return nil
}

// Recall is the census measured against one run's findings.
type Recall struct {
	Analyzers []string
	Sites     []*Site
	Holdout   map[string]bool
	Found     map[*Site][]Finding // findings judged against each site
	Outside   []Finding           // findings in census modules at no site of their analyzer
}

// measureRecall judges every finding of a census module against the
// narrowest site of its analyzer that holds it.
func measureRecall(sites []*Site, res *Results, analyzers []string, holdout map[string]bool) *Recall {
	rc := &Recall{Analyzers: analyzers, Sites: sites, Holdout: holdout, Found: make(map[*Site][]Finding)}
	byModule := make(map[string][]*Site)
	for _, s := range sites {
		byModule[s.Module] = append(byModule[s.Module], s)
	}
	for _, m := range res.Modules {
		cands, ok := byModule[m.Path]
		if !ok {
			continue
		}
		for _, f := range m.Findings {
			var best *Site
			for _, s := range cands {
				if s.holds(f) && (best == nil || narrower(f, s, best)) {
					best = s
				}
			}
			if best == nil {
				rc.Outside = append(rc.Outside, f)
				continue
			}
			rc.Found[best] = append(rc.Found[best], f)
		}
	}
	return rc
}

// narrower reports whether site a holds f more tightly than b: a
// narrower range around f's line, or, at equal ranges, fewer lines in
// all.
func narrower(f Finding, a, b *Site) bool {
	if x, y := a.spanAt(f), b.spanAt(f); x != y {
		return x < y
	}
	return a.span() < b.span()
}

// recallCount is the tally of one part of the census for one analyzer.
type recallCount struct {
	modules                     map[string]bool
	defects, found              int
	correct, falsePos           int
	borderline, onBorderline    int
	outside                     int
	missedShapes, foundShapes   map[string]int
	falsePosSites, missingSites []*Site
}

func (c *recallCount) recall() string {
	if c.defects == 0 {
		return "-"
	}
	return fmt.Sprintf("%.0f%%", 100*float64(c.found)/float64(c.defects))
}

// count tallies the part of the census (holdout or not; nil for both) for
// an analyzer ("" for all), with the findings outside every site.
func (rc *Recall) count(holdout *bool, analyzer string) *recallCount {
	c := rc.tally(holdout, func(s *Site) bool { return analyzer == "" || s.Analyzer == analyzer })
	for _, f := range rc.Outside {
		if (holdout == nil || rc.Holdout[f.Module] == *holdout) && (analyzer == "" || f.Analyzer == analyzer) {
			c.outside++
		}
	}
	return c
}

// tally counts the sites of the part of the census (holdout or not; nil
// for both) that keep accepts.
func (rc *Recall) tally(holdout *bool, keep func(*Site) bool) *recallCount {
	c := &recallCount{modules: make(map[string]bool), missedShapes: make(map[string]int), foundShapes: make(map[string]int)}
	for _, s := range rc.Sites {
		if holdout != nil && rc.Holdout[s.Module] != *holdout || !keep(s) {
			continue
		}
		c.modules[s.Module] = true
		hit := len(rc.Found[s]) > 0
		switch s.Verdict {
		case verdictDefect:
			c.defects++
			if hit {
				c.found++
				c.foundShapes[s.Shape]++
			} else {
				c.missedShapes[s.Shape]++
				c.missingSites = append(c.missingSites, s)
			}
		case verdictCorrect:
			c.correct++
			if hit {
				c.falsePos++
				c.falsePosSites = append(c.falsePosSites, s)
			}
		case verdictBorderline:
			c.borderline++
			if hit {
				c.onBorderline++
			}
		}
	}
	return c
}

func boolPtr(b bool) *bool { return &b }

// recallTable prints, per analyzer and in total, for the tuned part, the
// holdout and the whole census: defect sites, found, missed, recall,
// correct sites, false positives, borderline sites and unlabelled findings.
func (rc *Recall) recallTable() string {
	var b strings.Builder
	parts := []struct {
		name string
		sel  *bool
	}{{"tuned", boolPtr(false)}, {"holdout", boolPtr(true)}, {"all", nil}}
	fmt.Fprintf(&b, "| part | analyzer | modules | defect sites | found | missed | recall | correct sites | false positives | borderline (with findings) | findings outside sites |\n")
	fmt.Fprintf(&b, "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n")
	for _, p := range parts {
		for _, a := range append(slices.Clone(rc.Analyzers), "") {
			c := rc.count(p.sel, a)
			name := a
			if a == "" {
				name = "**total**"
			}
			fmt.Fprintf(&b, "| %s | %s | %d | %d | %d | %d | %s | %d | %d | %d (%d) | %d |\n",
				p.name, name, len(c.modules), c.defects, c.found, c.defects-c.found, c.recall(), c.correct, c.falsePos, c.borderline, c.onBorderline, c.outside)
		}
	}
	return b.String()
}

// renderRecall is the whole recall report: the table, the missed shapes,
// every missed defect, every false positive and every unlabelled finding.
func (rc *Recall) renderRecall(res *Results) string {
	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	p("# Recall on the census\n\n")
	p("retrylint %s, %s, %s\n\n", res.Retrylint, res.GoVersion, res.Started.Format("2006-01-02 15:04 UTC"))
	p("%s\n", rc.recallTable())

	p("## Defects in code that uses a retry library, by part\n\n")
	p("The sites whose shape is a library's (library-call, library-client,\n")
	p("library-debug): code that calls or configures a retry library\n")
	p("(go-retryablehttp, resty, backoff, retry-go, go-retry, failsafe-go) or\n")
	p("an SDK's retrying client. Counted, not listed, for the holdout.\n\n")
	p("| part | defect sites | found | recall | correct sites | false positives |\n| --- | --- | --- | --- | --- | --- |\n")
	for _, part := range []struct {
		name string
		sel  *bool
	}{{"tuned", boolPtr(false)}, {"holdout", boolPtr(true)}, {"all", nil}} {
		c := rc.tally(part.sel, func(s *Site) bool { return strings.HasPrefix(s.Shape, "library-") })
		p("| %s | %d | %d | %s | %d | %d |\n", part.name, c.defects, c.found, c.recall(), c.correct, c.falsePos)
	}
	p("\n")

	all := rc.count(nil, "")
	tuned, held := rc.count(boolPtr(false), ""), rc.count(boolPtr(true), "")
	p("## Missed defects by shape\n\nCounts only, per part: the holdout's sites are never listed.\n\n")
	p("| shape | missed | found | tuned missed | tuned found | holdout missed | holdout found |\n| --- | --- | --- | --- | --- | --- | --- |\n")
	shapes := make(map[string]bool)
	for s := range all.missedShapes {
		shapes[s] = true
	}
	for s := range all.foundShapes {
		shapes[s] = true
	}
	names := slices.Collect(func(yield func(string) bool) {
		for s := range shapes {
			if !yield(s) {
				return
			}
		}
	})
	sort.Slice(names, func(i, j int) bool {
		if all.missedShapes[names[i]] != all.missedShapes[names[j]] {
			return all.missedShapes[names[i]] > all.missedShapes[names[j]]
		}
		return names[i] < names[j]
	})
	for _, s := range names {
		p("| %s | %d | %d | %d | %d | %d | %d |\n", s, all.missedShapes[s], all.foundShapes[s],
			tuned.missedShapes[s], tuned.foundShapes[s], held.missedShapes[s], held.foundShapes[s])
	}

	part := func(s *Site) string {
		if rc.Holdout[s.Module] {
			return "holdout"
		}
		return "tuned"
	}
	// The holdout's misses are counted, not listed: whoever reads this
	// report to decide what to model next must not see them (the
	// holdout is never studied; see docs/census-holdout.txt).
	p("\n## Missed defects (tuned part)\n\n| part | analyzer | module | location | function | shape | reason |\n| --- | --- | --- | --- | --- | --- | --- |\n")
	heldBack := map[string]int{}
	for _, s := range all.missingSites {
		if rc.Holdout[s.Module] {
			heldBack[s.Analyzer]++
			continue
		}
		p("| %s | %s | %s | %s | %s | %s | %s |\n", part(s), s.Analyzer, s.Module, s.Location(), cell(s.Function), s.Shape, cell(s.Reason))
	}
	if len(heldBack) > 0 {
		var per []string
		for _, a := range rc.Analyzers {
			if n := heldBack[a]; n > 0 {
				per = append(per, fmt.Sprintf("%s %d", a, n))
			}
		}
		p("\nThe holdout's missed defects are not listed (%s): the holdout measures generalisation and is never studied.\n", strings.Join(per, ", "))
	}
	p("\n## Defects found\n\n| part | analyzer | module | location | shape | findings |\n| --- | --- | --- | --- | --- | --- |\n")
	for _, s := range rc.Sites {
		if fs := rc.Found[s]; s.Verdict == verdictDefect && len(fs) > 0 {
			pos := make([]string, len(fs))
			for i, f := range fs {
				pos[i] = f.Pos()
			}
			p("| %s | %s | %s | %s | %s | %s |\n", part(s), s.Analyzer, s.Module, s.Location(), s.Shape, strings.Join(pos, ", "))
		}
	}
	p("\n## Findings at correct sites (false positives)\n\n| part | analyzer | module | finding | site | reason the site is correct |\n| --- | --- | --- | --- | --- | --- |\n")
	for _, s := range all.falsePosSites {
		for _, f := range rc.Found[s] {
			p("| %s | %s | %s | %s: %s | %s | %s |\n", part(s), s.Analyzer, s.Module, f.Pos(), cell(f.Message), s.Location(), cell(s.Reason))
		}
	}
	p("\n## Findings outside every site (to be judged and added to the census)\n\n| part | analyzer | module | finding |\n| --- | --- | --- | --- |\n")
	for _, f := range rc.Outside {
		pt := "tuned"
		if rc.Holdout[f.Module] {
			pt = "holdout"
		}
		p("| %s | %s | %s | %s: %s |\n", pt, f.Analyzer, f.Module, f.Pos(), cell(f.Message))
	}
	return b.String()
}

// summary is the one-screen version printed on stdout.
func (rc *Recall) summary() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%-8s %-17s %7s %6s %7s %7s %8s %6s\n", "part", "analyzer", "defects", "found", "recall", "correct", "falsepos", "outside")
	for _, p := range []struct {
		name string
		sel  *bool
	}{{"tuned", boolPtr(false)}, {"holdout", boolPtr(true)}, {"all", nil}} {
		for _, a := range append(slices.Clone(rc.Analyzers), "") {
			c := rc.count(p.sel, a)
			name := a
			if a == "" {
				name = "total"
			}
			fmt.Fprintf(&b, "%-8s %-17s %7d %6d %7s %7d %8d %6d\n", p.name, name, c.defects, c.found, c.recall(), c.correct, c.falsePos, c.outside)
		}
	}
	return b.String()
}

// censusInput is the census and its holdout, read before the check.
type censusInput struct {
	sites   []*Site
	holdout map[string]bool
}

func readCensusInput(cfg *config) (*censusInput, error) {
	holdout, err := readModuleList(cfg.censusHoldout)
	if err != nil {
		return nil, err
	}
	// The analyzer names are checked against the binary's list after the
	// build; here every name of the suite is accepted.
	sites, err := readCensus(cfg.census, suiteAnalyzers)
	if err != nil {
		return nil, err
	}
	return &censusInput{sites, holdout}, nil
}

// suiteAnalyzers are the analyzers a census row may name.
var suiteAnalyzers = []string{"authlog", "retryafter", "retrydeadline", "retryidempotency"}

// filter keeps the modules of the census, and fails on a census module
// that the module list does not pin.
func (c *censusInput) filter(specs []modSpec) []modSpec {
	want := make(map[string]bool)
	for _, s := range c.sites {
		want[s.Module] = true
	}
	var out []modSpec
	for _, sp := range specs {
		if want[sp.Path] {
			out = append(out, sp)
		}
	}
	return out
}

// only keeps the sites of the modules whose path contains one of filters.
func (c *censusInput) only(filters []string) *censusInput {
	out := &censusInput{holdout: make(map[string]bool)}
	for _, s := range c.sites {
		if containsAny(s.Module, filters) {
			out.sites = append(out.sites, s)
		}
	}
	for m := range c.holdout {
		if containsAny(m, filters) {
			out.holdout[m] = true
		}
	}
	return out
}

func reportRecall(cfg *config, c *censusInput, res *Results) error {
	if cfg.only != "" {
		c = c.only(strings.Split(cfg.only, ","))
	}
	if err := checkCensus(c.sites, res, c.holdout); err != nil {
		return err
	}
	rc := measureRecall(c.sites, res, suiteAnalyzers, c.holdout)
	path := filepath.Join(cfg.work, "recall.md")
	if err := os.WriteFile(path, []byte(rc.renderRecall(res)), 0o644); err != nil {
		return err
	}
	fmt.Print("\n" + rc.summary())
	fmt.Printf("recall:   %s\n", path)
	return nil
}

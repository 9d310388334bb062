package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const testCensus = `module	location	function	analyzer	verdict	shape	reason
# a comment
ex.com/a@v1.0.0	c.go:10-30	(*Client).Do	retrydeadline	defect	inline-loop	sleep ignores ctx
ex.com/a@v1.0.0	c.go:20-22	(*Client).Do	retrydeadline	correct	inline-loop	inner loop waits on ctx
ex.com/a@v1.0.0	c.go:40-41;d.go:5-9	send	authlog	defect	log-via-error	token in error logged by caller
ex.com/a@v1.0.0	c.go:50-50	wait	retryafter	defect	wait-header-cap	min(ra, max)
ex.com/a@v1.0.0	c.go:60-60	wait2	retryafter	borderline	wait-header-parse	unclear
ex.com/b@v2.0.0	b.go:1-3	f	retryidempotency	defect	helper-funcvalue	POST in closure
ex.com/b@v2.0.0	b.go:8-9	g	retryidempotency	correct	library-client	key reused
`

func writeTemp(t *testing.T, name, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestMeasureRecall(t *testing.T) {
	sites, err := readCensus(writeTemp(t, "census.tsv", testCensus), suiteAnalyzers)
	if err != nil {
		t.Fatal(err)
	}
	if len(sites) != 7 {
		t.Fatalf("read %d sites, want 7", len(sites))
	}
	res := &Results{Modules: []*ModResult{
		{Path: "ex.com/a", Findings: []Finding{
			{Module: "ex.com/a", File: "c.go", Line: 21, Analyzer: "retrydeadline"}, // narrowest: the correct inner site
			{Module: "ex.com/a", File: "d.go", Line: 7, Analyzer: "authlog"},        // second range of the authlog site
			{Module: "ex.com/a", File: "c.go", Line: 50, Analyzer: "authlog"},       // wrong analyzer for the line: outside
			{Module: "ex.com/a", File: "c.go", Line: 60, Analyzer: "retryafter"},    // borderline
		}},
		{Path: "ex.com/b", Findings: []Finding{
			{Module: "ex.com/b", File: "b.go", Line: 2, Analyzer: "retryidempotency"},
		}},
		{Path: "ex.com/c", Findings: []Finding{ // not in the census: ignored
			{Module: "ex.com/c", File: "x.go", Line: 1, Analyzer: "authlog"},
		}},
	}}
	holdout := map[string]bool{"ex.com/b": true}
	rc := measureRecall(sites, res, suiteAnalyzers, holdout)

	tuned := rc.count(boolPtr(false), "")
	if tuned.defects != 3 || tuned.found != 1 || tuned.correct != 1 || tuned.falsePos != 1 || tuned.borderline != 1 || tuned.onBorderline != 1 || tuned.outside != 1 {
		t.Errorf("tuned: %+v", *tuned)
	}
	if got := tuned.recall(); got != "33%" {
		t.Errorf("tuned recall %s, want 33%%", got)
	}
	rd := rc.count(boolPtr(false), "retrydeadline")
	if rd.found != 0 || rd.falsePos != 1 {
		t.Errorf("retrydeadline: the finding at line 21 must be judged against the narrower correct site, got found=%d falsePos=%d", rd.found, rd.falsePos)
	}
	ho := rc.count(boolPtr(true), "")
	if ho.defects != 1 || ho.found != 1 || ho.correct != 1 || ho.falsePos != 0 || ho.recall() != "100%" {
		t.Errorf("holdout: %+v", *ho)
	}
	if len(rc.Outside) != 1 || rc.Outside[0].Line != 50 {
		t.Errorf("outside: %+v", rc.Outside)
	}
	if missed := rc.count(nil, "").missedShapes; missed["inline-loop"] != 1 || missed["wait-header-cap"] != 1 {
		t.Errorf("missed shapes: %v", missed)
	}
	report := rc.renderRecall(res)
	for _, want := range []string{"| tuned | **total** | 1 | 3 | 1 | 2 | 33% |", "| holdout | retryidempotency | 1 | 1 | 1 | 0 | 100% |", "c.go:50: ", "| holdout | retryidempotency | ex.com/b | b.go:1-3 | helper-funcvalue | b.go:2 |"} {
		if !strings.Contains(report, want) {
			t.Errorf("report lacks %q:\n%s", want, report)
		}
	}
}

// TestRecallReportWithholdsHoldoutMisses: the report lists each missed
// defect of the tuned part, and only counts those of the holdout, whose
// locations and reasons must not reach whoever chooses what to model.
func TestRecallReportWithholdsHoldoutMisses(t *testing.T) {
	sites, err := readCensus(writeTemp(t, "census.tsv", testCensus), suiteAnalyzers)
	if err != nil {
		t.Fatal(err)
	}
	res := &Results{Modules: []*ModResult{{Path: "ex.com/a"}, {Path: "ex.com/b"}}}
	rc := measureRecall(sites, res, suiteAnalyzers, map[string]bool{"ex.com/b": true})
	if ho := rc.count(boolPtr(true), ""); ho.defects != 1 || ho.found != 0 {
		t.Fatalf("holdout: %+v, want its one defect missed", *ho)
	}
	report := rc.renderRecall(res)
	for _, want := range []string{"sleep ignores ctx", "| tuned | retrydeadline | ex.com/a | c.go:10-30 |", "not listed (retryidempotency 1)"} {
		if !strings.Contains(report, want) {
			t.Errorf("report lacks %q:\n%s", want, report)
		}
	}
	for _, leak := range []string{"POST in closure", "b.go:1-3"} {
		if strings.Contains(report, leak) {
			t.Errorf("report shows the holdout's missed defect (%q):\n%s", leak, report)
		}
	}
}

func TestReadCensusErrors(t *testing.T) {
	const header = "module\tlocation\tfunction\tanalyzer\tverdict\tshape\treason\n"
	for _, tc := range []struct{ row, want string }{
		{"ex.com/a@v1\tc.go:10-30\tf\tretrydeadline\tdefect\tinline-loop", "7 tab-separated columns"},
		{"ex.com/a\tc.go:10-30\tf\tretrydeadline\tdefect\tinline-loop\tr", "module@version"},
		{"ex.com/a@v1\tc.go:30-10\tf\tretrydeadline\tdefect\tinline-loop\tr", "START <= END"},
		{"ex.com/a@v1\tc.go\tf\tretrydeadline\tdefect\tinline-loop\tr", "START-END"},
		{"ex.com/a@v1\tc.go:1-2\tf\tnosuch\tdefect\tinline-loop\tr", "unknown analyzer"},
		{"ex.com/a@v1\tc.go:1-2\tf\tauthlog\tmaybe\tinline-loop\tr", "unknown verdict"},
		{"ex.com/a@v1\t../c.go:1-2\tf\tauthlog\tdefect\tinline-loop\tr", "relative to the module root"},
		{"ex.com/a@v1\tc.go:1-2\tf\tauthlog\tdefect\t\tr", "must not be empty"},
	} {
		_, err := readCensus(writeTemp(t, "c.tsv", header+tc.row+"\n"), suiteAnalyzers)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("row %q: got error %v, want one containing %q", tc.row, err, tc.want)
		}
	}
}

func TestCheckCensus(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "c.go"), []byte("package a\n\nfunc f() {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "legacy.go"), []byte("//go:build legacy\n\npackage a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "sub", "s.go"), []byte("package sub\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	res := &Results{Modules: []*ModResult{{Path: "ex.com/a", Version: "v1.0.0", Dir: dir, Analysed: []string{"ex.com/a"}}}}
	ok := []*Site{{Row: 2, Module: "ex.com/a", Version: "v1.0.0", Ranges: []lineRange{{"c.go", 1, 3}}}}
	if err := checkCensus(ok, res, map[string]bool{"ex.com/a": true}); err != nil {
		t.Errorf("valid census: %v", err)
	}
	bad := []*Site{
		{Row: 2, Module: "ex.com/a", Version: "v1.0.0", Ranges: []lineRange{{"c.go", 1, 9}}},
		{Row: 3, Module: "ex.com/a", Version: "v0.9.0", Ranges: []lineRange{{"c.go", 1, 1}}},
		{Row: 4, Module: "ex.com/z", Version: "v1.0.0", Ranges: []lineRange{{"c.go", 1, 1}}},
		{Row: 5, Module: "ex.com/a", Version: "v1.0.0", Ranges: []lineRange{{"nosuch.go", 1, 1}}},
		{Row: 6, Module: "ex.com/a", Version: "v1.0.0", Ranges: []lineRange{{"legacy.go", 1, 1}}},
		{Row: 7, Module: "ex.com/a", Version: "v1.0.0", Ranges: []lineRange{{"sub/s.go", 1, 1}}},
	}
	err := checkCensus(bad, res, map[string]bool{"ex.com/h": true})
	if err == nil {
		t.Fatal("invalid census accepted")
	}
	for _, want := range []string{"row 2: c.go:1-9 ends past the end", "row 3: census labels ex.com/a@v0.9.0", "row 4: module ex.com/z was not checked", "row 5: ", "row 6: legacy.go:1-1 is excluded by its build constraints", "row 7: sub/s.go:1-1 is not in an analysed package (ex.com/a/sub)", "holdout module ex.com/h has no census sites"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error lacks %q:\n%v", want, err)
		}
	}
}

// TestCensusFile checks the census that ships in docs/ without the
// network: every row parses, every module is pinned in modules.txt at the
// labelled version, and every holdout module has sites.
func TestCensusFile(t *testing.T) {
	sites, err := readCensus(filepath.Join("..", "..", "docs", "census.tsv"), suiteAnalyzers)
	if err != nil {
		t.Fatal(err)
	}
	specs, err := readModules(filepath.Join("modules.txt"), "")
	if err != nil {
		t.Fatal(err)
	}
	pinned := make(map[string]string)
	for _, sp := range specs {
		pinned[sp.Path] = sp.Version
	}
	inCensus := make(map[string]bool)
	for _, s := range sites {
		inCensus[s.Module] = true
		if v, ok := pinned[s.Module]; !ok || v != s.Version {
			t.Errorf("census row %d: %s@%s, but modules.txt pins %q", s.Row, s.Module, s.Version, v)
		}
	}
	holdout, err := readModuleList(filepath.Join("..", "..", "docs", "census-holdout.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for m := range holdout {
		if !inCensus[m] {
			t.Errorf("holdout module %s has no census sites", m)
		}
	}
	// A third of each stratum of each batch, rounded, less a module that
	// was tuned on and left the holdout: at least 30% of the census.
	if len(holdout) == 0 || 10*len(holdout) < 3*len(inCensus) {
		t.Errorf("%d holdout modules of %d: want about a third (at least 30%%)", len(holdout), len(inCensus))
	}
}

// TestNarrowestRange: a finding is judged against the site whose own range
// around its line is narrowest, not the site with fewest lines in all: a
// defect that lists the places that explain it (the dump, the write, the
// option that turns it on) keeps a finding at one of them from a wider
// neighbouring site.
func TestNarrowestRange(t *testing.T) {
	census := `module	location	function	analyzer	verdict	shape	reason
ex.com/a@v1.0.0	x.go:23-34;x.go:67-70;y.go:1-20	RoundTrip	authlog	defect	dump	request dump written to stderr
ex.com/a@v1.0.0	x.go:57-70	RoundTrip	authlog	borderline	dump	response dump written to stderr
`
	sites, err := readCensus(writeTemp(t, "census.tsv", census), suiteAnalyzers)
	if err != nil {
		t.Fatal(err)
	}
	res := &Results{Modules: []*ModResult{{Path: "ex.com/a", Findings: []Finding{
		{Module: "ex.com/a", File: "x.go", Line: 67, Analyzer: "authlog"}, // the defect's range 67-70
		{Module: "ex.com/a", File: "x.go", Line: 60, Analyzer: "authlog"}, // only the borderline site
	}}}}
	rc := measureRecall(sites, res, suiteAnalyzers, nil)
	c := rc.count(nil, "authlog")
	if c.found != 1 || c.onBorderline != 1 {
		t.Errorf("want the line-67 finding at the defect and the line-60 one at the borderline site, got found=%d onBorderline=%d", c.found, c.onBorderline)
	}
}

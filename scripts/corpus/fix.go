package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"log"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// FixResults is the outcome of the -fix phase.
type FixResults struct {
	Packages         int // packages with findings
	Findings         int // their findings
	FindingsWithFix  int // findings that carry a suggested fix
	FixesOffered     int // fixes retrylint -fix considered
	FixesApplied     int // fixes it applied
	FixesGenerated   int // fixes it skipped because they edit a generated file
	FixesConflicting int // fixes it skipped because they conflict with another
	FilesChanged     int
	FixedPackages    int // packages with at least one changed file
	Building         int // fixed packages that go build
	VetClean         int // fixed packages that build and on which go vet reports nothing new
	Clean            int // fixed packages on which retrylint reports nothing at the fixed spots
	RemainingAtSpots int // findings still there after the fix, in files the fix could edit
	RemainingInGen   int // findings still there in generated files (no fix applied by design)
	NewFindings      int // other findings in the fixed packages after the fix
	Modules          []*FixModule
	Seconds          float64
}

// FixModule is the fix of one module's packages.
type FixModule struct {
	Path, Version string
	Copy          string
	Exit          int
	Log           string
	Offered       int
	Applied       int
	Generated     int
	FilesChanged  []string
	Packages      []*FixPackage
}

// FixPackage is one package with findings.
type FixPackage struct {
	Package   string
	Dir       string // relative to the module root
	Findings  int
	Fixed     bool // a file of the package changed
	Build     bool
	BuildOut  string `json:",omitempty"`
	VetBefore string `json:",omitempty"`
	VetNew    string `json:",omitempty"` // go vet messages that were not there before the fix
	After     []Finding
	AtSpots   int // of After: the same finding at the same source line as before the fix
	InGen     int // of AtSpots: in a generated file, which no fix edits
}

var (
	// appliedRE matches the summary line of retrylint -fix: "applied 7 of
	// 9 fixes in 4 files (1 conflicts with another fix: re-run to apply
	// it; 1 would edit a generated file)", or "applied 9 fixes in 4 files"
	// when it applied all.
	appliedRE   = regexp.MustCompile(`(?m)^retrylint: applied (?:(\d+) of )?(\d+) fix(?:es)? in \d+ files?(.*)$`)
	generatedRE = regexp.MustCompile(`\b(\d+) would edit a generated file`)
)

func fixCorpus(cfg *config, bin string, res *Results) (*FixResults, error) {
	fr := &FixResults{}
	modDir := filepath.Join(cfg.work, "mod")
	fixMod := filepath.Join(cfg.work, "fixmod")
	copies := filepath.Join(cfg.work, "fix")
	for _, d := range []string{fixMod, copies} {
		if err := os.RemoveAll(d); err != nil {
			return nil, err
		}
		if err := os.MkdirAll(d, 0o755); err != nil {
			return nil, err
		}
	}
	gomod, err := os.ReadFile(filepath.Join(modDir, "go.mod"))
	if err != nil {
		return nil, fmt.Errorf("-fix needs the throwaway module of a check: %v", err)
	}
	gosum, _ := os.ReadFile(filepath.Join(modDir, "go.sum"))

	// Copy every module with findings and point the fix module at it.
	var replaces strings.Builder
	for _, m := range res.Modules {
		if len(m.Findings) == 0 {
			continue
		}
		copyDir := filepath.Join(copies, strings.ReplaceAll(m.Path, "/", "_")+"@"+m.Version)
		if err := copyModule(m.Dir, copyDir, m.Path); err != nil {
			return nil, fmt.Errorf("copy %s: %v", m.Path, err)
		}
		fmt.Fprintf(&replaces, "replace %s => %s\n", m.Path, copyDir)
		fm := &FixModule{Path: m.Path, Version: m.Version, Copy: copyDir}
		byPkg := make(map[string]*FixPackage)
		for _, f := range m.Findings {
			p := byPkg[f.Package]
			if p == nil {
				p = &FixPackage{Package: f.Package, Dir: path.Dir(f.File)}
				byPkg[f.Package] = p
				fm.Packages = append(fm.Packages, p)
			}
			p.Findings++
			fr.Findings++
			if f.Fixes > 0 {
				fr.FindingsWithFix++
			}
		}
		sort.Slice(fm.Packages, func(i, j int) bool { return fm.Packages[i].Package < fm.Packages[j].Package })
		fr.Packages += len(fm.Packages)
		fr.Modules = append(fr.Modules, fm)
	}
	if len(fr.Modules) == 0 {
		log.Printf("-fix: no findings, nothing to fix")
		return fr, nil
	}
	if err := os.WriteFile(filepath.Join(fixMod, "go.mod"), append(append(gomod, '\n'), replaces.String()...), 0o644); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(fixMod, "go.sum"), gosum, 0o644); err != nil {
		return nil, err
	}
	env := corpusEnv()

	for _, fm := range fr.Modules {
		m := findModule(res, fm.Path)
		pkgs := make([]string, len(fm.Packages))
		for i, p := range fm.Packages {
			pkgs[i] = p.Package
		}
		log.Printf("-fix: %s (%d packages)", fm.Path, len(pkgs))

		// go vet before the fix, on the pristine module, so that only
		// what the fix adds counts against it.
		for p, out := range vetPackages(cfg, modDir, env, pkgs) {
			byName(fm, p).VetBefore = out
		}

		r := run(cfg, fixMod, env, bin, append([]string{"-fix", "-test=false"}, pkgs...)...)
		fm.Exit = r.code
		fm.Log = filterFixLog(r.stderr)
		fm.Offered, fm.Applied, fm.Generated = parseFixSummary(r.stderr)
		fm.FilesChanged, err = changedFiles(m.Dir, fm.Copy)
		if err != nil {
			return nil, err
		}
		fr.FixesApplied += fm.Applied
		fr.FixesOffered += fm.Offered
		fr.FixesGenerated += fm.Generated
		fr.FixesConflicting += fm.Offered - fm.Applied - fm.Generated
		fr.FilesChanged += len(fm.FilesChanged)
		for _, p := range fm.Packages {
			for _, f := range fm.FilesChanged {
				if path.Dir(f) == p.Dir {
					p.Fixed = true
				}
			}
		}

		// Build and vet the packages in the fixed copy.
		for p, out := range buildPackages(cfg, fixMod, env, pkgs) {
			pk := byName(fm, p)
			pk.Build = out == ""
			pk.BuildOut = out
		}
		after := vetPackages(cfg, fixMod, env, pkgs)
		for _, p := range fm.Packages {
			if out := after[p.Package]; out != "" {
				p.VetNew = newVetMessages(p.VetBefore, out)
			}
		}

		// Run retrylint again on the fixed packages.
		a := run(cfg, fixMod, env, bin, append([]string{"-json", "-test=false"}, pkgs...)...)
		tree := make(map[string]map[string]json.RawMessage)
		_ = json.Unmarshal([]byte(a.stdout), &tree)
		for _, p := range fm.Packages {
			for analyzer, raw := range tree[p.Package] {
				var diags []jsonDiag
				if json.Unmarshal(raw, &diags) != nil {
					continue // an error entry; the check reports those
				}
				for _, d := range diags {
					f := Finding{Module: fm.Path, Package: p.Package, Analyzer: analyzer, Message: d.Message, Fixes: len(d.SuggestedFixes), Abs: d.Posn}
					if sm := posnRE.FindStringSubmatch(d.Posn); sm != nil {
						f.Abs = sm[1]
						f.Line, _ = strconv.Atoi(sm[2])
						f.Col, _ = strconv.Atoi(sm[3])
					}
					f.File = relFile(f.Abs, fm.Copy)
					p.After = append(p.After, f)
					if atFixedSpot(f, m, fm.Copy) {
						p.AtSpots++
						if isGenerated(filepath.Join(fm.Copy, f.File)) {
							p.InGen++
						}
					}
				}
			}
		}
	}

	for _, fm := range fr.Modules {
		for _, p := range fm.Packages {
			fr.RemainingAtSpots += p.AtSpots - p.InGen
			fr.RemainingInGen += p.InGen
			fr.NewFindings += len(p.After) - p.AtSpots
			if !p.Fixed {
				continue
			}
			fr.FixedPackages++
			if p.Build {
				fr.Building++
				if p.VetNew == "" {
					fr.VetClean++
				}
			}
			if p.AtSpots == p.InGen {
				fr.Clean++
			}
		}
	}
	return fr, nil
}

func byName(fm *FixModule, pkg string) *FixPackage {
	for _, p := range fm.Packages {
		if p.Package == pkg {
			return p
		}
	}
	p := &FixPackage{Package: pkg} // a package go vet named that has no findings: keep apart
	return p
}

// buildPackages runs go build on pkgs together and, when that fails, one
// by one; it returns the error output per package ("" when it builds).
func buildPackages(cfg *config, dir string, env []string, pkgs []string) map[string]string {
	out := make(map[string]string, len(pkgs))
	r := run(cfg, dir, env, "go", append([]string{"build"}, pkgs...)...)
	if r.code == 0 && r.err == nil {
		for _, p := range pkgs {
			out[p] = ""
		}
		return out
	}
	for _, p := range pkgs {
		r := run(cfg, dir, env, "go", "build", p)
		if r.code != 0 || r.err != nil {
			out[p] = strings.TrimSpace(r.stderr + errString(r.err))
			if out[p] == "" {
				out[p] = fmt.Sprintf("exit %d", r.code)
			}
		} else {
			out[p] = ""
		}
	}
	return out
}

// vetPackages runs go vet on pkgs together and returns its messages per
// package (absent when clean). go vet heads each package's messages with
// "# importpath"; when it does not, the packages are vetted one by one.
func vetPackages(cfg *config, dir string, env []string, pkgs []string) map[string]string {
	out := make(map[string]string)
	r := run(cfg, dir, env, "go", append([]string{"vet"}, pkgs...)...)
	if r.code == 0 && r.err == nil {
		return out
	}
	cur := ""
	headed := false
	for _, line := range strings.Split(r.stderr, "\n") {
		if strings.HasPrefix(line, "# ") {
			cur, _, _ = strings.Cut(strings.TrimPrefix(line, "# "), " ")
			headed = true
			continue
		}
		if cur != "" && strings.TrimSpace(line) != "" {
			out[cur] += line + "\n"
		}
	}
	if headed && len(out) > 0 {
		return out
	}
	for _, p := range pkgs {
		r := run(cfg, dir, env, "go", "vet", p)
		if r.code != 0 || r.err != nil {
			out[p] = r.stderr + errString(r.err)
		}
	}
	return out
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

func findModule(res *Results, path string) *ModResult {
	for _, m := range res.Modules {
		if m.Path == path {
			return m
		}
	}
	return nil
}

// atFixedSpot reports whether f, found after the fix, is one of the
// module's findings before the fix: same file, analyzer and message, on a
// line whose text is unchanged.
func atFixedSpot(f Finding, m *ModResult, copyDir string) bool {
	after := lineText(filepath.Join(copyDir, f.File), f.Line)
	for _, b := range m.Findings {
		if b.File == f.File && b.Analyzer == f.Analyzer && b.Message == f.Message &&
			lineText(filepath.Join(m.Dir, b.File), b.Line) == after {
			return true
		}
	}
	return false
}

var fileLines = make(map[string][]string)

func lineText(file string, line int) string {
	lines, ok := fileLines[file]
	if !ok {
		data, _ := os.ReadFile(file)
		lines = strings.Split(string(data), "\n")
		fileLines[file] = lines
	}
	if line < 1 || line > len(lines) {
		return ""
	}
	return strings.TrimSpace(lines[line-1])
}

var generatedComment = regexp.MustCompile(`(?m)^// Code generated .* DO NOT EDIT\.$`)

// isGenerated reports whether file carries the standard generated-code
// comment before its package clause, as the fix drivers check.
func isGenerated(file string) bool {
	data, err := os.ReadFile(file)
	if err != nil {
		return false
	}
	head, _, _ := strings.Cut(string(data), "\npackage ")
	return generatedComment.MatchString(head)
}

// copyModule copies a module from the module cache (read-only) to a
// writable directory that a replace directive can point at.
func copyModule(src, dst, path string) error {
	if err := os.RemoveAll(dst); err != nil {
		return err
	}
	if err := os.CopyFS(dst, os.DirFS(src)); err != nil {
		return err
	}
	if _, err := os.Stat(filepath.Join(dst, "go.mod")); err != nil {
		// A module without go.mod: a replacement directory needs one.
		return os.WriteFile(filepath.Join(dst, "go.mod"), []byte("module "+path+"\n"), 0o644)
	}
	return nil
}

// changedFiles lists the files of the copy that differ from the original.
func changedFiles(orig, copyDir string) ([]string, error) {
	var changed []string
	err := filepath.WalkDir(copyDir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") {
			return err
		}
		rel, _ := filepath.Rel(copyDir, p)
		a, _ := os.ReadFile(filepath.Join(orig, rel))
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if !bytes.Equal(a, b) {
			changed = append(changed, filepath.ToSlash(rel))
		}
		return nil
	})
	return changed, err
}

var vetPosRE = regexp.MustCompile(`^(?:vet: )?[^\s:]+\.go:\d+:\d+: `)

// newVetMessages returns the go vet messages after the fix that were not
// there before it, compared without their positions (the fix moves lines).
func newVetMessages(before, after string) string {
	strip := func(s string) []string {
		var out []string
		for _, line := range strings.Split(s, "\n") {
			line = strings.TrimSpace(line)
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			if loc := vetPosRE.FindStringIndex(line); loc != nil {
				file := line[:loc[1]]
				if i := strings.Index(file, ".go:"); i >= 0 {
					file = filepath.Base(file[:i+3])
				}
				line = file + ": " + line[loc[1]:]
			}
			out = append(out, line)
		}
		return out
	}
	old := strip(before)
	var added []string
	for _, l := range strip(after) {
		if !slices.Contains(old, l) {
			added = append(added, l)
		}
	}
	return strings.Join(added, "\n")
}

// parseFixSummary reads the summary line of retrylint -fix: how many
// fixes it was offered, how many it applied and how many it skipped
// because they would edit a generated file (the rest conflicted). All are
// 0 without a summary line.
func parseFixSummary(stderr string) (offered, applied, generated int) {
	sm := appliedRE.FindStringSubmatch(stderr)
	if sm == nil {
		return 0, 0, 0
	}
	offered, _ = strconv.Atoi(sm[2])
	applied = offered
	if sm[1] != "" {
		applied, _ = strconv.Atoi(sm[1])
	}
	if gm := generatedRE.FindStringSubmatch(sm[3]); gm != nil {
		generated, _ = strconv.Atoi(gm[1])
	}
	return offered, applied, generated
}

// filterFixLog keeps what retrylint -fix said about the fixes.
func filterFixLog(stderr string) string {
	var keep []string
	for _, line := range strings.Split(stderr, "\n") {
		if strings.Contains(line, "fix") || strings.Contains(line, "panic") || strings.Contains(line, "error") {
			keep = append(keep, strings.TrimSpace(line))
		}
	}
	return strings.Join(keep, "\n")
}

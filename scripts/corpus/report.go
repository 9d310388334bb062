package main

import (
	"fmt"
	"strings"
)

type tally struct {
	modules, failed                      int
	listed, analysed, excluded           int
	findings                             int
	perAnalyzer                          map[string]int
	panics, analyzerErrors, internalErrs int
	timeouts                             int
	typeErrorPkgs, depTypeErrors         int
	listErrors, loadErrorLines           int
	mismatches                           int
	jsonSeconds, plainSeconds            float64
}

func totals(res *Results) tally {
	t := tally{perAnalyzer: make(map[string]int)}
	for _, m := range res.Modules {
		t.modules++
		if m.GetError != "" {
			t.failed++
			continue
		}
		t.listed += m.Listed
		t.analysed += len(m.Analysed)
		t.excluded += len(m.Excluded)
		t.findings += len(m.Findings)
		for _, f := range m.Findings {
			t.perAnalyzer[f.Analyzer]++
		}
		t.panics += len(m.Panics)
		t.analyzerErrors += len(m.AnalyzerErrors) + len(m.PlainAnalyzerErrors)
		t.internalErrs += len(m.InternalErrors)
		t.timeouts += len(m.Timeouts)
		t.typeErrorPkgs += len(m.TypeErrorPkgs)
		t.depTypeErrors += m.DepTypeErrors
		t.listErrors += len(m.ListErrors)
		t.loadErrorLines += len(m.LoadErrorLines)
		if m.Mismatch != "" {
			t.mismatches++
		}
		for _, r := range m.Runs {
			if r.Mode == "json" {
				t.jsonSeconds += r.Seconds
			} else {
				t.plainSeconds += r.Seconds
			}
		}
	}
	return t
}

func (t tally) analyzerCounts(analyzers []string) string {
	var parts []string
	for _, a := range analyzers {
		parts = append(parts, fmt.Sprintf("%s %d", a, t.perAnalyzer[a]))
	}
	return strings.Join(parts, ", ")
}

func summaryLine(res *Results) string {
	t := totals(res)
	return fmt.Sprintf("%d modules (%d failed to load), %d packages analysed, %d findings (%s), %d panics, %d analyzer errors, %d type-error packages, wall %s",
		t.modules, t.failed, t.analysed, t.findings, t.analyzerCounts(res.Analyzers), t.panics, t.analyzerErrors, t.typeErrorPkgs, dur(res.WallSeconds))
}

func fixSummaryLine(fr *FixResults) string {
	return fmt.Sprintf("fix: %d packages with %d findings (%d with a fix); %d fixes offered, %d applied, %d skipped in generated files, %d conflicting; %d files changed in %d packages; of those packages %d build, %d build and vet clean, %d clean at the fixed spots; findings left at the fixed spots %d (plus %d in generated files, not fixed by design), new findings %d; %s",
		fr.Packages, fr.Findings, fr.FindingsWithFix, fr.FixesOffered, fr.FixesApplied, fr.FixesGenerated, fr.FixesConflicting,
		fr.FilesChanged, fr.FixedPackages, fr.Building, fr.VetClean, fr.Clean, fr.RemainingAtSpots, fr.RemainingInGen, fr.NewFindings, dur(fr.Seconds))
}

func dur(s float64) string {
	if s < 60 {
		return fmt.Sprintf("%.0fs", s)
	}
	return fmt.Sprintf("%dm%02ds", int(s)/60, int(s)%60)
}

func cell(s string) string {
	s = strings.ReplaceAll(s, "|", `\|`)
	return strings.ReplaceAll(s, "\n", " ")
}

func renderReport(res *Results) string {
	var b strings.Builder
	t := totals(res)
	p := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	p("# retrylint corpus report\n\n")
	p("Started %s; %s; retrylint %s; analyzers: %s; %d modules at a time.\n\n",
		res.Started.Format("2006-01-02 15:04 UTC"), res.GoVersion, res.Retrylint, strings.Join(res.Analyzers, ", "), res.Jobs)
	p("## Summary\n\n")
	p("| | |\n| --- | --- |\n")
	p("| modules | %d (%d could not be fetched or listed) |\n", t.modules, t.failed)
	p("| packages | %d listed, %d analysed, %d without Go files for this platform |\n", t.listed, t.analysed, t.excluded)
	p("| findings | %d (%s) |\n", t.findings, t.analyzerCounts(res.Analyzers))
	p("| panics | %d |\n", t.panics)
	p("| analyzer errors | %d |\n", t.analyzerErrors)
	p("| internal-error lines | %d |\n", t.internalErrs)
	p("| timeouts | %d |\n", t.timeouts)
	p("| third-party type errors | %d analysed packages skipped by the checker, %d dependency packages; %d go list errors; %d load-error lines |\n",
		t.typeErrorPkgs, t.depTypeErrors, t.listErrors, t.loadErrorLines)
	p("| text/JSON mismatches | %d |\n", t.mismatches)
	p("| wall time | %s total", dur(res.WallSeconds))
	for _, ph := range res.Phases {
		p("; %s %s", ph.Name, dur(ph.Seconds))
	}
	p(" (retrylint processes: %s -json, %s plain) |\n\n", dur(t.jsonSeconds), dur(t.plainSeconds))

	p("## Modules\n\n")
	p("| module | version | packages |")
	for _, a := range res.Analyzers {
		p(" %s |", a)
	}
	p(" analyzer errors | panics | type-error pkgs | load-error lines | exit (plain) | time |\n|---|---|---|")
	for range res.Analyzers {
		p("---|")
	}
	p("---|---|---|---|---|---|\n")
	for _, m := range res.Modules {
		if m.GetError != "" {
			p("| %s | %s | not analysed: %s |", m.Path, m.Pinned, cell(firstLine(m.GetError)))
			for range res.Analyzers {
				p(" |")
			}
			p(" | | | | | |\n")
			continue
		}
		per := make(map[string]int)
		for _, f := range m.Findings {
			per[f.Analyzer]++
		}
		version := m.Version
		if m.Version != m.Pinned {
			version += " (pinned " + m.Pinned + ")"
		}
		p("| %s | %s | %d |", m.Path, version, len(m.Analysed))
		for _, a := range res.Analyzers {
			p(" %d |", per[a])
		}
		var exits []string
		var secs float64
		for _, r := range m.Runs {
			secs += r.Seconds
			if r.Mode == "plain" {
				exits = append(exits, fmt.Sprint(r.Exit))
			}
		}
		p(" %d | %d | %d | %d | %s | %s |\n", len(m.AnalyzerErrors)+len(m.PlainAnalyzerErrors), len(m.Panics), len(m.TypeErrorPkgs),
			len(m.LoadErrorLines), strings.Join(exits, ","), dur(secs))
	}
	p("\nExit codes of the plain runs: 3 findings, 0 clean, 1 load or analysis errors (type errors of third-party packages included), 2 crash.\n\n")

	section := func(title string, lines []string) {
		if len(lines) == 0 {
			return
		}
		p("## %s\n\n", title)
		for _, l := range lines {
			p("- %s\n", l)
		}
		p("\n")
	}
	var panics, aerrs, internal, timeouts, typeErrs, loadErrs, mismatches []string
	for _, m := range res.Modules {
		for _, x := range m.Panics {
			panics = append(panics, fmt.Sprintf("%s: ```%s```", m.Path, cell(x)))
		}
		for _, e := range m.AnalyzerErrors {
			where := "dependency"
			if e.Root {
				where = "analysed package"
			}
			aerrs = append(aerrs, fmt.Sprintf("%s: %s (%s) %s: %s", m.Path, e.Package, where, e.Analyzer, cell(e.Err)))
		}
		for _, e := range m.PlainAnalyzerErrors {
			aerrs = append(aerrs, fmt.Sprintf("%s (text output): %s", m.Path, cell(e)))
		}
		for _, e := range m.InternalErrors {
			internal = append(internal, m.Path+": "+cell(e))
		}
		for _, e := range m.Timeouts {
			timeouts = append(timeouts, m.Path+": "+cell(e))
		}
		if len(m.TypeErrorPkgs) > 0 || m.DepTypeErrors > 0 {
			typeErrs = append(typeErrs, fmt.Sprintf("%s: %d analysed packages (%s), %d dependency packages skipped by the checker",
				m.Path, len(m.TypeErrorPkgs), strings.Join(firstN(m.TypeErrorPkgs, 5), ", "), m.DepTypeErrors))
		}
		for _, e := range firstN(m.ListErrors, 5) {
			loadErrs = append(loadErrs, fmt.Sprintf("%s: go list: %s: %s", m.Path, e.Package, cell(e.Err)))
		}
		for _, l := range firstN(m.LoadErrorLines, 5) {
			loadErrs = append(loadErrs, fmt.Sprintf("%s: %s", m.Path, cell(relFile(l, m.Dir))))
		}
		if len(m.LoadErrorLines) > 5 {
			loadErrs = append(loadErrs, fmt.Sprintf("%s: ... %d more load-error lines", m.Path, len(m.LoadErrorLines)-5))
		}
		if m.Mismatch != "" {
			mismatches = append(mismatches, m.Path+": "+m.Mismatch)
		}
	}
	section("Panics", panics)
	section("Analyzer errors", aerrs)
	section("Internal errors", internal)
	section("Timeouts", timeouts)
	section("Third-party type errors (not analyzer errors)", typeErrs)
	section("Load errors (third-party; first lines per module)", loadErrs)
	section("Text and JSON output disagree", mismatches)

	p("## Findings\n\n")
	if t.findings == 0 {
		p("None.\n\n")
	} else {
		p("| module | file:line | analyzer | message |\n| --- | --- | --- | --- |\n")
		for _, m := range res.Modules {
			for _, f := range m.Findings {
				p("| %s | %s | %s | %s |\n", m.Path, f.Pos(), f.Analyzer, cell(f.Message))
			}
		}
		p("\n")
	}

	if fr := res.Fix; fr != nil {
		p("## Fixes\n\n%s\n\n", fixSummaryLine(fr))
		p("| module | package | findings | fixed | build | go vet (new messages) | findings after fix (at the fixed spots; in generated files) |\n| --- | --- | --- | --- | --- | --- | --- |\n")
		for _, fm := range fr.Modules {
			for _, pk := range fm.Packages {
				build := "ok"
				if !pk.Build {
					build = "FAILS: " + cell(tail(pk.BuildOut, 3))
				}
				vet := "none"
				if pk.VetNew != "" {
					vet = cell(pk.VetNew)
				}
				fixed := "yes"
				if !pk.Fixed {
					fixed = "no"
				}
				p("| %s | %s | %d | %s | %s | %s | %d (%d; %d) |\n", fm.Path, pk.Package, pk.Findings, fixed, build, vet, len(pk.After), pk.AtSpots, pk.InGen)
			}
		}
		p("\n")
		for _, fm := range fr.Modules {
			p("- %s: retrylint -fix exit %d, %d of %d fixes applied (%d skipped in generated files), files changed: %s", fm.Path, fm.Exit, fm.Applied, fm.Offered, fm.Generated, strings.Join(fm.FilesChanged, ", "))
			if fm.Log != "" {
				p("; log: `%s`", cell(fm.Log))
			}
			p("\n")
			for _, pk := range fm.Packages {
				if pk.InGen == len(pk.After) {
					continue // only findings in generated files, listed in the table
				}
				for _, f := range pk.After {
					p("  - after the fix: %s %s: %s\n", f.Pos(), f.Analyzer, cell(f.Message))
				}
			}
		}
		p("\n")
	}
	return b.String()
}

func firstN[T any](s []T, n int) []T {
	if len(s) > n {
		return s[:n]
	}
	return s
}

func renderTSV(res *Results) string {
	var b strings.Builder
	b.WriteString("module\tfile:line\tanalyzer\tmessage\n")
	for _, m := range res.Modules {
		for _, f := range m.Findings {
			fmt.Fprintf(&b, "%s\t%s\t%s\t%s\n", m.Path, f.Pos(), f.Analyzer, strings.ReplaceAll(f.Message, "\t", " "))
		}
	}
	return b.String()
}

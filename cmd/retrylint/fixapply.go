package main

import (
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis/checker"
)

// The command applies the fixes itself, on both paths (through go vet and
// in process), so that it can say what it did and print a diff that git
// apply accepts: it takes the first fix of each finding, once (a file of
// a package and of its test variant is analysed twice), skips a fix that
// would edit a generated file or that overlaps a fix taken before, and
// formats each file it changes.

// A fixSummary counts what applyFixes did.
type fixSummary struct {
	offered, applied, conflicts, generated, files int
}

// String is the summary line, for example "applied 7 of 9 fixes in 4
// files (1 conflicts with another fix: re-run to apply it; 1 would edit a
// generated file)".
func (s fixSummary) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "applied ")
	if s.applied != s.offered {
		fmt.Fprintf(&b, "%d of ", s.applied)
	}
	fmt.Fprintf(&b, "%s in %s", plural(s.offered, "fix", "fixes"), plural(s.files, "file", "files"))
	var why []string
	if s.conflicts > 0 {
		why = append(why, fmt.Sprintf("%d conflicts with another fix: re-run to apply it", s.conflicts))
	}
	if s.generated > 0 {
		why = append(why, fmt.Sprintf("%d would edit a generated file", s.generated))
	}
	if len(why) > 0 {
		fmt.Fprintf(&b, " (%s)", strings.Join(why, "; "))
	}
	return b.String()
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// graphFixes returns the first fix of each finding of the root actions.
func graphFixes(graph *checker.Graph) []jsonFix {
	var out []jsonFix
	for _, act := range graph.Roots {
		if act.Err != nil {
			continue
		}
		fset := act.Package.Fset
		for _, d := range act.Diagnostics {
			if len(d.SuggestedFixes) == 0 {
				continue
			}
			fix := d.SuggestedFixes[0]
			jf := jsonFix{Message: fix.Message}
			for _, e := range fix.TextEdits {
				// The file the offsets are in, not the one a //line
				// directive names.
				start, end := fset.PositionFor(e.Pos, false), fset.PositionFor(e.End, false)
				jf.Edits = append(jf.Edits, jsonEdit{
					Filename: start.Filename,
					Start:    start.Offset,
					End:      end.Offset,
					New:      string(e.NewText),
				})
			}
			out = append(out, jf)
		}
	}
	return out
}

// treeFixes returns the first fix of each finding that go vet -json
// reported.
func treeFixes(tree map[string]map[string]any) []jsonFix {
	ids := make([]string, 0, len(tree))
	for id := range tree {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	var out []jsonFix
	for _, id := range ids {
		names := make([]string, 0, len(tree[id]))
		for name := range tree[id] {
			names = append(names, name)
		}
		slices.Sort(names)
		for _, name := range names {
			diags, _ := tree[id][name].([]jsonDiagnostic)
			for _, d := range diags {
				if len(d.SuggestedFixes) > 0 {
					out = append(out, d.SuggestedFixes[0])
				}
			}
		}
	}
	return out
}

// applyFixes applies fixes to the files, or with diff prints them on
// stdout as a unified diff with paths relative to the module root, and
// prints the summary line on stderr. It returns false when a file could
// not be read, formatted or written.
func applyFixes(fixes []jsonFix, diff bool, stdout, stderr io.Writer) bool {
	type edit struct {
		start, end int
		new        string
	}
	seen := map[string]bool{}
	content := map[string][]byte{}
	generated := map[string]bool{}
	accepted := map[string][]edit{}
	var sum fixSummary
	ok := true
	read := func(name string) bool {
		if _, done := content[name]; done {
			return true
		}
		data, err := os.ReadFile(name)
		if err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", progname, err)
			ok = false
			return false
		}
		content[name] = data
		f, err := parser.ParseFile(token.NewFileSet(), name, data, parser.PackageClauseOnly|parser.ParseComments)
		generated[name] = err == nil && ast.IsGenerated(f)
		return true
	}
fixes:
	for _, fix := range fixes {
		key := fmt.Sprint(fix)
		if seen[key] || len(fix.Edits) == 0 {
			continue
		}
		seen[key] = true
		sum.offered++
		for _, e := range fix.Edits {
			if !read(e.Filename) {
				continue fixes
			}
			if generated[e.Filename] {
				sum.generated++
				continue fixes
			}
		}
		var add []jsonEdit
		for _, e := range fix.Edits {
			dup := false
			for _, a := range accepted[e.Filename] {
				switch {
				case a.start == e.Start && a.end == e.End && a.new == e.New:
					dup = true // the same import added twice, say
				case e.Start < a.end && a.start < e.End, e.Start == a.start:
					sum.conflicts++
					continue fixes
				}
			}
			if e.Start < 0 || e.Start > e.End || e.End > len(content[e.Filename]) {
				sum.conflicts++ // the file changed since it was analysed
				continue fixes
			}
			if !dup {
				add = append(add, e)
			}
		}
		for _, e := range add {
			accepted[e.Filename] = append(accepted[e.Filename], edit{e.Start, e.End, e.New})
		}
		sum.applied++
	}

	root := moduleRoot()
	files := make([]string, 0, len(accepted))
	for name := range accepted {
		files = append(files, name)
	}
	slices.Sort(files)
	for _, name := range files {
		edits := accepted[name]
		slices.SortFunc(edits, func(a, b edit) int { return a.start - b.start })
		old := content[name]
		var buf []byte
		last := 0
		for _, e := range edits {
			buf = append(append(buf, old[last:e.start]...), e.new...)
			last = e.end
		}
		buf = append(buf, old[last:]...)
		if formatted, err := format.Source(buf); err == nil {
			buf = formatted
		}
		if string(buf) == string(old) {
			continue
		}
		sum.files++
		if diff {
			rel := filepath.ToSlash(name)
			if r, err := filepath.Rel(root, name); err == nil && !strings.HasPrefix(r, "..") {
				rel = filepath.ToSlash(r)
			}
			io.WriteString(stdout, unifiedDiff("a/"+rel, "b/"+rel, string(old), string(buf)))
			continue
		}
		info, err := os.Stat(name)
		if err == nil {
			err = os.WriteFile(name, buf, info.Mode().Perm())
		}
		if err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", progname, err)
			ok = false
			sum.files--
		}
	}
	fmt.Fprintf(stderr, "%s: %s\n", progname, sum)
	return ok
}

// moduleRoot returns the directory of the main module, or the current
// directory outside one.
func moduleRoot() string {
	wd, _ := os.Getwd()
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if gomod := strings.TrimSpace(string(out)); err == nil && gomod != "" && gomod != os.DevNull {
		return filepath.Dir(gomod)
	}
	return wd
}

// Package suppress reads the comments that silence one finding, and wraps
// an analyzer so that it honours them.
//
// Two spellings are read. A directive after code silences the findings of
// the named analyzers on its own line; a directive alone on its line
// silences them on the line below it (and on its own), as golangci-lint
// does:
//
//	//nolint:retryafter // the caller gives up past maxWait
//	//nolint:retryafter,authlog
//	//nolint:all                  (also a bare //nolint: every analyzer)
//	//retrylint:ignore retryafter the caller gives up past maxWait
//	//retrylint:ignore retryafter,authlog the reason
//
// //nolint is golangci-lint's syntax, so the standalone command and go vet
// accept what golangci-lint accepts; golangci-lint reads //nolint itself,
// and its plugins honour only //retrylint:ignore (see [Options]).
//
// A name in a //retrylint:ignore comment that is no analyzer of the suite
// is a finding of its own, as is a //nolint name one or two letters away
// from an analyzer's name (//nolint:retryafer); other //nolint names
// belong to other linters and are left alone. Such a finding is made once,
// by the first analyzer of the suite that runs.
package suppress

import (
	"fmt"
	"go/ast"
	"go/token"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// Options say which directives a wrapped analyzer honours.
type Options struct {
	// Known are the names of every analyzer of the suite, enabled or not:
	// a directive naming one of them is well formed.
	Known []string
	// Nolint makes //nolint comments silence findings too. golangci-lint
	// applies //nolint itself, so its plugins leave this false.
	Nolint bool
	// Enabled returns the names of the analyzers that run. The first
	// name of Known among them reports the directives that name no
	// analyzer, so that each is reported once whichever analyzers run. It
	// is called as the analyzer runs, once the driver has read its flags;
	// nil means all of Known.
	Enabled func() []string
	// Suffix appends " [name]" to each message, name being the wrapped
	// analyzer's, for drivers that print the message alone (go vet).
	Suffix bool
}

// Wrap returns a copy of a whose findings are dropped where a directive
// names a (or all analyzers), which reports the directives that name no
// analyzer if a is the first analyzer of the run (see [Options.Enabled]),
// and whose messages end with " [name]" if opts.Suffix is set. a itself
// is not changed.
func Wrap(a *analysis.Analyzer, opts Options) *analysis.Analyzer {
	w := *a
	run := a.Run
	w.Run = func(pass *analysis.Pass) (any, error) {
		p := *pass
		report := pass.Report
		if opts.Suffix {
			report = func(d analysis.Diagnostic) {
				d.Message += " [" + a.Name + "]"
				pass.Report(d)
			}
			p.Report = report
		}
		dirs := scan(pass.Fset, pass.Files, opts.Nolint)
		if len(dirs) == 0 {
			return run(&p)
		}
		silenced := map[lineKey]bool{}
		for _, d := range dirs {
			if d.all || slices.Contains(d.names, a.Name) {
				silenced[lineKey{d.file, d.line}] = true
				if d.alone {
					silenced[lineKey{d.file, d.line + 1}] = true
				}
			}
		}
		p.Report = func(diag analysis.Diagnostic) {
			posn := pass.Fset.Position(diag.Pos)
			if silenced[lineKey{posn.Filename, posn.Line}] {
				return
			}
			report(diag)
		}
		if a.Name != opts.reporter() {
			return run(&p)
		}
		for _, d := range dirs {
			for i, name := range d.names {
				if slices.Contains(opts.Known, name) {
					continue
				}
				near, dist := nearest(name, opts.Known)
				if d.kind == "nolint" && dist > 2 {
					continue // another linter's
				}
				report(unknown(d, i, near, dist, opts.Known))
			}
		}
		return run(&p)
	}
	return &w
}

// reporter returns the name of the analyzer that reports the directives
// naming no analyzer: the first of Known that runs.
func (opts Options) reporter() string {
	enabled := opts.Known
	if opts.Enabled != nil {
		enabled = opts.Enabled()
	}
	for _, k := range opts.Known {
		if slices.Contains(enabled, k) {
			return k
		}
	}
	return ""
}

type lineKey struct {
	file string
	line int
}

// A directive is one //nolint or //retrylint:ignore comment.
type directive struct {
	kind  string // "nolint" or "retrylint:ignore"
	file  string
	line  int
	col   int
	alone bool // no code before it on its line
	all   bool
	names []string
	pos   []token.Pos // of each name
	end   []token.Pos
}

// scan returns the directives in files.
func scan(fset *token.FileSet, files []*ast.File, nolint bool) []directive {
	var out []directive
	for _, f := range files {
		first := len(out)
		for _, g := range f.Comments {
			for _, c := range g.List {
				if d, ok := parse(c, nolint); ok {
					posn := fset.Position(c.Slash)
					d.file, d.line, d.col = posn.Filename, posn.Line, posn.Column
					out = append(out, d)
				}
			}
		}
		if len(out) > first {
			markAlone(fset, f, out[first:])
		}
	}
	return out
}

// markAlone sets alone on the directives of f that no code precedes on
// their line: no node of f starts or ends on that line before them.
func markAlone(fset *token.FileSet, f *ast.File, dirs []directive) {
	// The leftmost column of code on each directive's line.
	code := map[int]int{}
	for _, d := range dirs {
		if col, ok := code[d.line]; !ok || d.col < col {
			code[d.line] = d.col
		}
	}
	tf := fset.File(f.Pos())
	see := func(p token.Pos) {
		if !p.IsValid() || tf == nil || int(p) < tf.Base() || int(p) > tf.Base()+tf.Size() {
			return
		}
		posn := tf.Position(p)
		if col, ok := code[posn.Line]; ok && posn.Column < col {
			code[posn.Line] = posn.Column
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		if n == nil {
			return false
		}
		switch n.(type) {
		case *ast.Comment, *ast.CommentGroup:
			return false
		}
		see(n.Pos())
		see(n.End() - 1) // the last character of n
		return true
	})
	for i := range dirs {
		dirs[i].alone = code[dirs[i].line] == dirs[i].col
	}
}

// parse reads one comment as a directive.
func parse(c *ast.Comment, nolint bool) (directive, bool) {
	text := c.Text
	var d directive
	var list string
	var at int // offset of list in text
	switch {
	case nolint && strings.HasPrefix(text, "//nolint"):
		rest := text[len("//nolint"):]
		if rest == "" || rest[0] == ' ' || rest[0] == '\t' {
			// A bare //nolint, with or without an explanation.
			return directive{kind: "nolint", all: true}, true
		}
		if rest[0] != ':' {
			return directive{}, false // //nolintfoo: not a directive
		}
		at = len("//nolint:")
		list, _, _ = strings.Cut(text[at:], " ")
		list, _, _ = strings.Cut(list, "\t")
		d.kind = "nolint"
	case strings.HasPrefix(text, "//retrylint:ignore ") || strings.HasPrefix(text, "//retrylint:ignore\t"):
		rest := text[len("//retrylint:ignore"):]
		trimmed := strings.TrimLeft(rest, " \t")
		at = len(text) - len(trimmed)
		fields := strings.Fields(trimmed)
		if len(fields) == 0 {
			return directive{}, false
		}
		list = fields[0]
		d.kind = "retrylint:ignore"
	default:
		return directive{}, false
	}
	off := at
	for name := range strings.SplitSeq(list, ",") {
		trimmed := strings.TrimSpace(name)
		lead := strings.Index(name, trimmed)
		start := c.Slash + token.Pos(off+lead)
		off += len(name) + 1
		if trimmed == "" {
			continue
		}
		if d.kind == "nolint" && trimmed == "all" {
			d.all = true
			continue
		}
		d.names = append(d.names, trimmed)
		d.pos = append(d.pos, start)
		d.end = append(d.end, start+token.Pos(len(trimmed)))
	}
	return d, d.all || len(d.names) > 0
}

// unknown is the finding for the i'th name of d, which names no analyzer.
func unknown(d directive, i int, near string, dist int, known []string) analysis.Diagnostic {
	name := d.names[i]
	if dist <= 2 {
		return analysis.Diagnostic{
			Pos:     d.pos[i],
			End:     d.end[i],
			Message: fmt.Sprintf("//%s names %q, which is no retrylint analyzer (did you mean %s?)", d.kind, name, near),
			SuggestedFixes: []analysis.SuggestedFix{{
				Message:   fmt.Sprintf("Replace %s with %s", name, near),
				TextEdits: []analysis.TextEdit{{Pos: d.pos[i], End: d.end[i], NewText: []byte(near)}},
			}},
		}
	}
	return analysis.Diagnostic{
		Pos:     d.pos[i],
		End:     d.end[i],
		Message: fmt.Sprintf("//%s names %q, which is no retrylint analyzer (the analyzers are %s)", d.kind, name, strings.Join(known, ", ")),
	}
}

// nearest returns the name in known closest to name, and its edit
// distance; ties go to the first.
func nearest(name string, known []string) (string, int) {
	best, bestDist := "", -1
	for _, k := range known {
		if d := distance(name, k); bestDist < 0 || d < bestDist {
			best, bestDist = k, d
		}
	}
	return best, bestDist
}

// distance is the Levenshtein distance between a and b.
func distance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

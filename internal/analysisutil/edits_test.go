package analysisutil

import (
	"go/token"
	"testing"

	"golang.org/x/tools/go/analysis"
)

func TestTidyFixes(t *testing.T) {
	src := "package p\n\nimport (\n\t\"context\"\n\t\"math\"\n\t\"net/http\"\n)\n"
	fset := token.NewFileSet()
	tf := fset.AddFile("p.go", -1, len(src))
	tf.SetLinesForContent([]byte(src))
	read := func(string) ([]byte, error) { return []byte(src), nil }
	off := func(s string) token.Pos {
		for i := range len(src) - len(s) + 1 {
			if src[i:i+len(s)] == s {
				return tf.Pos(i)
			}
		}
		t.Fatalf("%q not in the source", s)
		return token.NoPos
	}
	line := analysis.TextEdit{Pos: off("\t\"math\""), End: off("\t\"net/http\"")}                           // the line of "math"
	ins := analysis.TextEdit{Pos: off("\"math\""), End: off("\"math\""), NewText: []byte("\"errors\"\n\t")} // before "math"
	apply := func(edits []analysis.TextEdit) string {
		out, last := "", 0
		for _, e := range edits {
			s, t := tf.Offset(e.Pos), tf.Offset(e.End)
			out += src[last:s] + string(e.NewText)
			last = t
		}
		return out + src[last:]
	}
	for _, tt := range []struct {
		name  string
		edits []analysis.TextEdit
		want  string // "" for a dropped fix
	}{
		{"an import added where the deleted one was", []analysis.TextEdit{line, ins}, "package p\n\nimport (\n\t\"context\"\n\t\"errors\"\n\t\"net/http\"\n)\n"},
		{"the same, in the other order", []analysis.TextEdit{ins, line}, "package p\n\nimport (\n\t\"context\"\n\t\"errors\"\n\t\"net/http\"\n)\n"},
		{"edits apart, sorted", []analysis.TextEdit{{Pos: off("\"net/http\""), End: off("\"net/http\""), NewText: []byte("x")}, line}, "package p\n\nimport (\n\t\"context\"\n\tx\"net/http\"\n)\n"},
		{"two replacements that overlap", []analysis.TextEdit{{Pos: off("\"math\""), End: off("\n\t\"net"), NewText: []byte("a")}, {Pos: off("ath\""), End: off("th\""), NewText: []byte("b")}}, ""},
		{"an insertion inside a replacement", []analysis.TextEdit{{Pos: off("\t\"math\""), End: off("\t\"net/http\""), NewText: []byte("y\n")}, ins}, ""},
	} {
		d := analysis.Diagnostic{Pos: line.Pos, SuggestedFixes: []analysis.SuggestedFix{{Message: "fix", TextEdits: tt.edits}}}
		dropped := tidyFixes(fset, &d, read)
		if tt.want == "" {
			if len(d.SuggestedFixes) != 0 || len(dropped) != 1 {
				t.Errorf("%s: fix kept (%d fixes, %d dropped), want it dropped", tt.name, len(d.SuggestedFixes), len(dropped))
			}
			continue
		}
		if len(d.SuggestedFixes) != 1 {
			t.Errorf("%s: fix dropped", tt.name)
			continue
		}
		if got := apply(d.SuggestedFixes[0].TextEdits); got != tt.want {
			t.Errorf("%s: fixed source\n%s\nwant\n%s", tt.name, got, tt.want)
		}
	}
}

// TestTidyFixesKeepsTheCallersSlice: a fix dropped from one diagnostic
// leaves the slice the analyzer built, which another report may share,
// as it was.
func TestTidyFixesKeepsTheCallersSlice(t *testing.T) {
	src := "package p\n\nvar x = 1\n"
	fset := token.NewFileSet()
	tf := fset.AddFile("p.go", -1, len(src))
	tf.SetLinesForContent([]byte(src))
	read := func(string) ([]byte, error) { return []byte(src), nil }
	bad := analysis.SuggestedFix{Message: "bad", TextEdits: []analysis.TextEdit{{Pos: tf.Pos(0), End: tf.Pos(5), NewText: []byte("a")}, {Pos: tf.Pos(2), End: tf.Pos(7), NewText: []byte("b")}}}
	good := analysis.SuggestedFix{Message: "good", TextEdits: []analysis.TextEdit{{Pos: tf.Pos(8), End: tf.Pos(8), NewText: []byte("c")}}}
	shared := []analysis.SuggestedFix{bad, good}
	d := analysis.Diagnostic{Pos: tf.Pos(0), SuggestedFixes: shared}
	tidyFixes(fset, &d, read)
	if len(d.SuggestedFixes) != 1 || d.SuggestedFixes[0].Message != "good" {
		t.Errorf("fixes kept: %v, want the good one", d.SuggestedFixes)
	}
	if shared[0].Message != "bad" || shared[1].Message != "good" {
		t.Errorf("the analyzer's slice changed: %v", shared)
	}
}

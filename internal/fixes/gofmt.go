package fixes

import (
	"bytes"
	"go/format"
	"go/token"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// FormatStmts formats text, one or more statements, as gofmt would inside
// a function body, and indents every line after the first with indent (the
// indentation of the line the statements go on). ok is false when text
// does not parse.
func FormatStmts(text, indent string) (string, bool) {
	const head = "package p\n\nfunc _() {\n"
	out, err := format.Source([]byte(head + text + "\n}\n"))
	if err != nil {
		return "", false
	}
	body := strings.TrimSuffix(strings.TrimPrefix(string(out), head), "}\n")
	lines := strings.Split(strings.TrimSuffix(body, "\n"), "\n")
	for i, l := range lines {
		l = strings.TrimPrefix(l, "\t")
		if i > 0 && l != "" {
			l = indent + l
		}
		lines[i] = l
	}
	return strings.Join(lines, "\n"), true
}

// CleanAfter reports whether the file src (of the token.File that holds
// the edits' positions) is gofmt-clean once edits are applied. Edits must
// not overlap.
func CleanAfter(fset *token.FileSet, src []byte, edits []analysis.TextEdit) bool {
	if len(edits) == 0 || src == nil {
		return false
	}
	tf := fset.File(edits[0].Pos)
	if tf == nil {
		return false
	}
	sorted := append([]analysis.TextEdit(nil), edits...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].Pos < sorted[j].Pos })
	var buf bytes.Buffer
	last := 0
	for _, e := range sorted {
		start, end := tf.Offset(e.Pos), tf.Offset(e.Pos)
		if e.End.IsValid() {
			end = tf.Offset(e.End)
		}
		if start < last || end > len(src) {
			return false
		}
		buf.Write(src[last:start])
		buf.Write(e.NewText)
		last = end
	}
	buf.Write(src[last:])
	out, err := format.Source(buf.Bytes())
	return err == nil && bytes.Equal(out, buf.Bytes())
}

package analysisutil

import (
	"bytes"
	"go/token"
	"slices"

	"golang.org/x/tools/go/analysis"
)

// tidyFixes makes each suggested fix of d one the drivers accept: edits
// sorted, inside their file and not overlapping. Two edits of one fix
// that each make sense alone may overlap when put together; the one shape
// that does, an import inserted at the place of an import line the same
// fix deletes (a fix that removes the last use of "math" and adds
// "errors"), is merged into one edit that replaces the line. A fix whose
// edits still overlap is dropped, and the finding kept: a driver rejects
// the whole analysis of a package for one invalid fix, which would lose
// every finding of the package. read returns a file's content.
func tidyFixes(fset *token.FileSet, d *analysis.Diagnostic, read func(string) ([]byte, error)) (dropped []string) {
	fixes := make([]analysis.SuggestedFix, 0, len(d.SuggestedFixes))
	for _, fix := range d.SuggestedFixes {
		edits, ok := tidyEdits(fset, fix.TextEdits, read)
		if !ok {
			dropped = append(dropped, fix.Message)
			continue
		}
		fix.TextEdits = edits
		fixes = append(fixes, fix)
	}
	d.SuggestedFixes = fixes
	return dropped
}

func tidyEdits(fset *token.FileSet, edits []analysis.TextEdit, read func(string) ([]byte, error)) ([]analysis.TextEdit, bool) {
	if len(edits) < 2 {
		return edits, true
	}
	var spans []span
	for _, e := range edits {
		tf := fset.File(e.Pos)
		if tf == nil {
			return nil, false
		}
		end := e.End
		if !end.IsValid() {
			end = e.Pos
		}
		if end > token.Pos(tf.Base()+tf.Size()) {
			// Past the end of the file (an edit to its end that a
			// file's trailing text shortened): the driver clips it.
			end = token.Pos(tf.Base() + tf.Size())
		}
		if end < e.Pos || fset.File(end) != tf {
			return nil, false
		}
		spans = append(spans, span{tf, tf.Offset(e.Pos), tf.Offset(end), e})
	}
	slices.SortStableFunc(spans, func(a, b span) int {
		if a.file != b.file {
			return a.file.Base() - b.file.Base()
		}
		if a.start != b.start {
			return a.start - b.start
		}
		return a.end - b.end
	})
	var out []span
	for _, s := range spans {
		if n := len(out); n > 0 && out[n-1].file == s.file && s.start < out[n-1].end {
			merged, ok := mergeInsertion(out[n-1], s, read)
			if !ok {
				return nil, false
			}
			out[n-1].edit = merged
			continue
		}
		out = append(out, s)
	}
	res := make([]analysis.TextEdit, len(out))
	for i, s := range out {
		res[i] = s.edit
	}
	return res, true
}

// A span is an edit with its file and its offsets in it.
type span struct {
	file       *token.File
	start, end int
	edit       analysis.TextEdit
}

// mergeInsertion merges the insertion ins, at an offset strictly inside
// del, the deletion of whole lines of the same file, into one edit, when
// ins puts text before an indented line that del deletes and ends in a
// line break and that line's indentation (the shape of an import added
// before the spec of another): the text then takes the deleted line's
// place.
func mergeInsertion(del, ins span, read func(string) ([]byte, error)) (analysis.TextEdit, bool) {
	start, end := del.start, del.end
	if len(del.edit.NewText) != 0 || ins.start != ins.end || ins.end > end {
		return analysis.TextEdit{}, false
	}
	src, err := read(del.file.Name())
	if err != nil || end > len(src) || start > 0 && src[start-1] != '\n' || end > 0 && src[end-1] != '\n' {
		return analysis.TextEdit{}, false
	}
	indent := src[start:ins.start]
	if len(bytes.Trim(indent, " \t")) != 0 {
		return analysis.TextEdit{}, false
	}
	tail := append([]byte{'\n'}, indent...)
	if !bytes.HasSuffix(ins.edit.NewText, tail) {
		return analysis.TextEdit{}, false
	}
	text := append(slices.Clone(indent), bytes.TrimSuffix(ins.edit.NewText, indent)...)
	return analysis.TextEdit{Pos: del.edit.Pos, End: del.edit.End, NewText: text}, true
}

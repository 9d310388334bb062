package authlog

import (
	"go/ast"
	"go/token"
	"go/types"
	"regexp"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/httpmodel"
)

// The first choice of a fix for a credential value is to stop logging it:
// the argument goes, and with it the verb that printed it and the label
// before the verb, so that the line reads as if it had never held it:
//
//	log.Printf("attempt %d: auth %s", attempt, tok)   =>   log.Printf("attempt %d", attempt)
//	log.Println("retrying, token:", tok, "attempt", n) =>   log.Println("retrying, token:", "attempt", n)
//	slog.Info("retrying", "token", tok, "attempt", n)   =>   slog.Info("retrying", "attempt", n)
//
// A value that is not an argument of the log itself (it is part of a
// concatenation, of a Sprintf), a format that is not a literal, or a line
// that would be left empty, keeps the redacted constant in its place.

// A drop is the removal of one logged argument from its call.
type drop struct {
	call *ast.CallExpr
	arg  int // among the arguments proper
	// key is the constant argument before it, removed with it: a label
	// or the key of a key/value pair (-1 for none).
	key int
}

// dropOf returns how the value finding f, an argument of the log call
// that reported it, can be removed from the call.
func (c *checker) dropOf(f *finding) (drop, bool) {
	if f.call == nil {
		return drop{}, false
	}
	info := c.pass.TypesInfo
	var sig *types.Signature
	if fn := httpmodel.Callee(info, f.call); fn != nil {
		sig, _ = fn.Type().(*types.Signature)
	} else if tv, ok := info.Types[f.call.Fun]; ok && tv.IsValue() {
		sig, _ = tv.Type.Underlying().(*types.Signature) // a func field or variable
	}
	if sig == nil {
		return drop{}, false
	}
	_, args := httpmodel.Receiver(info, f.call)
	if !sig.Variadic() || len(args) < sig.Params().Len() {
		return drop{}, false
	}
	// Only the arguments of the variadic parameter can go: the others
	// are the function's arity.
	variadic := func(j int) bool { return j >= sig.Params().Len()-1 }
	i := -1
	for j, a := range args {
		if a == f.expr {
			i = j
		}
	}
	if i < 0 || f.call.Ellipsis.IsValid() {
		return drop{}, false
	}
	if !variadic(i) {
		return drop{}, false
	}
	d := drop{call: f.call, arg: i, key: -1}
	if f.sinkFormat >= 0 {
		// The verbs apply to the arguments after the format.
		if f.sinkFormat >= i {
			return drop{}, false
		}
		if _, ok := ast.Unparen(args[f.sinkFormat]).(*ast.BasicLit); !ok {
			return drop{}, false
		}
		return d, true
	}
	// Print-style or key/value: the constant before it is its label or
	// key, and goes with it; something must remain.
	if i == 0 {
		return drop{}, false
	}
	if lit, ok := ast.Unparen(args[i-1]).(*ast.BasicLit); !ok || lit.Kind != token.STRING {
		return drop{}, false
	}
	if i-1 == 0 || !variadic(i-1) {
		return drop{}, false // the message itself, or a fixed parameter
	}
	d.key = i - 1
	return d, true
}

// verbRE matches a printf verb with its flags, width and precision, or
// %%; an explicit argument index or a * width is not followed.
var verbRE = regexp.MustCompile(`%[-+# 0]*[0-9]*(\.[0-9]*)?[a-zA-Z%]`)

// labelRE matches the label before a verb: a word and a separator (auth=,
// token: , Authorization ), with the separators and spaces before it.
var labelRE = regexp.MustCompile(`(^|[\s,;:|]+)[A-Za-z_](?:[\w.\-]*[\w\-])?(\s*[=:]\s*|\s+)$`)

// connectiveRE matches a word that only joins a label to what comes
// before it.
var connectiveRE = regexp.MustCompile(`(^|\s+)(with|and|using|via|for|from|of|the)$`)

// dropEdits returns the edits that remove the arguments of drops, all of
// the same call, with their verbs; ok is false when one cannot be
// removed.
func (c *checker) dropEdits(src []byte, drops []drop, format int) ([]analysis.TextEdit, bool) {
	info := c.pass.TypesInfo
	call := drops[0].call
	_, args := httpmodel.Receiver(info, call)
	gone := map[int]bool{}
	for _, d := range drops {
		gone[d.arg] = true
		if d.key >= 0 {
			gone[d.key] = true
		}
	}
	var edits []analysis.TextEdit
	if format >= 0 {
		lit := ast.Unparen(args[format]).(*ast.BasicLit)
		text := lit.Value
		if strings.Contains(text, `\x25`) || strings.Contains(text, `\045`) || strings.Contains(text, `\u0025`) {
			return nil, false
		}
		verbs := verbRE.FindAllStringIndex(text, -1)
		var real [][]int
		for _, v := range verbs {
			if text[v[1]-1] != '%' {
				real = append(real, v)
			}
		}
		if len(real) != len(args)-format-1 {
			return nil, false // a verb per argument, in order
		}
		var cut [][2]int
		for k, v := range real {
			if gone[format+1+k] {
				// An error is introduced by what failed ("cannot
				// create client: %v"), not labelled by its name.
				labelled := !implementsError(info.TypeOf(args[format+1+k]))
				cut = append(cut, c.verbSpan(text, v, real, k, labelled))
			}
		}
		var b strings.Builder
		last := 0
		for _, s := range cut {
			if s[0] < last {
				return nil, false
			}
			b.WriteString(text[last:s[0]])
			last = s[1]
		}
		b.WriteString(text[last:])
		out := b.String()
		if u, err := strconv.Unquote(out); err != nil || strings.TrimSpace(u) == "" {
			return nil, false // nothing would be left to log
		}
		edits = append(edits, analysis.TextEdit{Pos: lit.Pos(), End: lit.End(), NewText: []byte(out)})
	}
	for i, a := range args {
		if !gone[i] {
			continue
		}
		// The argument with the comma before it: the previous argument
		// stays (the format or the message), or goes with it.
		if i == 0 {
			return nil, false
		}
		from := args[i-1].End()
		edits = append(edits, analysis.TextEdit{Pos: from, End: a.End()})
	}
	_ = src
	return mergeAdjacent(edits), true
}

// verbSpan returns the part of text, a format literal's source, that
// goes with the verb v (the k-th of verbs): the verb, the quotes or
// brackets around it, its label, and the separator that would be left
// dangling. The label goes only when labelled is true.
func (c *checker) verbSpan(text string, v []int, verbs [][]int, k int, labelled bool) [2]int {
	start, end := v[0], v[1]
	lo := 1 // after the opening quote
	if k > 0 {
		lo = verbs[k-1][1]
	}
	hi := len(text) - 1 // before the closing quote
	if k+1 < len(verbs) {
		hi = verbs[k+1][0]
	}
	for _, pair := range [][2]string{{`\"`, `\"`}, {`'`, `'`}, {`[`, `]`}, {`(`, `)`}, {`<`, `>`}} {
		if strings.HasSuffix(text[lo:start], pair[0]) && strings.HasPrefix(text[end:hi], pair[1]) {
			start -= len(pair[0])
			end += len(pair[1])
			break
		}
	}
	m := labelRE.FindStringSubmatchIndex(text[lo:start])
	if m != nil && !labelled {
		// An error's own name is its label still: "err=%v", "error: %v".
		switch strings.ToLower(text[lo+m[3] : lo+m[4]]) {
		case "err", "error", "cause":
			labelled = true
		}
	}
	if m != nil && labelled {
		start = lo + m[0]
		// A connective left before the label goes too: "retry with
		// key %s" leaves "retry", not "retry with".
		if m := connectiveRE.FindStringIndex(text[lo:start]); m != nil {
			start = lo + m[0]
		}
	} else if pre := text[lo:start]; sentenceEnd(pre) && k+1 < len(verbs) {
		// "failed to connect. %v, err: %v": the verb ends a sentence's
		// text, and the separator after it goes instead, so that
		// "failed to connect. err: %v" is left.
		rest := text[end:hi]
		end += len(rest) - len(strings.TrimLeft(rest, " \t,;|"))
	} else {
		// No label: the separator before the verb goes with it.
		trimmed := strings.TrimRight(pre, " \t,;:=|")
		start = lo + len(trimmed)
	}
	if strings.TrimSpace(text[1:start]) == "" {
		// At the start of the text: the separator after it goes.
		rest := text[end:hi]
		trimmed := strings.TrimLeft(rest, " \t,;:|")
		end += len(rest) - len(trimmed)
	}
	return [2]int{start, end}
}

// sentenceEnd reports whether pre ends with a sentence's end and a space
// ("connect. "), which no label is.
func sentenceEnd(pre string) bool {
	t := strings.TrimRight(pre, " \t")
	return len(t) < len(pre) && (strings.HasSuffix(t, ".") || strings.HasSuffix(t, "!") || strings.HasSuffix(t, "?"))
}

// mergeAdjacent sorts edits and joins deletions that touch.
func mergeAdjacent(edits []analysis.TextEdit) []analysis.TextEdit {
	edits = sortEdits(edits)
	var out []analysis.TextEdit
	for _, e := range edits {
		if n := len(out); n > 0 && len(out[n-1].NewText) == 0 && len(e.NewText) == 0 && out[n-1].End >= e.Pos {
			out[n-1].End = max(out[n-1].End, e.End)
			continue
		}
		out = append(out, e)
	}
	return out
}

package retryafter

// This file holds the reports of a Retry-After value parsed in one form
// only and their fix: the parse becomes a call of a small helper that
// parses the value in one pass (the form the code tried, else the other
// form, else the first form's error), added once per package.

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"go/version"
	"net/http"
	"slices"
	"strings"
	"time"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/httpmodel"
)

// helperHome is where a parsing helper is declared: after a function of
// file.
type helperHome struct {
	file *ast.File
	at   token.Pos
}

// oneFormParse is a Retry-After value parsed in one form only, in a
// function that never tries the other form.
type oneFormParse struct {
	file *ast.File
	f    *flow.Func
	parse
	stack []ast.Node // from the file down to the call
}

// A parseHelper is the helper that replaces one standard parser.
type parseHelper struct {
	name   string
	result string // the parser's value type, as the helper returns it
	// body parses v in the two forms; %[1]s, %[2]s and %[3]s are the
	// names of strconv, net/http and time in the file.
	body    string
	imports []string
}

var (
	helperSeconds = parseHelper{name: "retryAfterSeconds", result: "int", body: `	secs, err := %[1]s.Atoi(v)
	if err == nil {
		return secs, nil
	}
	t, dateErr := %[2]s.ParseTime(v)
	if dateErr != nil {
		return 0, err
	}
	return int(max(%[3]s.Until(t)+%[3]s.Second-1, 0) / %[3]s.Second), nil
`, imports: []string{"strconv", "net/http", "time"}}
	helperSeconds64 = parseHelper{name: "retryAfterSeconds64", result: "int64", body: `	secs, err := %[1]s.ParseInt(v, 10, 64)
	if err == nil {
		return secs, nil
	}
	t, dateErr := %[2]s.ParseTime(v)
	if dateErr != nil {
		return 0, err
	}
	return int64(max(%[3]s.Until(t)+%[3]s.Second-1, 0) / %[3]s.Second), nil
`, imports: []string{"strconv", "net/http", "time"}}
	helperSecondsFloat = parseHelper{name: "retryAfterSecondsFloat", result: "float64", body: `	secs, err := %[1]s.ParseFloat(v, 64)
	if err == nil {
		return secs, nil
	}
	t, dateErr := %[2]s.ParseTime(v)
	if dateErr != nil {
		return 0, err
	}
	return max(%[3]s.Until(t), 0).Seconds(), nil
`, imports: []string{"strconv", "net/http", "time"}}
	helperDuration = parseHelper{name: "retryAfterDuration", result: "time.Duration", body: `	d, err := %[3]s.ParseDuration(v + "s")
	if err == nil {
		return d, nil
	}
	t, dateErr := %[2]s.ParseTime(v)
	if dateErr != nil {
		return 0, err
	}
	return max(%[3]s.Until(t), 0), nil
`, imports: []string{"net/http", "time"}}
	helperTime = parseHelper{name: "retryAfterTime", result: "time.Time", body: `	t, err := %[2]s.ParseTime(v)
	if err == nil {
		return t, nil
	}
	secs, secsErr := %[1]s.ParseInt(v, 10, 64)
	if secsErr != nil || secs < 0 || secs > int64((1<<63-1)/%[3]s.Second) {
		return %[3]s.Time{}, err
	}
	return %[3]s.Now().Add(%[3]s.Duration(secs) * %[3]s.Second), nil
`, imports: []string{"strconv", "net/http", "time"}}
)

// helperFor returns the helper that replaces the parse, with the
// expression it takes (the value without a unit suffix), or ok false when
// none fits: a helper's parameter, a base other than 10, a bit size other
// than 64, a layout other than the HTTP-date's.
func (c *checker) helperFor(f *flow.Func, p parse) (h parseHelper, value ast.Expr, ok bool) {
	if p.via != nil {
		return parseHelper{}, nil, false
	}
	info := c.pass.TypesInfo
	fn := httpmodel.Callee(info, p.call)
	args := p.call.Args
	isConst := func(e ast.Expr, want constant.Value) bool {
		tv := info.Types[e]
		return tv.Value != nil && constant.Compare(tv.Value, token.EQL, want)
	}
	switch {
	case httpmodel.IsPkgFunc(fn, "strconv", "Atoi"):
		return helperSeconds, args[0], true
	case httpmodel.IsPkgFunc(fn, "strconv", "ParseInt") && len(args) == 3 && isConst(args[1], constant.MakeInt64(10)) && isConst(args[2], constant.MakeInt64(64)):
		return helperSeconds64, args[0], true
	case httpmodel.IsPkgFunc(fn, "strconv", "ParseFloat") && len(args) == 2 && isConst(args[1], constant.MakeInt64(64)):
		return helperSecondsFloat, args[0], true
	case httpmodel.IsPkgFunc(fn, "time", "ParseDuration"):
		// time.ParseDuration(v + "s")
		b, isAdd := ast.Unparen(args[0]).(*ast.BinaryExpr)
		if !isAdd || b.Op != token.ADD || !isConst(b.Y, constant.MakeString("s")) || !c.derived(f, b.X) {
			return parseHelper{}, nil, false
		}
		return helperDuration, b.X, true
	case httpmodel.IsPkgFunc(fn, "net/http", "ParseTime"):
		return helperTime, args[0], true
	case httpmodel.IsPkgFunc(fn, "time", "Parse") && len(args) == 2 && (isConst(args[0], constant.MakeString(http.TimeFormat)) || isConst(args[0], constant.MakeString(time.RFC1123))):
		// time.Parse(http.TimeFormat, v), time.Parse(time.RFC1123, v):
		// the HTTP-date (IMF-fixdate, always in GMT), which
		// http.ParseTime reads too.
		return helperTime, args[1], true
	}
	return parseHelper{}, nil, false
}

// signature is the helper's signature as the package declares it, for
// reusing a helper that an earlier fix added.
func (h parseHelper) matches(obj types.Object) bool {
	fn, ok := obj.(*types.Func)
	if !ok {
		return false
	}
	sig := fn.Type().(*types.Signature)
	return sig.Params().Len() == 1 && types.Identical(sig.Params().At(0).Type(), types.Typ[types.String]) &&
		sig.Results().Len() == 2 && types.TypeString(sig.Results().At(0).Type(), nil) == h.result &&
		analysisutil.IsError(sig.Results().At(1).Type())
}

// reportOneForm reports the values parsed in one form only. The fix calls
// the parsing helper, declared after the function of the first such parse
// in the package (so that the fixes of one run declare it once, with
// identical edits, and two helpers never go in at the same point); a parse
// in another file of the package, or one that no helper replaces, gets a
// fix that stays in its file.
func (c *checker) reportOneForm() {
	home := map[string]helperHome{}
	anchors := map[token.Pos]bool{}
	for _, file := range c.pass.Files {
		for _, p := range c.oneForm {
			if p.file != file {
				continue
			}
			h, _, ok := c.helperFor(p.f, p.parse)
			if _, done := home[h.name]; !ok || done {
				continue
			}
			fd, _ := p.stack[1].(*ast.FuncDecl)
			if fd == nil || anchors[fd.End()] {
				continue // another helper goes after that function
			}
			anchors[fd.End()] = true
			home[h.name] = helperHome{file, fd.End()}
		}
	}
	for _, p := range c.oneForm {
		edits, ok := c.helperFix(p, home)
		if !ok && p.seconds {
			edits, ok = c.convertDateFix(p.file, p.f, p.parse, p.stack)
		}
		if !ok {
			continue // no fix at hand: stay silent
		}
		parser := "strconv.Atoi"
		if fn := httpmodel.Callee(c.pass.TypesInfo, p.call); fn != nil {
			parser = fn.Name()
			if fn.Pkg() != nil && fn.Pkg() != c.pass.Pkg {
				parser = fn.Pkg().Name() + "." + parser
			}
		}
		msg := fmt.Sprintf("Retry-After is parsed only as seconds by %s (an HTTP-date value is not understood, so the server's wait is lost)", parser)
		fixMsg := "Accept the HTTP-date form of Retry-After too"
		if p.date {
			msg = fmt.Sprintf("Retry-After is parsed only as an HTTP-date by %s (a value in seconds, its usual form, is not understood, so the server's wait is lost)", parser)
			fixMsg = "Accept the seconds form of Retry-After too"
		}
		c.pass.Report(analysis.Diagnostic{
			Pos:            p.call.Pos(),
			End:            p.call.End(),
			Message:        msg,
			SuggestedFixes: []analysis.SuggestedFix{{Message: fixMsg, TextEdits: edits}},
		})
	}
}

// helperFix replaces the parse by a call of the helper, and declares the
// helper when p is in its home file and the package does not declare it
// yet.
func (c *checker) helperFix(p oneFormParse, home map[string]helperHome) ([]analysis.TextEdit, bool) {
	info := c.pass.TypesInfo
	h, value, ok := c.helperFor(p.f, p.parse)
	if !ok || strings.Contains(h.body, "max(") && !c.builtinAvailable(p.file, p.call.Pos(), "max") {
		// Only the helpers that clamp a date's wait with max need Go
		// 1.21; retryAfterTime does without.
		return nil, false
	}
	src := fixes.Source(c.pass, p.call.Pos())
	if src == nil {
		return nil, false
	}
	call := fmt.Sprintf("%s(%s)", h.name, fixes.Text(c.pass.Fset, src, value))
	edits := []analysis.TextEdit{{Pos: p.call.Pos(), End: p.call.End(), NewText: []byte(call)}}
	if obj := c.pass.Pkg.Scope().Lookup(h.name); obj != nil {
		// An earlier fix declared it: call it. Any other object of that
		// name leaves the parse to the fix that stays in its file.
		return edits, h.matches(obj)
	}
	hh, ok := home[h.name]
	if !ok || hh.file != p.file {
		return nil, false
	}
	if scope := c.pass.Pkg.Scope().Innermost(p.call.Pos()); scope == nil {
		return nil, false
	} else if _, obj := scope.LookupParent(h.name, p.call.Pos()); obj != nil {
		return nil, false // a local of that name hides the helper
	}
	at := hh.at
	var names []string
	for _, path := range []string{"strconv", "net/http", "time"} {
		name := ""
		if slices.Contains(h.imports, path) {
			var imp []analysis.TextEdit
			name, imp, ok = fixes.Import(info, c.pass.Pkg, p.file, path, at)
			if !ok {
				return nil, false
			}
			edits = append(edits, imp...)
		}
		names = append(names, name)
	}
	result := h.result
	if after, ok := strings.CutPrefix(result, "time."); ok {
		result = names[2] + "." + after
	}
	doc := wrapComment(fmt.Sprintf("%s parses a Retry-After value (RFC 9110, section 10.2.3) in one pass: %s.", h.name, h.doc()))
	decl := fmt.Sprintf("\n\n%s\nfunc %s(v string) (%s, error) {\n%s}", doc, h.name, result,
		fmt.Sprintf(h.body, names[0], names[1], names[2]))
	edits = append(edits, analysis.TextEdit{Pos: at, End: at, NewText: []byte(decl)})
	slices.SortStableFunc(edits, func(a, b analysis.TextEdit) int { return int(a.Pos - b.Pos) })
	return edits, true
}

func (h parseHelper) doc() string {
	switch h.name {
	case helperTime.name:
		return "an HTTP-date, else delay-seconds from now, else the error of the date form"
	case helperDuration.name:
		return "delay-seconds, else the time left until an HTTP-date (none once it has passed), else the error of the seconds form"
	}
	return "delay-seconds, else the seconds left until an HTTP-date (0 once it has passed), else the error of the seconds form"
}

// wrapComment writes text as a // comment of lines of at most 76 columns.
func wrapComment(text string) string {
	var b strings.Builder
	line := "//"
	for _, word := range strings.Fields(text) {
		if len(line)+1+len(word) > 76 && line != "//" {
			b.WriteString(line + "\n")
			line = "//"
		}
		line += " " + word
	}
	b.WriteString(line)
	return b.String()
}

// builtinAvailable reports whether the builtin name can be written at pos
// in file: the file's Go version has it and no declaration shadows it.
func (c *checker) builtinAvailable(file *ast.File, pos token.Pos, name string) bool {
	if v := c.pass.TypesInfo.FileVersions[file]; v != "" && version.Compare(v, "go1.21") < 0 {
		return false
	}
	scope := c.pass.Pkg.Scope().Innermost(pos)
	if scope == nil {
		return false
	}
	_, obj := scope.LookupParent(name, pos)
	return obj == types.Universe.Lookup(name)
}

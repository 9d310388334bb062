package authlog

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"
	"unicode"

	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/httpmodel"
)

// This file recognises redactions that do not delete a header: a header
// value overwritten with a marker ("[redacted]", "***"), a header replaced
// by what a redacting function returns, and credential text replaced by a
// marker in a dump or a string.

// markerWords are the words of a redaction marker, in lower case.
var markerWords = []string{"redact", "censor", "mask", "hidden", "omit", "remov", "filter", "scrub", "sanitiz", "secret", "sensitive", "elided", "private", "strip", "obfusc", "anonymi"}

// isMarkerText reports whether s reads as a redaction marker rather than
// a credential: it names the redaction ("[REDACTED]", "<censored>"), or it
// is made of x, * or # and punctuation ("***", "xxxx", "[###]"). The empty
// string is a marker only where blank may stand for removed (see isMarker
// and scrubbed).
func isMarkerText(s string) bool {
	l := strings.ToLower(s)
	for _, w := range markerWords {
		if strings.Contains(l, w) {
			return true
		}
	}
	masked := false
	for _, r := range l {
		switch {
		case r == 'x' || r == '*' || r == '#':
			masked = true
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsSpace(r):
			return false
		}
	}
	return masked
}

// constText returns the value of e when it is constant text: a string
// constant, or a conversion of one to []byte or []rune.
func constText(info *types.Info, e ast.Expr) (string, bool) {
	if s, ok := httpmodel.ConstString(info, e); ok {
		return s, true
	}
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return "", false
	}
	if tv, ok := info.Types[call.Fun]; !ok || !tv.IsType() {
		return "", false
	}
	return httpmodel.ConstString(info, call.Args[0])
}

// isMarker reports whether e, the new value of a credential header, is a
// constant marker or blank.
func isMarker(info *types.Info, e ast.Expr) bool {
	s, ok := constText(info, e)
	return ok && (s == "" || isMarkerText(s))
}

// scrubbed recognises a call of fn, with arguments args (receiver taken
// out), that replaces text by a redaction marker, and returns the text
// it works on:
//
//	strings.ReplaceAll(s, token, "[redacted]")   (and Replace, and package bytes)
//	re.ReplaceAll(dump, []byte("Authorization: ***"))   (and the other ReplaceAll methods of *regexp.Regexp)
//
// The replacement must be a marker; an empty one counts only when what it
// replaces is not a constant (a secret value removed, not a line ending).
func scrubbed(info *types.Info, fn *types.Func, args []ast.Expr) (ast.Expr, bool) {
	var old, repl int
	switch {
	case httpmodel.IsPkgFunc(fn, "strings", "Replace", "ReplaceAll"),
		httpmodel.IsPkgFunc(fn, "bytes", "Replace", "ReplaceAll"):
		old, repl = 1, 2
	case httpmodel.IsMethod(fn, "regexp", "Regexp", "ReplaceAll", "ReplaceAllString", "ReplaceAllLiteral", "ReplaceAllLiteralString"):
		old, repl = -1, 1
	default:
		return nil, false
	}
	if repl >= len(args) {
		return nil, false
	}
	s, ok := constText(info, args[repl])
	switch {
	case !ok:
		return nil, false
	case s == "":
		if old < 0 {
			return nil, false
		}
		if _, isConst := constText(info, args[old]); isConst {
			return nil, false
		}
	case !isMarkerText(s):
		return nil, false
	}
	return args[0], true
}

// scrubs reports whether the assignment lhs = rhs redacts the text lhs
// already holds: dump = re.ReplaceAll(dump, []byte("[redacted]")).
func (s *fstate) scrubs(lhs, rhs ast.Expr) bool {
	v := s.varOf(lhs)
	call, ok := ast.Unparen(rhs).(*ast.CallExpr)
	if v == nil || !ok {
		return false
	}
	fn := httpmodel.Callee(s.info, call)
	if fn == nil {
		return false
	}
	recv, args := httpmodel.Receiver(s.info, call)
	subject, ok := scrubbed(s.info, fn, args)
	if !ok || s.scrubMisses(fn, recv, args) {
		return false
	}
	// string(dump) and []byte(text) are the same text.
	for {
		c, ok := ast.Unparen(subject).(*ast.CallExpr)
		if !ok || len(c.Args) != 1 {
			break
		}
		if tv, ok := s.info.Types[c.Fun]; !ok || !tv.IsType() {
			break
		}
		subject = c.Args[0]
	}
	return s.varOf(subject) == v
}

// removesOf returns the configured headers that e, a call of a function
// that returns a header or a request, has removed from its result (see
// funcFact.Removes), such as the helper in
//
//	req.Header = redactHeaders(req.Header)
func (s *fstate) removesOf(e ast.Expr) nameSet {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return 0
	}
	fn := httpmodel.Callee(s.info, call)
	if fn == nil {
		return s.tableRemoves(call)
	}
	f := s.c.fact(fn)
	if f == nil || len(f.Removes) == 0 {
		return 0
	}
	return s.c.namesSet(f.Removes[0])
}

// stripped records the headers that call, a call of a function that
// removes headers from a header or request it is given (see
// funcFact.Strips), removes from its arguments.
func (s *fstate) stripped(call *ast.CallExpr) {
	var strips [][]string
	var sig *types.Signature
	if fn := httpmodel.Callee(s.info, call); fn != nil {
		if f := s.c.fact(fn); f != nil {
			strips, sig = f.Strips, fn.Type().(*types.Signature)
		}
	} else if strips = s.tableStrips(call); len(strips) > 0 {
		sig, _ = s.info.TypeOf(call.Fun).Underlying().(*types.Signature)
	}
	if len(strips) == 0 || sig == nil {
		return
	}
	_, args := httpmodel.Receiver(s.info, call)
	for i, a := range args {
		if i >= len(strips) || i >= sig.Params().Len() || len(strips[i]) == 0 {
			continue
		}
		if u, ok := ast.Unparen(a).(*ast.UnaryExpr); ok && u.Op == token.AND {
			if k := s.key(u.X); k != "" {
				s.addDels(k+".Header", s.c.namesSet(strips[i]), call.End())
			}
			continue
		}
		s.addDels(s.headerKey(a, s.info.TypeOf(a)), s.c.namesSet(strips[i]), call.End())
	}
}

// scrubMisses reports whether a scrub (see scrubbed) of fn, with receiver
// recv and arguments args, replaces the values of secrets rather than a
// pattern, in a package whose requests carry basic auth: the
// Authorization header holds base64(user:password), which no raw value
// matches, so the text keeps that credential. A scrub replaces values
// when the text it looks for is not a constant: the old text of
// strings.ReplaceAll and its kin, or the pattern a regexp is compiled
// from, in the call itself or in the function's one assignment of the
// regexp variable (re := regexp.MustCompile(regexp.QuoteMeta(secret))). A
// regexp of another origin (a field, a parameter) counts as a pattern.
//
// A regexp compiled from a constant pattern that names some configured
// headers and not the others the package sends (`(?m)^Authorization:
// .*$` in a package that sets X-Api-Key too) misses those, as a partial
// redaction of a header does (see complete). A pattern that names no
// header (a token's shape) is trusted.
func (s *fstate) scrubMisses(fn *types.Func, recv ast.Expr, args []ast.Expr) bool {
	if recv != nil {
		if pattern, ok := s.regexpPattern(recv); ok {
			if named := s.c.namedIn(pattern); named != 0 && !s.c.complete(named) {
				return true
			}
		}
	}
	s.c.sendsHeaders()
	if !s.c.basicAuth {
		return false
	}
	if recv == nil {
		if len(args) < 2 {
			return false
		}
		_, isConst := constText(s.info, args[1])
		return !isConst
	}
	compiled := ast.Unparen(recv)
	if v := s.varOf(compiled); v != nil && s.decl != nil {
		values, ok := flow.Assigned(s.info, s.decl, v)
		if !ok || len(values) != 1 {
			return false
		}
		compiled = ast.Unparen(values[0])
	}
	call, ok := compiled.(*ast.CallExpr)
	if !ok || len(call.Args) != 1 || !httpmodel.IsPkgFunc(httpmodel.Callee(s.info, call), "regexp", "MustCompile", "Compile") {
		return false
	}
	_, isConst := constText(s.info, call.Args[0])
	return !isConst
}

// regexpPattern returns the constant pattern that re, a *regexp.Regexp,
// is compiled from with regexp.MustCompile or Compile: in place, in the
// function's one assignment of a local variable, or in the declaration
// of a package variable that nothing else assigns.
func (s *fstate) regexpPattern(re ast.Expr) (string, bool) {
	re = ast.Unparen(re)
	if v := s.varOf(re); v != nil {
		var values []ast.Expr
		if v.Parent() == v.Pkg().Scope() {
			values = s.c.pkgVarValues(v)
		} else if s.decl != nil {
			var ok bool
			if values, ok = flow.Assigned(s.info, s.decl, v); !ok {
				return "", false
			}
		}
		if len(values) != 1 {
			return "", false
		}
		re = ast.Unparen(values[0])
	}
	call, ok := re.(*ast.CallExpr)
	if !ok || len(call.Args) != 1 || !httpmodel.IsPkgFunc(httpmodel.Callee(s.info, call), "regexp", "MustCompile", "Compile") {
		return "", false
	}
	return constText(s.info, call.Args[0])
}

// pkgVarValues returns the value v, a package variable, is declared with,
// when nothing in the package assigns it or takes its address; nil
// otherwise.
func (c *checker) pkgVarValues(v *types.Var) []ast.Expr {
	info := c.pass.TypesInfo
	var values []ast.Expr
	written := false
	for _, f := range c.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.ValueSpec:
				for i, name := range n.Names {
					if info.Defs[name] == v && len(n.Values) == len(n.Names) {
						values = append(values, n.Values[i])
					}
				}
			case *ast.AssignStmt:
				for _, l := range n.Lhs {
					if id, ok := ast.Unparen(l).(*ast.Ident); ok && info.Uses[id] == v {
						written = true
					}
				}
			case *ast.UnaryExpr:
				if id, ok := ast.Unparen(n.X).(*ast.Ident); ok && n.Op == token.AND && info.Uses[id] == v {
					written = true
				}
			}
			return !written
		})
	}
	if written {
		return nil
	}
	return values
}

// namedIn returns the configured headers whose names a regexp's pattern
// spells, compared case-insensitively.
func (c *checker) namedIn(pattern string) nameSet {
	lower := strings.ToLower(pattern)
	var set nameSet
	for _, n := range c.names {
		if strings.Contains(lower, strings.ToLower(n)) {
			set |= c.nameIndex(n)
		}
	}
	return set
}

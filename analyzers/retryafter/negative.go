package retryafter

// This file holds the range check of a parsed wait: a wait header parsed
// as a signed number whose sign is never checked, so that a negative value
// (no wait at all) sends the client back at once; and, with -overflow, a
// number multiplied into a time.Duration with no upper bound, so that a
// huge value wraps around.

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/httpmodel"
)

// checkRange reports n, err := strconv.Atoi(v) (ParseInt, ParseFloat,
// time.ParseDuration) on a wait header's value when the function never
// compares n, or a value made from it, with a bound at or below one: a
// malformed negative value is used as the wait. The fix adds the sign to
// the error check that follows, so that a negative value takes the path of
// a malformed one.
//
// With -overflow, it also reports a parsed number (ParseUint too) that
// the function multiplies into a time.Duration (time.Duration(n) *
// time.Second) without comparing the number with an upper bound first:
// a huge value wraps around, into a negative or tiny wait. The fix adds
// the range to the same error check (n > math.MaxInt64/int64(time.Second)).
func (c *checker) checkRange(f *flow.Func, p parse, stack []ast.Node) {
	if p.via != nil || !p.seconds || !c.derived(f, p.arg) || f.Expr(p.arg)&tagReset != 0 || c.rangeChecked[p.call] {
		return // a reset in the past, or before the epoch, is rightly no wait
	}
	if c.rangeChecked == nil {
		c.rangeChecked = map[*ast.CallExpr]bool{}
	}
	c.rangeChecked[p.call] = true
	info := c.pass.TypesInfo
	parser := httpmodel.Callee(info, p.call)
	signed := signedParser(parser)
	if !signed && !(c.overflow && httpmodel.IsPkgFunc(parser, "strconv", "ParseUint")) {
		return
	}
	as, ok := stack[len(stack)-2].(*ast.AssignStmt)
	if !ok || as.Tok != token.DEFINE && as.Tok != token.ASSIGN || len(as.Lhs) != 2 || len(as.Rhs) != 1 || as.Rhs[0] != ast.Expr(p.call) {
		return
	}
	nID, ok1 := as.Lhs[0].(*ast.Ident)
	errID, ok2 := as.Lhs[1].(*ast.Ident)
	if !ok1 || !ok2 || nID.Name == "_" || errID.Name == "_" {
		return
	}
	n, _ := info.ObjectOf(nID).(*types.Var)
	errVar, _ := info.ObjectOf(errID).(*types.Var)
	if n == nil || errVar == nil {
		return
	}
	fnNode := fnNodeOf(stack)
	if fnNode == nil {
		return
	}
	negative := signed && !signChecked(info, fnNode, n) && !c.checkedByCallers(fnNode, n) && !c.checkedByReaders(fnNode, n)
	if negative {
		_, uses := derivedFrom(info, fnNode, n)
		negative = !c.handedAbroad(fnNode, uses)
	}
	var unit ast.Expr // the unit the number is multiplied by, with -overflow
	if c.overflow && !isDuration(n.Type()) {
		_, uses := derivedFrom(info, fnNode, n)
		// A number made from n, not a duration made from it already (a
		// product that wrapped around is wrong whatever it is compared with).
		raw := func(e ast.Expr) bool { return uses(e) && !isDuration(info.TypeOf(e)) }
		if unit = durationProduct(info, fnNode, raw); unit != nil && upperBounded(info, fnNode, uses, raw) {
			unit = nil
		}
	}
	if !negative && unit == nil {
		return
	}
	// The error check: if n, err := parse(v); err == nil {, or the if
	// statement right after the assignment.
	var ifs *ast.IfStmt
	if s, ok := stack[len(stack)-3].(*ast.IfStmt); ok && s.Init == ast.Stmt(as) {
		ifs = s
	} else if next := nextStmt(stack[:len(stack)-1]); next != nil {
		ifs, _ = next.(*ast.IfStmt)
	}
	if ifs == nil {
		return
	}
	// The condition is err != nil or err == nil, possibly followed by
	// more tests of its kind (err != nil || n < 0).
	first, chain := ast.Unparen(ifs.Cond), token.ILLEGAL
	for {
		b, ok := first.(*ast.BinaryExpr)
		if !ok || b.Op != token.LOR && b.Op != token.LAND {
			break
		}
		if chain != token.ILLEGAL && b.Op != chain {
			return
		}
		chain, first = b.Op, ast.Unparen(b.X)
	}
	cond, ok := first.(*ast.BinaryExpr)
	if !ok || (cond.Op != token.EQL && cond.Op != token.NEQ) || chain == token.LOR && cond.Op != token.NEQ || chain == token.LAND && cond.Op != token.EQL {
		return
	}
	if id, ok := ast.Unparen(cond.X).(*ast.Ident); !ok || info.Uses[id] != errVar || !analysisutil.IsNil(info, cond.Y) {
		return
	}
	var failure ast.Node = ifs.Body // where a malformed value goes
	if cond.Op == token.EQL {
		failure = ifs.Else
	}
	if negative && c.unseenCallers(fnNode) && floorIsNoValue(info, fnNode, n, ifs, failure, ifParent(stack, as, ifs)) {
		negative = false
		if unit == nil {
			return
		}
	}
	file := fixes.FileOf(c.pass, ifs.Pos())
	if file == nil {
		return
	}
	// bad and good are the tests of an unusable value and of a usable one.
	var bad, good []string
	var edits []analysis.TextEdit
	if negative {
		bad, good = append(bad, nID.Name+" < 0"), append(good, nID.Name+" >= 0")
	}
	if unit != nil {
		mathName, imp, ok := fixes.Import(info, c.pass.Pkg, file, "math", ifs.Pos())
		if !ok {
			return
		}
		num, limit, ok := c.overflowBound(n, nID.Name, unit, mathName)
		if !ok {
			return
		}
		edits = append(edits, imp...)
		bad, good = append(bad, num+" > "+limit), append(good, num+" <= "+limit)
	}
	header := c.headerName(f, p.arg)
	extra := " || " + strings.Join(bad, " || ")
	if cond.Op == token.EQL {
		extra = " && " + strings.Join(good, " && ")
	}
	what := "negative"
	switch {
	case negative && unit != nil:
		what = "negative or out-of-range"
	case !negative:
		what = "out-of-range"
	}
	if failure != nil && flow.Mentions(info, failure, errVar) {
		// The failure path hands err on (return 0, err): with a value out
		// of range err is nil, and the caller would take the wait. Make
		// the value an error before the check instead.
		if ifs.Init != nil {
			return // no statement between the parse and its check
		}
		src := fixes.Source(c.pass, ifs.Pos())
		if src == nil {
			return
		}
		errorsName, imp, ok := fixes.Import(info, c.pass.Pkg, file, "errors", ifs.Pos())
		if !ok {
			return
		}
		test := strings.Join(bad, " || ")
		if len(bad) > 1 {
			test = "(" + test + ")"
		}
		indent := fixes.Indent(c.pass.Fset, src, ifs.Pos())
		text := fmt.Sprintf("if %[1]s == nil && %[2]s {\n%[3]s\t%[1]s = %[4]s.New(%[5]q)\n%[3]s}\n%[3]s", errID.Name, test, indent, errorsName, what+" "+header+" value")
		edits = append(edits, imp...)
		edits = append(edits, analysis.TextEdit{Pos: ifs.Pos(), End: ifs.Pos(), NewText: []byte(text)})
	} else {
		edits = append(edits, analysis.TextEdit{Pos: ifs.Cond.End(), End: ifs.Cond.End(), NewText: []byte(extra)})
	}
	msg := fmt.Sprintf("a negative %s value is accepted as the wait (a negative wait is no wait: the client retries at once)", header)
	fixMsg := "Treat a negative value as malformed"
	if unit != nil {
		u := types.ExprString(unit)
		msg = fmt.Sprintf("a %s value too large for a time.Duration is multiplied by %s unchecked: it wraps around into a negative or tiny wait, and the client retries at once", header, u)
		fixMsg = "Treat a value out of time.Duration's range as malformed"
		if negative {
			msg = fmt.Sprintf("a negative %s value, or one too large for a time.Duration (multiplied by %s unchecked, it wraps around), is accepted as the wait: the client retries at once", header, u)
			fixMsg = "Treat a negative value, or one out of time.Duration's range, as malformed"
		}
	}
	c.pass.Report(analysis.Diagnostic{
		Pos:     p.call.Pos(),
		End:     p.call.End(),
		Message: msg,
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   fixMsg,
			TextEdits: edits,
		}},
	})
}

// durationProduct returns the unit by which fn multiplies a number that
// raw reports (the parsed value, or a number made from it) into a
// time.Duration: U in time.Duration(x) * U (or U * time.Duration(x)), and
// in time.Duration(x * U), with U a constant. It returns nil when fn makes
// no such product.
func durationProduct(info *types.Info, fn ast.Node, raw func(ast.Expr) bool) ast.Expr {
	isConst := func(e ast.Expr) bool { return info.Types[e].Value != nil }
	var unit ast.Expr
	ast.Inspect(fn, func(n ast.Node) bool {
		if unit != nil {
			return false
		}
		switch n := n.(type) {
		case *ast.BinaryExpr:
			if n.Op != token.MUL || !isDuration(info.TypeOf(n)) {
				return true
			}
			for _, pair := range [2][2]ast.Expr{{n.X, n.Y}, {n.Y, n.X}} {
				if conv, ok := durationConversion(info, pair[0]); ok && raw(conv) && isConst(pair[1]) {
					unit = pair[1]
				}
			}
		case *ast.CallExpr:
			arg, ok := durationConversion(info, n)
			if !ok {
				return true
			}
			if m, ok := ast.Unparen(arg).(*ast.BinaryExpr); ok && m.Op == token.MUL {
				for _, pair := range [2][2]ast.Expr{{m.X, m.Y}, {m.Y, m.X}} {
					if raw(pair[0]) && isConst(pair[1]) {
						unit = pair[1]
					}
				}
			}
		}
		return true
	})
	return unit
}

// durationConversion returns x when e is the conversion time.Duration(x).
func durationConversion(info *types.Info, e ast.Expr) (ast.Expr, bool) {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return nil, false
	}
	if tv := info.Types[call.Fun]; !tv.IsType() || !isDuration(tv.Type) {
		return nil, false
	}
	return call.Args[0], true
}

// isDuration reports whether t is time.Duration.
func isDuration(t types.Type) bool { return httpmodel.IsNamed(t, "time", "Duration") }

// upperBounded reports whether fn compares a number that raw reports with
// a bound that is neither a small constant (a sign check) nor made from
// the parsed value (uses); or takes the min of such a number and another
// value.
func upperBounded(info *types.Info, fn ast.Node, uses, raw func(ast.Expr) bool) bool {
	bounded := false
	ast.Inspect(fn, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BinaryExpr:
			switch n.Op {
			case token.LSS, token.LEQ, token.GTR, token.GEQ:
				if raw(n.X) && !uses(n.Y) && !small(info, n.Y) || raw(n.Y) && !uses(n.X) && !small(info, n.X) {
					bounded = true
				}
			}
		case *ast.CallExpr:
			if isMinMax(info, n, "min") && slices.ContainsFunc(n.Args, raw) {
				bounded = true
			}
		}
		return !bounded
	})
	return bounded
}

// overflowBound returns the two sides of the range test of the number v
// (named name) multiplied by unit: the number as compared, and the largest
// value whose product fits a time.Duration, in v's type.
func (c *checker) overflowBound(v *types.Var, name string, unit ast.Expr, mathName string) (num, limit string, ok bool) {
	src := fixes.Text(c.pass.Fset, fixes.Source(c.pass, unit.Pos()), unit)
	if src == "" {
		return "", "", false
	}
	basic, _ := v.Type().Underlying().(*types.Basic)
	if basic == nil {
		return "", "", false
	}
	typ := "int64"
	num = name
	switch {
	case basic.Info()&types.IsFloat != 0:
		typ = "float64"
		if basic.Kind() != types.Float64 {
			num = "float64(" + name + ")"
		}
	case basic.Info()&types.IsUnsigned != 0:
		typ = "uint64"
		if basic.Kind() != types.Uint64 {
			num = "uint64(" + name + ")"
		}
	case basic.Info()&types.IsInteger != 0:
		if basic.Kind() != types.Int64 {
			num = "int64(" + name + ")"
		}
	default:
		return "", "", false
	}
	if t, ok := c.pass.TypesInfo.TypeOf(unit).(*types.Basic); !ok || t.Name() != typ {
		src = typ + "(" + src + ")"
	}
	return num, mathName + ".MaxInt64/" + src, true
}

// signedParser reports whether fn parses a number that can be negative
// (ParseUint cannot).
func signedParser(fn *types.Func) bool {
	return httpmodel.IsPkgFunc(fn, "strconv", "Atoi", "ParseInt", "ParseFloat") || httpmodel.IsPkgFunc(fn, "time", "ParseDuration")
}

// fnNodeOf returns the innermost function of stack.
func fnNodeOf(stack []ast.Node) ast.Node {
	n, _ := fixes.EnclosingFunc(stack)
	return n
}

// headerName names the header a value comes from in a message.
func (c *checker) headerName(f *flow.Func, e ast.Expr) string {
	switch b := f.Expr(e); {
	case b&flow.Tag != 0:
		return "Retry-After"
	case b&tagReset != 0 && b&tagMillis == 0:
		return "rate limit reset"
	}
	return "wait header"
}

// signChecked reports whether the function compares v, or a local variable
// assigned from an expression that uses v (and so on), with a constant of
// at most one (n > 0, n < 0, d >= 1): the code then tells a negative value
// apart.
func signChecked(info *types.Info, fn ast.Node, v *types.Var) bool {
	_, uses := derivedFrom(info, fn, v)
	return signCheckedIn(info, fn, uses, func(e ast.Expr) bool { return small(info, e) })
}

// small reports whether e is a constant of at most one.
func small(info *types.Info, e ast.Expr) bool {
	tv := info.Types[e]
	return tv.Value != nil && (tv.Value.Kind() == constant.Int || tv.Value.Kind() == constant.Float) &&
		constant.Compare(tv.Value, token.LEQ, constant.MakeInt64(1))
}

// derivedFrom returns the variables of fn assigned values made from v (v
// included), and a test of whether an expression uses one of them.
func derivedFrom(info *types.Info, fn ast.Node, v *types.Var) (map[*types.Var]bool, func(ast.Expr) bool) {
	derived := map[*types.Var]bool{v: true}
	uses := func(e ast.Expr) bool {
		found := false
		ast.Inspect(e, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && derived[asVar(info.Uses[id])] {
				found = true
			}
			return !found
		})
		return found
	}
	// x = max(x, d) and if d > x { x = d } keep x's own value as a floor
	// under d: x is not made from d (see raisedTo).
	raises := map[*ast.AssignStmt]bool{}
	ast.Inspect(fn, func(n ast.Node) bool {
		if ifs, ok := n.(*ast.IfStmt); ok {
			if as, _, _ := raisedTo(info, ifs); as != nil {
				raises[as] = true
			}
		}
		return true
	})
	for changed := true; changed; {
		changed = false
		ast.Inspect(fn, func(n ast.Node) bool {
			as, ok := n.(*ast.AssignStmt)
			if !ok || len(as.Lhs) != len(as.Rhs) || raises[as] {
				return true
			}
			for i, l := range as.Lhs {
				id, ok := l.(*ast.Ident)
				if !ok || maxOverSelf(info, id, as.Rhs[i]) {
					continue
				}
				if w := asVar(info.ObjectOf(id)); w != nil && !derived[w] && uses(as.Rhs[i]) {
					derived[w] = true
					changed = true
				}
			}
			return true
		})
	}
	return derived, uses
}

// checkedByCallers reports whether the value of v, returned by the
// function fn, has its sign checked by every caller of fn in the package
// (there being one at least): a parsing helper may leave the check to the
// code that uses its result, or to that code's callers when it hands the
// result on (return parseSeconds(v)).
func (c *checker) checkedByCallers(fn ast.Node, v *types.Var) bool {
	return c.checkedByCallersDepth(fn, v, 0)
}

func (c *checker) checkedByCallersDepth(fn ast.Node, v *types.Var, depth int) bool {
	info := c.pass.TypesInfo
	fd, ok := fn.(*ast.FuncDecl)
	if !ok || depth > 3 {
		return false
	}
	_, uses := derivedFrom(info, fd, v)
	result := -1
	for _, ret := range c.calls.Returns(fd) {
		for i, r := range ret.Results {
			if uses(r) {
				if result >= 0 && result != i {
					return false
				}
				result = i
			}
		}
	}
	if result < 0 {
		return false
	}
	return c.resultChecked(fd, result, depth)
}

// resultChecked reports whether every caller of fd in the package (one at
// least) checks the sign of its result number result, itself or, when it
// returns the result as it is, through its own callers.
func (c *checker) resultChecked(fd *ast.FuncDecl, result, depth int) bool {
	info := c.pass.TypesInfo
	obj, _ := info.Defs[fd.Name].(*types.Func)
	if obj == nil || depth > 3 {
		return false
	}
	callers := 0
	for _, f := range c.calls.Funcs() {
		for _, call := range c.calls.Calls(f.Decl) {
			if call.Callee == nil || call.Callee.Origin() != obj {
				continue
			}
			callers++
			var w *types.Var
			for _, n := range c.calls.Nodes(f.Decl) {
				if as, ok := n.(*ast.AssignStmt); ok && len(as.Rhs) == 1 && ast.Unparen(as.Rhs[0]) == ast.Expr(call.Expr) && result < len(as.Lhs) {
					if id, ok := as.Lhs[result].(*ast.Ident); ok {
						w = asVar(info.ObjectOf(id))
					}
				}
			}
			if w != nil {
				if !signChecked(info, f.Decl, w) && !c.checkedByCallersDepth(f.Decl, w, depth+1) {
					return false
				}
				continue
			}
			if result == 0 && c.boundedArg(f.Decl, call.Expr, depth) {
				continue
			}
			// return parseSeconds(v): the caller hands the result on.
			handed := false
			for _, ret := range c.calls.Returns(f.Decl) {
				if len(ret.Results) == 1 && ast.Unparen(ret.Results[0]) == ast.Expr(call.Expr) {
					handed = true
				}
			}
			if !handed || !c.resultChecked(f.Decl, result, depth+1) {
				return false
			}
		}
	}
	return callers > 0
}

// boundedArg reports whether the value of call, inside fn, is bounded
// below where it is used: an argument of max beside an interval
// (max(interval, parse(h))), or handed to a function of the package whose
// parameter is checked (nextCheck(interval, parse(h))).
func (c *checker) boundedArg(fn *ast.FuncDecl, call *ast.CallExpr, depth int) bool {
	info := c.pass.TypesInfo
	is := func(e ast.Expr) bool { return ast.Unparen(e) == ast.Expr(call) }
	for _, n := range c.calls.Nodes(fn) {
		outer, ok := n.(*ast.CallExpr)
		if !ok || !slices.ContainsFunc(outer.Args, is) {
			continue
		}
		if lowerBounded(info, outer, is) {
			return true
		}
		if c.handsChecked(outer, is) {
			return true // helper.NewThrottleRetry(err, d), whose package checks d
		}
		g := httpmodel.Callee(info, outer)
		if g == nil || g.Pkg() != c.pass.Pkg || depth > 3 {
			return false
		}
		gf, ok := c.calls.Decl(g)
		gd := gf.Decl
		sig, _ := g.Type().(*types.Signature)
		i := slices.IndexFunc(outer.Args, is)
		if !ok || gd == nil || sig == nil || sig.Variadic() || i >= sig.Params().Len() {
			return false
		}
		p := sig.Params().At(i)
		return signChecked(info, gd, p) || c.checkedByCallersDepth(gd, p, depth+1)
	}
	return false
}

// checkedByReaders reports whether the value of v is stored by fn in a
// struct field (by assignment or in a composite literal) whose sign some
// function of the package compares: the code that reads the field tells a
// negative value apart (if e.retry > 0 { return Retry }).
func (c *checker) checkedByReaders(fn ast.Node, v *types.Var) bool {
	info := c.pass.TypesInfo
	_, uses := derivedFrom(info, fn, v)
	stored := map[*types.Var]bool{}
	for _, f := range storedFields(info, fn, uses) {
		stored[f] = true
	}
	if len(stored) == 0 {
		return false
	}
	readsStored := func(e ast.Expr) bool {
		found := false
		ast.Inspect(e, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				if f := flow.FieldOf(info, sel); f != nil && stored[f.Origin()] {
					found = true
				}
			}
			return !found
		})
		return found
	}
	for _, f := range c.calls.Funcs() {
		if signCheckedIn(info, f.Decl, readsStored, func(e ast.Expr) bool { return small(info, e) }) {
			return true
		}
	}
	return false
}

// signCheckedIn reports whether fn compares a value that uses reports
// with a small bound. A floor at zero (if d < 0 { d = 0 }) is no check:
// like max(0, d), it turns a negative value into no wait at all.
func signCheckedIn(info *types.Info, fn ast.Node, uses, small func(ast.Expr) bool) bool {
	floors := map[ast.Expr]bool{}
	valid := validReturn(fn, uses)
	ast.Inspect(fn, func(n ast.Node) bool {
		if ifs, ok := n.(*ast.IfStmt); ok && (floorsAtZero(info, ifs) || returnsValidZero(info, ifs, valid, uses) || guardsWait(info, ifs, uses)) {
			floors[ast.Unparen(ifs.Cond)] = true
		}
		return true
	})
	checked := false
	ast.Inspect(fn, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && lowerBounded(info, call, uses) {
			checked = true
			return false
		}
		if ifs, ok := n.(*ast.IfStmt); ok {
			// if d > backoff { backoff = d }: max(backoff, d) spelled
			// out, a negative d gives way to the client's own wait.
			if as, raised, floor := raisedTo(info, ifs); as != nil && uses(raised) && !uses(floor) {
				checked = true
				return false
			}
			// if d < minDelay { d = minDelay } (or return minDelay):
			// max(d, minDelay) spelled out, a negative d gives way to
			// the floor.
			if clampedBelow(info, ifs, uses) {
				checked = true
				return false
			}
		}
		b, ok := n.(*ast.BinaryExpr)
		if !ok || floors[b] {
			return !checked
		}
		switch b.Op {
		case token.LSS, token.LEQ, token.GTR, token.GEQ:
			if (uses(b.X) && small(b.Y)) || (uses(b.Y) && small(b.X)) {
				checked = true
			}
		}
		return !checked
	})
	return checked
}

// lowerBounded reports whether call is max(interval, d) over a value uses
// reports and another that it does not, no constant at or below zero:
// a negative d gives way to the client's own interval, not to no wait.
func lowerBounded(info *types.Info, call *ast.CallExpr, uses func(ast.Expr) bool) bool {
	if !isMax(info, call) {
		return false
	}
	derived, other := false, false
	for _, a := range call.Args {
		switch {
		case uses(a):
			derived = true
		case isConstNonPositive(info, a):
			return false
		default:
			other = true
		}
	}
	return derived && other
}

// isMax reports whether call is the builtin max or math.Max, which float
// code uses for the same floor (math.Max(backoff, retryAfter)).
func isMax(info *types.Info, call *ast.CallExpr) bool { return isMinMax(info, call, "max") }

// isMinMax reports whether call is the builtin name, "min" or "max", or
// its float twin of package math (math.Min, math.Max).
func isMinMax(info *types.Info, call *ast.CallExpr, name string) bool {
	return analysisutil.IsBuiltinCall(info, call, name) || httpmodel.IsPkgFunc(httpmodel.Callee(info, call), "math", strings.ToUpper(name[:1])+name[1:])
}

// raisedTo matches if d > x { x = d } (x < d, >= and <= alike), the
// builtin max of x and d spelled out: it returns the assignment, d and x,
// or a nil assignment.
func raisedTo(info *types.Info, ifs *ast.IfStmt) (as *ast.AssignStmt, d, x ast.Expr) {
	if ifs.Init != nil || ifs.Else != nil || len(ifs.Body.List) != 1 {
		return nil, nil, nil
	}
	low, high, ok := smallCompare(ifs.Cond)
	if !ok {
		return nil, nil, nil
	}
	as, ok = ifs.Body.List[0].(*ast.AssignStmt)
	if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
		return nil, nil, nil
	}
	if !sameVar(info, as.Lhs[0], low) || !sameVar(info, as.Rhs[0], high) {
		return nil, nil, nil
	}
	return as, high, low
}

// clampedBelow reports whether ifs is if d < floor { d = floor } or if
// d < floor { return floor } (<= and the reversed comparisons alike),
// where d is a value uses reports and floor one it does not, no constant
// at or below zero: the builtin max of d and floor spelled out, which
// raises a negative d to the floor rather than to no wait.
func clampedBelow(info *types.Info, ifs *ast.IfStmt, uses func(ast.Expr) bool) bool {
	if ifs.Else != nil || len(ifs.Body.List) != 1 {
		return false
	}
	d, floor, ok := smallCompare(ifs.Cond)
	if !ok || !uses(d) || uses(floor) || isConstNonPositive(info, floor) {
		return false
	}
	same := func(e ast.Expr) bool {
		return types.ExprString(ast.Unparen(e)) == types.ExprString(ast.Unparen(floor)) && !uses(e)
	}
	switch st := ifs.Body.List[0].(type) {
	case *ast.AssignStmt:
		return st.Tok == token.ASSIGN && len(st.Lhs) == 1 && len(st.Rhs) == 1 && sameVar(info, st.Lhs[0], d) && same(st.Rhs[0])
	case *ast.ReturnStmt:
		return slices.ContainsFunc(st.Results, same) && !slices.ContainsFunc(st.Results, uses)
	}
	return false
}

// maxOverSelf reports whether rhs, assigned to id, is the builtin max of
// id's own value and others (x = max(x, d)): x keeps its value as a floor.
func maxOverSelf(info *types.Info, id *ast.Ident, rhs ast.Expr) bool {
	call, ok := ast.Unparen(rhs).(*ast.CallExpr)
	if !ok || !isMax(info, call) {
		return false
	}
	for _, a := range call.Args {
		if sameVar(info, id, a) {
			return true
		}
	}
	return false
}

// sameVar reports whether a and b are the same variable, by name.
func sameVar(info *types.Info, a, b ast.Expr) bool {
	x, ok1 := ast.Unparen(a).(*ast.Ident)
	y, ok2 := ast.Unparen(b).(*ast.Ident)
	if !ok1 || !ok2 {
		return false
	}
	v := asVar(info.ObjectOf(x))
	return v != nil && v == asVar(info.ObjectOf(y))
}

// validReturn returns a return statement of fn that hands on a value
// uses reports along with other results (a validity flag, a nil error):
// the results a usable wait comes with. It returns nil when fn has none.
func validReturn(fn ast.Node, uses func(ast.Expr) bool) *ast.ReturnStmt {
	var valid *ast.ReturnStmt
	ast.Inspect(fn, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if valid == nil && len(n.Results) >= 2 && slices.ContainsFunc(n.Results, uses) {
				valid = n
			}
		}
		return valid == nil
	})
	return valid
}

// returnsValidZero reports whether ifs is if x < 0 { return 0, true } over
// a value uses reports: a sign test whose branch returns a zero wait with
// the other results of valid, a usable wait. Like a floor, it turns a
// negative value into no wait at all, and calls it usable.
func returnsValidZero(info *types.Info, ifs *ast.IfStmt, valid *ast.ReturnStmt, uses func(ast.Expr) bool) bool {
	if valid == nil || ifs.Init != nil || ifs.Else != nil || len(ifs.Body.List) != 1 {
		return false
	}
	x, bound, ok := smallCompare(ifs.Cond)
	if !ok || !uses(x) || !isConstNonPositive(info, bound) {
		return false
	}
	r, ok := ifs.Body.List[0].(*ast.ReturnStmt)
	if !ok || len(r.Results) != len(valid.Results) {
		return false
	}
	for i, e := range r.Results {
		if uses(valid.Results[i]) {
			if !isConstZero(info, e) {
				return false
			}
		} else if !sameConst(info, e, valid.Results[i]) {
			return false
		}
	}
	return true
}

// isConstZero reports whether e is the number zero.
func isConstZero(info *types.Info, e ast.Expr) bool {
	tv := info.Types[e]
	return tv.Value != nil && (tv.Value.Kind() == constant.Int || tv.Value.Kind() == constant.Float) && constant.Sign(tv.Value) == 0
}

// sameConst reports whether a and b are the same constant, or both nil.
func sameConst(info *types.Info, a, b ast.Expr) bool {
	ta, tb := info.Types[a], info.Types[b]
	switch {
	case ta.Value != nil && tb.Value != nil:
		return ta.Value.Kind() == tb.Value.Kind() && constant.Compare(ta.Value, token.EQL, tb.Value)
	case analysisutil.IsNil(info, a) && analysisutil.IsNil(info, b):
		return true
	}
	return false
}

// floorsAtZero reports whether ifs is if x < 0 { x = 0 } (or <= 0, or the
// mirrored comparison): a constant of at most zero assigned to the
// variable compared, and nothing else.
func floorsAtZero(info *types.Info, ifs *ast.IfStmt) bool {
	if ifs.Init != nil || ifs.Else != nil || len(ifs.Body.List) != 1 {
		return false
	}
	x, bound, ok := smallCompare(ifs.Cond)
	if !ok {
		return false
	}
	as, ok := ifs.Body.List[0].(*ast.AssignStmt)
	if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
		return false
	}
	xid, ok1 := ast.Unparen(x).(*ast.Ident)
	lid, ok2 := ast.Unparen(as.Lhs[0]).(*ast.Ident)
	return ok1 && ok2 && info.Uses[xid] != nil && info.Uses[xid] == info.Uses[lid] &&
		isConstNonPositive(info, bound) && isConstNonPositive(info, as.Rhs[0])
}

// guardsWait reports whether ifs waits only for a positive value, with
// nothing in its place otherwise (if d > 0 { time.Sleep(d) }): the test
// skips a negative value's wait, it does not reject the value, and the
// client retries at once as if the value were zero. (For an HTTP-date the
// guard is right: a date in the past means no wait.)
func guardsWait(info *types.Info, ifs *ast.IfStmt, uses func(ast.Expr) bool) bool {
	if ifs.Init != nil || ifs.Else != nil {
		return false
	}
	low, high, ok := smallCompare(ifs.Cond)
	if !ok || !uses(high) || !isConstNonPositive(info, low) {
		return false
	}
	waits := false
	ast.Inspect(ifs.Body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && len(call.Args) > 0 && uses(call.Args[0]) {
			if fn := httpmodel.Callee(info, call); fn != nil && isWaitCall(fn) {
				waits = true
			}
		}
		return !waits
	})
	return waits
}

func asVar(obj types.Object) *types.Var {
	v, _ := obj.(*types.Var)
	return v
}

// unseenCallers reports whether fn is an exported function or method that
// nothing in its package calls or takes as a value: how its callers use
// its result is out of sight. (Callers in sight are judged by checkedByCallers.)
func (c *checker) unseenCallers(fn ast.Node) bool {
	fd, ok := fn.(*ast.FuncDecl)
	if !ok || !fd.Name.IsExported() {
		return false
	}
	obj, _ := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
	if obj == nil {
		return false
	}
	// A call, or a reference that makes it a value (var waitFn =
	// ParseWait), puts a use of its result in sight.
	for id, o := range c.pass.TypesInfo.Uses {
		if f, ok := o.(*types.Func); ok && f.Origin() == obj && id.Pos() != fd.Name.Pos() &&
			!strings.HasSuffix(c.pass.Fset.Position(id.Pos()).Filename, "_test.go") {
			return false // (a test's call is no use of the wait)
		}
	}
	return true
}

// ifParent returns the statement list node that holds ifs: the parent of
// the assignment as when ifs follows it, the one above when as is the if
// statement's init.
func ifParent(stack []ast.Node, as *ast.AssignStmt, ifs *ast.IfStmt) ast.Node {
	if ifs.Init == ast.Stmt(as) {
		if len(stack) >= 4 {
			return stack[len(stack)-4]
		}
		return nil
	}
	return stack[len(stack)-3]
}

// floorIsNoValue reports whether a negative n ends as the function's "no
// value" (used for a function whose callers are out of sight): every return that hands on a value made from n floors it at
// zero (max(0, d), or d after if d < 0 { d = 0 }), and the path a
// malformed value takes (failure, or what follows ifs in parent when
// failure is nil) returns a zero wait with the same other results. A
// negative value then reads as no header at all, which is the malformed
// path the fix would send it down; what a caller does with no header is
// not the parser's to judge. A floor whose other results differ, (0, nil)
// against (0, err) or (0, true) against (0, false), still turns a
// malformed value into a valid zero wait, and is reported.
func floorIsNoValue(info *types.Info, fn ast.Node, n *types.Var, ifs *ast.IfStmt, failure, parent ast.Node) bool {
	_, uses := derivedFrom(info, fn, n)
	floored := map[*types.Var]bool{}
	ast.Inspect(fn, func(nd ast.Node) bool {
		if s, ok := nd.(*ast.IfStmt); ok && floorsAtZero(info, s) {
			if x, _, ok := smallCompare(s.Cond); ok {
				if id, ok := ast.Unparen(x).(*ast.Ident); ok && uses(id) {
					if v := asVar(info.Uses[id]); v != nil {
						floored[v] = true
					}
				}
			}
		}
		return true
	})
	// isFloor reports whether e is max(0, x...) over values made from n,
	// or a variable made from n and floored at zero.
	isFloor := func(e ast.Expr) bool {
		// Through conversions and constant units:
		// time.Duration(secs) * time.Second.
		for {
			e = ast.Unparen(e)
			if call, ok := e.(*ast.CallExpr); ok && len(call.Args) == 1 {
				if tv, ok := info.Types[call.Fun]; ok && tv.IsType() {
					e = call.Args[0]
					continue
				}
			}
			if b, ok := e.(*ast.BinaryExpr); ok && b.Op == token.MUL {
				if info.Types[b.Y].Value != nil {
					e = b.X
					continue
				}
				if info.Types[b.X].Value != nil {
					e = b.Y
					continue
				}
			}
			break
		}
		if id, ok := e.(*ast.Ident); ok {
			return floored[asVar(info.Uses[id])]
		}
		call, ok := e.(*ast.CallExpr)
		if !ok || !isMax(info, call) {
			return false
		}
		hasZero := false
		for _, a := range call.Args {
			switch {
			case isConstZero(info, a):
				hasZero = true
			case !uses(a):
				return false
			}
		}
		return hasZero
	}
	returns := func(root ast.Node) []*ast.ReturnStmt {
		var out []*ast.ReturnStmt
		ast.Inspect(root, func(nd ast.Node) bool {
			switch nd := nd.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ReturnStmt:
				out = append(out, nd)
			}
			return true
		})
		return out
	}
	// The returns that hand on n: each floors it at one index.
	var floors []*ast.ReturnStmt
	at := -1
	for _, r := range returns(fn) {
		for i, e := range r.Results {
			if !uses(e) {
				continue
			}
			if !isFloor(e) || at >= 0 && at != i {
				return false
			}
			at = i
			floors = append(floors, r)
		}
	}
	if at < 0 {
		return false
	}
	// The malformed path's returns.
	var malformed []*ast.ReturnStmt
	if failure != nil {
		malformed = returns(failure)
	} else {
		list := blockList(parent)
		for i := slices.Index(list, ast.Stmt(ifs)) + 1; i > 0 && i < len(list); i++ {
			malformed = append(malformed, returns(list[i])...)
		}
	}
	for _, m := range malformed {
		if len(m.Results) <= at || !isConstZero(info, m.Results[at]) {
			continue
		}
		match := true
		for _, f := range floors {
			for j := range f.Results {
				if j != at && (j >= len(m.Results) || !sameConst(info, f.Results[j], m.Results[j])) {
					match = false
				}
			}
		}
		if match {
			return true
		}
	}
	return false
}

package fixes

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/httpmodel"
)

// A URLSend is a send of net/http that builds its request itself from a
// URL: http.Get, Head, Post and PostForm, or the *http.Client methods of
// the same names. A fix that must reach the request (set a header on it,
// give it a context) rewrites the statement that holds the send,
//
//	resp, err := c.Post(url, "application/json", body)
//
// into the request built with http.NewRequest, or NewRequestWithContext
// when Ctx is set, and sent by the same client's Do, with the request's
// error taking the path the send's error took (as inside Client.Post):
//
//	req, err := http.NewRequestWithContext(opCtx, http.MethodPost, url, body)
//	var resp *http.Response
//	if err == nil {
//		req.Header.Set("Content-Type", "application/json")
//		resp, err = c.Do(req)
//	}
type URLSend struct {
	Pass *analysis.Pass
	File *ast.File
	// Stmt is the assignment resp, err := send (or =) that holds Call.
	Stmt *ast.AssignStmt
	Call *ast.CallExpr
	// Ctx, when not empty, is the context the request is built with.
	Ctx string
	// Set returns the statements, each on one line, that set headers on
	// the request named req before it is sent (nil for none).
	Set func(req string) []string
	// Taken are names the caller's other edits introduce.
	Taken map[string]bool
}

// URLSendOf reports whether fn, the callee of a call, is a URL send, and
// its method.
func URLSendOf(fn *types.Func) (method string, ok bool) {
	if !httpmodel.IsPkgFunc(fn, "net/http", "Get", "Head", "Post", "PostForm") &&
		!httpmodel.IsMethod(fn, "net/http", "Client", "Get", "Head", "Post", "PostForm") {
		return "", false
	}
	switch fn.Name() {
	case "Get":
		return "MethodGet", true
	case "Head":
		return "MethodHead", true
	}
	return "MethodPost", true
}

// Rewrite returns the edits of the rewrite, or false when the statement
// is not resp, err := send (or =) with a named error, the client is not a
// pure expression, or the send's arguments are not those of its kind.
func (u URLSend) Rewrite() ([]analysis.TextEdit, bool) {
	pass, info := u.Pass, u.Pass.TypesInfo
	fn := httpmodel.Callee(info, u.Call)
	method, ok := URLSendOf(fn)
	as := u.Stmt
	if !ok || as == nil || len(as.Lhs) != 2 || len(as.Rhs) != 1 || ast.Unparen(as.Rhs[0]) != u.Call {
		return nil, false
	}
	respID, ok1 := as.Lhs[0].(*ast.Ident)
	errID, ok2 := as.Lhs[1].(*ast.Ident)
	if !ok1 || !ok2 || errID.Name == "_" {
		return nil, false
	}
	src := Source(pass, as.Pos())
	if src == nil {
		return nil, false
	}
	httpName, edits, ok := Import(info, pass.Pkg, u.File, "net/http", as.Pos())
	if !ok {
		return nil, false
	}
	sel, isSel := ast.Unparen(u.Call.Fun).(*ast.SelectorExpr)
	if !isSel {
		return nil, false
	}
	client := httpName + ".DefaultClient"
	if fn.Type().(*types.Signature).Recv() != nil {
		if !Pure(info, sel.X) && !argless(info, sel.X) {
			return nil, false
		}
		// c.Get of a type that embeds *http.Client and declares a Do of
		// its own (auth, retries): c.Do would run that one.
		do, _, _ := types.LookupFieldOrMethod(info.TypeOf(sel.X), true, pass.Pkg, "Do")
		if f, ok := do.(*types.Func); !ok || !httpmodel.IsMethod(f, "net/http", "Client", "Do") {
			return nil, false
		}
		client = Text(pass.Fset, src, sel.X)
	}
	args := u.Call.Args
	body, contentType := "nil", ""
	switch fn.Name() {
	case "Get", "Head":
		if len(args) != 1 {
			return nil, false
		}
	case "Post":
		if len(args) != 3 {
			return nil, false
		}
		contentType, body = Text(pass.Fset, src, args[1]), Text(pass.Fset, src, args[2])
	case "PostForm":
		if len(args) != 2 {
			return nil, false
		}
		stringsName, imp, ok := Import(info, pass.Pkg, u.File, "strings", as.Pos())
		if !ok {
			return nil, false
		}
		edits = append(edits, imp...)
		contentType = `"application/x-www-form-urlencoded"`
		data := Text(pass.Fset, src, args[1])
		if _, isIdent := ast.Unparen(args[1]).(*ast.Ident); !isIdent {
			data = "(" + data + ")"
		}
		body = fmt.Sprintf("%s.NewReader(%s.Encode())", stringsName, data)
	}
	url := ArgText(pass.Fset, src, args[0])
	req := FreeName(info, u.File, "req", u.Taken, as.Pos())
	in := Indent(pass.Fset, src, as.Pos())
	newReq := fmt.Sprintf("%s.NewRequest(%s.%s, %s, %s)", httpName, httpName, method, url, body)
	if u.Ctx != "" {
		newReq = fmt.Sprintf("%s.NewRequestWithContext(%s, %s.%s, %s, %s)", httpName, u.Ctx, httpName, method, url, body)
	}
	var b strings.Builder
	if as.Tok == token.DEFINE {
		fmt.Fprintf(&b, "%s, %s := %s\n", req, errID.Name, newReq)
		if respID.Name != "_" && info.Defs[respID] != nil {
			fmt.Fprintf(&b, "%svar %s *%s.Response\n", in, respID.Name, httpName)
		}
	} else {
		fmt.Fprintf(&b, "var %s *%s.Request\n", req, httpName)
		fmt.Fprintf(&b, "%s%s, %s = %s\n", in, req, errID.Name, newReq)
	}
	fmt.Fprintf(&b, "%sif %s == nil {\n", in, errID.Name)
	if contentType != "" {
		fmt.Fprintf(&b, "%s\t%s.Header.Set(\"Content-Type\", %s)\n", in, req, contentType)
	}
	if u.Set != nil {
		for _, line := range u.Set(req) {
			fmt.Fprintf(&b, "%s\t%s\n", in, line)
		}
	}
	fmt.Fprintf(&b, "%s\t%s, %s = %s.Do(%s)\n", in, respID.Name, errID.Name, client, req)
	fmt.Fprintf(&b, "%s}", in)
	return append(edits, analysis.TextEdit{Pos: as.Pos(), End: as.End(), NewText: []byte(b.String())}), true
}

// URLSendStmt returns the assignment, in root, whose only value is call
// (resp, err := c.Get(url), labelled or not), or nil.
func URLSendStmt(root ast.Node, call *ast.CallExpr) *ast.AssignStmt {
	var stack []ast.Node
	ast.PreorderStack(root, nil, func(n ast.Node, st []ast.Node) bool {
		if n == call {
			stack = append(slices.Clone(st), n)
		}
		return stack == nil
	})
	stmt, _ := StmtInBlock(stack)
	if ls, isLabel := stmt.(*ast.LabeledStmt); isLabel {
		stmt = ls.Stmt // retry: resp, err := c.Post(...)
	}
	as, _ := stmt.(*ast.AssignStmt)
	return as
}

// argless reports whether e is a call without arguments of a pure
// function or method value (sharedClient(), c.client()): a getter or a
// constructor, called once where the send was, after the request it is
// now handed is built.
func argless(info *types.Info, e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	return ok && len(call.Args) == 0 && Pure(info, call.Fun)
}

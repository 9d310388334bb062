package authlog

// This file widens the configured credential headers, for one package, by
// the headers it sends whose names say that they carry a credential: an
// SDK's own token or key header (X-Shop-Access-Token,
// Ocp-Apim-Subscription-Key, X-Subject-Token) is read back and logged as
// Authorization is.

import (
	"go/ast"
	"go/types"
	"net/http"
	"slices"
	"strings"

	"github.com/retrylint/retrylint/internal/callindex"
	"github.com/retrylint/retrylint/internal/httpmodel"
)

// addSentCredentialNames appends to c.names the headers that the package
// sets (h.Set, h.Add with a constant name, h[name] = v) to a value that is
// no marker, or reads from a response (a token the server issues), whose
// names look like a credential's (credentialName).
func (c *checker) addSentCredentialNames() {
	info := c.pass.TypesInfo
	add := func(name string) {
		n := http.CanonicalHeaderKey(name)
		if len(c.names) < maxNames && credentialName(n) && !slices.Contains(c.names, n) {
			c.names = append(c.names, n)
		}
	}
	c.eachHeaderWrite(func(call callindex.Call) {
		a, ok := httpmodel.HeaderCall(info, call.Expr)
		if !ok || a.Name == "" {
			return
		}
		switch a.Op {
		case httpmodel.HeaderSet, httpmodel.HeaderAdd:
			if !c.isMasked(info, a.Value) && !c.responseHeader(a.Header) {
				add(a.Name)
			}
		case httpmodel.HeaderGet, httpmodel.HeaderValues:
			// A token a server issues in a header of its response
			// (resp.Header.Get("X-Subject-Token")).
			if isResponseHeader(info, a.Header) {
				add(a.Name)
			}
		}
	}, func(a httpmodel.HeaderAccess, value ast.Expr) {
		if !c.isMaskedList(info, value) && !c.responseHeader(a.Header) {
			add(a.Name)
		}
	})
}

// credentialName reports whether a header's name says that its value is a
// credential: a word of it is authorization, apikey or cookie, or its last
// word is token, secret, password, passwd, session, sessid or
// credential(s), or it ends in Key after a word that makes a secret key
// of it (Api, Access, Secret, Subscription, Sas, Customer, Encryption,
// Private, Master, Account, Auth, Signing, Client). A token or key that
// orders, pages, routes or deduplicates requests is none
// (Idempotency-Key, X-Continuation-Token, Sec-Websocket-Key,
// X-Page-Token), nor is a digest of a key (X-Ms-Encryption-Key-Sha256),
// what describes one (Github-Authentication-Token-Expiration,
// X-Token-Type), or a CORS header (Access-Control-Allow-Credentials).
func credentialName(name string) bool {
	parts := strings.FieldsFunc(strings.ToLower(name), func(r rune) bool { return r == '-' || r == '_' || r == '.' })
	if len(parts) == 0 || len(parts) >= 2 && parts[0] == "access" && parts[1] == "control" {
		return false
	}
	for _, p := range parts {
		switch p {
		case "idempotency", "idempotent", "websocket", "continuation", "page", "pagination", "next", "partition", "routing",
			"request", "correlation", "trace", "dedup", "deduplication", "csrf", "xsrf", "cache", "etag", "md5", "sha256", "hash", "id",
			"expiration", "expires", "expiry", "expire", "expired", "expiresat", "type", "ttl", "date", "time", "length", "count",
			"scope", "scopes", "url", "uri", "endpoint", "name", "format", "version", "hint", "allow", "required", "supported":
			return false
		}
	}
	for _, p := range parts {
		switch p {
		case "authorization", "apikey", "cookie":
			return true
		}
	}
	last := parts[len(parts)-1]
	switch last {
	case "token", "secret", "password", "passwd", "session", "sessid", "credential", "credentials":
		return true
	}
	if n := len(parts); n >= 2 && last == "key" {
		switch parts[n-2] {
		case "api", "access", "secret", "subscription", "sas", "customer", "encryption", "private", "master", "account", "auth", "signing", "client":
			return true
		}
	}
	return false
}

// isResponseHeader reports whether h is the Header field of a
// *http.Response.
func isResponseHeader(info *types.Info, h ast.Expr) bool {
	sel, ok := ast.Unparen(h).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Header" {
		return false
	}
	t := info.TypeOf(sel.X)
	if p, isPtr := t.(*types.Pointer); isPtr {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == httpPkg && n.Obj().Name() == "Response"
}

package httpmodel

import (
	"go/ast"
	"go/types"
	"net/http"
	"strings"
)

// gRPC carries the headers of a call as metadata: a map from lower-case
// names to values (google.golang.org/grpc/metadata.MD), which grpc-gateway
// fills from the HTTP request's headers and which clients fill with the
// same credentials (authorization, cookie, x-api-key). A read of a named
// entry is a read of that header's value.
const (
	grpcMetadataPkg = "google.golang.org/grpc/metadata"
	grpcAuthV1      = "github.com/grpc-ecosystem/go-grpc-middleware/auth"
	grpcAuthV2      = "github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/auth"
)

// MetadataRead recognises a read of a named entry of gRPC metadata and
// returns the header name it reads, in canonical form: md.Get(name) and
// md[name] of a metadata.MD, metadata.ValueFromIncomingContext(ctx,
// name), and go-grpc-middleware's auth.AuthFromMD(ctx, scheme), which
// returns the credential of the authorization entry. The name is read
// from a constant; ok is false for any other expression.
func MetadataRead(info *types.Info, e ast.Expr) (name string, ok bool) {
	var key ast.Expr
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		fn := Callee(info, e)
		_, args := Receiver(info, e)
		switch {
		case IsMethod(fn, grpcMetadataPkg, "MD", "Get") && len(args) == 1:
			key = args[0]
		case IsPkgFunc(fn, grpcMetadataPkg, "ValueFromIncomingContext") && len(args) == 2:
			key = args[1]
		case IsPkgFunc(fn, grpcAuthV1, "AuthFromMD") || IsPkgFunc(fn, grpcAuthV2, "AuthFromMD"):
			return "Authorization", true
		default:
			return "", false
		}
	case *ast.IndexExpr:
		tv, found := info.Types[e.X]
		if !found || !IsNamed(tv.Type, grpcMetadataPkg, "MD") || isPointer(tv.Type) {
			return "", false
		}
		key = e.Index
	default:
		return "", false
	}
	s, found := ConstString(info, key)
	if !found || s == "" {
		return "", false
	}
	if _, isIndex := ast.Unparen(e).(*ast.IndexExpr); isIndex && strings.ToLower(s) != s {
		// md["Authorization"]: metadata keys are lower case, so an
		// index spelled otherwise reads an entry nothing fills.
		return "", false
	}
	return http.CanonicalHeaderKey(s), true
}

// Package grpcmd logs the metadata of gRPC calls: the authorization entry
// is the Authorization header of the call (grpc-gateway fills it from the
// HTTP request's), and the other entries are not credentials.
package grpcmd

import (
	"context"
	"log"
	"net/http"

	grpcauth "github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/auth"
	"google.golang.org/grpc/metadata"
)

func token(ctx context.Context) error {
	tok, err := grpcauth.AuthFromMD(ctx, "bearer")
	if err != nil {
		return err
	}
	log.Printf("new upstream for token %s", tok) // want `Authorization header value reaches log.Printf`
	return nil
}

func fromMD(ctx context.Context) {
	md, _ := metadata.FromIncomingContext(ctx)
	log.Printf("auth: %v", md.Get("authorization")) // want `Authorization header value reaches log.Printf`
	if v := md["x-api-key"]; len(v) > 0 {
		log.Printf("key: %s", v[0]) // want `X-Api-Key header value reaches log.Printf`
	}
}

func fromContext(ctx context.Context) {
	log.Printf("cookie: %v", metadata.ValueFromIncomingContext(ctx, "cookie")) // want `Cookie header value reaches log.Printf`
}

// Silent: entries that are no credentials, and an index spelled in upper
// case, which reads no entry (metadata keys are lower case).
func silent(ctx context.Context) {
	md, _ := metadata.FromIncomingContext(ctx)
	log.Printf("request %v from %v", md.Get("x-request-id"), md["user-agent"])
	log.Printf("auth: %v", md["Authorization"])
	log.Printf("trace: %v", metadata.ValueFromIncomingContext(ctx, "traceparent"))
}

// forward copies the caller's credential onto an outgoing HTTP request.
func forward(ctx context.Context, req *http.Request) {
	req.Header.Set("Authorization", metadata.ValueFromIncomingContext(ctx, "authorization")[0])
}

// Package auth is a stub of cloud.google.com/go/auth: its token.
package auth

import (
	"context"
	"time"
)

// Token holds a credential: Value is the token.
type Token struct {
	Value  string
	Type   string
	Expiry time.Time
}

// TokenProvider provides tokens.
type TokenProvider interface {
	Token(ctx context.Context) (*Token, error)
}

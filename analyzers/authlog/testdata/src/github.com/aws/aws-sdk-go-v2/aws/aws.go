// Package aws is a stub of github.com/aws/aws-sdk-go-v2/aws: its
// credentials.
package aws

import (
	"context"
	"time"
)

// Credentials are AWS credentials.
type Credentials struct {
	AccessKeyID     string
	SecretAccessKey string
	SessionToken    string
	Source          string
	CanExpire       bool
	Expires         time.Time
}

// HasKeys reports whether the credentials have keys.
func (v Credentials) HasKeys() bool { return v.AccessKeyID != "" && v.SecretAccessKey != "" }

// CredentialsProvider retrieves credentials.
type CredentialsProvider interface {
	Retrieve(ctx context.Context) (Credentials, error)
}

// Package awslog switches aws-sdk-go-v2's client logging on, in ways
// that write signed requests (and so their credentials) to the SDK's
// logger, and ways that do not.
package awslog

import (
	"context"
	"net/http"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/config"
)

// Must flag: the request dump, at a debug level.
func debugMode(cfg *aws.Config, debug bool) {
	mode := aws.LogRetries
	if debug {
		mode = mode | aws.LogRequestWithBody | aws.LogResponseWithBody // want `aws-sdk-go-v2 client log mode LogRequestWithBody writes every signed request to the SDK's logger`
	}
	cfg.ClientLogMode = mode
}

// Must flag: the signing log and the request together, one finding.
func load(ctx context.Context) (aws.Config, error) {
	return config.LoadDefaultConfig(ctx, config.WithClientLogMode(aws.LogSigning|aws.LogRequest)) // want `aws-sdk-go-v2 client log modes LogSigning and LogRequest write every signed request`
}

// Must flag: a literal's mode.
func literal() aws.Config {
	return aws.Config{ClientLogMode: aws.LogRequest} // want `client log mode LogRequest writes`
}

// Must flag: the signing log, whose canonical request holds the token.
func signing(cfg *aws.Config) {
	cfg.ClientLogMode = aws.LogSigning // want `client log mode LogSigning writes the canonical form of every signed request`
}

// ---- must stay silent ----

// Retries and responses only.
func quiet(cfg *aws.Config) {
	cfg.ClientLogMode |= aws.LogRetries | aws.LogResponse
}

// The request bit cleared, and asked about.
func cleared(cfg *aws.Config) bool {
	cfg.ClientLogMode &^= aws.LogRequest
	return cfg.ClientLogMode&aws.LogRequestWithBody != 0
}

var _ = http.MethodGet

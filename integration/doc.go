// Package integration runs the real tools that deliver retrylint to its
// users, on the fixture module in ../testdata/lintfixture: a golangci-lint
// v2.15.0 binary built with the retrylint plugins, and pre-commit.
//
// The tests need those tools, which are heavy to build or install, so they
// run when the environment provides them and are skipped otherwise:
//
//	RETRYLINT_GOLANGCI=/path/to/custom-gcl  go test ./integration/   # golangci-lint
//	go test ./integration/                                           # pre-commit, if on PATH
//
// .ci/run builds the golangci-lint binary from tools/custom-gcl, installs
// pre-commit and runs them all.
package integration

package main

import (
	"bytes"
	"go/build"
	"os"
	"testing"

	"github.com/retrylint/retrylint/analyzers"
	"github.com/retrylint/retrylint/internal/stdfacts"
)

// The shipped table is what the analyzers compute on the standard library
// of the Go root it names: a change to an analyzer's facts or defaults
// that was not followed by go run ./scripts/stdfacts fails here.
func TestTableUpToDate(t *testing.T) {
	old, err := os.ReadFile("../../internal/stdfacts/std.json")
	if err != nil {
		t.Fatal(err)
	}
	if v, want := stdfacts.ReadVersion(build.Default.GOROOT), tableVersion(t, old); v != want {
		t.Skipf("the table is for %s, the Go root is %s: runs analyse the standard library", want, v)
	}
	data, err := Generate(analyzers.All(), []string{"std"})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(old, data) {
		t.Errorf("internal/stdfacts/std.json is out of date: go run ./scripts/stdfacts")
	}
}

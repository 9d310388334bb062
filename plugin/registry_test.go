package plugin

import (
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// TestRegistry checks that the analyzers the plugins built are listed in
// the suite's order, whatever order golangci-lint builds them in.
func TestRegistry(t *testing.T) {
	r := &registry{set: map[string]bool{}}
	if got := r.names(); len(got) != 0 {
		t.Errorf("empty registry lists %v", got)
	}
	r.add([]*analysis.Analyzer{{Name: "retryidempotency"}})
	r.add([]*analysis.Analyzer{{Name: "retryafter"}, {Name: "nosuch"}})
	if got, want := r.names(), []string{"retryafter", "retryidempotency"}; !slices.Equal(got, want) {
		t.Errorf("names() = %v, want %v", got, want)
	}
}

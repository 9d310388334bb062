package authlog_test

import (
	"os"
	"testing"

	"github.com/retrylint/retrylint/internal/stdfacts"
)

// The tests analyse the standard library as a run without the table
// does, so that a change to the analyzer's facts on it shows here
// before the table is written again (go run ./scripts/stdfacts, whose
// test compares the two).
func TestMain(m *testing.M) {
	stdfacts.Disable()
	os.Exit(m.Run())
}

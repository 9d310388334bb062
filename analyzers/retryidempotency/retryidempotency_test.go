package retryidempotency_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/retrylint/retrylint/analyzers/retryidempotency"
	"github.com/retrylint/retrylint/internal/fixtest"
)

func TestDiagnostics(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), retryidempotency.Analyzer, "apierr", "a", "keys", "keys/wrap", "plain", "sender", "helper", "closure", "recursion", "handoff", "example.com/transport", "resendcall", "chain", "requeue", "oldqueue", "shapes", "shapes/policy", "keyset", "keyset/hdr", "statusset", "structreq", "structreq/build", "methodarg", "methodarg/api", "opfield", "opfield/api", "genclient", "notsent", "answered", "sdkuse", "urlwrap", "ifaceretry", "split", "decorator", "closureany", "senderpath", "failover", "methodpeer", "rebuilt", "foreignwrite/chat", "foreignwrite", "fieldsend", "example.com/hook", "ifacewrite", "builder", "builder/rest", "builder/getonly", "nextstage", "statuserr", "halfguard", "firstattempt", "arraykey", "nestedsend", "reqconfig", "decider", "freshany", "cfgmethod", "errhelper", "resphelper", "callerguard", "rewrap", "timerloop", "reqfactory", "methodrole", "framework", "framework/webhook", "sentinelerr", "predlit", "holder", "holder/exec", "factoryiface/transport", "factoryiface", "funcfield", "sendop", "executor", "executor/run", "unrolled", "dumpsend", "postonly", "ctorfield", "multipred", "recurseresp", "coreloop", "coreloopsdk", "freshhelper", "decorated", "idemcallers", "viahelper/orders", "viahelper/retry", "viahelper", "wrapsender/core", "wrapsender/mid", "wrapsender", "callermethod", "foreignerr", "optbound", "erronly", "bodykey/payload", "bodykey", "netguard")
}

func TestFixes(t *testing.T) {
	results := analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), retryidempotency.Analyzer, "apierr", "a", "old", "sender", "helper", "closure", "recursion", "handoff", "resendcall", "chain", "requeue", "oldqueue", "shapes", "keyset", "statusset", "structreq", "structreq/build", "methodarg", "methodarg/api", "opfield", "opfield/api", "genclient", "notsent", "answered", "sdkuse", "urlwrap", "ifaceretry", "split", "decorator", "closureany", "senderpath", "failover", "methodpeer", "rebuilt", "foreignwrite/chat", "foreignwrite", "fieldsend", "example.com/hook", "ifacewrite", "builder", "builder/rest", "builder/getonly", "nextstage", "statuserr", "halfguard", "firstattempt", "arraykey", "nestedsend", "reqconfig", "decider", "freshany", "cfgmethod", "errhelper", "resphelper", "callerguard", "rewrap", "timerloop", "reqfactory", "methodrole", "framework", "framework/webhook", "sentinelerr", "predlit", "holder", "holder/exec", "factoryiface/transport", "factoryiface", "funcfield", "sendop", "executor", "executor/run", "unrolled", "dumpsend", "postonly", "ctorfield", "multipred", "recurseresp", "coreloop", "coreloopsdk", "freshhelper", "decorated", "idemcallers", "viahelper/orders", "viahelper/retry", "viahelper", "wrapsender/core", "wrapsender/mid", "wrapsender", "callermethod", "foreignerr", "optbound", "erronly", "bodykey/payload", "bodykey", "netguard")
	fixtest.CheckFixed(t, retryidempotency.Analyzer, results)
}

func TestKeyHeadersFlag(t *testing.T) {
	for _, bad := range []string{"", ",", "Idempotency Key"} {
		a := retryidempotency.New(retryidempotency.DefaultConfig())
		if err := a.Flags.Set("key-headers", bad); err == nil {
			t.Errorf("-key-headers=%q: no error", bad)
		}
	}
}

// TestLibraries runs on a test data module that requires the real retry
// libraries (go-retryablehttp, resty v2 and v3, cenkalti/backoff v3 to v7,
// retry-go v3 and v4, go-retry).
func TestLibraries(t *testing.T) {
	dir := fixtest.Module(t, filepath.Join(analysistest.TestData(), "libs"))
	results := analysistest.RunWithSuggestedFixes(t, dir, retryidempotency.Analyzer, "./...")
	fixtest.CheckFixedModule(t, retryidempotency.Analyzer, dir, results)
}

// TestExporterHelper runs on a test data module that requires the
// OpenTelemetry Collector's exporter helper, whose WithRetry retries an
// exporter's push function once for every batch.
func TestExporterHelper(t *testing.T) {
	dir := fixtest.Module(t, filepath.Join(analysistest.TestData(), "otel"))
	results := analysistest.RunWithSuggestedFixes(t, dir, retryidempotency.Analyzer, "./...")
	fixtest.CheckFixedModule(t, retryidempotency.Analyzer, dir, results)
}

// TestGates checks the diagnostic aid: under RETRYLINT_GATES=1 a
// candidate dropped without a report is named by its gate, beside the
// findings of a normal run.
func TestGates(t *testing.T) {
	t.Setenv("RETRYLINT_GATES", "1")
	analysistest.Run(t, analysistest.TestData(), retryidempotency.Analyzer, "gates")
}

// TestUnnamedLibraries runs on a test data module that requires retry
// libraries no rule names (eapache/go-resiliency, Rican7/retry,
// lestrrat-go/backoff, matryer/try, gojek/heimdall): their retry functions and retrying client are learned
// from their source, as a project's own are, and heimdall's client,
// configured by functional options, retries only when an option raised
// its retry count.
func TestUnnamedLibraries(t *testing.T) {
	dir := fixtest.Module(t, filepath.Join(analysistest.TestData(), "unnamed"))
	results := analysistest.RunWithSuggestedFixes(t, dir, retryidempotency.Analyzer, "./...")
	fixtest.CheckFixedModule(t, retryidempotency.Analyzer, dir, results)
}

func TestKeyFieldsFlag(t *testing.T) {
	for _, bad := range []string{",", "dedup key", "a,,b", `"alias"`} {
		a := retryidempotency.New(retryidempotency.DefaultConfig())
		if err := a.Flags.Set("key-fields", bad); err == nil {
			t.Errorf("-key-fields=%q: no error", bad)
		}
	}
	a := retryidempotency.New(retryidempotency.DefaultConfig())
	if err := a.Flags.Set("key-fields", "ticket_ref, clientToken"); err != nil {
		t.Fatalf("-key-fields: %v", err)
	}
	if got := a.Flags.Lookup("key-fields").Value.String(); got != "ticket_ref,clientToken" {
		t.Errorf("-key-fields read back as %q", got)
	}
}

// TestKeyFieldsConfigured runs with a key field the defaults do not
// know: a body that carries it is keyed, and the default ones are then
// no longer known (the list given replaces them).
func TestKeyFieldsConfigured(t *testing.T) {
	cfg := retryidempotency.DefaultConfig()
	cfg.KeyFields = []string{"ticket_ref"}
	analysistest.Run(t, analysistest.TestData(), retryidempotency.New(cfg), "bodykey/custom")
}

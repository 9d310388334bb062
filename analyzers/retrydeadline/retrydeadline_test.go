package retrydeadline_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/retrylint/retrylint/analyzers/retrydeadline"
	"github.com/retrylint/retrylint/internal/fixtest"
)

func TestDiagnostics(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), retrydeadline.Analyzer, "a", "b", "c", "bounds", "sender", "retryhelper", "athand", "callerctx", "calleetimeout", "clientfield", "clienturl", "clientctor", "ownresp", "clientctor/httpx", "recursion", "blindhelper", "gotoloop", "waitbudget", "shadowctx", "timerwait", "clientassign", "waitfunc", "waitfunc2", "clientvar", "blindcallee", "ctxwait", "blinditer", "waitonly", "dropctx", "dropctxplain", "waitonly2", "waitonlylib", "clockstamp", "clockmeasure", "handed", "example.com/iface/svc", "opcaller", "opcallerx", "poll", "clientsend", "clientsend/sdk", "failover", "ifaceop", "example.com/fetchers", "ifacetimeout", "example.com/spans", "spanctx", "closurevar", "ctxfactory/ctxutil", "ctxfactory", "pollerr", "afterloop", "budgetexit", "clientgetter", "repeat", "clientdefault", "selectdefault", "clientparam", "peritem", "nocontext", "cancelctx", "clientreq", "handedsend", "sendctx", "pingfirst", "tickerpoll", "tickerstop", "attemptarg", "funcfield", "heldctx/executor", "heldctx", "unrolled", "clockbudget", "methodctx", "handoff", "ctxattempt", "ctxhelper", "waithelper", "signalwait", "rootctx")
}

func TestFixes(t *testing.T) {
	results := analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), retrydeadline.Analyzer, "a", "b", "bounds", "sender", "retryhelper", "athand", "callerctx", "calleetimeout", "clientfield", "clienturl", "clientctor", "ownresp", "recursion", "blindhelper", "gotoloop", "waitbudget", "shadowctx", "timerwait", "clientassign", "waitfunc", "waitfunc2", "clientvar", "blindcallee", "ctxwait", "blinditer", "waitonly", "dropctx", "dropctxplain", "waitonly2", "clockstamp", "clockmeasure", "handed", "example.com/iface/svc", "opcaller", "opcallerx", "poll", "clientsend", "clientsend/sdk", "failover", "ifaceop", "example.com/fetchers", "ifacetimeout", "example.com/spans", "spanctx", "closurevar", "ctxfactory/ctxutil", "ctxfactory", "pollerr", "afterloop", "budgetexit", "clientgetter", "repeat", "clientdefault", "selectdefault", "clientparam", "peritem", "nocontext", "cancelctx", "clientreq", "handedsend", "sendctx", "pingfirst", "tickerpoll", "tickerstop", "attemptarg", "funcfield", "heldctx/executor", "heldctx", "unrolled", "clockbudget", "methodctx", "handoff", "ctxattempt", "ctxhelper", "waithelper", "signalwait", "rootctx")
	fixtest.CheckFixed(t, retrydeadline.Analyzer, results)
}

func TestBoundedFlag(t *testing.T) {
	a := retrydeadline.New(retrydeadline.DefaultConfig())
	if err := a.Flags.Set("bounded", "false"); err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, analysistest.TestData(), a, "unbounded")
}

func TestAttemptsFlagRejectsBadValues(t *testing.T) {
	for _, bad := range []string{"", "0", "-2", "three", "1.5"} {
		a := retrydeadline.New(retrydeadline.DefaultConfig())
		if err := a.Flags.Set("attempts", bad); err == nil {
			t.Errorf("-attempts=%q: no error", bad)
		}
	}
	a := retrydeadline.New(retrydeadline.DefaultConfig())
	if err := a.Flags.Set("attempts", "7"); err != nil {
		t.Errorf("-attempts=7: %v", err)
	}
}

// TestLibraries runs on a test data module that requires the real retry
// libraries (cenkalti/backoff v4, v5, v6 and v7, retry-go, go-retry, resty v2 and
// v3).
func TestLibraries(t *testing.T) {
	dir := fixtest.Module(t, filepath.Join(analysistest.TestData(), "libs"))
	results := analysistest.RunWithSuggestedFixes(t, dir, retrydeadline.Analyzer, "./...")
	fixtest.CheckFixedModule(t, retrydeadline.Analyzer, dir, results)
}

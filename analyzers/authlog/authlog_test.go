package authlog_test

import (
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/retrylint/retrylint/analyzers/authlog"
	"github.com/retrylint/retrylint/internal/fixtest"
)

// The packages whose cases redact in part: they are checked with
// -partial-redaction, the others with the default configuration.
var partialPkgs = []string{"a", "authz", "d", "helpertaken", "redact", "writedump"}

func partialAnalyzer() *analysis.Analyzer {
	cfg := authlog.DefaultConfig()
	cfg.PartialRedaction = true
	return authlog.New(cfg)
}

func TestDiagnostics(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), authlog.Analyzer, "b", "mylog", "c", "odd", "loggerdecl", "logiface", "logwrap", "ownlog", "shape", "reassign", "hdrutil", "compose", "secretfield", "helperpkg", "helperreuse", "dropfix", "funcfield", "httplogger", "httploggeruse", "terminal", "maskone", "errtext", "errtextuse", "kitlogr", "accum", "importgone", "credfield", "logwriter", "sortedkeys", "heldlogger", "maskuse", "maskweak", "redacttableuse", "writeto", "partialsent", "partialone", "valuescrub", "leveled", "funcwords", "credparam", "secretvalue", "secretlist", "ownerwriter", "ownerwriter/debug", "headermap", "copiedheaders", "asserterr", "strmeth", "strmethlib", "strmethuse", "plog", "ploglib", "dumplines", "dumpbare", "dumpfield", "dumpscrub", "dumpscrubone", "fmtwrap", "fmtwrapuse", "sentlog", "sentsdk", "sentsdkuse", "uncanonical", "uncanonical/own", "pkglog/log", "pkglog/tflog", "pkglog/catalog", "pkglog", "rangeskip", "urlerror", "twosecrets", "example.com/zlog", "ctorlog", "ownheader", "lenguard", "eventfield", "headeralias", "fillhelper", "fillhelper/logfmt", "ifacecall", "recordfield", "eventfield/zlog", "namemask", "splitfield", "funcvar", "narrowed", "secretlater/opts", "secretlater", "secretnested/opts", "secretnested", "example.com/bytesconv", "viewlog", "readerlog", "example.com/curllib", "curlcmd", "errsink", "envpath", "maskcopy", "urlfield", "decoded", "secretptr", "secretmap", "madefield/reqinfo", "madefield", "voidfill", "respdecode", "signedquery", "urlredacted", "ptrstring", "listmask", "secretstring", "signerkeys", "queryconcat", "spreadattrs", "ifacegetter/sdk", "ifacegetter", "tokenanswer", "preauth", "switchcase", "concretelog", "respwhole", "proxytext", "mapentry")
}

func TestDiagnosticsPartialRedaction(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), partialAnalyzer(), partialPkgs...)
}

func TestFixes(t *testing.T) {
	results := analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), authlog.Analyzer, "b", "c", "odd", "loggerdecl", "logiface", "logwrap", "ownlog", "shape", "reassign", "hdrutil", "compose", "secretfield", "helperpkg", "helperreuse", "dropfix", "funcfield", "httplogger", "httploggeruse", "terminal", "errtext", "errtextuse", "kitlogr", "accum", "importgone", "credfield", "logwriter", "sortedkeys", "heldlogger", "maskuse", "maskweak", "redacttableuse", "writeto", "partialsent", "partialone", "valuescrub", "leveled", "funcwords", "credparam", "secretvalue", "secretlist", "ownerwriter", "ownerwriter/debug", "headermap", "copiedheaders", "asserterr", "strmeth", "strmethlib", "strmethuse", "plog", "ploglib", "dumplines", "dumpbare", "dumpfield", "dumpscrub", "dumpscrubone", "fmtwrap", "fmtwrapuse", "sentlog", "sentsdk", "sentsdkuse", "uncanonical", "uncanonical/own", "pkglog/log", "pkglog/tflog", "pkglog/catalog", "pkglog", "rangeskip", "urlerror", "twosecrets", "example.com/zlog", "ctorlog", "ownheader", "lenguard", "eventfield", "headeralias", "fillhelper", "fillhelper/logfmt", "ifacecall", "recordfield", "eventfield/zlog", "namemask", "splitfield", "funcvar", "narrowed", "secretlater/opts", "secretlater", "secretnested/opts", "secretnested", "example.com/bytesconv", "viewlog", "readerlog", "example.com/curllib", "curlcmd", "errsink", "envpath", "maskcopy", "urlfield", "decoded", "secretptr", "secretmap", "madefield/reqinfo", "madefield", "voidfill", "respdecode", "signedquery", "urlredacted", "ptrstring", "listmask", "secretstring", "signerkeys", "queryconcat", "spreadattrs", "ifacegetter", "tokenanswer", "preauth", "switchcase", "concretelog", "respwhole", "proxytext", "mapentry")
	fixtest.CheckFixed(t, authlog.Analyzer, results)
}

func TestFixesPartialRedaction(t *testing.T) {
	a := partialAnalyzer()
	results := analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), a, partialPkgs...)
	fixtest.CheckFixed(t, a, results)
}

func TestHeadersFlag(t *testing.T) {
	a := authlog.New(authlog.DefaultConfig())
	if err := a.Flags.Set("headers", "x-session-token"); err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, analysistest.TestData(), a, "custom")
}

func TestHeadersFlagRejectsBadValues(t *testing.T) {
	for _, bad := range []string{"", " , ", "X Api Key", "Authorization,", "Cookie:"} {
		a := authlog.New(authlog.DefaultConfig())
		if err := a.Flags.Set("headers", bad); err == nil {
			t.Errorf("-headers=%q: no error", bad)
		}
	}
}

func TestSinksFlag(t *testing.T) {
	a := authlog.New(authlog.DefaultConfig())
	if err := a.Flags.Set("sinks", "example.com/audit.Record, (*example.com/audit.Trail).Add"); err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, analysistest.TestData(), a, "extra")
	if got := a.Flags.Lookup("sinks").Value.String(); got != "example.com/audit.Record,(*example.com/audit.Trail).Add" {
		t.Errorf("-sinks reads back as %q", got)
	}
}

func TestSinksFlagValues(t *testing.T) {
	for _, good := range []string{"", "log.Printf", "example.com/mylog.Infof,(*example.com/mylog.Logger).Infof", "(example.com/mylog.Logger).Infof", "example.com/v2/my-log.Info_2"} {
		a := authlog.New(authlog.DefaultConfig())
		if err := a.Flags.Set("sinks", good); err != nil {
			t.Errorf("-sinks=%q: %v", good, err)
		}
	}
	for _, bad := range []string{
		"Infof", "example.com/mylog.", ".Infof", "example.com/mylog.1nfof", "example.com/my log.Infof",
		"log.Printf,", "log.Printf,,log.Print", "(*example.com/mylog.Logger.Infof", "(*example.com/mylog).Infof",
		"(*example.com/mylog.Logger).", "example.com//mylog.Infof", "(*example.com/mylog.Log ger).Infof",
	} {
		a := authlog.New(authlog.DefaultConfig())
		err := a.Flags.Set("sinks", bad)
		if err == nil {
			t.Errorf("-sinks=%q: no error", bad)
		} else if !strings.Contains(err.Error(), "invalid function name") {
			t.Errorf("-sinks=%q: unclear error %q", bad, err)
		}
	}
}

func TestNewRejectsBadSinks(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("New accepted a malformed sink name")
		}
	}()
	authlog.New(authlog.Config{Headers: []string{"Authorization"}, Sinks: []string{"Infof"}})
}

func TestDoc(t *testing.T) {
	a := authlog.Analyzer
	if !strings.HasPrefix(a.Doc, "report credentials that reach a log: credential headers, whole headers, requests and responses, dumps, and secrets held in values and bodies\n") {
		t.Errorf("Doc starts %q", a.Doc[:min(len(a.Doc), 80)])
	}
	for _, want := range []string{"WRONG:", "RIGHT:", "-authlog.headers", "-authlog.sinks", "-authlog.debug-writers", strings.Join(authlog.DefaultDebugWriters(), ","), "Authorization,Proxy-Authorization,Cookie,Set-Cookie,X-Api-Key,X-Auth-Token"} {
		if !strings.Contains(a.Doc, want) {
			t.Errorf("Doc does not mention %s", want)
		}
	}
	if a.URL == "" || strings.Contains(a.Doc, "# Analyzer") {
		t.Errorf("URL %q, Doc %q", a.URL, a.Doc)
	}
	def := strings.Join(authlog.DefaultConfig().Headers, ",")
	if !strings.Contains(a.Doc, def) {
		t.Errorf("Doc does not give the default -headers %q", def)
	}
}

// TestLibraries runs on a test data module that requires the real resty
// (v2 and v3) and go-retryablehttp.
func TestLibraries(t *testing.T) {
	dir := fixtest.Module(t, filepath.Join(analysistest.TestData(), "libs"))
	results := analysistest.RunWithSuggestedFixes(t, dir, authlog.Analyzer, "./...")
	fixtest.CheckFixedModule(t, authlog.Analyzer, dir, results)
}

func TestSinksFlagWriters(t *testing.T) {
	a := authlog.New(authlog.DefaultConfig())
	if err := a.Flags.Set("sinks", "(example.com/sdk.Config).Wire,example.com/sdk.Dump"); err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, analysistest.TestData(), a, "extrawriter")
}

func TestDebugWritersFlag(t *testing.T) {
	a := authlog.New(authlog.DefaultConfig())
	if err := a.Flags.Set("debug-writers", "Wiretap"); err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, analysistest.TestData(), a, "wiretap")
	if got := a.Flags.Lookup("debug-writers").Value.String(); got != "Wiretap" {
		t.Errorf("-debug-writers reads back as %q", got)
	}
	def := authlog.New(authlog.DefaultConfig()).Flags.Lookup("debug-writers").Value.String()
	if want := strings.Join(authlog.DefaultDebugWriters(), ","); def != want {
		t.Errorf("-debug-writers defaults to %q, want %q", def, want)
	}
	for _, bad := range []string{"Wire tap", "Debug,", "1Debug", "Debug.Out"} {
		if err := authlog.New(authlog.DefaultConfig()).Flags.Set("debug-writers", bad); err == nil {
			t.Errorf("-debug-writers=%q: no error", bad)
		}
	}
	if err := authlog.New(authlog.DefaultConfig()).Flags.Set("debug-writers", ""); err != nil {
		t.Errorf("-debug-writers=\"\": %v", err)
	}
}

func TestSecretFields(t *testing.T) {
	a := authlog.New(authlog.DefaultConfig())
	if got, want := a.Flags.Lookup("secret-fields").Value.String(), strings.Join(authlog.DefaultSecretFields(), ","); got != want {
		t.Errorf("-secret-fields defaults to %q, want %q", got, want)
	}
	if err := a.Flags.Set("secret-fields", "Api_Token"); err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, analysistest.TestData(), a, "secretcustom")
	if err := a.Flags.Set("secret-fields", "Api Token"); err == nil {
		t.Errorf("-secret-fields=%q: no error", "Api Token")
	}
}

package retrylib_test

import (
	"go/ast"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/retrylint/retrylint/internal/retrylib"
)

// load loads the test data module, which requires the real libraries,
// after downloading them through the go command.
func load(t *testing.T) *packages.Package {
	t.Helper()
	return loadPkg(t, "./p")
}

func loadPkg(t *testing.T, pattern string) *packages.Package {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("testdata", "mod"))
	if err != nil {
		t.Fatal(err)
	}
	env := append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	cmd := exec.Command("go", "mod", "download")
	cmd.Dir, cmd.Env = dir, env
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go mod download: %v\n%s", err, out)
	}
	pkgs, err := packages.Load(&packages.Config{Mode: packages.LoadAllSyntax, Dir: dir, Env: env}, pattern)
	if err != nil {
		t.Fatal(err)
	}
	if packages.PrintErrors(pkgs) > 0 {
		t.Fatal("test data does not type-check")
	}
	return pkgs[0]
}

func TestEntriesAndConfig(t *testing.T) {
	p := load(t)
	var body ast.Node
	for _, d := range p.Syntax[0].Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == "calls" {
			body = fd.Body
		}
	}
	s := retrylib.Scope{Info: p.TypesInfo, Body: body, Files: p.Syntax}
	var got []string
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		e, ok := retrylib.EntryOf(p.TypesInfo, call)
		if !ok {
			return true
		}
		desc := e.Lib.Name + " " + e.Func.Name()
		switch {
		case e.BackOff != nil:
			b := retrylib.BackOffV4(s, e.BackOff)
			desc += map[bool]string{true: " never stops", false: " bounded"}[b.NeverStops]
			if b.Lit != nil {
				desc += " (literal)"
			} else if b.ZeroInCall {
				desc += " (option)"
			}
		case e.Lib.Path == retrylib.RetryGo:
			desc += map[bool]string{true: " forever", false: " counted"}[retrylib.RetryGoOptions(p.TypesInfo, e.Options).Forever != nil]
		case e.Lib.Path == retrylib.RetryableHTTP:
			if !retrylib.RetryableClient(s, e.Recv).Retries {
				desc += " no retries"
			}
		case e.Lib.Path == retrylib.RestyV2:
			cfg := retrylib.Resty(s, e.Recv, func(string) bool { return false })
			if cfg.Known {
				desc += " retry count " + strconv.FormatInt(cfg.RetryCount, 10)
			}
			if retrylib.KeyHeaderOnChain(s, e.Recv, func(string) bool { return true }) {
				desc += " keyed" // the key of another request must not count
			}
		}
		got = append(got, desc)
		return true
	})
	want := []string{
		"backoff Retry never stops",
		"backoff Retry bounded",
		"backoff Retry never stops (literal)",
		"backoff Retry never stops (option)",
		"retry-go Do forever",
		"retry-go Do counted",
		"go-retryablehttp Do no retries",
		"resty Post retry count 3",
	}
	if len(got) != len(want) {
		t.Fatalf("entries:\n%q\nwant\n%q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("entry %d: %q, want %q", i, got[i], want[i])
		}
	}
}

// TestVersionsAndConfig reads what the model answers per library version
// and per configuration read back through variables.
func TestVersionsAndConfig(t *testing.T) {
	p := loadPkg(t, "./versions")
	var body ast.Node
	for _, d := range p.Syntax[0].Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == "calls" {
			body = fd.Body
		}
	}
	s := retrylib.Scope{Info: p.TypesInfo, Body: body, Files: p.Syntax}
	yes := map[bool]string{true: "yes", false: "no"}
	var got []string
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		e, ok := retrylib.EntryOf(p.TypesInfo, call)
		if !ok {
			return true
		}
		desc := e.Lib.Name + " " + e.Func.Name()
		switch {
		case retrylib.IsResty(e.Lib.Path):
			cfg := retrylib.Resty(s, e.Recv, func(string) bool { return false })
			desc += " " + cfg.Path[len(cfg.Path)-2:] + " retries=" + yes[cfg.Retries(e.Method)] + " any=" + yes[cfg.RetriesMethod(e.Method)] +
				" masks-authorization=" + yes[cfg.Redacted("Authorization")] + " masks-cookie=" + yes[cfg.Redacted("Cookie")]
		case e.Lib.Path == retrylib.GoRetry:
			b := retrylib.GoRetryBackoff(s, e.BackOff)
			desc += " known=" + yes[b.Known] + " never-stops=" + yes[b.NeverStops]
		case e.Lib.Path == retrylib.Failsafe:
			c := retrylib.FailsafeExecutor(s, e.Recv)
			desc += " retry=" + yes[c.Retry] + " errors=" + yes[c.RetriesErrors] + " never-stops=" + yes[c.NeverStops] +
				" outer-timeout=" + yes[c.OuterTimeout] + " inner-timeout=" + yes[c.InnerTimeout != nil] + " context=" + yes[c.Context != nil]
		}
		got = append(got, desc)
		return true
	})
	want := []string{
		"resty Post v2 retries=yes any=yes masks-authorization=no masks-cookie=no",
		"resty Post v3 retries=no any=no masks-authorization=yes masks-cookie=no",
		"resty Put v3 retries=yes any=yes masks-authorization=yes masks-cookie=no",
		"resty Post v3 retries=yes any=yes masks-authorization=yes masks-cookie=no",
		"resty Post v3 retries=no any=yes masks-authorization=yes masks-cookie=no",
		"resty Post v2 retries=no any=yes masks-authorization=no masks-cookie=no",
		"resty Put v3 retries=yes any=yes masks-authorization=yes masks-cookie=no",
		"go-retry Do known=yes never-stops=yes",
		"go-retry Do known=yes never-stops=yes",
		"go-retry Do known=yes never-stops=no",
		"failsafe Get retry=yes errors=yes never-stops=yes outer-timeout=no inner-timeout=no context=no",
		"failsafe Get retry=yes errors=yes never-stops=yes outer-timeout=yes inner-timeout=no context=no",
		"failsafe Get retry=yes errors=yes never-stops=yes outer-timeout=no inner-timeout=yes context=yes",
		"failsafe Get retry=yes errors=no never-stops=no outer-timeout=no inner-timeout=no context=no",
		"failsafe Get retry=no errors=no never-stops=no outer-timeout=no inner-timeout=no context=no",
	}
	if len(got) != len(want) {
		t.Fatalf("entries:\n%q\nwant\n%q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("entry %d: %q, want %q", i, got[i], want[i])
		}
	}
}

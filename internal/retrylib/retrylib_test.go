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
	pkgs, err := packages.Load(&packages.Config{Mode: packages.LoadAllSyntax, Dir: dir, Env: env}, "./p")
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

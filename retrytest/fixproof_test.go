package retrytest_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/retrylint/retrylint/retrytest"
)

// The tests in this file prove that retrylint's suggested fixes change what
// a client does, not only its text. testdata/clients is a module of
// small clients, each with one analyzer's defect. Once per test binary it
// is copied twice, the real retrylint binary reports on it and applies its
// suggested fixes to one copy (retrylint -fix), and both copies are built.
// Each test then checks that its analyzer, and only it, reported its
// client, and runs the client as written and as fixed against a retrytest
// server with the same script: the defect shows in the first run and not
// in the second.

var (
	workDir   string
	fixedOnce = sync.OnceValues(fixClients)
)

func TestMain(m *testing.M) {
	code := m.Run()
	if workDir != "" {
		os.RemoveAll(workDir)
	}
	os.Exit(code)
}

func exe(name string) string {
	if runtime.GOOS == "windows" {
		return name + ".exe"
	}
	return name
}

type result struct {
	stdout, stderr string
	code           int
}

// command runs name in dir, in the throwaway module's environment.
func command(dir, name string, args ...string) (result, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=", "GOWORK=off")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	res := result{stdout.String(), stderr.String(), 0}
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		res.code = exit.ExitCode()
		err = nil
	}
	if err != nil {
		return res, fmt.Errorf("%s %s: %v", name, strings.Join(args, " "), err)
	}
	return res, nil
}

// A finding is one diagnostic of retrylint -json, with its suggested fixes
// rendered as the text each edit replaces and the text it puts instead.
type finding struct {
	analyzer, message string
	fixes             int
	edits             []string
}

// fixedClients is the outcome of fixClients.
type fixedClients struct {
	findings map[string][]finding // by client (directory) name
	sources  map[string][2]string // main.go before and after -fix
	bin      map[string]client
}

// client is one testdata client built twice: as written, and after
// retrylint -fix.
type client struct {
	before, after string // the two binaries
}

// fixClients copies testdata/clients twice, runs retrylint -json on it,
// applies retrylint -fix to the second copy, and builds every client in
// both copies. (That a fix leaves its analyzer silent is checked by the
// analyzers' own tests and cmd/retrylint's; here the point is behaviour.)
func fixClients() (_ *fixedClients, err error) {
	dir, err := os.MkdirTemp("", "retrytest-fix-")
	if err != nil {
		return nil, err
	}
	workDir = dir
	tool := filepath.Join(dir, exe("retrylint"))
	if out, err := exec.Command("go", "build", "-o", tool, "github.com/retrylint/retrylint/cmd/retrylint").CombinedOutput(); err != nil {
		return nil, fmt.Errorf("go build cmd/retrylint: %v\n%s", err, out)
	}
	orig, fixed := filepath.Join(dir, "before"), filepath.Join(dir, "after")
	for _, d := range []string{orig, fixed} {
		if err := os.CopyFS(d, os.DirFS(filepath.Join("testdata", "clients"))); err != nil {
			return nil, err
		}
	}

	// A client whose directory holds a file "flags" (one flag a line) is
	// checked and fixed with those flags, apart from the others.
	groups, err := flagGroups(fixed)
	if err != nil {
		return nil, err
	}
	// package -> analyzer -> diagnostics
	var tree map[string]map[string][]struct {
		Message string `json:"message"`
		Fixes   []struct {
			Edits []struct {
				Filename   string `json:"filename"`
				Start, End int
				New        string `json:"new"`
			} `json:"edits"`
		} `json:"suggested_fixes"`
	}
	out := &fixedClients{findings: map[string][]finding{}, sources: map[string][2]string{}, bin: map[string]client{}}
	for _, g := range groups {
		res, err := command(fixed, tool, append(append(append([]string{}, g.flags...), "-json"), g.pkgs...)...)
		if err != nil || res.code != 0 {
			return nil, fmt.Errorf("retrylint -json: exit %d, %v\n%s", res.code, err, res.stderr)
		}
		tree = nil
		if err := json.Unmarshal([]byte(res.stdout), &tree); err != nil {
			return nil, fmt.Errorf("retrylint -json: %v\n%s", err, res.stdout)
		}
		for pkg, byAnalyzer := range tree {
			name := path.Base(pkg)
			for analyzer, diags := range byAnalyzer {
				for _, d := range diags {
					f := finding{analyzer: analyzer, message: d.Message, fixes: len(d.Fixes)}
					for _, fix := range d.Fixes {
						for _, e := range fix.Edits {
							src, err := os.ReadFile(e.Filename)
							if err != nil || e.Start < 0 || e.End > len(src) || e.Start > e.End {
								return nil, fmt.Errorf("edit %+v does not fit its file: %v", e, err)
							}
							f.edits = append(f.edits, fmt.Sprintf("replace %q with %q", src[e.Start:e.End], e.New))
						}
					}
					out.findings[name] = append(out.findings[name], f)
				}
			}
		}
	}
	for _, g := range groups {
		if res, err := command(fixed, tool, append(append(append([]string{}, g.flags...), "-fix"), g.pkgs...)...); err != nil || (res.code != 0 && res.code != 3) {
			return nil, fmt.Errorf("retrylint -fix: exit %d, %v\n%s", res.code, err, res.stderr)
		}
	}
	entries, err := os.ReadDir(orig)
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		b, _ := os.ReadFile(filepath.Join(orig, e.Name(), "main.go"))
		a, _ := os.ReadFile(filepath.Join(fixed, e.Name(), "main.go"))
		out.sources[e.Name()] = [2]string{string(b), string(a)}
		out.bin[e.Name()] = client{
			before: filepath.Join(dir, "bin-before", exe(e.Name())),
			after:  filepath.Join(dir, "bin-after", exe(e.Name())),
		}
	}
	for _, b := range [][2]string{{orig, "bin-before"}, {fixed, "bin-after"}} {
		res, err := command(b[0], "go", "build", "-o", filepath.Join(dir, b[1])+string(filepath.Separator), "./...")
		if err != nil || res.code != 0 {
			return nil, fmt.Errorf("go build in %s: exit %d, %v\n%s", b[0], res.code, err, res.stderr)
		}
	}
	return out, nil
}

// A flagGroup is the client packages checked with the same flags.
type flagGroup struct {
	flags []string
	pkgs  []string
}

// flagGroups groups the clients of dir by the flags in their "flags"
// file (none for most), in a stable order.
func flagGroups(dir string) ([]flagGroup, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var groups []flagGroup
	index := map[string]int{}
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		var flags []string
		if b, err := os.ReadFile(filepath.Join(dir, e.Name(), "flags")); err == nil {
			flags = strings.Fields(string(b))
		} else if !os.IsNotExist(err) {
			return nil, err
		}
		key := strings.Join(flags, " ")
		i, ok := index[key]
		if !ok {
			i = len(groups)
			index[key] = i
			groups = append(groups, flagGroup{flags: flags})
		}
		groups[i].pkgs = append(groups[i].pkgs, "./"+e.Name())
	}
	return groups, nil
}

// fixClient returns the client testdata/clients/name as written and as
// fixed, after checking that analyzer, and no other, reported it with
// messages containing each of want, with one fix per finding, and that
// the fix changed it.
func fixClient(t *testing.T, name, analyzer string, want ...string) client {
	t.Helper()
	if testing.Short() {
		t.Skip("builds retrylint and the clients, and runs them")
	}
	fc, err := fixedOnce()
	if err != nil {
		t.Fatal(err)
	}
	var messages []string
	for _, f := range fc.findings[name] {
		if f.analyzer != analyzer {
			t.Errorf("testdata/clients/%s: %s reports %q too; the client should show %s's defect alone", name, f.analyzer, f.message, analyzer)
		}
		if f.fixes != 1 {
			t.Errorf("%s: %d suggested fixes, want 1", f.message, f.fixes)
		}
		messages = append(messages, f.message)
		t.Logf("%s: %s\n  fix: %s", f.analyzer, f.message, strings.Join(f.edits, "\n  fix: "))
	}
	for _, w := range want {
		if !strings.Contains(strings.Join(messages, "\n"), w) {
			t.Fatalf("%s does not report %q on testdata/clients/%s; findings:\n%s", analyzer, w, name, strings.Join(messages, "\n"))
		}
	}
	if src := fc.sources[name]; src[0] == "" || src[0] == src[1] {
		t.Fatalf("retrylint -fix left testdata/clients/%s/main.go unchanged", name)
	}
	return fc.bin[name]
}

// runClient runs a client binary to completion and logs what it printed.
func runClient(t *testing.T, bin string, args ...string) result {
	t.Helper()
	res, err := command(t.TempDir(), bin, args...)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("client exit %d; stdout %q; stderr %q", res.code, res.stdout, res.stderr)
	return res
}

// beforeAndAfter runs check twice in parallel, for the client as written
// ("before") and as fixed ("after"), each against a new server with routes.
func (c client) beforeAndAfter(t *testing.T, routes []retrytest.Route, check func(t *testing.T, fixed bool, bin string, srv *retrytest.Server)) {
	t.Helper()
	for _, fixed := range []bool{false, true} {
		name, bin := "before", c.before
		if fixed {
			name, bin = "after", c.after
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			check(t, fixed, bin, retrytest.NewServer(t, routes...))
		})
	}
}

// showsEarlyRetry fails the test unless the client, as written, came back
// before the server allowed: the defect the fix is to remove must show.
func showsEarlyRetry(t *testing.T, srv *retrytest.Server) {
	t.Helper()
	err := srv.CheckNoEarlyRetry()
	if err == nil {
		t.Fatalf("the defect did not show: no early retry\n%s", srv.Timeline())
	}
	t.Logf("defect shown: %v", err)
}

// TestFixBehavesRetryAfter: a client that caps Retry-After and parses it
// only as seconds comes back early; after the retryafter fixes it stops when
// the server asks for more than its limit, and waits until an HTTP-date.
func TestFixBehavesRetryAfter(t *testing.T) {
	c := fixClient(t, "cappedwait", "retryafter", "Retry-After is capped by min(...)", "Retry-After is parsed only as seconds")

	t.Run("capped", func(t *testing.T) {
		t.Parallel()
		// The server asks for 2 s; the client accepts at most 1 s.
		routes := []retrytest.Route{{Method: "GET", Path: "/forecast",
			Script: []retrytest.Step{retrytest.Throttle(429, 2*time.Second), retrytest.OK(200).WithBody("sunny")}}}
		c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
			res := runClient(t, bin, "-max-wait=1s", srv.URL+"/forecast")
			if !fixed {
				showsEarlyRetry(t, srv)
				return
			}
			srv.AssertNoEarlyRetry(t)
			srv.AssertAttemptsAtMost(t, "GET /forecast", 1)
			srv.AssertGaveUp(t, time.Second)
			if res.code == 0 || !strings.Contains(res.stderr, "retry_after_exceeds_deadline") {
				t.Errorf("the fixed client should stop with retry_after_exceeds_deadline, got exit %d: %s", res.code, res.stderr)
			}
			t.Logf("fixed:\n%s", srv.Timeline())
		})
	})

	t.Run("no-retry-after", func(t *testing.T) {
		t.Parallel()
		// The server answers 503 without Retry-After: the client's own
		// backoff (100 ms, 200 ms, 400 ms) is capped at -max-wait, which
		// the fix must keep: it gives up only when the server asks for
		// more than the limit, and this server asks for nothing.
		routes := []retrytest.Route{{Method: "GET", Path: "/forecast",
			Script: []retrytest.Step{retrytest.Fail(503)}}}
		c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
			res := runClient(t, bin, "-max-wait=150ms", srv.URL+"/forecast")
			if res.code == 0 || !strings.Contains(res.stderr, "still throttled after 4 attempts") || strings.Contains(res.stderr, "retry_after_exceeds_deadline") {
				t.Errorf("the client should use its own capped backoff for all 4 attempts and report still throttled, got exit %d: %s", res.code, res.stderr)
			}
			srv.AssertAttemptsAtMost(t, "GET /forecast", 4)
			if n := srv.Attempts("GET /forecast"); n != 4 {
				t.Errorf("%d attempts, want 4\n%s", n, srv.Timeline())
			}
			// The last backoff is 400 ms uncapped and 150 ms capped: the
			// cap on the client's own backoff is still there.
			if reqs := srv.Requests(); len(reqs) == 4 {
				if gap := reqs[3].At - reqs[2].At; gap >= 300*time.Millisecond {
					t.Errorf("the wait before the last attempt was %v: the client's own backoff is no longer capped at 150ms\n%s", gap, srv.Timeline())
				}
			}
			t.Logf("fixed=%v:\n%s", fixed, srv.Timeline())
		})
	})

	t.Run("http-date", func(t *testing.T) {
		t.Parallel()
		// The server sends an HTTP-date 1 to 2 s ahead; the client accepts
		// up to 10 s.
		routes := []retrytest.Route{{Method: "GET", Path: "/forecast",
			Script: []retrytest.Step{retrytest.ThrottleDate(503, time.Second), retrytest.OK(200).WithBody("sunny")}}}
		c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
			res := runClient(t, bin, "-max-wait=10s", srv.URL+"/forecast")
			if !fixed {
				showsEarlyRetry(t, srv)
				return
			}
			srv.AssertNoEarlyRetry(t)
			srv.AssertAttemptsAtMost(t, "GET /forecast", 2)
			if res.code != 0 || res.stdout != "ok: sunny\n" {
				t.Errorf("the fixed client should wait until the date and succeed, got exit %d: %q %q", res.code, res.stdout, res.stderr)
			}
			t.Logf("fixed:\n%s", srv.Timeline())
		})
	})
}

// TestFixBehavesRetryAfterSmallOnly: a client that honours Retry-After
// only below its limit and uses its own short backoff otherwise comes back
// early; after the retryafter fix it gives up when the server asks for more
// than the limit, and the paths that were right (a short wait, no
// Retry-After at all) behave as before.
func TestFixBehavesRetryAfterSmallOnly(t *testing.T) {
	c := fixClient(t, "smallonly", "retryafter", "Retry-After is honoured only below maxWait")

	t.Run("long-wait", func(t *testing.T) {
		t.Parallel()
		// The server asks for 2 s; the client accepts at most 1 s.
		routes := []retrytest.Route{{Method: "GET", Path: "/forecast",
			Script: []retrytest.Step{retrytest.Throttle(429, 2*time.Second), retrytest.OK(200).WithBody("sunny")}}}
		c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
			res := runClient(t, bin, "-max-wait=1s", srv.URL+"/forecast")
			if !fixed {
				showsEarlyRetry(t, srv)
				return
			}
			srv.AssertNoEarlyRetry(t)
			srv.AssertAttemptsAtMost(t, "GET /forecast", 1)
			if res.code == 0 || !strings.Contains(res.stderr, "retry_after_exceeds_deadline") {
				t.Errorf("the fixed client should stop with retry_after_exceeds_deadline, got exit %d: %s", res.code, res.stderr)
			}
		})
	})

	t.Run("short-wait", func(t *testing.T) {
		t.Parallel()
		// The server asks for 1 s, within the client's 3 s: both wait and succeed.
		routes := []retrytest.Route{{Method: "GET", Path: "/forecast",
			Script: []retrytest.Step{retrytest.Throttle(429, time.Second), retrytest.OK(200).WithBody("sunny")}}}
		c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
			res := runClient(t, bin, "-max-wait=3s", srv.URL+"/forecast")
			srv.AssertNoEarlyRetry(t)
			if n := srv.Attempts("GET /forecast"); n != 2 || res.code != 0 || res.stdout != "ok: sunny\n" {
				t.Errorf("fixed=%v: want 2 attempts and success, got %d attempts, exit %d: %q %q\n%s", fixed, n, res.code, res.stdout, res.stderr, srv.Timeline())
			}
		})
	})

	t.Run("no-retry-after", func(t *testing.T) {
		t.Parallel()
		// 503 without Retry-After: the client's own backoff, before and after.
		routes := []retrytest.Route{{Method: "GET", Path: "/forecast",
			Script: []retrytest.Step{retrytest.Fail(503)}}}
		c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
			res := runClient(t, bin, "-max-wait=1s", srv.URL+"/forecast")
			if n := srv.Attempts("GET /forecast"); n != 4 || !strings.Contains(res.stderr, "still throttled after 4 attempts") {
				t.Errorf("fixed=%v: want 4 attempts with the client's own backoff, got %d, exit %d: %s\n%s", fixed, n, res.code, res.stderr, srv.Timeline())
			}
		})
	})
}

// TestFixBehavesRetryAfterFallback: a client that drops a Retry-After
// wait above its limit for its own short backoff comes back early; after
// the retryafter fix it gives up when the server asks for more than the
// limit, and its own backoff, which the same if statement still bounds
// when the server sent no wait, is as before.
func TestFixBehavesRetryAfterFallback(t *testing.T) {
	c := fixClient(t, "bigfallback", "retryafter", "Retry-After above maxWait is replaced by the client's own wait")

	t.Run("long-wait", func(t *testing.T) {
		t.Parallel()
		// The server asks for 2 s; the client accepts at most 1 s.
		routes := []retrytest.Route{{Method: "GET", Path: "/forecast",
			Script: []retrytest.Step{retrytest.Throttle(429, 2*time.Second), retrytest.OK(200).WithBody("sunny")}}}
		c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
			res := runClient(t, bin, "-max-wait=1s", srv.URL+"/forecast")
			if !fixed {
				showsEarlyRetry(t, srv)
				return
			}
			srv.AssertNoEarlyRetry(t)
			srv.AssertAttemptsAtMost(t, "GET /forecast", 1)
			if res.code == 0 || !strings.Contains(res.stderr, "retry_after_exceeds_deadline") {
				t.Errorf("the fixed client should stop with retry_after_exceeds_deadline, got exit %d: %s", res.code, res.stderr)
			}
		})
	})

	t.Run("short-wait", func(t *testing.T) {
		t.Parallel()
		// The server asks for 1 s, within the client's 3 s: both wait and succeed.
		routes := []retrytest.Route{{Method: "GET", Path: "/forecast",
			Script: []retrytest.Step{retrytest.Throttle(429, time.Second), retrytest.OK(200).WithBody("sunny")}}}
		c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
			res := runClient(t, bin, "-max-wait=3s", srv.URL+"/forecast")
			srv.AssertNoEarlyRetry(t)
			if n := srv.Attempts("GET /forecast"); n != 2 || res.code != 0 || res.stdout != "ok: sunny\n" {
				t.Errorf("fixed=%v: want 2 attempts and success, got %d attempts, exit %d: %q %q\n%s", fixed, n, res.code, res.stdout, res.stderr, srv.Timeline())
			}
		})
	})

	t.Run("no-retry-after", func(t *testing.T) {
		t.Parallel()
		// 503 without Retry-After: the client's own backoff (100, 200,
		// 400 ms) is over -max-wait=150ms from the third attempt on, and
		// stays what it was: no give-up, four attempts.
		routes := []retrytest.Route{{Method: "GET", Path: "/forecast",
			Script: []retrytest.Step{retrytest.Fail(503)}}}
		c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
			res := runClient(t, bin, "-max-wait=150ms", srv.URL+"/forecast")
			if n := srv.Attempts("GET /forecast"); n != 4 || !strings.Contains(res.stderr, "still throttled after 4 attempts") || strings.Contains(res.stderr, "retry_after_exceeds_deadline") {
				t.Errorf("fixed=%v: want 4 attempts with the client's own backoff, got %d, exit %d: %s\n%s", fixed, n, res.code, res.stderr, srv.Timeline())
			}
		})
	})
}

// TestFixBehavesRetryAfterClampHelper: a client that bounds the server's
// wait with a clamp(d, lo, hi) helper comes back early when the server
// asks for more than hi; after the retryafter fix (the server's wait
// floors what the helper returns) it waits as long as asked, and a short
// wait is as before.
func TestFixBehavesRetryAfterClampHelper(t *testing.T) {
	c := fixClient(t, "clampwait", "retryafter", "Retry-After is capped by clamp(...)")

	t.Run("long-wait", func(t *testing.T) {
		t.Parallel()
		// The server asks for 2 s; the helper bounds the wait at 1 s.
		routes := []retrytest.Route{{Method: "GET", Path: "/forecast",
			Script: []retrytest.Step{retrytest.Throttle(429, 2*time.Second), retrytest.OK(200).WithBody("sunny")}}}
		c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
			res := runClient(t, bin, "-max-wait=1s", srv.URL+"/forecast")
			if !fixed {
				showsEarlyRetry(t, srv)
				return
			}
			srv.AssertNoEarlyRetry(t)
			srv.AssertAttemptsAtMost(t, "GET /forecast", 2)
			if res.code != 0 || res.stdout != "ok: sunny\n" {
				t.Errorf("the fixed client should wait 2 s and succeed, got exit %d: %q %q", res.code, res.stdout, res.stderr)
			}
		})
	})

	t.Run("short-wait", func(t *testing.T) {
		t.Parallel()
		// The server asks for 1 s, within the client's 3 s: both wait and succeed.
		routes := []retrytest.Route{{Method: "GET", Path: "/forecast",
			Script: []retrytest.Step{retrytest.Throttle(429, time.Second), retrytest.OK(200).WithBody("sunny")}}}
		c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
			res := runClient(t, bin, "-max-wait=3s", srv.URL+"/forecast")
			srv.AssertNoEarlyRetry(t)
			if n := srv.Attempts("GET /forecast"); n != 2 || res.code != 0 || res.stdout != "ok: sunny\n" {
				t.Errorf("fixed=%v: want 2 attempts and success, got %d attempts, exit %d: %q %q\n%s", fixed, n, res.code, res.stdout, res.stderr, srv.Timeline())
			}
		})
	})
}

// TestFixBehavesRetryAfterDateOnly: a client that reads Retry-After only
// as an HTTP-date misses a wait in seconds and comes back early; after the
// retryafter fix it waits as long as the seconds say, and a date is still
// honoured as before.
func TestFixBehavesRetryAfterDateOnly(t *testing.T) {
	c := fixClient(t, "dateonly", "retryafter", "Retry-After is parsed only as an HTTP-date by http.ParseTime")
	proveBothForms(t, c, "seconds")
}

// proveBothForms runs a client that fetches /forecast and prints "ok:
// sunny" against a server that throttles once, with Retry-After in each
// form. In the form the client lost (lost: "seconds" or "http-date", or
// "" for none) it comes back early before the fix and waits after it; in
// the other form it waits before and after.
func proveBothForms(t *testing.T, c client, lost string) {
	t.Helper()
	for _, form := range []string{"seconds", "http-date"} {
		throttle := retrytest.Throttle(429, time.Second)
		if form == "http-date" {
			throttle = retrytest.ThrottleDate(503, time.Second)
		}
		t.Run(form, func(t *testing.T) {
			t.Parallel()
			routes := []retrytest.Route{{Method: "GET", Path: "/forecast",
				Script: []retrytest.Step{throttle, retrytest.OK(200).WithBody("sunny")}}}
			c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
				res := runClient(t, bin, srv.URL+"/forecast")
				if form == lost && !fixed {
					showsEarlyRetry(t, srv)
					return
				}
				srv.AssertNoEarlyRetry(t)
				if n := srv.Attempts("GET /forecast"); n != 2 || res.code != 0 || res.stdout != "ok: sunny\n" {
					t.Errorf("fixed=%v: want a wait, 2 attempts and success, got %d attempts, exit %d: %q %q\n%s", fixed, n, res.code, res.stdout, res.stderr, srv.Timeline())
				}
			})
		})
	}
}

// TestFixBehavesRetryDeadline: a client with a 300 ms timeout per attempt,
// five attempts 300 ms apart and no overall deadline. The retrydeadline
// fix makes one deadline for the attempts and the waits after them,
// 5*(perTry+pause) = 3 s: against a server that never answers the fixed
// client starts no request after it, and gives up by then; against a
// server whose failures are slow (250 ms, under the per-attempt timeout)
// and that answers the last attempt, the client succeeds before and after
// the fix. A deadline of the attempts alone (1.5 s) would have cut that
// last attempt, which starts 2.2 s in.
func TestFixBehavesRetryDeadline(t *testing.T) {
	c := fixClient(t, "nodeadline", "retrydeadline", "per-attempt timeout (context.WithTimeout) inside retry loop but no overall deadline")
	fc, _ := fixedOnce()
	if fixed := fc.sources["nodeadline"][1]; !strings.Contains(fixed, "5*(perTry+pause)") {
		t.Errorf("the fix does not count the pauses in the deadline:\n%s", fixed)
	}
	const (
		perTry   = 300 * time.Millisecond // as in testdata/clients/nodeadline
		pause    = 300 * time.Millisecond
		attempts = 5
		budget   = attempts * (perTry + pause) // the deadline the fix makes
	)
	deadlineKeepsAttempts(t, c, nil, attempts, budget, perTry)
}

// TestFixBehavesRetryDeadlineClosure: the attempt is a closure made
// before the loop, whose timeout is made on each call. The fix makes the
// overall deadline before the closure and the closure's timeout derives
// from it: the same attempts and the same success as before, and no
// request after the deadline.
func TestFixBehavesRetryDeadlineClosure(t *testing.T) {
	c := fixClient(t, "closuredeadline", "retrydeadline", "per-attempt timeout (context.WithTimeout) inside retry loop but no overall deadline")
	fc, _ := fixedOnce()
	fixed := fc.sources["closuredeadline"][1]
	if d, f := strings.Index(fixed, "5*(perTry+pause)"), strings.Index(fixed, "try := func()"); d < 0 || f < 0 || d > f {
		t.Errorf("the fix does not make the deadline, pauses counted, before the closure:\n%s", fixed)
	}
	const (
		perTry   = 300 * time.Millisecond // as in testdata/clients/closuredeadline
		pause    = 300 * time.Millisecond
		attempts = 5
		budget   = attempts * (perTry + pause) // the deadline the fix makes
	)
	deadlineKeepsAttempts(t, c, nil, attempts, budget, perTry)
}

// TestFixBehavesRetryDeadlineWaitInMain: main retries with a sleep that
// ignores its context's deadline, and reports a failure after the loop.
// The fix leaves the loop when the context ends, so that the failure is
// still reported and the exit status still says so (a return there would
// exit 0 in silence); a check that succeeds keeps its attempts.
func TestFixBehavesRetryDeadlineWaitInMain(t *testing.T) {
	c := fixClient(t, "mainwait", "retrydeadline", "time.Sleep in retry loop ignores cancellation of ctx")
	fc, _ := fixedOnce()
	if fixed := fc.sources["mainwait"][1]; !strings.Contains(fixed, "if ctx.Err() != nil {\n\t\t\terr = ctx.Err()\n\t\t\tbreak\n") {
		t.Errorf("the fix does not leave the loop:\n%s", fixed)
	}
	t.Run("never healthy", func(t *testing.T) {
		t.Parallel()
		routes := []retrytest.Route{{Method: "GET", Path: "/health", Script: []retrytest.Step{retrytest.Fail(503)}}}
		c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
			res := runClient(t, bin, srv.URL+"/health")
			if res.code != 1 || !strings.Contains(res.stderr, "mainwait: unhealthy:") {
				t.Errorf("fixed=%v: want the failure reported after the loop and exit 1, got exit %d, stderr %q\n%s", fixed, res.code, res.stderr, srv.Timeline())
			}
			if n := srv.Attempts("GET /health"); n != 3 {
				t.Errorf("fixed=%v: %d attempts reached the server, want the 3 that the 1.2 s deadline allows\n%s", fixed, n, srv.Timeline())
			}
		})
	})
	t.Run("healthy on the third attempt", func(t *testing.T) {
		t.Parallel()
		routes := []retrytest.Route{{Method: "GET", Path: "/health", Script: []retrytest.Step{retrytest.Fail(503), retrytest.Fail(503), retrytest.OK(200)}}}
		c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
			res := runClient(t, bin, srv.URL+"/health")
			if n := srv.Attempts("GET /health"); n != 3 || res.code != 0 || !strings.Contains(res.stdout, "healthy") {
				t.Errorf("fixed=%v: want 3 attempts and success, got %d, exit %d: %q\n%s", fixed, n, res.code, res.stderr, srv.Timeline())
			}
		})
	})
}

// TestFixBehavesRetryDeadlineStatusInMain proves the wait fix of a loop
// in main that retries a status with no error set: the context's end
// leaves the loop with the context's error in err, as the next attempt's
// failure would have, so the failure is still reported and the exit
// status stays 1.
func TestFixBehavesRetryDeadlineStatusInMain(t *testing.T) {
	c := fixClient(t, "mainstatus", "retrydeadline", "time.Sleep in retry loop ignores cancellation of ctx")
	fc, _ := fixedOnce()
	if fixed := fc.sources["mainstatus"][1]; !strings.Contains(fixed, "err = ctx.Err()\n\t\t\tbreak\n") {
		t.Errorf("the fix does not leave the context's error:\n%s", fixed)
	}
	t.Run("always unavailable", func(t *testing.T) {
		t.Parallel()
		routes := []retrytest.Route{{Method: "GET", Path: "/health", Script: []retrytest.Step{retrytest.Fail(503)}}}
		c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
			res := runClient(t, bin, srv.URL+"/health")
			if res.code != 1 || !strings.Contains(res.stderr, "mainstatus: unhealthy:") {
				t.Errorf("fixed=%v: want the failure reported after the loop and exit 1, got exit %d, stderr %q\n%s", fixed, res.code, res.stderr, srv.Timeline())
			}
			if n := srv.Attempts("GET /health"); n != 3 {
				t.Errorf("fixed=%v: %d attempts reached the server, want the 3 that the 1.2 s deadline allows\n%s", fixed, n, srv.Timeline())
			}
		})
	})
	t.Run("available on the second attempt", func(t *testing.T) {
		t.Parallel()
		routes := []retrytest.Route{{Method: "GET", Path: "/health", Script: []retrytest.Step{retrytest.Fail(503), retrytest.OK(200)}}}
		c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
			res := runClient(t, bin, srv.URL+"/health")
			if n := srv.Attempts("GET /health"); n != 2 || res.code != 0 || !strings.Contains(res.stdout, "healthy") {
				t.Errorf("fixed=%v: want 2 attempts and success, got %d, exit %d: %q\n%s", fixed, n, res.code, res.stderr, srv.Timeline())
			}
		})
	})
}

// TestFixBehavesRetryDeadlineCountedExit proves the budget fix of a for
// loop without a condition whose attempts a break counts, in main: the
// budget spent leaves the loop as that break does, so the failure is still
// reported after it and the exit status stays 1.
func TestFixBehavesRetryDeadlineCountedExit(t *testing.T) {
	c := fixClient(t, "mainbudget", "retrydeadline", "per-attempt timeout (context.WithTimeout) inside retry loop but no overall deadline")
	fc, _ := fixedOnce()
	if fixed := fc.sources["mainbudget"][1]; !strings.Contains(fixed, "if opCtx.Err() != nil {\n\t\t\terr = opCtx.Err()\n\t\t\tbreak\n") {
		t.Errorf("the budget check does not leave the loop:\n%s", fixed)
	}
	t.Run("server never answers", func(t *testing.T) {
		t.Parallel()
		routes := []retrytest.Route{{Method: "GET", Path: "/health", Script: []retrytest.Step{retrytest.Fail(504).Delayed(time.Minute)}}}
		c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
			res := runClient(t, bin, srv.URL+"/health")
			if res.code != 1 || !strings.Contains(res.stderr, "mainbudget: unhealthy:") {
				t.Errorf("fixed=%v: want the failure reported after the loop and exit 1, got exit %d, stderr %q\n%s", fixed, res.code, res.stderr, srv.Timeline())
			}
			if n := srv.Attempts("GET /health"); n != 4 {
				t.Errorf("fixed=%v: %d attempts reached the server, want the 4 the loop counts\n%s", fixed, n, srv.Timeline())
			}
		})
	})
	t.Run("healthy on the third attempt", func(t *testing.T) {
		t.Parallel()
		routes := []retrytest.Route{{Method: "GET", Path: "/health", Script: []retrytest.Step{retrytest.Fail(503), retrytest.Fail(503), retrytest.OK(200)}}}
		c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
			res := runClient(t, bin, srv.URL+"/health")
			if n := srv.Attempts("GET /health"); n != 3 || res.code != 0 || !strings.Contains(res.stdout, "healthy") {
				t.Errorf("fixed=%v: want 3 attempts and success, got %d, exit %d: %q\n%s", fixed, n, res.code, res.stderr, srv.Timeline())
			}
		})
	})
}

// TestFixBehavesRetryDeadlinePerItem: a client retries each of several
// URLs on a schedule of waits, a timeout per attempt, reports a URL that
// fails and goes on with the next. The retrydeadline fix bounds the retry
// of each URL by a budget (four attempts of 300 ms: the waits are not
// known) that ends it as the last attempt does, not by a return: once the
// budget is spent before /a's fourth attempt, /a is still reported and
// /b still fetched. A fix that returned from the function there would
// leave /b unfetched.
func TestFixBehavesRetryDeadlinePerItem(t *testing.T) {
	c := fixClient(t, "peritem", "retrydeadline", "per-attempt timeout (context.WithTimeout) inside retry loop but no overall deadline")
	fc, _ := fixedOnce()
	if fixed := fc.sources["peritem"][1]; !strings.Contains(fixed, "exhausted\", time.Duration(len(waits))*perTry)\n\t\t\t\tbreak\n") {
		t.Errorf("the budget check does not end the retry of one URL as its last attempt does:\n%s", fixed)
	}
	routes := []retrytest.Route{
		{Method: "GET", Path: "/a", Script: []retrytest.Step{retrytest.Fail(504).Delayed(time.Minute)}},
		{Method: "GET", Path: "/b", Script: []retrytest.Step{retrytest.Fail(503), retrytest.OK(200)}},
	}
	c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
		res := runClient(t, bin, srv.URL+"/a", srv.URL+"/b")
		if res.code != 1 || !strings.Contains(res.stderr, "failed "+srv.URL+"/a") || !strings.Contains(res.stdout, "ok "+srv.URL+"/b") {
			t.Errorf("fixed=%v: want /a reported failed, /b fetched and exit 1, got exit %d, stdout %q, stderr %q\n%s", fixed, res.code, res.stdout, res.stderr, srv.Timeline())
		}
		// Attempts on /a start at 0, 0.6 s, 1.5 s and 2.7 s; the budget
		// of 1.2 s is spent before the fourth.
		want := 4
		if fixed {
			want = 3
		}
		if a, b := srv.Attempts("GET /a"), srv.Attempts("GET /b"); a != want || b != 2 {
			t.Errorf("fixed=%v: %d attempts on /a and %d on /b, want %d and 2\n%s", fixed, a, b, want, srv.Timeline())
		}
	})
}

// deadlineKeepsAttempts runs a client that retries a GET attempts times
// with a per-attempt timeout of perTry, as written and as fixed, with
// args before the URL. Against a server that never answers, the fixed
// client starts no request at or after budget, the overall deadline the
// fix makes, and gives up within budget and a margin, having made every
// attempt the loop allows (the deadline covers the waits); against a
// server whose failures take most of perTry and that answers the last
// attempt, the client succeeds with every attempt before and after.
func deadlineKeepsAttempts(t *testing.T, c client, args []string, attempts int, budget, perTry time.Duration) {
	t.Helper()
	const margin = 500 * time.Millisecond
	t.Run("server never answers", func(t *testing.T) {
		t.Parallel()
		routes := []retrytest.Route{{Method: "GET", Path: "/report",
			Script: []retrytest.Step{retrytest.Fail(504).Delayed(time.Minute)}}}
		c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
			res := runClient(t, bin, append(slices.Clone(args), srv.URL+"/report")...)
			if res.code == 0 {
				t.Errorf("the client succeeded against a server that never answers")
			}
			var late []string
			for _, r := range srv.Requests() {
				if r.At >= budget {
					late = append(late, r.At.Round(time.Millisecond).String())
				}
			}
			if !fixed {
				t.Logf("as written: %d attempts, %d started at or after %v\n%s", srv.Attempts("GET /report"), len(late), budget, srv.Timeline())
				return
			}
			srv.AssertGaveUp(t, budget+margin)
			if n := srv.Attempts("GET /report"); n != attempts {
				t.Errorf("the fixed client made %d attempts, want the %d its loop allows\n%s", n, attempts, srv.Timeline())
			}
			if len(late) > 0 {
				t.Errorf("the fixed client started requests after its %v deadline, at %v\n%s", budget, late, srv.Timeline())
			}
		})
	})
	t.Run("slow failures, the last attempt answers", func(t *testing.T) {
		t.Parallel()
		var script []retrytest.Step
		for range attempts - 1 {
			script = append(script, retrytest.CommitAndDrop().Delayed(perTry*5/6))
		}
		routes := []retrytest.Route{{Method: "GET", Path: "/report", Script: append(script, retrytest.OK(200))}}
		c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
			res := runClient(t, bin, append(slices.Clone(args), srv.URL+"/report")...)
			if n := srv.Attempts("GET /report"); n != attempts || res.code != 0 {
				t.Errorf("fixed=%v: want %d attempts and success, got %d, exit %d: %q\n%s", fixed, attempts, n, res.code, res.stderr, srv.Timeline())
			}
		})
	})
}

// TestFixBehavesRetryDeadlineMaxRetries: a client whose retry limit is a
// field read at run time (-max-retries) and tested inside an unconditioned
// loop. The retrydeadline fix sizes the overall deadline from that field
// and the pause, (max-retries+1)*(perTry+pause), not from
// -retrydeadline.attempts (3): with -max-retries=4 a 3-attempt deadline
// (2.25 s) would stop the client before its fourth and fifth attempts,
// which start at 2.25 s and 3 s.
func TestFixBehavesRetryDeadlineMaxRetries(t *testing.T) {
	c := fixClient(t, "maxretries", "retrydeadline", "per-attempt timeout (context.WithTimeout) inside retry loop but no overall deadline")
	fc, _ := fixedOnce()
	if fixed := fc.sources["maxretries"][1]; !strings.Contains(fixed, "time.Duration(c.MaxRetries+1)*(perTry+pause)") {
		t.Errorf("the fix does not size the deadline from c.MaxRetries and the pause:\n%s", fixed)
	}
	const (
		perTry = 300 * time.Millisecond // as in testdata/clients/maxretries
		pause  = 450 * time.Millisecond
	)
	for _, retries := range []int{1, 4} {
		t.Run(fmt.Sprintf("max-retries=%d", retries), func(t *testing.T) {
			t.Parallel()
			budget := time.Duration(retries+1) * (perTry + pause) // the deadline the fix makes
			deadlineKeepsAttempts(t, c, []string{fmt.Sprintf("-max-retries=%d", retries)}, retries+1, budget, perTry)
		})
	}
}

// TestFixBehavesRetryIdempotency: a charge applied by the server whose
// answer is lost is retried without a key and applied twice; after the
// retryidempotency fix both attempts carry one key and it is applied once.
func TestFixBehavesRetryIdempotency(t *testing.T) {
	c := fixClient(t, "nokey", "retryidempotency", "POST is retried after a transport error without an idempotency key")

	routes := []retrytest.Route{{Method: "POST", Path: "/charges",
		Script: []retrytest.Step{retrytest.CommitAndDrop(), retrytest.OK(201)}}}
	c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
		res := runClient(t, bin, srv.URL+"/charges")
		if res.code != 0 {
			t.Errorf("the client should report the charge as done after its retry, got exit %d: %s", res.code, res.stderr)
		}
		if !fixed {
			err := srv.CheckNoDuplicateWrite()
			if err == nil {
				t.Fatalf("the defect did not show: no duplicate write\n%s", srv.Timeline())
			}
			t.Logf("defect shown: %v", err)
			return
		}
		srv.AssertNoDuplicateWrite(t)
		srv.AssertAttemptsAtMost(t, "POST /charges", 2)
		reqs := srv.Requests()
		if len(reqs) != 2 || reqs[0].IdempotencyKey == "" || reqs[1].IdempotencyKey != reqs[0].IdempotencyKey || !reqs[1].Replayed {
			t.Errorf("want two attempts with one key, the second replayed:\n%s", srv.Timeline())
		}
		t.Logf("fixed:\n%s", srv.Timeline())
	})
}

// TestFixBehavesRetryIdempotencyFirstAttempt: the first attempt is sent
// before the loop and the loop sends it again while the last failed;
// after the fix both carry one key made before the first, so that the
// server replays the second instead of charging again.
func TestFixBehavesRetryIdempotencyFirstAttempt(t *testing.T) {
	provesOneKey(t, fixClient(t, "firstpost", "retryidempotency", "POST is retried after a transport error without an idempotency key"))
}

// TestFixBehavesRetryIdempotencyRecursion: the same charge retried by a
// function that calls itself again after a transport error; after the
// fix main makes one key and every call of charge sends it.
func TestFixBehavesRetryIdempotencyRecursion(t *testing.T) {
	provesOneKey(t, fixClient(t, "recursekey", "retryidempotency", "POST is retried by a call of charge to itself after a transport error without an idempotency key"))
}

// TestFixBehavesRetryDeadlineClientTimeout: a client whose constructor
// sets http.Client.Timeout (300 ms) retries five times, 300 ms apart, with
// waits that end with the caller's context, which has no deadline. The
// fix derives an overall deadline from the caller's context, sized from
// the loop's own bound (c.attempts), the client's Timeout and the pause,
// and the waits end with it: against a server that never answers the
// fixed client starts nothing after it, and a server that fails slowly
// and answers the last attempt sees every attempt and a success before
// and after the fix.
func TestFixBehavesRetryDeadlineClientTimeout(t *testing.T) {
	c := fixClient(t, "clienttimeout", "retrydeadline", "per-attempt timeout (http.Client.Timeout) inside retry loop but no overall deadline")
	fc, _ := fixedOnce()
	if fixed := fc.sources["clienttimeout"][1]; !strings.Contains(fixed, "time.Duration(c.attempts)*(c.hc.Timeout+pause)") {
		t.Errorf("the fix does not size the deadline from c.attempts, the client's Timeout and the pause:\n%s", fixed)
	}
	const (
		perTry   = 300 * time.Millisecond // as in testdata/clients/clienttimeout
		pause    = 300 * time.Millisecond
		attempts = 5
	)
	deadlineKeepsAttempts(t, c, nil, attempts, attempts*(perTry+pause), perTry)
}

// TestFixBehavesRetryDeadlineOpCaller: a retry helper hands each attempt
// the caller's context, which has no deadline, and the operation makes a
// 300 ms timeout from it; the helper makes five attempts, 300 ms apart.
// The fix makes an overall deadline from the caller's context before the
// helper's call, sized from the attempt count and the pause the call
// passes (c.attempts, pause), and hands it to the helper: against a
// server that never answers the fixed client starts nothing after it,
// and a server that fails slowly and answers the last attempt sees every
// attempt and a success before and after the fix.
func TestFixBehavesRetryDeadlineOpCaller(t *testing.T) {
	c := fixClient(t, "opcaller", "retrydeadline", "per-attempt timeout (context.WithTimeout) inside an operation retried by retry but no overall deadline")
	fc, _ := fixedOnce()
	if fixed := fc.sources["opcaller"][1]; !strings.Contains(fixed, "time.Duration(c.attempts)*(perTry+pause)") || !strings.Contains(fixed, "retry(opCtx, c.attempts, pause,") {
		t.Errorf("the fix does not hand the helper a deadline sized from c.attempts and the pause:\n%s", fixed)
	}
	const (
		perTry   = 300 * time.Millisecond // as in testdata/clients/opcaller
		pause    = 300 * time.Millisecond
		attempts = 5
	)
	deadlineKeepsAttempts(t, c, nil, attempts, attempts*(perTry+pause), perTry)
	t.Run("the second attempt answers", func(t *testing.T) {
		t.Parallel()
		routes := []retrytest.Route{{Method: "GET", Path: "/report",
			Script: []retrytest.Step{retrytest.Fail(503), retrytest.OK(200)}}}
		c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
			res := runClient(t, bin, srv.URL+"/report")
			if n := srv.Attempts("GET /report"); n != 2 || res.code != 0 {
				t.Errorf("fixed=%v: want 2 attempts and success, got %d, exit %d: %q\n%s", fixed, n, res.code, res.stderr, srv.Timeline())
			}
		})
	})
}

// TestFixBehavesRetryAfterOverflow: a client that checks the sign of
// Retry-After but not its size comes back at once when the value is too
// large for a time.Duration (the product wraps around); after the fix of
// -retryafter.overflow it treats the value as malformed and backs off
// (500 ms), as it does for any malformed value. A value in range, in
// seconds or as an HTTP-date, is waited for before and after.
func TestFixBehavesRetryAfterOverflow(t *testing.T) {
	c := fixClient(t, "overflow", "retryafter", "value too large for a time.Duration is multiplied by time.Second unchecked")
	gap := func(srv *retrytest.Server) time.Duration {
		reqs := srv.Requests()
		if len(reqs) < 2 {
			return -1
		}
		return reqs[1].Arrived.Sub(reqs[0].Finished)
	}
	t.Run("out of range", func(t *testing.T) {
		routes := []retrytest.Route{{Method: "GET", Path: "/forecast", OnEarly: retrytest.FollowScript,
			Script: []retrytest.Step{retrytest.ThrottleNumber(503, 10000000000), retrytest.OK(200).WithBody("sunny")}}}
		c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
			res := runClient(t, bin, srv.URL+"/forecast")
			if res.code != 0 || res.stdout != "ok: sunny\n" || srv.Attempts("GET /forecast") != 2 {
				t.Fatalf("fixed=%v: want 2 attempts and success, got %d attempts, exit %d: %q %q\n%s", fixed, srv.Attempts("GET /forecast"), res.code, res.stdout, res.stderr, srv.Timeline())
			}
			switch g := gap(srv); {
			case !fixed && g >= 250*time.Millisecond:
				t.Fatalf("the defect did not show: the client waited %v before its retry\n%s", g, srv.Timeline())
			case fixed && g < 450*time.Millisecond:
				t.Fatalf("after the fix the client came back after %v, want its own backoff of 500ms\n%s", g, srv.Timeline())
			default:
				t.Logf("fixed=%v: retry after %v", fixed, g)
			}
		})
	})
	// A value in range, in either form, is waited for before and after.
	proveBothForms(t, c, "")
}

// TestFixBehavesRetryAfterFallThrough: a client that reads Retry-After in
// both forms but drops the error of its seconds parse comes back at once
// when the value is neither form; after the retryafter fix, which returns
// the server's wait only when it parses, the malformed value falls through
// to the client's own backoff (500 ms). A value in either form is waited
// for before and after.
func TestFixBehavesRetryAfterFallThrough(t *testing.T) {
	c := fixClient(t, "fallthrough", "retryafter", "the error of strconv.Atoi on a Retry-After value is dropped")
	t.Run("malformed", func(t *testing.T) {
		routes := []retrytest.Route{{Method: "GET", Path: "/forecast",
			Script: []retrytest.Step{retrytest.ThrottleMalformed(503, "soon"), retrytest.OK(200).WithBody("sunny")}}}
		c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
			res := runClient(t, bin, srv.URL+"/forecast")
			if res.code != 0 || res.stdout != "ok: sunny\n" || srv.Attempts("GET /forecast") != 2 {
				t.Fatalf("fixed=%v: want 2 attempts and success, got %d attempts, exit %d: %q %q\n%s", fixed, srv.Attempts("GET /forecast"), res.code, res.stdout, res.stderr, srv.Timeline())
			}
			reqs := srv.Requests()
			switch g := reqs[1].Arrived.Sub(reqs[0].Finished); {
			case !fixed && g >= 250*time.Millisecond:
				t.Fatalf("the defect did not show: the client waited %v before its retry\n%s", g, srv.Timeline())
			case fixed && g < 450*time.Millisecond:
				t.Fatalf("after the fix the client came back after %v, want its own backoff of 500ms\n%s", g, srv.Timeline())
			default:
				t.Logf("fixed=%v: retry after %v", fixed, g)
			}
		})
	})
	proveBothForms(t, c, "")
}

// TestFixBehavesRetryDeadlineWaitOnly: a client whose one-second deadline
// over the operation ends its pauses, but whose attempts carry the
// caller's context. Against a server that fails once and then holds the
// second attempt for 4 s, the client as written waits the 4 s out, far
// past its deadline; after the retrydeadline fix, which sends each attempt
// with the deadline's context, it gives up at the deadline. A server that
// fails once and then answers sees two attempts and a success before and
// after the fix.
func TestFixBehavesRetryDeadlineWaitOnly(t *testing.T) {
	c := fixClient(t, "waitonly", "retrydeadline", "request sent in retry loop does not carry ctx, the deadline made for the whole operation")
	fc, _ := fixedOnce()
	if fixed := fc.sources["waitonly"][1]; !strings.Contains(fixed, "hc.Do(attempt.WithContext(ctx))") {
		t.Errorf("the fix does not send the attempt with the deadline's context:\n%s", fixed)
	}
	const (
		budget = time.Second // as in testdata/clients/waitonly
		hold   = 4 * time.Second
		margin = 500 * time.Millisecond
	)
	t.Run("the second attempt hangs", func(t *testing.T) {
		t.Parallel()
		routes := []retrytest.Route{{Method: "GET", Path: "/report",
			Script: []retrytest.Step{retrytest.Fail(503), retrytest.Fail(503).Delayed(hold)}}}
		c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
			runClient(t, bin, srv.URL+"/report")
			after, err := srv.CheckGaveUp(0)
			if err != nil {
				t.Fatal(err)
			}
			if !fixed {
				if after < budget+margin {
					t.Fatalf("the defect did not show: the client ended %v after its first request, within its %v deadline\n%s", after, budget, srv.Timeline())
				}
				t.Logf("defect shown: the client ended %v after its first request, past its %v deadline", after, budget)
				return
			}
			if after > budget+margin {
				t.Errorf("the fixed client ended %v after its first request, past its %v deadline\n%s", after, budget, srv.Timeline())
			}
		})
	})
	t.Run("one failure, then an answer", func(t *testing.T) {
		t.Parallel()
		routes := []retrytest.Route{{Method: "GET", Path: "/report",
			Script: []retrytest.Step{retrytest.Fail(503), retrytest.OK(200)}}}
		c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
			res := runClient(t, bin, srv.URL+"/report")
			if n := srv.Attempts("GET /report"); n != 2 || res.code != 0 {
				t.Errorf("fixed=%v: want 2 attempts and success, got %d, exit %d: %q\n%s", fixed, n, res.code, res.stderr, srv.Timeline())
			}
		})
	})
}

// TestFixBehavesRetryDeadlineClientGet: a client sends c.hc.Get(url)
// through a client whose constructor sets http.Client.Timeout (300 ms),
// five times, 300 ms apart, and its fetch returns the response, whose
// body main reads after fetch returned. The fix gives the loop a
// wall-clock budget sized from the loop's bound, the client's Timeout and
// the pause, not a deadline context cancelled when fetch returns (which
// would fail the read with "context canceled"): against a server that
// never answers the fixed client starts nothing after the budget, a
// server that fails slowly and answers the last attempt sees every
// attempt and a success before and after the fix, and the whole body of a
// large answer is read before and after.
func TestFixBehavesRetryDeadlineClientGet(t *testing.T) {
	c := fixClient(t, "clientget", "retrydeadline", "per-attempt timeout (http.Client.Timeout) inside retry loop but no overall deadline")
	fc, _ := fixedOnce()
	fixed := fc.sources["clientget"][1]
	if !strings.Contains(fixed, "time.Duration(c.attempts)*(c.hc.Timeout+pause)") {
		t.Errorf("the fix does not size the budget from c.attempts, the client's Timeout and the pause:\n%s", fixed)
	}
	if strings.Contains(fixed, "defer opCancel()") {
		t.Errorf("the fix cancels a deadline when fetch returns the response whose body its caller reads:\n%s", fixed)
	}
	const (
		perTry   = 300 * time.Millisecond // as in testdata/clients/clientget
		pause    = 300 * time.Millisecond
		attempts = 5
	)
	deadlineKeepsAttempts(t, c, nil, attempts, attempts*(perTry+pause), perTry)
	t.Run("the caller reads the whole body", func(t *testing.T) {
		t.Parallel()
		body := strings.Repeat("x", 1<<20)
		routes := []retrytest.Route{{Method: "GET", Path: "/report", Script: []retrytest.Step{retrytest.OK(200).WithBody(body)}}}
		c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
			res := runClient(t, bin, srv.URL+"/report")
			if want := fmt.Sprintf("ok, %d bytes", len(body)); res.code != 0 || !strings.Contains(res.stdout, want) {
				t.Errorf("fixed=%v: want %q and exit 0, got exit %d: %q %q", fixed, want, res.code, res.stdout, res.stderr)
			}
		})
	})
}

// leaksUntilFixed fails the test unless the client as written logs the
// secret (what names it: "the token"), which the defect is, and the fixed
// client does not.
func leaksUntilFixed(t *testing.T, fixed bool, log, secret, what string) {
	t.Helper()
	leaked := strings.Contains(log, secret)
	if !fixed {
		if !leaked {
			t.Fatalf("the defect did not show: %s is not in the log:\n%s", what, log)
		}
		return
	}
	if leaked {
		t.Errorf("the fixed client still logs %s:\n%s", what, log)
	}
}

// TestFixBehavesRetryDeadlineClockBudget: attempts detached from the
// caller's context, in a loop bounded by a clock check. The fix makes the
// budget a deadline the attempts derive from: failures that end within the
// budget, and a success, keep their attempts; against a server that never
// answers, the attempt in flight ends at the budget instead of running its
// whole timeout past it.
func TestFixBehavesRetryDeadlineClockBudget(t *testing.T) {
	c := fixClient(t, "clockbudget", "retrydeadline", "from a context without a deadline, in a retry loop bounded only by a clock check")
	fc, _ := fixedOnce()
	if fixed := fc.sources["clockbudget"][1]; !strings.Contains(fixed, "context.WithDeadline(context.WithoutCancel(ctx), start.Add(budget))") || !strings.Contains(fixed, "context.WithTimeout(opCtx, perTry)") {
		t.Errorf("the fix does not make the budget a deadline of the attempts:\n%s", fixed)
	}
	const (
		budget = 1 * time.Second // as in testdata/clients/clockbudget
		// Attempts start at 0 and 0.8 s (700 ms each, 100 ms apart): as
		// written the second runs to 1.5 s, fixed it ends at the 1 s
		// budget; the margin splits the difference.
		margin = 250 * time.Millisecond
	)
	t.Run("two failures, then success", func(t *testing.T) {
		t.Parallel()
		routes := []retrytest.Route{{Method: "GET", Path: "/report", Script: []retrytest.Step{retrytest.Fail(503), retrytest.Fail(503), retrytest.OK(200)}}}
		c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
			res := runClient(t, bin, srv.URL+"/report")
			if n := srv.Attempts("GET /report"); n != 3 || res.code != 0 {
				t.Errorf("fixed=%v: want 3 attempts and success, got %d, exit %d\n%s", fixed, n, res.code, srv.Timeline())
			}
		})
	})
	t.Run("server never answers", func(t *testing.T) {
		t.Parallel()
		routes := []retrytest.Route{{Method: "GET", Path: "/report", Script: []retrytest.Step{retrytest.Fail(504).Delayed(time.Minute)}}}
		c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
			res := runClient(t, bin, srv.URL+"/report")
			if res.code == 0 {
				t.Errorf("fixed=%v: the client succeeded against a server that never answers", fixed)
			}
			if n := srv.Attempts("GET /report"); n != 2 {
				t.Errorf("fixed=%v: %d attempts, want 2\n%s", fixed, n, srv.Timeline())
			}
			after, err := srv.CheckGaveUp(budget + margin)
			switch {
			case fixed && err != nil:
				t.Errorf("the fixed client's attempt ran past its budget: %v", err)
			case !fixed && err == nil:
				t.Errorf("as written, the client gave up %v after its first request, within %v: the defect did not show\n%s", after, budget+margin, srv.Timeline())
			}
		})
	})
}

// TestFixBehavesRetryDeadlineHelperAttempt: a retry whose waits end with
// a one-second deadline while its attempts go through a helper that
// sends with http.Get, without the context. A server that holds the
// first attempt for five seconds keeps the client waiting past its
// deadline, and the late answer makes it report the URL healthy; after
// the retrydeadline fix (the helper takes the context and builds its
// request with it) the attempt is abandoned at the deadline and the
// client reports the failure. A URL healthy at once, or on the third
// attempt, is checked as before.
func TestFixBehavesRetryDeadlineHelperAttempt(t *testing.T) {
	c := fixClient(t, "helperctx", "retrydeadline", "attempt sent without ctx, which ends the retry: check sends its request without a context")
	fc, _ := fixedOnce()
	if fixed := fc.sources["helperctx"][1]; !strings.Contains(fixed, "func check(ctx context.Context, url string) error") || !strings.Contains(fixed, "err := check(ctx, url)") {
		t.Errorf("the fix does not hand the context to the helper:\n%s", fixed)
	}
	t.Run("answered late", func(t *testing.T) {
		t.Parallel()
		routes := []retrytest.Route{{Method: "GET", Path: "/health", Script: []retrytest.Step{retrytest.OK(200).Delayed(5 * time.Second)}}}
		c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
			res := runClient(t, bin, srv.URL+"/health")
			if !fixed {
				if res.code != 0 {
					t.Fatalf("the defect did not show: want the late answer taken as healthy, got exit %d, stderr %q\n%s", res.code, res.stderr, srv.Timeline())
				}
				t.Logf("defect shown: the client waited past its deadline for the answer\n%s", srv.Timeline())
				return
			}
			if res.code != 1 || !strings.Contains(res.stderr, "context deadline exceeded") {
				t.Errorf("want the deadline reported and exit 1, got exit %d, stderr %q\n%s", res.code, res.stderr, srv.Timeline())
			}
			if _, gaveUp, err := srv.GaveUp(); err != nil || !gaveUp {
				t.Errorf("want the attempt abandoned by the client (gave up %v, %v)\n%s", gaveUp, err, srv.Timeline())
			}
		})
	})
	for _, tc := range []struct {
		name     string
		script   []retrytest.Step
		attempts int
	}{
		{"healthy at once", []retrytest.Step{retrytest.OK(200)}, 1},
		{"healthy on the third attempt", []retrytest.Step{retrytest.Fail(503), retrytest.Fail(503), retrytest.OK(200)}, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			routes := []retrytest.Route{{Method: "GET", Path: "/health", Script: tc.script}}
			c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
				res := runClient(t, bin, srv.URL+"/health")
				if n := srv.Attempts("GET /health"); n != tc.attempts || res.code != 0 || !strings.Contains(res.stdout, "healthy") {
					t.Errorf("fixed=%v: want %d attempts and success, got %d, exit %d: %q\n%s", fixed, tc.attempts, n, res.code, res.stderr, srv.Timeline())
				}
			})
		})
	}
}

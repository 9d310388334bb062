package analyzers_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/retrylint/retrylint/analyzers"
)

// synthetic writes a large package mixing every shape the analyzers look
// at (retry loops with and without deadlines, Retry-After helpers, POST
// retries, iteration, plain code) and returns its directory.
func synthetic(b *testing.B, copies int) string {
	b.Helper()
	dir := b.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/synthetic\n\ngo 1.26.0\n"), 0o644); err != nil {
		b.Fatal(err)
	}
	var src strings.Builder
	src.WriteString(`package synthetic

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log"
	"net/http"
	"strconv"
	"strings"
	"time"
)

var _ = errors.New
var _ = fmt.Sprint
var _ = log.Print
var _ = strings.ToUpper
`)
	for i := range copies {
		fmt.Fprintf(&src, `
func retryAfter%[1]d(resp *http.Response) time.Duration {
	v := resp.Header.Get("Retry-After")
	if secs, err := strconv.Atoi(v); err == nil {
		return time.Duration(secs) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil {
		return time.Until(t)
	}
	return 0
}

func wait%[1]d(resp *http.Response, attempt int) (time.Duration, error) {
	d := max(retryAfter%[1]d(resp), time.Duration(attempt)*time.Second)
	if d > time.Minute {
		return 0, errors.New("retry_after_exceeds_deadline")
	}
	return d, nil
}

func fetch%[1]d(ctx context.Context, c *http.Client, url string) (*http.Response, error) {
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	for attempt := 0; attempt < 3; attempt++ {
		actx, acancel := context.WithTimeout(ctx, 10*time.Second)
		req, err := http.NewRequestWithContext(actx, http.MethodGet, url, nil)
		if err != nil {
			acancel()
			return nil, err
		}
		resp, err := c.Do(req)
		acancel()
		if err == nil && resp.StatusCode < 300 {
			return resp, nil
		}
		if err == nil {
			d, werr := wait%[1]d(resp, attempt)
			resp.Body.Close()
			if werr != nil {
				return nil, werr
			}
			t := time.NewTimer(d)
			select {
			case <-ctx.Done():
				t.Stop()
				return nil, ctx.Err()
			case <-t.C:
			}
		}
	}
	return nil, errors.New("gave up")
}

func post%[1]d(ctx context.Context, c *http.Client, url, key string, body []byte) error {
	for attempt := 0; attempt < 3; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
		if err != nil {
			return err
		}
		req.Header.Set("Idempotency-Key", key)
		resp, err := c.Do(req)
		if err != nil {
			continue
		}
		resp.Body.Close()
		if resp.StatusCode < 300 {
			return nil
		}
	}
	return errors.New("gave up")
}

func each%[1]d(c *http.Client, urls []string) int {
	n := 0
	for _, u := range urls {
		if resp, err := c.Get(u); err == nil {
			resp.Body.Close()
			n += len(strings.TrimSpace(u))
		}
	}
	return n
}

func plain%[1]d(xs []int) int {
	s := 0
	for i, x := range xs {
		if x%%2 == 0 {
			s += x * i
		} else {
			s -= x
		}
	}
	return s
}
`, i)
	}
	if err := os.WriteFile(filepath.Join(dir, "synthetic.go"), []byte(src.String()), 0o644); err != nil {
		b.Fatal(err)
	}
	return dir
}

// benchmark loads the synthetic package once (its dependencies from
// export data) and then times the analyzers on it.
func benchmark(b *testing.B, as ...*analysis.Analyzer) {
	dir := synthetic(b, 200)
	cfg := &packages.Config{Mode: packages.LoadSyntax, Dir: dir, Tests: false}
	pkgs, err := packages.Load(cfg, ".")
	if err != nil || packages.PrintErrors(pkgs) > 0 {
		b.Fatalf("load: %v", err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		graph, err := checker.Analyze(as, pkgs, nil)
		if err != nil {
			b.Fatal(err)
		}
		for act := range graph.All() {
			if act.Err != nil {
				b.Fatal(act.Err)
			}
		}
	}
}

func BenchmarkSuite(b *testing.B) { benchmark(b, analyzers.All()...) }

func BenchmarkEachAnalyzer(b *testing.B) {
	for _, a := range analyzers.All() {
		b.Run(a.Name, func(b *testing.B) { benchmark(b, a) })
	}
}

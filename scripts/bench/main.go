// Command bench measures what retrylint costs on a set of packages, as
// ratios of medians over several runs, with the peak memory and the CPU
// time (user and system, less sensitive than wall time to what else the
// machine does) of each:
//
//	(a) retrylint against a no-op analyzer built with the same driver
//	    (multichecker), with and without a fact type: the cost of our
//	    analysis over loading and type checking;
//	(b) go vet -vettool=retrylint against plain go vet, both with a cold
//	    analysis cache (a fresh flag value per run keys new vet actions,
//	    while the compiled export data stays warm).
//
// Run it from the repository root on a module (for example the corpus
// module that scripts/corpus builds):
//
//	go run ./scripts/bench -dir /tmp/retrylint-corpus/mod -runs 5 k8s.io/client-go/rest/...
//
// -vet=false leaves (b) out, which takes most of the time, so that (a)
// can be measured over many more runs.
//
// -cache FILE measures instead what the go command's cache saves the
// standalone command (which analyses through go vet -vettool unless
// -cache=false), on the packages with their tests:
//
//	in process     retrylint -cache=false, which analyses every package
//	               and dependency from source on every run, as before;
//	cold           retrylint with an analysis never cached (a fresh flag
//	               value keys new vet actions; compiled export data warm);
//	warm           the same command again, on unchanged code;
//	one file       the same command after a comment line is appended to
//	               FILE (pick a file of a package that no other measured
//	               package imports); the file is restored at the end;
//
// and prints warm / cold and one file / cold, with whether every run
// printed the same findings. -empty adds, once per run, the cold command
// and the in-process one with an empty GOCACHE (export data compiled from
// nothing).
package main

import (
	"bytes"
	"flag"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"
)

type sample struct {
	wall   time.Duration
	cpu    time.Duration // user and system time
	maxRSS int64         // KiB
}

type measure struct {
	name    string
	samples []sample
}

func (m *measure) median() sample {
	walls := make([]time.Duration, len(m.samples))
	cpus := make([]time.Duration, len(m.samples))
	rss := make([]int64, len(m.samples))
	for i, s := range m.samples {
		walls[i], cpus[i], rss[i] = s.wall, s.cpu, s.maxRSS
	}
	slices.Sort(walls)
	slices.Sort(cpus)
	return sample{walls[len(walls)/2], cpus[len(cpus)/2], slices.Max(rss)}
}

func main() {
	dir := flag.String("dir", "", "module directory to run the tools in (required)")
	runs := flag.Int("runs", 5, "runs of each command; the median is reported")
	withVet := flag.Bool("vet", true, "also measure (b), go vet -vettool=retrylint against go vet (the slow part)")
	cacheFile := flag.String("cache", "", "measure cold, warm and one-file-changed runs of the cached command instead, appending a comment to `FILE`")
	empty := flag.Bool("empty", false, "with -cache, also measure runs with an empty GOCACHE")
	flag.Parse()
	patterns := flag.Args()
	if *dir == "" || len(patterns) == 0 {
		log.Fatal("usage: bench -dir MODULE_DIR [-runs N] [-vet=false] PACKAGES...")
	}
	if *runs < 1 {
		log.Fatal("-runs must be at least 1")
	}
	root, err := os.Getwd()
	if err != nil {
		log.Fatal(err)
	}
	bin, err := os.MkdirTemp("", "retrylint-bench")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(bin)
	retrylint := filepath.Join(bin, "retrylint")
	noop := filepath.Join(bin, "noop")
	build(root, retrylint, "./cmd/retrylint")
	build(root, noop, "./scripts/bench/noop")

	if *cacheFile != "" {
		benchCache(*dir, retrylint, *cacheFile, *runs, *empty, patterns)
		return
	}

	args := append([]string{"-test=false"}, patterns...)
	standalone := []*measure{
		{name: "noop (no facts)"},
		{name: "noop (with facts)"},
		{name: "retrylint"},
	}
	vet := []*measure{{name: "go vet"}, {name: "go vet -vettool=retrylint"}}
	// Warm the build cache and the module cache once, outside the timings.
	run(*dir, "go", append([]string{"vet"}, patterns...)...)
	for i := range *runs {
		standalone[0].samples = append(standalone[0].samples, run(*dir, noop, append([]string{"-facts=false"}, args...)...))
		standalone[1].samples = append(standalone[1].samples, run(*dir, noop, args...))
		standalone[2].samples = append(standalone[2].samples, run(*dir, retrylint, args...))
		if !*withVet {
			continue
		}
		// A flag value never used before keys new vet actions: the
		// analysis is cold, the compiled export data warm.
		nonce := fmt.Sprintf("X-Bench-Nonce-%d-%d", time.Now().UnixNano(), i)
		vet[0].samples = append(vet[0].samples, run(*dir, "go", append([]string{"vet", "-printf.funcs=" + nonce}, patterns...)...))
		vet[1].samples = append(vet[1].samples, run(*dir, "go", append([]string{"vet", "-vettool=" + retrylint, "-retryafter.headers=Retry-After," + nonce}, patterns...)...))
	}

	fmt.Printf("packages: %s (in %s), %d runs each, medians\n\n", strings.Join(patterns, " "), *dir, *runs)
	fmt.Printf("%-28s %10s %10s %12s\n", "command", "wall", "CPU", "peak RSS")
	if !*withVet {
		vet = nil
	}
	for _, m := range append(standalone, vet...) {
		s := m.median()
		fmt.Printf("%-28s %9.2fs %9.2fs %9d MiB\n", m.name, s.wall.Seconds(), s.cpu.Seconds(), s.maxRSS/1024)
	}
	ratio := func(a, b *measure) float64 { return a.median().wall.Seconds() / b.median().wall.Seconds() }
	mem := func(a, b *measure) float64 { return float64(a.median().maxRSS) / float64(b.median().maxRSS) }
	cpu := func(a, b *measure) float64 { return a.median().cpu.Seconds() / b.median().cpu.Seconds() }
	fmt.Println()
	fmt.Printf("(a) retrylint / noop with facts:    %.2f (memory %.2f, CPU %.2f)\n", ratio(standalone[2], standalone[1]), mem(standalone[2], standalone[1]), cpu(standalone[2], standalone[1]))
	fmt.Printf("    retrylint / noop without facts: %.2f (memory %.2f)\n", ratio(standalone[2], standalone[0]), mem(standalone[2], standalone[0]))
	fmt.Printf("    facts' cost (noop with / without): %.2f\n", ratio(standalone[1], standalone[0]))
	if *withVet {
		fmt.Printf("(b) go vet -vettool=retrylint / go vet: %.2f (memory %.2f, CPU %.2f)\n", ratio(vet[1], vet[0]), mem(vet[1], vet[0]), cpu(vet[1], vet[0]))
	}
}

// benchCache measures the cached standalone command: see the package doc.
func benchCache(dir, retrylint, file string, runs int, empty bool, patterns []string) {
	if !filepath.IsAbs(file) {
		file = filepath.Join(dir, file)
	}
	orig, err := os.ReadFile(file)
	if err != nil {
		log.Fatal(err)
	}
	defer func() {
		if err := os.WriteFile(file, orig, 0o644); err != nil {
			log.Print(err)
		}
	}()
	inProcess, cold, warm, oneFile := &measure{name: "in process (-cache=false)"}, &measure{name: "cold"}, &measure{name: "warm"}, &measure{name: "one file changed"}
	emptyCold, emptyIn := &measure{name: "cold, empty GOCACHE"}, &measure{name: "in process, empty GOCACHE"}
	var outputs []string // the findings of every run, which must agree
	// Warm the build cache and the module cache once, outside the timings.
	run(dir, "go", append([]string{"vet"}, patterns...)...)
	for i := range runs {
		s, out := runOut(dir, nil, retrylint, append([]string{"-cache=false"}, patterns...)...)
		inProcess.samples = append(inProcess.samples, s)
		outputs = append(outputs, out)

		// A flag value never used before keys new vet actions.
		nonce := fmt.Sprintf("-retryafter.headers=Retry-After,X-Bench-Nonce-%d-%d", time.Now().UnixNano(), i)
		args := append([]string{nonce}, patterns...)
		for _, m := range []*measure{cold, warm} {
			s, out := runOut(dir, nil, retrylint, args...)
			m.samples = append(m.samples, s)
			outputs = append(outputs, out)
		}
		changed := fmt.Sprintf("%s\n// bench run %d %d\n", orig, i, time.Now().UnixNano())
		if err := os.WriteFile(file, []byte(changed), 0o644); err != nil {
			log.Fatal(err)
		}
		s, out = runOut(dir, nil, retrylint, args...)
		oneFile.samples = append(oneFile.samples, s)
		outputs = append(outputs, out)
		if err := os.WriteFile(file, orig, 0o644); err != nil {
			log.Fatal(err)
		}

		if empty {
			for _, m := range []*measure{emptyCold, emptyIn} {
				gocache, err := os.MkdirTemp("", "retrylint-bench-gocache")
				if err != nil {
					log.Fatal(err)
				}
				a := args
				if m == emptyIn {
					a = append([]string{"-cache=false"}, patterns...)
				}
				s, out := runOut(dir, []string{"GOCACHE=" + gocache}, retrylint, a...)
				m.samples = append(m.samples, s)
				outputs = append(outputs, out)
				os.RemoveAll(gocache)
			}
		}
	}

	fmt.Printf("packages: %s (in %s), %d runs each, medians; one file: %s\n\n", strings.Join(patterns, " "), dir, runs, file)
	fmt.Printf("%-28s %10s %10s %12s\n", "command", "wall", "CPU", "peak RSS")
	all := []*measure{inProcess, cold, warm, oneFile}
	if empty {
		all = append(all, emptyCold, emptyIn)
	}
	for _, m := range all {
		s := m.median()
		fmt.Printf("%-28s %9.2fs %9.2fs %9d MiB\n", m.name, s.wall.Seconds(), s.cpu.Seconds(), s.maxRSS/1024)
	}
	ratio := func(a, b *measure) float64 { return a.median().wall.Seconds() / b.median().wall.Seconds() }
	cpu := func(a, b *measure) float64 { return a.median().cpu.Seconds() / b.median().cpu.Seconds() }
	fmt.Println()
	fmt.Printf("warm / cold:             %.3f (CPU %.3f)\n", ratio(warm, cold), cpu(warm, cold))
	fmt.Printf("one file / cold:         %.3f (CPU %.3f)\n", ratio(oneFile, cold), cpu(oneFile, cold))
	fmt.Printf("warm / in process:       %.3f\n", ratio(warm, inProcess))
	fmt.Printf("one file / in process:   %.3f\n", ratio(oneFile, inProcess))
	fmt.Printf("cold / in process:       %.3f\n", ratio(cold, inProcess))
	if empty {
		fmt.Printf("empty GOCACHE, cold / in process: %.3f\n", ratio(emptyCold, emptyIn))
	}
	same := true
	for _, out := range outputs[1:] {
		same = same && out == outputs[0]
	}
	fmt.Printf("every run printed the same findings: %v (%d lines)\n", same, strings.Count(outputs[0], "\n"))
}

func build(root, out, pkg string) {
	cmd := exec.Command("go", "build", "-o", out, pkg)
	cmd.Dir = root
	if b, err := cmd.CombinedOutput(); err != nil {
		log.Fatalf("go build %s: %v\n%s", pkg, err, b)
	}
}

// run runs a command and returns its wall time and peak memory. Findings
// (exit 1 or 3) are expected; other failures stop the benchmark.
func run(dir, name string, args ...string) sample {
	s, _ := runOut(dir, nil, name, args...)
	return s
}

// runOut is run with env added to the environment, and returns the
// command's standard error too.
func runOut(dir string, env []string, name string, args ...string) (sample, string) {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	if err != nil {
		code := -1
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		}
		if code != 1 && code != 3 {
			log.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, stderr.String())
		}
	}
	var rss int64
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		rss = ru.Maxrss
	}
	return sample{wall, cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime(), rss}, stderr.String()
}

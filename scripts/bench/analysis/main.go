// Command analysis measures the analysis alone: it loads the packages
// once, as the standalone driver does (from source, with every
// dependency), and then runs the retrylint analyzers over them again and
// again in the same process, printing the median and the fastest time.
// With -noop it runs the no-op analyzer with a fact type instead, which
// shows the driver's own share.
//
// Loading and type checking, which the end-to-end ratios of scripts/bench
// divide by, take most of a real run and vary from run to run; this
// measure leaves them out, and with GOMAXPROCS=1 it is CPU time on one
// core, steady to a few percent, so that two versions of the analyzers
// can be compared:
//
//	GOMAXPROCS=1 go run ./scripts/bench/analysis -dir /tmp/retrylint-corpus/mod \
//	  k8s.io/client-go/rest/... github.com/slack-go/slack/... \
//	  github.com/hashicorp/vault/api/... github.com/olivere/elastic/v7/...
package main

import (
	"cmp"
	"context"
	"flag"
	"fmt"
	"go/types"
	"log"
	"maps"
	"os"
	"runtime"
	"runtime/pprof"
	"slices"
	"strings"
	"sync"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/retrylint/retrylint/analyzers"
	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/stdfacts"
	"github.com/retrylint/retrylint/scripts/bench/internal/noop"
)

func main() {
	dir := flag.String("dir", "", "module directory holding the packages (required)")
	runs := flag.Int("runs", 10, "timed runs of the analysis, after two untimed ones")
	useNoop := flag.Bool("noop", false, "run the no-op analyzer with a fact type instead of retrylint's")
	cpuprofile := flag.String("cpuprofile", "", "write a CPU profile of the timed runs to this file")
	factsOut := flag.String("facts", "", "write the object facts each package exports, one a line and sorted, to this file (to check that a change of speed keeps every fact)")
	memprofile := flag.String("memprofile", "", "write an allocation profile of the runs to this file")
	top := flag.Int("top", 0, "after the runs, print each analyzer's time on standard-library and other packages, and the N slowest actions of the last run")
	actionsOut := flag.String("actions", "", "write, for each action of the last run, its analyzer, package, own time in microseconds, and the numbers of object facts it exported and diagnostics it reported, one a line, to this file (to see what work gives nothing); implies serialised runs, as -top")
	std := flag.Bool("stdfacts", true, "read the facts of the standard library from the table shipped with the analyzers (internal/stdfacts) where it applies; false analyses the standard library as a run without the table would")
	roots := flag.Bool("roots", true, "tell the analyzers which packages are the roots, as the standalone command does (false: every check on every package, as the golangci-lint plugin runs)")
	flag.Parse()
	if !*std {
		stdfacts.Disable()
	}
	if *dir == "" || flag.NArg() == 0 || *runs < 1 {
		log.Fatal("usage: analysis -dir MODULE_DIR [-runs N] [-noop] PACKAGES...")
	}
	pkgs, err := packages.Load(&packages.Config{Mode: packages.LoadAllSyntax, Dir: *dir}, flag.Args()...)
	if err != nil {
		log.Fatal(err)
	}
	all := analyzers.All()
	if *roots {
		// As the standalone command does: only the root packages'
		// findings are shown, the others are analysed for their facts.
		var rootPkgs []*types.Package
		for _, p := range pkgs {
			rootPkgs = append(rootPkgs, p.Types)
		}
		defer analysisutil.SetRoots(rootPkgs)()
	}
	if *useNoop {
		all = []*analysis.Analyzer{noop.WithFacts}
	}
	if *top > 0 || *actionsOut != "" {
		serialise(all)
	}
	var times []time.Duration
	var facts, actions []string
	for i := range *runs + 2 {
		if i == 2 && *cpuprofile != "" {
			f, err := os.Create(*cpuprofile)
			if err != nil {
				log.Fatal(err)
			}
			if err := pprof.StartCPUProfile(f); err != nil {
				log.Fatal(err)
			}
			defer f.Close()
			defer pprof.StopCPUProfile()
		}
		runtime.GC() // each run starts from the loaded packages alone
		start := time.Now()
		graph, err := checker.Analyze(all, pkgs, nil)
		if err != nil {
			log.Fatal(err)
		}
		if i >= 2 {
			times = append(times, time.Since(start))
		}
		for act := range graph.All() {
			if act.Err != nil {
				log.Fatalf("%s: %v", act, act.Err)
			}
			if i == *runs+1 && *actionsOut != "" {
				n := 0
				for _, f := range act.AllObjectFacts() {
					if f.Object.Pkg() == act.Package.Types {
						n++
					}
				}
				d := runTime[actionKey{act.Analyzer.Name, act.Package.PkgPath}]
				actions = append(actions, fmt.Sprintf("%s %s %d %d %d", act.Analyzer.Name, act.Package.PkgPath, d.Microseconds(), n, len(act.Diagnostics)))
			}
			if i == *runs+1 && *factsOut != "" {
				for _, f := range act.AllObjectFacts() {
					if f.Object.Pkg() == act.Package.Types {
						facts = append(facts, fmt.Sprintf("%s %s.%s %v", act.Analyzer.Name, act.Package.PkgPath, f.Object.Name(), f.Fact))
					}
				}
			}
		}
	}
	slices.Sort(times)
	fmt.Printf("analysis of %d root packages, GOMAXPROCS=%d, %d runs: median %v, fastest %v\n",
		len(pkgs), runtime.GOMAXPROCS(0), len(times), times[len(times)/2].Round(time.Millisecond), times[0].Round(time.Millisecond))
	if *top > 0 {
		printTop(*top)
	}
	if *factsOut != "" {
		slices.Sort(facts)
		if err := os.WriteFile(*factsOut, []byte(strings.Join(facts, "\n")+"\n"), 0o644); err != nil {
			log.Fatal(err)
		}
	}
	if *actionsOut != "" {
		slices.Sort(actions)
		if err := os.WriteFile(*actionsOut, []byte(strings.Join(actions, "\n")+"\n"), 0o644); err != nil {
			log.Fatal(err)
		}
	}
	if *memprofile != "" {
		f, err := os.Create(*memprofile)
		if err != nil {
			log.Fatal(err)
		}
		defer f.Close()
		if err := pprof.Lookup("allocs").WriteTo(f, 0); err != nil {
			log.Fatal(err)
		}
	}
}

// runTime is each action's own time in the last run, recorded by the
// wrappers that serialise installs.
var runTime = map[actionKey]time.Duration{}

type actionKey struct{ analyzer, pkg string }

// serialise makes the analyzers (and those they require) run one at a
// time and records each action's own time: the checker's Duration of an
// action also counts the actions that ran beside it.
func serialise(as []*analysis.Analyzer) {
	var mu sync.Mutex
	seen := map[*analysis.Analyzer]bool{}
	var visit func(a *analysis.Analyzer)
	visit = func(a *analysis.Analyzer) {
		if seen[a] {
			return
		}
		seen[a] = true
		run := a.Run
		a.Run = func(pass *analysis.Pass) (any, error) {
			mu.Lock()
			defer mu.Unlock()
			t0 := time.Now()
			defer func() { runTime[actionKey{a.Name, pass.Pkg.Path()}] = time.Since(t0) }()
			var res any
			var err error
			// Labels let a CPU profile be read per analyzer and package
			// (go tool pprof -tagfocus analyzer=authlog).
			pprof.Do(context.Background(), pprof.Labels("analyzer", a.Name, "pkg", pass.Pkg.Path()), func(context.Context) {
				res, err = run(pass)
			})
			return res, err
		}
		for _, r := range a.Requires {
			visit(r)
		}
	}
	for _, a := range as {
		visit(a)
	}
}

// printTop prints where the last run's time went: per analyzer, on the
// standard library and on other packages, and the slowest actions.
func printTop(n int) {
	type key struct {
		name string
		std  bool
	}
	sum := map[key]time.Duration{}
	var total time.Duration
	for k, d := range runTime {
		std := !strings.Contains(strings.Split(k.pkg, "/")[0], ".")
		sum[key{k.analyzer, std}] += d
		total += d
	}
	fmt.Printf("total %v\n", total.Round(time.Millisecond))
	keys := slices.Collect(maps.Keys(sum))
	slices.SortFunc(keys, func(a, b key) int { return cmp.Compare(sum[b], sum[a]) })
	for _, k := range keys {
		where := "other"
		if k.std {
			where = "std"
		}
		fmt.Printf("%-20s %-5s %v\n", k.name, where, sum[k].Round(time.Millisecond))
	}
	acts := slices.Collect(maps.Keys(runTime))
	slices.SortFunc(acts, func(a, b actionKey) int { return cmp.Compare(runTime[b], runTime[a]) })
	for _, k := range acts[:min(n, len(acts))] {
		fmt.Printf("%8v %s %s\n", runTime[k].Round(time.Millisecond), k.analyzer, k.pkg)
	}
}

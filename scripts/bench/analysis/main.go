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
	"flag"
	"fmt"
	"log"
	"os"
	"runtime"
	"runtime/pprof"
	"slices"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/retrylint/retrylint/analyzers"
	"github.com/retrylint/retrylint/scripts/bench/internal/noop"
)

func main() {
	dir := flag.String("dir", "", "module directory holding the packages (required)")
	runs := flag.Int("runs", 10, "timed runs of the analysis, after two untimed ones")
	useNoop := flag.Bool("noop", false, "run the no-op analyzer with a fact type instead of retrylint's")
	cpuprofile := flag.String("cpuprofile", "", "write a CPU profile of the timed runs to this file")
	flag.Parse()
	if *dir == "" || flag.NArg() == 0 || *runs < 1 {
		log.Fatal("usage: analysis -dir MODULE_DIR [-runs N] [-noop] PACKAGES...")
	}
	pkgs, err := packages.Load(&packages.Config{Mode: packages.LoadAllSyntax, Dir: *dir}, flag.Args()...)
	if err != nil {
		log.Fatal(err)
	}
	all := analyzers.All()
	if *useNoop {
		all = []*analysis.Analyzer{noop.WithFacts}
	}
	var times []time.Duration
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
		}
	}
	slices.Sort(times)
	fmt.Printf("analysis of %d root packages, GOMAXPROCS=%d, %d runs: median %v, fastest %v\n",
		len(pkgs), runtime.GOMAXPROCS(0), len(times), times[len(times)/2].Round(time.Millisecond), times[0].Round(time.Millisecond))
}

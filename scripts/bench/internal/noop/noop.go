// Package noop holds the analyzers that do nothing, the baseline of the
// speed benchmarks (scripts/bench/noop, scripts/bench/analysis).
package noop

import (
	"go/types"
	"reflect"

	"golang.org/x/tools/go/analysis"
)

type fact struct{}

func (*fact) AFact() {}

// Plain does nothing.
var Plain = &analysis.Analyzer{
	Name: "noop",
	Doc:  "do nothing",
	Run:  func(*analysis.Pass) (any, error) { return nil, nil },
}

// WithFacts does nothing, with a fact type as the retrylint analyzers
// have, which makes the standalone driver load and analyse every
// dependency from source.
var WithFacts = &analysis.Analyzer{
	Name:       "noopfacts",
	Doc:        "do nothing, with a fact type",
	FactTypes:  []analysis.Fact{new(fact)},
	ResultType: reflect.TypeFor[*types.Package](),
	Run:        func(pass *analysis.Pass) (any, error) { return pass.Pkg, nil },
}

package analysisutil

import (
	"go/types"

	"golang.org/x/tools/go/analysis"
)

// FactCache imports, for one pass, the facts of type *T of other packages'
// functions, each function once: an analyzer asks about the same callee
// again and again, and most callees have no fact.
type FactCache[T any, PT interface {
	*T
	analysis.Fact
}] struct {
	pass *analysis.Pass
	m    map[*types.Func]PT // nil for a function without a fact
}

// NewFactCache returns an empty cache for pass.
func NewFactCache[T any, PT interface {
	*T
	analysis.Fact
}](pass *analysis.Pass) *FactCache[T, PT] {
	return &FactCache[T, PT]{pass: pass, m: map[*types.Func]PT{}}
}

// Get returns the fact of fn (its generic origin), or nil when fn has none
// or belongs to the package being analysed, whose facts are not exported
// yet.
func (c *FactCache[T, PT]) Get(fn *types.Func) PT {
	fn = fn.Origin()
	if fn.Pkg() == c.pass.Pkg {
		return nil
	}
	f, ok := c.m[fn]
	if !ok {
		f = PT(new(T))
		if !c.pass.ImportObjectFact(fn, f) {
			f = nil
		}
		c.m[fn] = f
	}
	return f
}

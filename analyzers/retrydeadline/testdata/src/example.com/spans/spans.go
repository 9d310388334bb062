// Package spans starts spans that give the operation a budget.
package spans

import (
	"context"
	"time"
)

// Span ends an operation and its budget.
type Span struct{ cancel context.CancelFunc }

// End ends the span.
func (s *Span) End() { s.cancel() }

// StartBudgeted starts a span whose context ends after 30 seconds.
func StartBudgeted(ctx context.Context, name string) (context.Context, *Span) { // want StartBudgeted:"owntimeout\\(30s\\) from param 0"
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	return ctx, &Span{cancel: cancel}
}

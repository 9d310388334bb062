// Package pacing is a project's own backoff.BackOff.
package pacing

import (
	"time"

	"github.com/cenkalti/backoff/v4"
)

// Pacer waits a second between attempts until its budget is spent.
type Pacer struct {
	left time.Duration
}

// New returns a Pacer with budget.
func New(budget time.Duration) *Pacer { return &Pacer{left: budget} }

// NextBackOff returns backoff.Stop once the budget is spent.
func (p *Pacer) NextBackOff() time.Duration {
	if p.left <= 0 {
		return backoff.Stop
	}
	p.left -= time.Second
	return time.Second
}

// Reset does nothing: the budget is for the Pacer's life.
func (p *Pacer) Reset() {}

// Steps waits one second more at each step, for ever. It has a
// NextBackOff but is no backoff.BackOff.
type Steps struct{ n int }

// NewSteps returns Steps at its first step.
func NewSteps() *Steps { return &Steps{} }

// NextBackOff returns the next step's wait.
func (s *Steps) NextBackOff() time.Duration { s.n++; return time.Duration(s.n) * time.Second }

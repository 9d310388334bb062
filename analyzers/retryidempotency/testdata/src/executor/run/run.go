// Package run holds retry helpers that run the operation their struct
// holds in a field, as in-house executors do
// (Executor{Handler: func() (bool, error) {...}}.Execute()).
package run

import "time"

// Handler answers whether to run it again, and the error of its attempt.
type Handler func() (shouldRetry bool, err error)

// Executor runs Handler until it answers false, MaxRetries more times at
// most.
type Executor struct {
	MaxRetries int
	Interval   time.Duration
	Handler    Handler
}

func (e *Executor) Execute() error {
	var err error
	for i := 0; i <= e.MaxRetries; i++ {
		var again bool
		again, err = e.Handler()
		if !again {
			return err
		}
		time.Sleep(e.Interval)
	}
	return err
}

// Checker hands each body to Check: a field that takes what it works on
// is a hook, not an operation run again.
type Checker struct {
	Check func(body []byte) error
}

func (c *Checker) Run(bodies [][]byte) error {
	for _, b := range bodies {
		if err := c.Check(b); err != nil {
			return err
		}
	}
	return nil
}

// Package cond holds retry helpers whose operation is a condition
// (done bool, err error), and look-alikes.
package cond

import "time"

// A condition polled until done: (false, nil) goes round again, an error
// or done stops.
func poll(steps int, cond func() (bool, error)) error { // want poll:`retries\(param 1 bounded cond errstops\)`
	for i := 0; i < steps; i++ {
		if ok, err := cond(); err != nil || ok {
			return err
		}
		time.Sleep(time.Second)
	}
	return nil
}

// Condition is a named condition type.
type Condition func() (bool, error)

// run only calls its condition and returns its results.
func run(c Condition) (bool, error) {
	defer func() { _ = recover() }()
	return c()
}

// The condition through run, with done and the error checked apart.
func pollSafe(cond Condition) error { // want pollSafe:`retries\(param 0 cond errstops\)`
	for {
		done, err := run(cond)
		if err != nil {
			return err
		}
		if done {
			return nil
		}
		time.Sleep(time.Second)
	}
}

// A condition whose errors are retried too.
func pollAll(cond func() (bool, error)) error { // want pollAll:`retries\(param 0 cond\)`
	for {
		done, err := cond()
		if err == nil && done {
			return nil
		}
		time.Sleep(time.Second)
	}
}

// The bool says whether to retry: the model of an error operation.
func try(fn func() (bool, error)) error { // want try:`retries\(param 0\)`
	var err error
	for {
		var again bool
		again, err = fn()
		if !again || err == nil {
			break
		}
	}
	return err
}

// ---- not retry helpers ----

// Repeats until the condition fails: a success is not retried.
func untilErr(cond func() (bool, error)) error {
	for {
		if _, err := cond(); err != nil {
			return err
		}
	}
}

// Calls its condition once.
func once(cond func() (bool, error)) error {
	_, err := cond()
	return err
}

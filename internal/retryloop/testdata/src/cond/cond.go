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

// The bool alone says whether to call it again, whatever the error.
func again(fn func() (bool, error)) error { // want again:`retries\(param 0 again\)`
	for {
		retry, err := fn()
		if !retry {
			return err
		}
		time.Sleep(time.Second)
	}
}

// Executor runs the operation it holds in a field.
type Executor struct {
	Tries int
	Op    func() (bool, error)
	Hook  func(b []byte) error
}

func (e *Executor) Run() error { // want Run:`retries\(field Op bounded again\)`
	var err error
	for i := 0; i < e.Tries; i++ {
		var retry bool
		if retry, err = e.Op(); !retry {
			return err
		}
	}
	return err
}

// Worker holds a task: a periodic one (Loop, Forever) or one retried
// until it succeeds (Until).
type Worker struct {
	Task func() error
}

// Until stops at the first success: a retry helper of its field.
func (w *Worker) Until() error { // want Until:`retries\(field Task\)`
	for {
		err := w.Task()
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
}

// ---- not retry helpers ----

// A hook that takes what it works on is not an operation: each item is
// handed to it once.
func (e *Executor) Each(bodies [][]byte) error {
	for _, b := range bodies {
		if err := e.Hook(b); err != nil {
			return err
		}
	}
	return nil
}

func (w *Worker) Loop() {
	for {
		if err := w.Task(); err != nil {
			println(err.Error())
		}
		time.Sleep(time.Second)
	}
}

func (w *Worker) Forever() {
	for {
		w.Task()
		time.Sleep(time.Second)
	}
}

// The operation a field of another value holds is not the receiver's.
func (e *Executor) Other(o *Executor) error {
	for {
		if again, err := o.Op(); !again {
			return err
		}
	}
}

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

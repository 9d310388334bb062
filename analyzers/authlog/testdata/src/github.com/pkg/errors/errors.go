// Package errors is a minimal stub of github.com/pkg/errors for the
// tests: its errors keep the formatted message in a field that Error
// returns.
package errors

import "fmt"

type fundamental struct {
	msg   string
	stack []uintptr
}

func (f *fundamental) Error() string { return f.msg }

type withMessage struct {
	cause error
	msg   string
}

func (w *withMessage) Error() string { return w.msg + ": " + w.cause.Error() }

func New(message string) error {
	return &fundamental{msg: message}
}

func Errorf(format string, args ...any) error {
	return &fundamental{msg: fmt.Sprintf(format, args...)}
}

func Wrapf(err error, format string, args ...any) error {
	if err == nil {
		return nil
	}
	return &withMessage{cause: err, msg: fmt.Sprintf(format, args...)}
}

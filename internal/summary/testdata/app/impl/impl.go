// Package impl implements it.
package impl

type HTTP struct{}

func (*HTTP) SendIt() error { return nil } // want SendIt:"mark"

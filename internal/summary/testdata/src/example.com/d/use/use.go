// Package use calls through the interfaces.
package use

import (
	"io"

	"example.com/d/iface"
	"example.com/d/impl"
)

// local implements iface.Sender in this package.
type local struct{}

func (local) SendIt() error { return nil } // want SendIt:"mark"

// wrapped promotes impl.HTTP's SendIt and adds Name.
type wrapped struct {
	*impl.HTTP
}

func (wrapped) Name() string { return "w" }

// own is an interface of this package.
type own interface{ SendIt() error }

// calls: the Named methods only wrapped has (HTTP.SendIt, promoted); an
// interface of the standard library is not resolved.
func calls(s iface.Sender, n iface.Named, o own, w io.Writer) {
	s.SendIt()   // want `targets \[HTTP.SendIt Value.SendIt local.SendIt\]`
	n.SendIt()   // want `targets \[HTTP.SendIt\]`
	o.SendIt()   // want `targets \[HTTP.SendIt Value.SendIt local.SendIt\]`
	w.Write(nil) // want `targets \[\]`
	generic(s)
}

func generic[S iface.Sender](s S) {
	s.SendIt() // want `targets \[HTTP.SendIt Value.SendIt local.SendIt\]`
}

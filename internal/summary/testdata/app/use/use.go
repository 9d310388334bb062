// Package use calls through it: app/iface is no package of the standard
// library.
package use

import (
	"app/iface"
	"app/impl"
)

var _ iface.Sender = (*impl.HTTP)(nil)

func call(s iface.Sender) {
	s.SendIt() // want `targets \[HTTP.SendIt\]`
}

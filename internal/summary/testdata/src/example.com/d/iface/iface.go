// Package iface declares interfaces that other packages implement.
package iface

type Sender interface{ SendIt() error }

type Named interface {
	SendIt() error
	Name() string
}

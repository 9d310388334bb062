// Package iface declares an interface of an application whose module
// path has no dot.
package iface

type Sender interface{ SendIt() error }

// Package secretlater logs options structs whole, some before their
// secret field is set (nothing secret is printed), some after.
package secretlater

import (
	"log"
	"net/http"

	"secretlater/opts"
)

var _ http.Header

// ---- must stay silent: the secret is still zero where it is printed ----

// createUser logs the options before it adds the password, "so that it
// does not go in the log entry above".
func createUser(name, password string) opts.CreateOpts {
	o := opts.CreateOpts{Name: name}
	log.Printf("[DEBUG] create options: %#v", o)
	o.Password = password
	return o
}

// updateUser declares the options zero and sets the password after the
// log, on one path.
func updateUser(name, password string, changed bool) opts.CreateOpts {
	var o opts.CreateOpts
	o.Name = name
	_ = o.Describe()
	log.Printf("[DEBUG] update options: %+v", o)
	if changed {
		o.Password = password
	}
	return o
}

type peerOpts struct {
	Name     string
	Password string
}

func createPeer(name, password string) peerOpts {
	p := peerOpts{Name: name}
	log.Printf("[DEBUG] peer options: %#v", p)
	p.Password = password
	return p
}

// ---- must flag ----

// setFirst sets the password before the log.
func setFirst(name, password string) {
	o := opts.CreateOpts{Name: name}
	o.Password = password
	log.Printf("[DEBUG] create options: %#v", o) // want `opts.CreateOpts printed whole \(its Password is a secret\) reaches log.Printf`
}

// inLoop sets it after the log, in a loop that logs again.
func inLoop(names []string, password string) {
	o := opts.CreateOpts{}
	for _, n := range names {
		o.Name = n
		log.Printf("[DEBUG] create options: %#v", o) // want `opts.CreateOpts printed whole \(its Password is a secret\) reaches log.Printf`
		o.Password = password
	}
}

// byPointer hands its address to a method before the log, which may set
// the password.
func byPointer(name, password string) {
	o := opts.CreateOpts{}
	o.SetName(name)
	log.Printf("[DEBUG] create options: %#v", o) // want `opts.CreateOpts printed whole \(its Password is a secret\) reaches log.Printf`
}

// fromCaller logs options it is handed.
func fromCaller(o opts.CreateOpts) {
	log.Printf("[DEBUG] create options: %#v", o) // want `opts.CreateOpts printed whole \(its Password is a secret\) reaches log.Printf`
}

type bgpOpts struct {
	Name     string
	Password string // want `bgpOpts.Password holds a secret, and a log prints bgpOpts whole: Password reaches log.Printf`
}

// withClosure sets the password in a function literal before the log.
func withClosure(name, password string) {
	b := bgpOpts{Name: name}
	set := func() { b.Password = password }
	set()
	log.Printf("[DEBUG] bgp options: %#v", b)
}

// Package secretnested logs options structs of another package whole
// whose secret is in a field with a short name (AdminPass) or in the
// elements of a list of structs, which fmt prints field by field.
package secretnested

import (
	"log"
	"net/http"

	"secretnested/opts"
)

var _ http.Header

// ---- must flag ----

func createServer(name, adminPass string) opts.ServerOpts {
	o := opts.ServerOpts{Name: name, AdminPass: adminPass}
	log.Printf("[DEBUG] server options: %#v", o) // want `opts.ServerOpts printed whole \(its AdminPass is a secret\) reaches log.Printf`
	return o
}

func createInstance(name string, users []opts.UserOpts) *opts.InstanceOpts {
	o := &opts.InstanceOpts{Name: name}
	o.Users = users
	log.Printf("[DEBUG] instance options: %#v", o) // want `opts.InstanceOpts printed whole \(its Users\[\].Password is a secret\) reaches log.Printf`
	return o
}

// ---- must stay silent ----

// The users are added after the log.
func createLater(name string, users []opts.UserOpts) opts.InstanceOpts {
	o := opts.InstanceOpts{Name: name}
	log.Printf("[DEBUG] instance options: %#v", o)
	o.Users = users
	return o
}

func catalog(c opts.CatalogOpts, owner opts.OwnerOpts, p opts.ProxyOpts) {
	log.Printf("catalog %+v", c)
	log.Printf("owner %+v", owner)
	log.Printf("proxy %+v", p)
}

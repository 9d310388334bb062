// Package ifacegetter logs what a client's getters return; the getters go
// through the interface of the client's transport, whose implementation
// sends the private key as the basic-auth password.
package ifacegetter

import (
	"log"
	"net/http"
	"os"

	"ifacegetter/sdk"
)

func check() {
	c := sdk.New(os.Getenv("MJ_PUBLIC"), os.Getenv("MJ_PRIVATE"))
	if os.Getenv("MJ_PRIVATE") != c.APIKeyPrivate() {
		log.Fatal("wrong secret key: ", c.APIKeyPrivate()) // want `basic-auth password reaches log.Fatal`
	}
	log.Print("key: ", c.Key("check")) // want `basic-auth password reaches log.Print`
}

// Silent: the public key is the basic-auth user name, and the base URL
// holds no credential.
func describe() {
	c := sdk.New(os.Getenv("MJ_PUBLIC"), os.Getenv("MJ_PRIVATE"))
	log.Printf("account %s at %s", c.APIKeyPublic(), c.BaseURL())
	// An error that comes through an interface is not followed: joined
	// over every implementation, any failure would carry the URL of the
	// one that puts a key in it.
	if err := c.Verify(); err != nil {
		log.Printf("verify: %v", err)
	}
	_ = http.DefaultClient
}

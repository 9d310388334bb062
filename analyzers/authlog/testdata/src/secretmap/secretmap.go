// Package secretmap reads a password out of a map of options: the map
// holds it, and a log that prints the map whole prints it.
package secretmap

import (
	"log"
	"net/http"
)

// Spec is a user's configuration.
type Spec struct {
	StartParams map[string]string
	Features    map[string]bool
}

func redisEnv(spec Spec) string {
	return spec.StartParams["redis-password"]
}

func start(spec Spec) {
	log.Printf("starting with %v", spec.StartParams) // want `secret \(a password, key or token\) reaches log.Printf`
	log.Printf("host %s", spec.StartParams["host"])
	log.Printf("features %v", spec.Features)
}

func connect(opts map[string]string) {
	if opts["api_key"] == "" {
		return
	}
	log.Println("connecting:", opts) // want `secret \(a password, key or token\) reaches log.Println`
}

// ---- must stay silent ----

// masked replaces the password before it logs the options.
func masked(opts map[string]string) {
	pw := opts["password"]
	opts["password"] = "***"
	log.Println("options:", opts)
	opts["password"] = pw
}

// hosts reads no secret key.
func hosts(opts map[string]string) {
	_ = opts["host"]
	log.Println("options:", opts)
}

// flags is keyed by secret names, but holds no text.
func flags(enabled map[string]bool) {
	if enabled["password"] {
		log.Println("enabled:", enabled)
	}
}

var _ = http.MethodGet

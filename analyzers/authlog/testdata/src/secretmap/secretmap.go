// Package secretmap reads a password out of a map of options: the map
// holds it, and a log that prints the map whole prints it.
package secretmap

import (
	"fmt"
	"log"
	"maps"
	"net/http"
	"os"
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

// envEntry stores a secret under a plain key of a map that also holds a
// secret key: the entry's own value decides.
func envEntry(key string) {
	m := map[string]string{}
	m["db"] = os.Getenv("DB_PASSWORD")
	m["api_key"] = key
	_ = m["api_key"]
	log.Printf("db %s", m["db"]) // want `secret \(a password, key or token\) reaches log.Printf`
}

// ---- must stay silent ----

// validation writes a message under a secret key: no evidence.
func validation(n int) {
	errs := map[string]string{}
	errs["password"] = fmt.Sprintf("must be at least %d characters", n)
	log.Printf("validation failed: %v", errs)
}

// maskedCopy logs a copy whose secret entry is masked.
func maskedCopy(params map[string]string) {
	_ = params["password"]
	safe := maps.Clone(params)
	safe["password"] = "***"
	log.Printf("params: %v", safe)
}

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

// Package switchcase prints the variable of a type switch over the values
// of a configuration map that holds a secret: a clause narrows what the
// variable may be.
package switchcase

import (
	"fmt"
	"log"
	"net/http"
	"os"
	"time"
)

const (
	clientSecret = "OIDC_CLIENT_SECRET"
	port         = "OIDC_PORT"
	timeout      = "timeout"
)

var _ = http.MethodGet

func config() map[string]any {
	return map[string]any{
		clientSecret: os.Getenv("OIDC_CLIENT_SECRET"),
		port:         os.Getenv("OIDC_PORT"),
		timeout:      2 * time.Minute,
	}
}

// Silent: the default clause of a switch with a case string sees no
// string, and the case time.Duration a number.
func check() error {
	for k, v := range config() {
		switch t := v.(type) {
		case string:
			if t == "" {
				return fmt.Errorf("%s is empty", k)
			}
		case time.Duration:
			log.Printf("%s: %v", k, t)
		default:
			return fmt.Errorf("%s is an unhandled type %v", k, t)
		}
	}
	return nil
}

// The string clause holds the secret.
func dump() {
	for k, v := range config() {
		switch t := v.(type) {
		case string:
			log.Printf("%s=%s", k, t) // want `secret \(a password, key or token\) reaches log.Printf`
		}
	}
}

// Without a case string, the default clause may hold the secret.
func dumpOther() {
	for k, v := range config() {
		switch t := v.(type) {
		case int:
		default:
			log.Printf("%s=%v", k, t) // want `secret \(a password, key or token\) reaches log.Printf`
		}
	}
}

func main() {
	if err := check(); err != nil {
		log.Print(err)
	}
	dump()
	dumpOther()
}

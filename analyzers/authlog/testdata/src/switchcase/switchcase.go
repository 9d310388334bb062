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

// Silent: the case time.Duration holds a number, and %T prints a type's
// name.
func check() error {
	for k, v := range config() {
		switch t := v.(type) {
		case string:
			if t == "" {
				return fmt.Errorf("%s is empty", k)
			}
		case time.Duration, int:
			log.Printf("%s: %v", k, t)
		default:
			return fmt.Errorf("%s is an unhandled type %T", k, t)
		}
	}
	return nil
}

// The default clause of a switch with a case string may still see the
// secret: a named string type, a []string, a map.
func checkValues() error {
	for k, v := range config() {
		switch t := v.(type) {
		case string:
			if t == "" {
				return fmt.Errorf("%s is empty", k)
			}
		default:
			log.Printf("unhandled %s: %v", k, t) // want `secret \(a password, key or token\) reaches log.Printf`
		}
	}
	return nil
}

// Secret is a named string type: a case string does not select it.
type Secret string

// Silent: the map is made here, and only a time.Duration of it reaches
// the default clause.
func envConfig() (map[string]any, error) {
	env := map[string]any{
		clientSecret: os.Getenv("OIDC_CLIENT_SECRET"),
		port:         os.Getenv("OIDC_PORT"),
		timeout:      2 * time.Minute,
	}
	for k, v := range env {
		switch t := v.(type) {
		case string:
			if t == "" {
				return nil, fmt.Errorf("%s is empty", k)
			}
		default:
			return nil, fmt.Errorf("%s is an unhandled type %v", k, t)
		}
	}
	return env, nil
}

// A Secret reaches the default clause.
func envNamed() error {
	env := map[string]any{
		clientSecret: Secret(os.Getenv("OIDC_CLIENT_SECRET")),
		port:         os.Getenv("OIDC_PORT"),
	}
	for k, v := range env {
		switch t := v.(type) {
		case string:
		default:
			return fmt.Errorf("%s is an unhandled value %v", k, t)
		}
	}
	return nil
}

func fill(m map[string]any) { m["extra"] = []string{os.Getenv("OIDC_CLIENT_SECRET")} }

// Handed to a function that may store anything in it.
func envFilled() error {
	env := map[string]any{
		port:    os.Getenv("OIDC_PORT"),
		timeout: 2 * time.Minute,
	}
	fill(env)
	for k, v := range env {
		switch t := v.(type) {
		case string:
		default:
			return fmt.Errorf("%s is an unhandled value %v", k, t)
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
	if err := checkValues(); err != nil {
		log.Print(err)
	}
	if _, err := envConfig(); err != nil {
		log.Print(err)
	}
	if err := envNamed(); err != nil {
		log.Print(err) // want `secret \(a password, key or token\) reaches log.Print`
	}
	if err := envFilled(); err != nil {
		log.Print(err) // want `secret \(a password, key or token\) reaches log.Print`
	}
	dump()
	dumpOther()
}

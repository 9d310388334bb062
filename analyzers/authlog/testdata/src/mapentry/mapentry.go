// Package mapentry: a configuration map written as a literal, with a
// secret under one key. An entry read under a plain key holds what the
// literal and the writes give that key, not the secret of another; a map
// handed to a function that may write it, or an entry written from the
// secret, holds the secret.
package mapentry

import (
	"fmt"
	"log"
	"net/http"
	"os"
)

const (
	clientSecret = "OIDC_CLIENT_SECRET"
	port         = "OIDC_PORT"
)

func envConfig(secretNotRequired bool) (map[string]any, error) {
	env := map[string]any{
		clientSecret: os.Getenv("OIDC_CLIENT_SECRET"),
		port:         os.Getenv("OIDC_PORT"),
	}
	for k, v := range env {
		if s, ok := v.(string); ok && s == "" && k != clientSecret {
			return nil, fmt.Errorf("%s is empty", k)
		}
		if k == clientSecret && secretNotRequired {
			env[k] = ""
		}
	}
	return env, nil
}

// Serve logs the port of a map a function of the package made: must stay
// silent.
func Serve(h http.Handler) error {
	env, err := envConfig(false)
	if err != nil {
		return err
	}
	_ = env[clientSecret].(string)
	log.Printf("listening on %s", env[port])
	return http.ListenAndServe(":"+env[port].(string), h)
}

// Local logs the port of a literal: must stay silent.
func Local() {
	env := map[string]string{
		clientSecret: os.Getenv("OIDC_CLIENT_SECRET"),
		port:         os.Getenv("OIDC_PORT"),
	}
	log.Printf("listening on %s", env[port])
}

// Secret logs the secret entry: must flag.
func Secret() {
	env := map[string]string{
		clientSecret: os.Getenv("OIDC_CLIENT_SECRET"),
		port:         os.Getenv("OIDC_PORT"),
	}
	log.Printf("secret %s", env[clientSecret]) // want `secret \(a password, key or token\) reaches log.Printf`
}

// Overwritten writes the secret under the plain key: must flag.
func Overwritten() {
	env := map[string]string{
		clientSecret: os.Getenv("OIDC_CLIENT_SECRET"),
		port:         os.Getenv("OIDC_PORT"),
	}
	env[port] = env[clientSecret]
	log.Printf("listening on %s", env[port]) // want `secret \(a password, key or token\) reaches log.Printf`
}

func fill(m map[string]string) {
	m[port] = m[clientSecret]
}

// Handed gives the map to a function that may write any entry: must flag.
func Handed() {
	env := map[string]string{
		clientSecret: os.Getenv("OIDC_CLIENT_SECRET"),
		port:         os.Getenv("OIDC_PORT"),
	}
	fill(env)
	log.Printf("listening on %s", env[port]) // want `secret \(a password, key or token\) reaches log.Printf`
}

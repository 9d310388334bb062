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

// header returns a map of one header, filled from its parameters.
func header(name, value string) map[string]string {
	return map[string]string{"name": name, "value": value}
}

// Parameters logs an entry that a function of the package fills from the
// token it is handed: must flag.
func Parameters() {
	h := header("Authorization", "Bearer "+os.Getenv("API_TOKEN"))
	log.Printf("sending %s: %s", h["name"], h["value"]) // want `secret \(a password, key or token\) reaches log.Printf` `secret \(a password, key or token\) reaches log.Printf`
}

// Nested writes the secret into the map an entry holds: must flag.
func Nested() {
	env := map[string]map[string]string{
		"db":  {"password": os.Getenv("DB_PASSWORD")},
		"web": {"port": "80"},
	}
	env["web"]["token"] = env["db"]["password"]
	log.Printf("web %v", env["web"]) // want `secret \(a password, key or token\) reaches log.Printf`
}

// Setter writes entries through a closure: must flag.
func Setter() {
	env := map[string]string{
		clientSecret: os.Getenv("OIDC_CLIENT_SECRET"),
		port:         os.Getenv("OIDC_PORT"),
	}
	set := func(k, v string) { env[k] = v }
	set(port, env[clientSecret])
	log.Printf("listening on %s", env[port]) // want `secret \(a password, key or token\) reaches log.Printf`
}

// Counted reads the size of the map and the port through a variable:
// must stay silent.
func Counted() {
	env, err := envConfig(false)
	if err != nil || len(env) == 0 {
		return
	}
	p := env[port]
	log.Printf("%d settings, listening on %s", len(env), p)
}

// Served logs the port from a goroutine: a read in a closure, must stay
// silent.
func Served() {
	env, err := envConfig(false)
	if err != nil {
		return
	}
	go func() {
		log.Printf("listening on %s", env[port])
	}()
}

// Package secretlist holds lists of secrets: a field of type []string
// whose name is the plural of a secret's holds one secret in each
// element.
package secretlist

import (
	"encoding/base64"
	"fmt"
	"log"
	"net/http"
	"os"
)

type Config struct {
	PeerPasswords []string
	APIKeys       []string
	// Secrets names Kubernetes Secrets to mount, no secret values.
	Secrets []string
	Peers   []string
}

// decode puts the value it cannot decode, a password, into its error.
func decode(s []string) ([]string, error) {
	var out []string
	for _, b := range s {
		d, err := base64.StdEncoding.DecodeString(b)
		if err != nil {
			return nil, fmt.Errorf("could not parse %q as base64", b)
		}
		out = append(out, string(d))
	}
	return out, nil
}

func start(cfg *Config) error {
	if _, err := decode(cfg.PeerPasswords); err != nil {
		return fmt.Errorf("failed to parse peer passwords: %w", err)
	}
	return nil
}

func run(cfg *Config) {
	if err := start(cfg); err != nil {
		fmt.Fprintf(os.Stderr, "%s\n", err) // want `secret \(a password, key or token\) reaches fmt.Fprintf`
		os.Exit(1)
	}
}

func logKeys(cfg *Config) {
	for i, k := range cfg.APIKeys {
		log.Printf("key %d: %s", i, k) // want `secret \(a password, key or token\) reaches log.Printf`
	}
}

// Silent: the names of Kubernetes Secrets, the peers, and how many
// passwords there are.
func logNames(cfg *Config) {
	log.Printf("mounting %v for %v", cfg.Secrets, cfg.Peers)
	log.Printf("%d peer passwords", len(cfg.PeerPasswords))
}

// authorize sends the first key.
func authorize(req *http.Request, cfg *Config) {
	req.Header.Set("X-Api-Key", cfg.APIKeys[0])
}

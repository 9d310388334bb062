// Package envpath: an environment variable named for credentials that
// holds the path of a key file, told from one that holds the secret.
package envpath

import (
	"crypto/tls"
	"fmt"
	"log"
	"net/http"
	"os"
)

// Must stay silent: the variable names a key file, read by a helper.
func fromEnv() (*http.Client, error) {
	if f := os.Getenv("GOOGLE_APPLICATION_CREDENTIALS"); f != "" {
		return clientFromPath(f)
	}
	return http.DefaultClient, nil
}

func clientFromPath(f string) (*http.Client, error) {
	b, err := os.ReadFile(f)
	if err != nil {
		return nil, fmt.Errorf("invalid key file %q: %v", f, err)
	}
	log.Printf("using credentials file %q (%d bytes)", f, len(b))
	return http.DefaultClient, nil
}

// Must stay silent: the variable names a key pair's key file.
func tlsFromEnv() (*http.Client, error) {
	key := os.Getenv("CLIENT_PRIVATE_KEY")
	cert, err := tls.LoadX509KeyPair("client.crt", key)
	if err != nil {
		log.Printf("loading key %s: %v", key, err)
		return nil, err
	}
	_ = cert
	return http.DefaultClient, nil
}

// Must flag: the variable holds the token, sent and logged.
func tokenFromEnv(req *http.Request) {
	tok := os.Getenv("GITHUB_TOKEN")
	req.Header.Set("Authorization", "Bearer "+tok)
	log.Printf("token %s", tok) // want `Authorization header value reaches log.Printf`
}

// Must flag: credentials handed to a function that takes them as they
// are, not as a file's name.
func credsFromEnv(req *http.Request) {
	creds := os.Getenv("REGISTRY_CREDENTIALS")
	login(req, creds)
	log.Printf("logging in with %s", creds) // want `secret \(a password, key or token\) reaches log.Printf`
}

func login(req *http.Request, userPass string) {
	req.Header.Set("X-Registry-Auth", userPass)
}

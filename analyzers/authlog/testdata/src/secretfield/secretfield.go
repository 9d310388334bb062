// Package secretfield holds structs printed whole: some with a field that
// holds a secret, look-alikes without one, and types whose String method
// decides what is printed.
package secretfield

import (
	"fmt"
	"log"
	"net/http"
)

type Credentials struct {
	User     string
	Password string // want `Credentials.Password holds a secret, and a log prints Credentials whole: Password reaches log.Printf`
}

// IntegrationResult is what creating an integration returns: its new key.
type IntegrationResult struct {
	Name   string
	APIKey string `json:"apiKey"` // want `IntegrationResult.APIKey holds a secret, and a log prints IntegrationResult whole: APIKey reaches Exec \(which passes it to log.Printf\)`
}

// KeyInfo has look-alike fields: the ID of a key, a token's type, a flag,
// a list.
type KeyInfo struct {
	APIKeyID    string
	TokenType   string
	HasPassword bool
	Secrets     []string
}

// Masked prints itself without its secret.
type Masked struct {
	Password string
}

func (m Masked) String() string { return "Masked{Password:***}" }

// Exec logs its result whole, as an SDK's request executor does.
func Exec(req *http.Request, result any) { // want Exec:`authlog\(sink=log.Printf values=p1\)`
	log.Printf("%s done: %+v", req.Method, result)
}

func login(c Credentials) {
	log.Printf("login %+v", c)
}

func create(r *http.Request) {
	res := &IntegrationResult{}
	Exec(r, res)
}

// Silent: no field holds a secret.
func info(k KeyInfo) {
	log.Printf("%+v", k)
}

// Silent: String prints it.
func masked(m Masked) {
	log.Printf("%v", m)
}

// Silent: the type and the address only, and a field that is no secret.
func typeOnly(c *Credentials) {
	log.Printf("%T %p %s", c, c, c.User)
}

// traced prints the headers of the request it holds.
type traced struct{ req *http.Request }

func (t traced) String() string { return fmt.Sprintf("%s %v", t.req.Method, t.req.Header) } // want String:`authlog\(result0=header\)`

// safe prints the method and the redacted URL only.
type safe struct{ req *http.Request }

func (s safe) String() string { return s.req.Method + " " + s.req.URL.Redacted() }

func logTraced(r *http.Request) {
	log.Print(traced{r}) // want `http.Header \(may hold .*\) reaches log.Print`
}

// Silent: String prints no header.
func logSafe(r *http.Request) {
	log.Print(safe{r})
}

// Silent: %T prints the type, %p an address.
func logPointer(r *http.Request) {
	log.Printf("%T %p", traced{r}, r)
}

// Package asserterr holds response writers that take any value and log it
// only when it is an error: a struct a handler writes to the response is
// not logged, an error is.
package asserterr

import (
	"encoding/json"
	"fmt"
	"log"
	"net/http"
	"net/http/httputil"
)

type Account struct {
	ID       string `json:"id"`
	Password string `json:"-"` // want `Account.Password holds a secret, and a log prints Account whole: Password reaches dumpAll`
}

type Profile struct {
	Name     string `json:"name"`
	Password string `json:"-"`
}

// respond logs out when it is an error, and encodes it into the response
// otherwise.
func respond(w http.ResponseWriter, out any) {
	if err, ok := out.(error); ok {
		log.Printf("request failed: %v", err)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	_ = json.NewEncoder(w).Encode(out)
}

// dumpAll logs whatever it is given.
func dumpAll(out any) {
	log.Printf("response: %+v", out)
}

// ---- must flag ----

// An error that holds a request dump is logged.
func rejected(w http.ResponseWriter, r *http.Request) {
	dump, _ := httputil.DumpRequest(r, false)
	respond(w, fmt.Errorf("rejected request: %s", dump)) // want `request dump \(includes every header\) reaches respond`
}

// The account is printed whole.
func debugAccount(a *Account) {
	dumpAll(*a)
}

// ---- must stay silent ----

// The profile is written to the response, not logged.
func show(w http.ResponseWriter, p *Profile) {
	respond(w, p)
}

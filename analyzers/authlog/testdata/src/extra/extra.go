package extra

import (
	"net/http"

	"example.com/audit"
)

// With -sinks=example.com/audit.Record,(*example.com/audit.Trail).Add
// both functions are logs.
func recorded(r *http.Request) {
	audit.Record("login", r.Header.Get("Authorization")) // want `Authorization header value reaches audit.Record`
}

func trail(t *audit.Trail, r *http.Request) {
	_, pass, _ := r.BasicAuth()
	t.Add("password " + pass) // want `basic-auth password reaches \(\*audit.Trail\).Add`
}

func notConfigured(r *http.Request) int {
	return audit.Count(r.Header.Get("Authorization"))
}

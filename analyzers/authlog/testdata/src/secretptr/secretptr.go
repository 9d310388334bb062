// Package secretptr holds secrets behind pointers, as command-line flag
// sets and SDK inputs do (BearerToken *string): fmt prints the pointer as
// an address, the text it points to once a helper reads it.
package secretptr

import (
	"log"
	"log/slog"
	"net/http"
)

// Flags are a command's flags.
type Flags struct {
	Context     *string
	BearerToken *string
}

// flagValue reads a flag that may be unset.
func flagValue(flag *string) (string, bool) {
	if flag == nil || *flag == "" {
		return "", false
	}
	return *flag, true
}

// stringValue is an SDK's pointer reader.
func stringValue(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

// isSet reports whether a flag was given.
func isSet(flag *string) bool { return flag != nil && *flag != "" }

// same hands the pointer back.
func same(flag *string) *string { return flag }

// shellArgs copies the token into a command line.
func shellArgs(flags *Flags) []string {
	args := []string{"exec", "-it"}
	if v, ok := flagValue(flags.BearerToken); ok {
		args = append(args, "--token", v)
	}
	return args
}

func run(flags *Flags) {
	args := shellArgs(flags)
	slog.Debug("running command", "args", args) // want `secret \(a password, key or token\) reaches slog.Debug`
}

func logToken(flags *Flags) {
	log.Printf("token %s", stringValue(flags.BearerToken)) // want `secret \(a password, key or token\) reaches log.Printf`
}

// deref is a generic pointer reader (k8s.io/utils/ptr.Deref).
func deref[T any](p *T, def T) T {
	if p != nil {
		return *p
	}
	return def
}

// joinFlags joins the flags given.
func joinFlags(sep string, flags ...*string) string {
	out := ""
	for _, f := range flags {
		if f != nil {
			out += sep + *f
		}
	}
	return out
}

func logGeneric(flags *Flags) {
	log.Printf("token %s", deref(flags.BearerToken, "")) // want `secret \(a password, key or token\) reaches log.Printf`
}

func logJoined(flags *Flags) {
	log.Printf("flags %s", joinFlags(",", flags.Context, flags.BearerToken)) // want `secret \(a password, key or token\) reaches log.Printf`
}

// ---- must stay silent ----

func logSet(flags *Flags) {
	log.Printf("token given: %v", isSet(flags.BearerToken))
}

func logContext(flags *Flags) {
	log.Printf("context %s", stringValue(flags.Context))
}

func logPointer(flags *Flags) {
	log.Printf("token at %p", same(flags.BearerToken))
}

var _ = http.MethodGet

// Package plugin registers the retrylint analyzers as golangci-lint v2
// module plugins.
//
// Each analyzer is a plugin of its own, so that it can be enabled, set up
// and silenced (//nolint:retryafter) on its own; "retrylint" enables the
// whole suite under one name. Settings carry the names and defaults of the
// analyzers' flags, and an unknown or mistyped setting is an error.
// Besides golangci-lint's //nolint, the analyzers honour
// //retrylint:ignore <analyzer> <reason>, as the retrylint command does. A
// //retrylint:ignore naming no analyzer is reported once, by the first
// analyzer whose plugin is configured (golangci-lint builds the plugins of
// all linters configured under linters.settings.custom, enabled or not).
//
//	linters:
//	  enable: [authlog, retryafter, retrydeadline, retryidempotency]
//	  settings:
//	    custom:
//	      retryafter:
//	        type: module
//	        description: Retry-After waits shortened, misparsed or dropped
//	        settings:
//	          headers: [Retry-After, X-RateLimit-Reset-After]
package plugin

import (
	"fmt"
	"strings"
	"sync"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers"
	"github.com/retrylint/retrylint/analyzers/authlog"
	"github.com/retrylint/retrylint/analyzers/retryafter"
	"github.com/retrylint/retrylint/analyzers/retrydeadline"
	"github.com/retrylint/retrylint/analyzers/retryidempotency"
	"github.com/retrylint/retrylint/internal/config"
	"github.com/retrylint/retrylint/internal/logsink"
	"github.com/retrylint/retrylint/internal/suppress"
)

func init() {
	register.Plugin("authlog", newPlugin(authLog))
	register.Plugin("retryafter", newPlugin(retryAfter))
	register.Plugin("retrydeadline", newPlugin(retryDeadline))
	register.Plugin("retryidempotency", newPlugin(retryIdempotency))
	register.Plugin("retrylint", newPlugin(suite))
}

// AuthLogSettings are the settings of the authlog plugin.
type AuthLogSettings struct {
	// Headers are the headers whose values are credentials (default
	// [Authorization, Proxy-Authorization, Cookie, Set-Cookie, X-Api-Key,
	// X-Auth-Token, X-Amz-Security-Token, X-Goog-Api-Key, X-Vault-Token,
	// X-Consul-Token, X-Nomad-Token, Private-Token]).
	Headers []string `json:"headers"`
	// Sinks are extra log functions by qualified name, such as
	// example.com/mylog.Infof or (*example.com/mylog.Logger).Infof.
	Sinks []string `json:"sinks"`
	// DebugWriters are the names of the fields, parameters and variables
	// whose io.Writer is a debug or trace output (default [Debug,
	// DebugOut, DebugOutput, DebugWriter, DebugLog, Trace, TraceOut,
	// TraceOutput, TraceWriter, TraceLog, Log, Logger, LogOut, LogOutput, LogWriter, LogFile]);
	// an empty list turns the rule off.
	DebugWriters []string `json:"debug-writers"`
	// PartialRedaction reports a header, request or dump from which some
	// credential headers were removed but not all (default false: the
	// removal of any of them counts as a redaction).
	PartialRedaction bool `json:"partial-redaction"`
}

// RetryAfterSettings are the settings of the retryafter plugin.
type RetryAfterSettings struct {
	// Headers are the response headers that say how long to wait, each
	// NAME or NAME:UNIT with UNIT s (default), ms or reset (a rate limit's
	// reset, epoch seconds or the seconds until it) (default [Retry-After,
	// Retry-After-Ms:ms, X-Ms-Retry-After-Ms:ms, X-Amz-Retry-After:ms,
	// X-RateLimit-Reset:reset, RateLimit-Reset:reset]).
	Headers []string `json:"headers"`
	// Overflow also reports a parsed wait multiplied into a time.Duration
	// with no upper bound on the number (default false).
	Overflow bool `json:"overflow"`
}

// RetryDeadlineSettings are the settings of the retrydeadline plugin.
type RetryDeadlineSettings struct {
	// Bounded reports loops with a bounded attempt count too (default
	// true).
	Bounded *bool `json:"bounded"`
	// Attempts is the attempt count the suggested overall deadline assumes
	// when a loop's count is not known (default 3, at least 1).
	Attempts *int `json:"attempts"`
}

// RetryIdempotencySettings are the settings of the retryidempotency
// plugin.
type RetryIdempotencySettings struct {
	// KeyHeaders are the request headers that carry an idempotency key
	// (default [Idempotency-Key, X-Idempotency-Key]).
	KeyHeaders []string `json:"key-headers"`
	// KeyFields are the fields of a request body that carry an
	// idempotency or deduplication key, besides those whose name holds
	// idempotency or dedup (default [incident_key, entity_id,
	// client_token, client_request_token]); an empty list leaves only
	// those.
	KeyFields []string `json:"key-fields"`
}

// SuiteSettings are the settings of the retrylint plugin: one section per
// analyzer, and the analyzers to leave out.
type SuiteSettings struct {
	Disable          []string                 `json:"disable"`
	AuthLog          AuthLogSettings          `json:"authlog"`
	RetryAfter       RetryAfterSettings       `json:"retryafter"`
	RetryDeadline    RetryDeadlineSettings    `json:"retrydeadline"`
	RetryIdempotency RetryIdempotencySettings `json:"retryidempotency"`
}

type linter struct {
	analyzers []*analysis.Analyzer
}

// BuildAnalyzers returns the analyzers, each honouring
// //retrylint:ignore comments (golangci-lint applies //nolint itself).
func (l *linter) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	out := make([]*analysis.Analyzer, len(l.analyzers))
	for i, a := range l.analyzers {
		out[i] = suppress.Wrap(a, suppress.Options{Known: suiteNames, Enabled: built.names})
	}
	return out, nil
}

// suiteNames are the names a //retrylint:ignore comment may give: those
// of every analyzer of the suite.
var suiteNames = func() []string {
	var names []string
	for _, a := range analyzers.All() {
		names = append(names, a.Name)
	}
	return names
}()

// built records the analyzers that the plugins built, standing for those
// that golangci-lint runs: it builds the plugin of each linter configured
// under linters.settings.custom before it runs any, and a plugin cannot
// learn which linters are enabled. The first of them reports the
// //retrylint:ignore comments that name no analyzer.
var built = &registry{set: map[string]bool{}}

type registry struct {
	mu  sync.Mutex
	set map[string]bool
}

func (r *registry) add(as []*analysis.Analyzer) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, a := range as {
		r.set[a.Name] = true
	}
}

func (r *registry) names() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []string
	for _, name := range suiteNames {
		if r.set[name] {
			out = append(out, name)
		}
	}
	return out
}

func (l *linter) GetLoadMode() string { return register.LoadModeTypesInfo }

// newPlugin decodes the settings strictly and builds the analyzers.
func newPlugin[T any](build func(T) ([]*analysis.Analyzer, error)) register.NewPlugin {
	return func(conf any) (register.LinterPlugin, error) {
		settings, err := register.DecodeSettings[T](conf)
		if err != nil {
			return nil, err
		}
		as, err := build(settings)
		if err != nil {
			return nil, err
		}
		built.add(as)
		return &linter{analyzers: as}, nil
	}
}

func headers(setting string, names, dflt []string) ([]string, error) {
	if names == nil {
		return dflt, nil
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("%s: empty list: give at least one header name", setting)
	}
	for _, n := range names {
		if err := config.ValidHeaderName(n); err != nil {
			return nil, fmt.Errorf("%s: %v", setting, err)
		}
	}
	return names, nil
}

func authLog(s AuthLogSettings) ([]*analysis.Analyzer, error) {
	cfg := authlog.DefaultConfig()
	var err error
	if cfg.Headers, err = headers("authlog.headers", s.Headers, cfg.Headers); err != nil {
		return nil, err
	}
	// Checked here so that a malformed name is an error, not a panic in
	// authlog.New.
	if _, err := logsink.ParseFuncs(s.Sinks); err != nil {
		return nil, fmt.Errorf("authlog.sinks: %v", err)
	}
	cfg.Sinks = s.Sinks
	if s.DebugWriters != nil {
		var names logsink.Names
		if err := names.Set(strings.Join(s.DebugWriters, ",")); err != nil || len(names) != len(s.DebugWriters) {
			return nil, fmt.Errorf("authlog.debug-writers: invalid list %q: give identifiers", s.DebugWriters)
		}
		cfg.DebugWriters = names
	}
	cfg.PartialRedaction = s.PartialRedaction
	return []*analysis.Analyzer{authlog.New(cfg)}, nil
}

func retryAfter(s RetryAfterSettings) ([]*analysis.Analyzer, error) {
	cfg := retryafter.DefaultConfig()
	if s.Headers != nil {
		if len(s.Headers) == 0 {
			return nil, fmt.Errorf("retryafter.headers: empty list: give at least one header name")
		}
		var l config.WaitHeaderList
		if err := l.Set(strings.Join(s.Headers, ",")); err != nil {
			return nil, fmt.Errorf("retryafter.headers: %v", err)
		}
		cfg.Headers = l
	}
	cfg.Overflow = s.Overflow
	return []*analysis.Analyzer{retryafter.New(cfg)}, nil
}

func retryDeadline(s RetryDeadlineSettings) ([]*analysis.Analyzer, error) {
	cfg := retrydeadline.DefaultConfig()
	if s.Bounded != nil {
		cfg.Bounded = *s.Bounded
	}
	if s.Attempts != nil {
		if *s.Attempts < 1 {
			return nil, fmt.Errorf("retrydeadline.attempts: %d is less than 1", *s.Attempts)
		}
		cfg.Attempts = *s.Attempts
	}
	return []*analysis.Analyzer{retrydeadline.New(cfg)}, nil
}

func retryIdempotency(s RetryIdempotencySettings) ([]*analysis.Analyzer, error) {
	cfg := retryidempotency.DefaultConfig()
	var err error
	if cfg.KeyHeaders, err = headers("retryidempotency.key-headers", s.KeyHeaders, cfg.KeyHeaders); err != nil {
		return nil, err
	}
	if s.KeyFields != nil {
		var fields config.FieldList
		if err := fields.Set(strings.Join(s.KeyFields, ",")); err != nil || len(fields) != len(s.KeyFields) {
			return nil, fmt.Errorf("retryidempotency.key-fields: invalid list %q: give field names without spaces, quotes or commas", s.KeyFields)
		}
		cfg.KeyFields = fields
	}
	return []*analysis.Analyzer{retryidempotency.New(cfg)}, nil
}

func suite(s SuiteSettings) ([]*analysis.Analyzer, error) {
	parts := []struct {
		name  string
		build func() ([]*analysis.Analyzer, error)
	}{
		{"authlog", func() ([]*analysis.Analyzer, error) { return authLog(s.AuthLog) }},
		{"retryafter", func() ([]*analysis.Analyzer, error) { return retryAfter(s.RetryAfter) }},
		{"retrydeadline", func() ([]*analysis.Analyzer, error) { return retryDeadline(s.RetryDeadline) }},
		{"retryidempotency", func() ([]*analysis.Analyzer, error) { return retryIdempotency(s.RetryIdempotency) }},
	}
	disabled := map[string]bool{}
	for _, d := range s.Disable {
		disabled[d] = true
	}
	var out []*analysis.Analyzer
	for _, p := range parts {
		if disabled[p.name] {
			delete(disabled, p.name)
			continue
		}
		as, err := p.build()
		if err != nil {
			return nil, err
		}
		out = append(out, as...)
	}
	for d := range disabled {
		return nil, fmt.Errorf("retrylint.disable: unknown analyzer %q", d)
	}
	return out, nil
}

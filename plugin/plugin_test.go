package plugin_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/golangci/plugin-module-register/register"

	"github.com/retrylint/retrylint/analyzers"
	_ "github.com/retrylint/retrylint/plugin"
)

func build(t *testing.T, name string, settings any) ([]string, error) {
	t.Helper()
	newPlugin, err := register.GetPlugin(name)
	if err != nil {
		t.Fatal(err)
	}
	p, err := newPlugin(settings)
	if err != nil {
		return nil, err
	}
	if p.GetLoadMode() != register.LoadModeTypesInfo {
		t.Errorf("%s: load mode %q, want %q", name, p.GetLoadMode(), register.LoadModeTypesInfo)
	}
	as, err := p.BuildAnalyzers()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, a := range as {
		names = append(names, a.Name)
	}
	return names, nil
}

func TestEachAnalyzerIsAPlugin(t *testing.T) {
	for _, a := range analyzers.All() {
		name := a.Name
		names, err := build(t, name, nil)
		if err != nil {
			t.Fatalf("%s with no settings: %v", name, err)
		}
		if !slices.Equal(names, []string{name}) {
			t.Errorf("%s builds %v", name, names)
		}
	}
}

func TestSuite(t *testing.T) {
	names, err := build(t, "retrylint", map[string]any{})
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, a := range analyzers.All() {
		want = append(want, a.Name)
	}
	if !slices.Equal(names, want) {
		t.Errorf("retrylint builds %v, want %v", names, want)
	}
	names, err = build(t, "retrylint", map[string]any{"disable": []any{"retrydeadline"}})
	if err != nil {
		t.Fatal(err)
	}
	if slices.Contains(names, "retrydeadline") {
		t.Errorf("disable retrydeadline still builds %v", names)
	}
}

func TestSettingsAreApplied(t *testing.T) {
	// The flag values the settings set are visible on the analyzers.
	newPlugin, _ := register.GetPlugin("retryafter")
	p, err := newPlugin(map[string]any{"headers": []any{"X-Wait"}})
	if err != nil {
		t.Fatal(err)
	}
	as, _ := p.BuildAnalyzers()
	if got := as[0].Flags.Lookup("headers").Value.String(); got != "X-Wait" {
		t.Errorf("retryafter headers = %q, want X-Wait", got)
	}
	newPlugin, _ = register.GetPlugin("retrydeadline")
	p, err = newPlugin(map[string]any{"bounded": false, "attempts": 5})
	if err != nil {
		t.Fatal(err)
	}
	as, _ = p.BuildAnalyzers()
	if got := as[0].Flags.Lookup("bounded").Value.String(); got != "false" {
		t.Errorf("retrydeadline bounded = %q, want false", got)
	}
	if got := as[0].Flags.Lookup("attempts").Value.String(); got != "5" {
		t.Errorf("retrydeadline attempts = %q, want 5", got)
	}
	newPlugin, _ = register.GetPlugin("authlog")
	p, err = newPlugin(map[string]any{"debug-writers": []any{"Wiretap", "Trace"}})
	if err != nil {
		t.Fatal(err)
	}
	as, _ = p.BuildAnalyzers()
	if got := as[0].Flags.Lookup("debug-writers").Value.String(); got != "Wiretap,Trace" {
		t.Errorf("authlog debug-writers = %q, want Wiretap,Trace", got)
	}
	newPlugin, _ = register.GetPlugin("retryidempotency")
	p, err = newPlugin(map[string]any{"key-fields": []any{"ticket_ref"}})
	if err != nil {
		t.Fatal(err)
	}
	as, _ = p.BuildAnalyzers()
	if got := as[0].Flags.Lookup("key-fields").Value.String(); got != "ticket_ref" {
		t.Errorf("retryidempotency key-fields = %q, want ticket_ref", got)
	}
}

func TestBadSettingsAreErrors(t *testing.T) {
	tests := []struct {
		plugin   string
		settings any
		want     string
	}{
		{"retryafter", map[string]any{"header": []any{"Retry-After"}}, "unknown field"},
		{"retryafter", map[string]any{"headers": "Retry-After"}, "cannot unmarshal"},
		{"retryafter", map[string]any{"headers": []any{}}, "empty list"},
		{"retryafter", map[string]any{"headers": []any{"Retry After"}}, "invalid header name"},
		{"retryafter", map[string]any{"headers": []any{"Retry-After-Ms:min"}}, `unit "min", want s, ms or reset`},
		{"retrydeadline", map[string]any{"attempts": 0}, "less than 1"},
		{"retrydeadline", map[string]any{"attempts": "three"}, "cannot unmarshal"},
		{"retrydeadline", map[string]any{"bounded": "yes"}, "cannot unmarshal"},
		{"retryidempotency", map[string]any{"key_headers": []any{"Idempotency-Key"}}, "unknown field"},
		{"retryidempotency", map[string]any{"key-headers": []any{""}}, "empty header name"},
		{"retryidempotency", map[string]any{"key-fields": []any{"dedup key"}}, "retryidempotency.key-fields: invalid list"},
		{"retryidempotency", map[string]any{"key-fields": []any{""}}, "retryidempotency.key-fields: invalid list"},
		{"retrylint", map[string]any{"disable": []any{"nosuch"}}, "unknown analyzer"},
		{"authlog", map[string]any{"sinks": []any{"Infof"}}, "invalid function name"},
		{"authlog", map[string]any{"sinks": "example.com/log.Infof"}, "cannot unmarshal"},
		{"authlog", map[string]any{"headers": []any{"Author ization"}}, "invalid header name"},
		{"authlog", map[string]any{"debug-writers": []any{"Debug Out"}}, "authlog.debug-writers: invalid list"},
		{"authlog", map[string]any{"debug-writers": []any{""}}, "authlog.debug-writers: invalid list"},
		{"retrylint", map[string]any{"retryafter": map[string]any{"limit": 3}}, "unknown field"},
	}
	for _, tt := range tests {
		_, err := build(t, tt.plugin, tt.settings)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s %v: error %v, want one containing %q", tt.plugin, tt.settings, err, tt.want)
		}
	}
}

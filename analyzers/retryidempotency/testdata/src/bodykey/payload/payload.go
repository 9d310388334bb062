// Package payload builds the bodies of an alerting API that deduplicates
// on a field of the event.
package payload

import "encoding/json"

// Alert is an event of the API; it deduplicates on DedupKey.
type Alert struct {
	DedupKey string `json:"dedup_key,omitempty"`
	Summary  string `json:"summary"`
}

// Note is an event without a key.
type Note struct {
	Summary string `json:"summary"`
}

// Encode returns the JSON text of v.
func Encode(v any) ([]byte, error) { // want Encode:"bodykey\\(result 0: param 0\\)"
	return json.Marshal(v)
}

// For returns the alert of a group, keyed by the group's hash.
func For(group, summary string) *Alert { // want For:"bodykey\\(result 0: keyed by param 0 param 1\\)"
	return &Alert{DedupKey: "grp-" + group, Summary: summary}
}

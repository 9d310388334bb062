// Package config holds the flag types shared by the analyzers, each of
// which validates its value when it is set so that a bad setting is a clear
// error, never a silently ignored one.
package config

import (
	"fmt"
	"strconv"
	"strings"
)

// HeaderList is a comma-separated list of HTTP header names, usable as a
// flag.Value. Set rejects an empty list, an empty element and a name that
// is not an HTTP token (RFC 9110 section 5.1).
type HeaderList []string

func (l *HeaderList) String() string {
	if l == nil {
		return ""
	}
	return strings.Join(*l, ",")
}

// Set parses a comma-separated list of header names.
func (l *HeaderList) Set(s string) error {
	names, err := ParseHeaderList(s)
	if err != nil {
		return err
	}
	*l = names
	return nil
}

// ParseHeaderList parses and validates a comma-separated list of header
// names; white space around each name is ignored.
func ParseHeaderList(s string) ([]string, error) {
	if strings.TrimSpace(s) == "" {
		return nil, fmt.Errorf("empty header list: give at least one header name")
	}
	var names []string
	for part := range strings.SplitSeq(s, ",") {
		name := strings.TrimSpace(part)
		if err := ValidHeaderName(name); err != nil {
			return nil, fmt.Errorf("header list %q: %v", s, err)
		}
		names = append(names, name)
	}
	return names, nil
}

// ValidHeaderName reports an error when name is not a valid HTTP field
// name.
func ValidHeaderName(name string) error {
	if name == "" {
		return fmt.Errorf("empty header name")
	}
	for _, r := range name {
		if !isTokenChar(r) {
			return fmt.Errorf("invalid header name %q: %q is not allowed in a header name", name, r)
		}
	}
	return nil
}

// isTokenChar reports whether r may appear in an HTTP token.
func isTokenChar(r rune) bool {
	switch {
	case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9':
		return true
	}
	return strings.ContainsRune("!#$%&'*+-.^_`|~", r)
}

// FieldList is a comma-separated list of field names of an encoded body
// (JSON or form keys such as dedup_key or clientToken), usable as a
// flag.Value. The empty string is the empty list; Set rejects an empty
// element and a name with white space, a quote or a comma.
type FieldList []string

func (l *FieldList) String() string {
	if l == nil {
		return ""
	}
	return strings.Join(*l, ",")
}

// Set parses a comma-separated list of field names.
func (l *FieldList) Set(s string) error {
	names, err := ParseFieldList(s)
	if err != nil {
		return err
	}
	*l = names
	return nil
}

// ParseFieldList parses and validates a comma-separated list of body
// field names; white space around each name is ignored, and the empty
// string is the empty list.
func ParseFieldList(s string) ([]string, error) {
	if strings.TrimSpace(s) == "" {
		return nil, nil
	}
	var names []string
	for part := range strings.SplitSeq(s, ",") {
		name := strings.TrimSpace(part)
		if name == "" {
			return nil, fmt.Errorf("field list %q: empty field name", s)
		}
		if strings.ContainsAny(name, " \t\"'`") {
			return nil, fmt.Errorf("field list %q: invalid field name %q", s, name)
		}
		names = append(names, name)
	}
	return names, nil
}

// PositiveInt is an int flag.Value that rejects values below 1.
type PositiveInt struct{ P *int }

func (v PositiveInt) String() string {
	if v.P == nil {
		return "0"
	}
	return strconv.Itoa(*v.P)
}

// Set parses a whole number of at least 1.
func (v PositiveInt) Set(s string) error {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil {
		return fmt.Errorf("%q is not a whole number", s)
	}
	if n < 1 {
		return fmt.Errorf("%d is less than 1", n)
	}
	*v.P = n
	return nil
}

// A WaitHeader is a response header that tells the client how long to
// wait before it comes back, with the unit of its value.
type WaitHeader struct {
	Name string
	Unit string // "s", "ms" or "reset"
}

// ParseWaitHeader parses NAME or NAME:UNIT, where UNIT is s (seconds, the
// default), ms (milliseconds) or reset (a rate limit's reset: a time to
// come back at in epoch seconds, or the seconds until it, as each API
// defines it).
func ParseWaitHeader(s string) (WaitHeader, error) {
	name, unit, hasUnit := strings.Cut(strings.TrimSpace(s), ":")
	name, unit = strings.TrimSpace(name), strings.TrimSpace(unit)
	if err := ValidHeaderName(name); err != nil {
		return WaitHeader{}, err
	}
	if !hasUnit {
		unit = "s"
	}
	if unit != "s" && unit != "ms" && unit != "reset" {
		return WaitHeader{}, fmt.Errorf("header %s: unit %q, want s, ms or reset", name, unit)
	}
	return WaitHeader{name, unit}, nil
}

// WaitHeaderList is a comma-separated list of wait headers, each NAME or
// NAME:UNIT, usable as a flag.Value. Set rejects an empty list and an
// element that ParseWaitHeader rejects.
type WaitHeaderList []string

func (l *WaitHeaderList) String() string {
	if l == nil {
		return ""
	}
	return strings.Join(*l, ",")
}

// Set parses a comma-separated list of wait headers.
func (l *WaitHeaderList) Set(s string) error {
	if strings.TrimSpace(s) == "" {
		return fmt.Errorf("empty header list: give at least one header name")
	}
	var out []string
	for part := range strings.SplitSeq(s, ",") {
		if _, err := ParseWaitHeader(part); err != nil {
			return fmt.Errorf("header list %q: %v", s, err)
		}
		out = append(out, strings.TrimSpace(part))
	}
	*l = out
	return nil
}

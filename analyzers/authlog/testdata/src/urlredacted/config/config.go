// Package config is a configuration package of the kind services read
// their remote endpoints from: a URL type that embeds *url.URL, whose
// user information a configuration file may fill.
package config

import "net/url"

// URL is a URL read from a configuration file.
type URL struct {
	*url.URL
}

// RemoteWrite configures one remote write endpoint.
type RemoteWrite struct {
	URL  *URL
	Name string
}

// RemoteRead configures one remote read endpoint.
type RemoteRead struct {
	URL  *URL
	Name string
}

// Probe configures a health probe; its URL type is another, which no
// package redacts.
type Probe struct {
	Target *Target
}

// Target is a URL type of its own.
type Target struct {
	*url.URL
}

// Masked is a URL type that prints itself redacted.
type Masked struct {
	*url.URL
}

// String prints the URL with its password masked.
func (m Masked) String() string { return m.URL.Redacted() }

// Hook configures a webhook.
type Hook struct {
	Endpoint Masked
}

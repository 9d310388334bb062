// Package opts holds the options of an API's calls, as an SDK declares
// them.
package opts

// CreateOpts creates a user.
type CreateOpts struct {
	Name     string `json:"name"`
	Password string `json:"password,omitempty"`
}

// SetName names the user.
func (o *CreateOpts) SetName(n string) { o.Name = n }

// Describe reads the options.
func (o CreateOpts) Describe() string { return o.Name }

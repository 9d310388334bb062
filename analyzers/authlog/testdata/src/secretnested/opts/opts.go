// Package opts holds the options of an API's calls, as an SDK declares
// them: some hold a secret in a short name or in the elements of a list.
package opts

// UserOpts creates a database user.
type UserOpts struct {
	Name     string `json:"name"`
	Password string `json:"password"`
}

// DatabaseOpts creates a database.
type DatabaseOpts struct {
	Name    string `json:"name"`
	CharSet string `json:"character_set,omitempty"`
}

// InstanceOpts creates a database instance with its users.
type InstanceOpts struct {
	Name  string     `json:"name"`
	Users []UserOpts `json:"users,omitempty"`
}

// ServerOpts creates a server; its admin password has a short name.
type ServerOpts struct {
	Name      string `json:"name"`
	AdminPass string `json:"adminPass,omitempty"`
}

// CatalogOpts lists databases: nothing secret in them.
type CatalogOpts struct {
	Databases []DatabaseOpts
	ByName    map[string]DatabaseOpts
}

// OwnerOpts points to its owner's options: fmt prints a nested pointer
// as an address.
type OwnerOpts struct {
	Name  string
	Owner *UserOpts
}

// ProxyOpts has names that look like a password's and are not.
type ProxyOpts struct {
	Passthrough string
	Bypass      string
	PassiveMode bool
}

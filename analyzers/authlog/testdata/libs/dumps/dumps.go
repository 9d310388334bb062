// Package dumps logs deep dumps of configurations (go-spew), which show
// a password held at any depth, through pointers.
package dumps

import (
	"log"
	"net/http"
	"os"

	"github.com/davecgh/go-spew/spew"
)

type EtcdConfig struct {
	Endpoints []string
	Username  string
	Password  string
}

type PoolConfig struct {
	KeyPrefix  string
	EtcdConfig *EtcdConfig
}

type DaemonConfig struct {
	ListenAddress string
	Pool          PoolConfig
}

// Must flag: spew follows the pointer to the password.
func logConfig() {
	var conf DaemonConfig
	conf.Pool.EtcdConfig = &EtcdConfig{Password: os.Getenv("ETCD_PASSWORD")}
	log.Print(spew.Sdump(conf)) // want `dump of dumps.DaemonConfig \(its Pool.EtcdConfig.Password is a secret\) reaches log.Print`
}

// masked prints itself with its password masked.
type masked struct {
	User     string
	Password string
}

func (m masked) String() string { return m.User + ":***" } // want String:`authlog\(prints=f0\)`

type ServerConfig struct {
	Addr  string
	Admin masked
	Peers []string
}

// Must stay silent: no secret field, and one printed by a String method
// that masks it.
func logServer(c ServerConfig) {
	log.Print(spew.Sdump(c))
}

var _ = http.MethodGet

// Secret masks itself; cred masks itself through its pointer, which
// spew calls on a copy's address.
type Secret string

func (Secret) String() string { return "<redacted>" }

type cred struct {
	User     string
	Password string
}

func (c *cred) String() string { return c.User + ":***" } // want String:`authlog\(prints=f0\)`

type DBConfig struct {
	Host     string
	Password Secret
	Admin    cred
}

// Must stay silent: both secrets are printed by methods that mask them.
func logDB(c DBConfig) {
	log.Print(spew.Sdump(c))
}

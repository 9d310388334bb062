// Package restyonlytest uses a retrying resty v3 client in a test file
// only.
package restyonlytest

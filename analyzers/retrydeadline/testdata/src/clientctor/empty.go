package clientctor

// empty has an empty result list written out, as generated code may: no
// constructor, and no crash.
func empty() () {}

var _ = empty

package stdfacts

// Lookup is lookup, for the tests of package stdfacts_test, which use
// the real analyzers.
var Lookup = lookup

// Loaded is loaded.
var Loaded = loaded

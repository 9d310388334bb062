// Package maskplain: a masking helper in a package that imports neither
// net/http nor a log; its fact reaches the packages that call it.
package maskplain

import "strings"

// Mask hides a value whole.
func Mask(s string) string { return strings.Repeat("#", len(s)) }

// Upper changes a value without hiding it.
func Upper(s string) string { return strings.ToUpper(s) }

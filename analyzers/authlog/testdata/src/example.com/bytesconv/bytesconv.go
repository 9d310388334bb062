// Package bytesconv converts between byte slices and strings without a
// copy, as gin's internal/bytesconv does; it imports no HTTP package.
package bytesconv

import "unsafe"

// BytesToString converts a byte slice to a string without a copy.
func BytesToString(b []byte) string { // want BytesToString:`authlog\(result0<-p0\)`
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// StringToBytes converts a string to a byte slice without a copy.
func StringToBytes(s string) []byte { // want StringToBytes:`authlog\(result0<-p0\)`
	return unsafe.Slice(unsafe.StringData(s), len(s))
}

// Len returns the length of b.
func Len(b []byte) string {
	return string(rune(len(b)))
}

// Package zlog is a project's structured logger: it imports no net/http.
package zlog

// Field is a key and a value.
type Field struct {
	Key   string
	Value interface{}
}

// Any makes a field of any value.
func Any(key string, value interface{}) Field { return Field{Key: key, Value: value} } // want Any:`authlog\(result0<-p0,p1\)`

// String makes a field of a text.
func String(key, value string) Field { return Field{Key: key, Value: value} } // want String:`authlog\(result0<-p0,p1\)`

// Logger logs a message with fields.
type Logger interface {
	Debug(msg string, fields ...Field)
}

// Package zap is a minimal stub of go.uber.org/zap for the tests.
package zap

type Field struct {
	Key       string
	String    string
	Interface any
}

func String(key, val string) Field            { return Field{Key: key, String: val} }
func Strings(key string, ss []string) Field   { return Field{Key: key, Interface: ss} }
func ByteString(key string, val []byte) Field { return Field{Key: key, Interface: val} }
func Any(key string, value any) Field         { return Field{Key: key, Interface: value} }
func Int(key string, val int) Field           { return Field{Key: key, Interface: val} }
func Error(err error) Field                   { return Field{Key: "error", Interface: err} }
func Binary(key string, val []byte) Field     { return Field{Key: key, Interface: val} }
func Dict(key string, val ...Field) Field     { return Field{Key: key, Interface: val} }

type Logger struct{}

func NewNop() *Logger                             { return &Logger{} }
func L() *Logger                                  { return &Logger{} }
func (*Logger) Debug(msg string, fields ...Field) {}
func (*Logger) Info(msg string, fields ...Field)  {}
func (*Logger) Warn(msg string, fields ...Field)  {}
func (*Logger) Error(msg string, fields ...Field) {}
func (l *Logger) With(fields ...Field) *Logger    { return l }
func (*Logger) Sugar() *SugaredLogger             { return &SugaredLogger{} }

type SugaredLogger struct{}

func S() *SugaredLogger                                        { return &SugaredLogger{} }
func (*SugaredLogger) Info(args ...any)                        {}
func (*SugaredLogger) Infof(template string, args ...any)      {}
func (*SugaredLogger) Infow(msg string, keysAndValues ...any)  {}
func (*SugaredLogger) Errorw(msg string, keysAndValues ...any) {}
func (s *SugaredLogger) With(args ...any) *SugaredLogger       { return s }

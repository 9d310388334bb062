// Package tflog logs a message with maps of fields, as terraform's does.
package tflog

import "context"

type sinkKey struct{}

type emitter interface {
	Emit(msg string, fields map[string]any)
}

// Debug logs msg with fields through the logger ctx carries.
func Debug(ctx context.Context, msg string, fields ...map[string]any) {
	e, _ := ctx.Value(sinkKey{}).(emitter)
	if e == nil {
		return
	}
	all := map[string]any{}
	for _, f := range fields {
		for k, v := range f {
			all[k] = v
		}
	}
	e.Emit(msg, all)
}

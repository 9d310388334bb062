// Package kitlogr logs credentials through the key-value loggers that
// keep pairs for later messages (go-kit's log.With, logr's WithValues)
// and the field constructors of zap and zerolog.
package kitlogr

import (
	"net/http"

	kitlog "github.com/go-kit/log"
	"github.com/go-logr/logr"
	"github.com/rs/zerolog"
	"go.uber.org/zap"
)

func kitWith(logger kitlog.Logger, req *http.Request) {
	l := kitlog.With(logger, "component", "client", "headers", req.Header) // want `http.Header \(may hold Authorization, Proxy-Authorization, ...\) reaches go-kit/log.With`
	l.Log("msg", "sending")
}

func kitPrefix(logger kitlog.Logger, req *http.Request) kitlog.Logger {
	return kitlog.WithPrefix(logger, "token", req.Header.Get("Authorization")) // want `Authorization header value reaches go-kit/log.WithPrefix`
}

func logrValues(log logr.Logger, req *http.Request) {
	log.WithValues("headers", req.Header).Info("sending") // want `http.Header \(may hold .*\) reaches logr.Logger.WithValues`
}

func logrInfo(log logr.Logger, req *http.Request) {
	log.V(1).Info("sending", "apiKey", req.Header.Get("X-Api-Key")) // want `X-Api-Key header value reaches logr.Logger.Info`
}

func zapDict(l *zap.Logger, req *http.Request) {
	l.Debug("request", zap.Dict("http", zap.String("method", req.Method), zap.Any("headers", req.Header))) // want `http.Header \(may hold .*\) reaches \(\*zap.Logger\).Debug`
}

func zerologFields(l zerolog.Logger, req *http.Request) {
	l.Debug().Fields(map[string]any{"headers": req.Header}).Msg("sending") // want `http.Header \(may hold .*\) reaches \(\*zerolog.Event\).Fields`
}

// Silent: the method, the URL without its password, and the logger's
// name.
func silent(logger kitlog.Logger, log logr.Logger, req *http.Request) {
	kitlog.With(logger, "method", req.Method, "url", req.URL.Redacted()).Log("msg", "sending")
	log.WithName("client").WithValues("method", req.Method).Info("sending", "has_auth", req.Header.Get("Authorization") != "")
}

// Package b logs credentials through the loggers Go teams use: zap,
// logrus, zerolog, hclog and klog.
package b

import (
	"errors"
	"net/http"

	"github.com/hashicorp/go-hclog"
	"github.com/rs/zerolog"
	zlog "github.com/rs/zerolog/log"
	"github.com/sirupsen/logrus"
	"go.uber.org/zap"
	"k8s.io/klog/v2"
)

// ---- must flag ----

func zapField(logger *zap.Logger, r *http.Request) {
	logger.Info("retrying", zap.String("auth", r.Header.Get("Authorization")), zap.Int("attempt", 2)) // want `Authorization header value reaches \(\*zap.Logger\).Info`
}

func zapStrings(r *http.Request) {
	zap.L().With(zap.Strings("cookies", r.Header.Values("Cookie"))).Warn("retry") // want `Cookie header value reaches \(\*zap.Logger\).With`
}

func zapAnyHeader(logger *zap.Logger, resp *http.Response) {
	logger.Debug("response", zap.Any("headers", resp.Header)) // want `http.Header .* reaches \(\*zap.Logger\).Debug`
}

func zapSugared(r *http.Request) {
	sugar := zap.NewNop().Sugar()
	sugar.Infow("retrying", "key", r.Header.Get("X-Api-Key")) // want `X-Api-Key header value reaches \(\*zap.SugaredLogger\).Infow`

	sugar.Infof("request %v", r) // want `request formatted whole .* reaches \(\*zap.SugaredLogger\).Infof`
}

func logrusField(r *http.Request) {
	logrus.WithField("headers", r.Header).Info("retrying") // want `http.Header .* reaches logrus.WithField`
}

func logrusFields(r *http.Request) {
	logrus.WithFields(logrus.Fields{"token": r.Header.Get("X-Auth-Token"), "method": r.Method}).Info("retrying") // want `X-Auth-Token header value reaches logrus.WithFields`
}

func logrusInterface(l logrus.FieldLogger, r *http.Request) {
	_, pass, _ := r.BasicAuth()
	l.Infof("password %s", pass) // want `basic-auth password reaches logrus.FieldLogger.Infof`
}

func zerologEvent(logger zerolog.Logger, r *http.Request) {
	logger.Info().Str("auth", r.Header.Get("Authorization")).Int("attempt", 1).Msg("retrying") // want `Authorization header value reaches \(\*zerolog.Event\).Str`
}

func zerologGlobal(r *http.Request) {
	zlog.Info().Interface("req", r).Send() // want `request formatted whole .* reaches \(\*zerolog.Event\).Interface`
}

func zerologPrintf(r *http.Request) {
	c, err := r.Cookie("session")
	if err != nil {
		return
	}
	zlog.Printf("session %s", c.Value) // want `cookie value reaches zerolog/log.Printf`
}

func hclogKV(r *http.Request) {
	logger := hclog.New(&hclog.LoggerOptions{Name: "client"})
	logger.Info("retrying", "proxy", r.Header.Get("Proxy-Authorization")) // want `Proxy-Authorization header value reaches hclog.Logger.Info`
}

func klogFunctions(r *http.Request) {
	klog.InfoS("retrying", "auth", r.Header.Get("Authorization")) // want `Authorization header value reaches klog.InfoS`

	klog.V(2).Infof("request %+v", r) // want `request formatted whole .* reaches klog.Verbose.Infof`

	klog.ErrorS(errors.New("retry failed"), "giving up", "cookie", r.Header.Get("Cookie")) // want `Cookie header value reaches klog.ErrorS`
}

// ---- must stay silent ----

func zapSafe(logger *zap.Logger, r *http.Request, resp *http.Response) {
	logger.Info("retrying", zap.String("method", r.Method), zap.Int("status", resp.StatusCode),
		zap.String("request_id", r.Header.Get("X-Request-Id")))
}

func zerologSafe(logger zerolog.Logger, r *http.Request) {
	logger.Info().Str("content_type", r.Header.Get("Content-Type")).Int("len", len(r.Header.Get("Authorization"))).Msg("retrying")
}

func klogSafe(r *http.Request) {
	klog.Infof("%s %s", r.Method, r.URL.Path)
	klog.V(2).InfoS("retry", "has_auth", r.Header.Get("Authorization") != "")
}

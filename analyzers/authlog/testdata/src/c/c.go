// Package c logs credentials through the wrappers of other packages.
package c

import (
	"net/http"

	"authz"
	"mylog"
)

// ---- must flag ----

func viaInfof(r *http.Request) {
	mylog.Infof("auth=%s", r.Header.Get("Authorization")) // want `Authorization header value reaches mylog.Infof \(which passes it to log.Printf\)`
}

func viaDebugf(r *http.Request, attempt int) {
	mylog.Debugf("attempt %d cookie %v", attempt, r.Header.Values("Cookie")) // want `Cookie header value reaches mylog.Debugf \(which passes it to log.Printf\)`
}

func viaGenericField(r *http.Request) {
	mylog.Field("key", r.Header.Get("X-Api-Key")) // want `X-Api-Key header value reaches mylog.Field \(which passes it to slog.Info\)`
}

func viaMethod(l *mylog.Logger, r *http.Request) {
	_, pass, ok := r.BasicAuth()
	if ok {
		l.Print("password", pass) // want `basic-auth password reaches \(\*mylog.Logger\).Print \(which passes it to fmt.Fprintln\)`
	}
}

func viaResultFact(r *http.Request) {
	mylog.Infof("token %s", authz.Token(r)) // want `Authorization header value reaches mylog.Infof`
}

func headerToWrapper(resp *http.Response) {
	authz.LogHeaders("response", resp.Header) // want `http.Header .* reaches authz.LogHeaders \(which passes it to log.Println\)`
}

func returnedRequest(r *http.Request) {
	mylog.Infof("%+v", authz.WithAuth(r, "secret")) // want `request formatted whole .* reaches mylog.Infof`
}

// ---- must stay silent ----

func wrapperSafeUses(r *http.Request) {
	mylog.Infof("%s %s", r.Method, r.Header.Get("Content-Type"))
	mylog.Infof("%T", r.Header.Get("Authorization"))
	mylog.Count(r.Header.Get("Authorization"))
	mylog.Kind(r.Header.Get("Authorization"))
	mylog.Infof("%+v", authz.Redacted(r))
}

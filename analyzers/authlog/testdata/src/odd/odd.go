// Package odd holds shapes that must not crash the analyzer: dot imports,
// closures and goroutines, recursion, func values, generic types, a name
// that shadows the http package where a fix would need it.
package odd

import (
	. "log"
	"net/http"
	"sync"
)

func dotImport(r *http.Request) {
	Printf("%s", r.Header.Get("Authorization")) // want `Authorization header value reaches log.Printf`
}

func closureAndGoroutine(r *http.Request, wg *sync.WaitGroup) {
	tok := r.Header.Get("X-Api-Key")
	wg.Add(1)
	go func() {
		defer wg.Done()
		Println("key", tok) // want `X-Api-Key header value reaches log.Println`
	}()
	wg.Wait()
}

// recurse is a wrapper of itself and of log.Print.
func recurse(depth int, v any) {
	if depth > 0 {
		recurse(depth-1, v)
		return
	}
	Print(v)
}

func throughRecursion(r *http.Request) {
	recurse(3, r.Header.Get("Cookie")) // want `Cookie header value reaches recurse \(which passes it to log.Print\)`
}

// A log held in a variable.
func funcValue(r *http.Request) {
	logf := Printf
	logf("auth: %s (retrying)", r.Header.Get("Authorization")) // want `Authorization header value reaches logf`
}

// ---- not followed, by design or by limit: silent ----

var pkgLevel = func(r *http.Request) {
	Print(r.Header.Get("Authorization"))
}

type Store[K comparable, V any] struct{ m map[K]V }

func (s *Store[K, V]) Put(k K, v V) { s.m[k] = v }

func genericStore(r *http.Request) {
	s := &Store[string, string]{m: map[string]string{}}
	s.Put("auth", r.Header.Get("Authorization"))
}

// The fix names no package here: it calls the helper, declared at the
// package level where http is the package.
func shadowedHTTP(r *http.Request) {
	http := 3
	_ = http
	Print(r.Header) // want `http.Header \(may hold Authorization, Proxy-Authorization, ...\) reaches log.Print`
}

func indexedVerb(r *http.Request) {
	Printf("%[1]T %[1]p", r)
}

func noBody()

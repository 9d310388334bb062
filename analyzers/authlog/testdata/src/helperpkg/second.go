package helperpkg

import "log"

// The helper is declared in first.go: a fix here builds its clone in
// place and stays in its file.
func logWrapped(resp *responseLike) {
	log.Print(resp.r.Header) // want `http.Header \(may hold Authorization, Proxy-Authorization, ...\) reaches log.Print`
}

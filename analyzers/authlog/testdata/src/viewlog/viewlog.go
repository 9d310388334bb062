// Package viewlog logs request dumps and bodies converted to text by
// another package's zero-copy helpers.
package viewlog

import (
	"io"
	"log"
	"net/http"
	"net/http/httputil"

	"example.com/bytesconv"
)

// ---- must flag ----

func recovered(r *http.Request, rec any) {
	dump, _ := httputil.DumpRequest(r, false)
	log.Printf("panic recovered:\n%s\n%v", bytesconv.BytesToString(dump), rec) // want `request dump \(includes every header\) reaches log.Printf`
}

// ---- must stay silent ----

// The answer's body, converted the same way.
func answer(resp *http.Response) {
	b, _ := io.ReadAll(resp.Body)
	log.Printf("answer: %s", bytesconv.BytesToString(b))
}

// A length computed from the dump prints no header.
func size(r *http.Request) {
	dump, _ := httputil.DumpRequest(r, false)
	log.Printf("dump of %s bytes", bytesconv.Len(dump))
}

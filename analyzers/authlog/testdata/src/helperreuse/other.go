package helperreuse

import (
	"log"
	"net/http"
)

func logOther(r *http.Request) {
	log.Println(r.Header) // want `http.Header \(may hold Authorization, Proxy-Authorization, ...\) reaches log.Println`
}

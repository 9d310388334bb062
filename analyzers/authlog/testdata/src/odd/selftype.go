package odd

import (
	"log"
	"net/http"
)

// list is a slice type that holds itself: asking whether it is text must
// end.
type list []list

type listError struct{ items list }

func (e listError) Error() string { return "bad list" }

func listOf(r *http.Request) list { return nil }

func logSelfType(r *http.Request) {
	log.Print(listError{items: listOf(r)})
}

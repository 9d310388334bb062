package dumplines

import (
	"bufio"
	"bytes"
	"log"
	"net/http"
	"net/http/httputil"
	"strings"
)

// The lines of a dump, read back one by one, are the dump.

func linesIter(req *http.Request) {
	b, _ := httputil.DumpRequestOut(req, true)
	for line := range bytes.Lines(b) {
		log.Printf("> %s", line) // want `request dump \(includes every header\) reaches log.Printf`
	}
}

func splitSeq(req *http.Request) {
	b, _ := httputil.DumpRequestOut(req, true)
	for line := range strings.SplitSeq(string(b), "\r\n") {
		log.Print(line) // want `request dump \(includes every header\) reaches log.Print`
	}
}

func splitSlice(req *http.Request) {
	b, _ := httputil.DumpRequest(req, true)
	for _, line := range bytes.Split(b, []byte("\n")) {
		log.Printf("| %s", line) // want `request dump \(includes every header\) reaches log.Printf`
	}
}

func scanned(req *http.Request) {
	b, _ := httputil.DumpRequestOut(req, true)
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		log.Printf("> %s", sc.Text()) // want `request dump \(includes every header\) reaches log.Printf`
	}
}

func buffered(req *http.Request) {
	b, _ := httputil.DumpRequestOut(req, false)
	sc := bufio.NewScanner(bytes.NewBuffer(b))
	for sc.Scan() {
		log.Printf("> %s", sc.Text()) // want `request dump \(includes every header\) reaches log.Printf`
	}
}

func readLines(req *http.Request) {
	b, _ := httputil.DumpRequestOut(req, false)
	r := bufio.NewReader(strings.NewReader(string(b)))
	for {
		line, err := r.ReadString('\n')
		log.Print(line) // want `request dump \(includes every header\) reaches log.Print`
		if err != nil {
			return
		}
	}
}

// Silent: the lines are counted, or the text scanned is no dump.

func bufferCounted(req *http.Request) {
	b, _ := httputil.DumpRequestOut(req, false)
	n := 0
	for sc := bufio.NewScanner(bytes.NewBuffer(b)); sc.Scan(); {
		n++
	}
	log.Printf("request of %d lines", n)
}

func counted(req *http.Request) {
	b, _ := httputil.DumpRequestOut(req, true)
	n := 0
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		n++
	}
	log.Printf("request of %d lines", n)
}

func otherText(req *http.Request, body string) {
	_, _ = httputil.DumpRequestOut(req, true)
	for line := range strings.Lines(body) {
		log.Print(line)
	}
	for i := range strings.Lines(body) {
		_ = i
	}
	sc := bufio.NewScanner(strings.NewReader(req.URL.Path))
	for sc.Scan() {
		log.Print(sc.Text())
	}
}

// Command dumpbody uploads a document with a bearer token and, before it
// sends the request, logs a dump of it with its body (stderr): the token
// is in the log, the defect that authlog reports.
//
//	dumpbody -token TOKEN http://127.0.0.1:8080/docs
package main

import (
	"flag"
	"fmt"
	"log"
	"net/http"
	"net/http/httputil"
	"os"
	"strings"
)

func upload(url, token, doc string) error {
	req, err := http.NewRequest(http.MethodPut, url, strings.NewReader(doc))
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Content-Type", "text/plain")
	dump, err := httputil.DumpRequestOut(req, true)
	if err != nil {
		return err
	}
	log.Printf("sending:\n%s", dump)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("upload: %s", resp.Status)
	}
	return nil
}

func main() {
	token := flag.String("token", "", "the bearer token")
	flag.Parse()
	if err := upload(flag.Arg(0), *token, "the quarterly report"); err != nil {
		fmt.Fprintln(os.Stderr, "dumpbody:", err)
		os.Exit(1)
	}
	fmt.Println("ok")
}

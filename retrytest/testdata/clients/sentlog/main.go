// Command sentlog sets a user's password through an SDK-style client
// whose request helper logs the JSON body it sends (stderr), password
// included: the defect that authlog reports at the helper's log, since the
// helper sends what it logs.
//
//	sentlog -user USER -password PASSWORD http://127.0.0.1:8080
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"net/http"
	"os"
)

type client struct {
	base string
}

// req logs the body and sends it.
func (c *client) req(method, path string, body any) error {
	data, err := json.Marshal(body)
	if err != nil {
		return err
	}
	log.Printf("%s %s: %s", method, path, data)
	r, err := http.NewRequest(method, c.base+path, bytes.NewReader(data))
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(r)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("%s %s: %s", method, path, resp.Status)
	}
	return nil
}

func (c *client) setPassword(user, password string) error {
	return c.req(http.MethodPut, "/access/password", map[string]string{"userid": user, "password": password})
}

func main() {
	user := flag.String("user", "", "the user")
	password := flag.String("password", "", "the new password")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: sentlog -user USER -password PASSWORD URL")
		os.Exit(2)
	}
	c := &client{base: flag.Arg(0)}
	if err := c.setPassword(*user, *password); err != nil {
		fmt.Fprintln(os.Stderr, "sentlog:", err)
		os.Exit(1)
	}
	fmt.Println("ok")
}

// Command calleeping waits until a server is ready: five times, 100 ms
// apart, it calls a function that pings the server through a client of
// its own whose Timeout (300 ms) bounds each call, with no bound on the
// calls together: the defect that retrydeadline reports.
//
//	calleeping http://127.0.0.1:8080/report
package main

import (
	"errors"
	"flag"
	"fmt"
	"net/http"
	"os"
	"time"
)

// ping sends one GET through a client with a Timeout of 300 ms.
func ping(url string) error {
	pc := &http.Client{Timeout: 300 * time.Millisecond}
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := pc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("status %d", resp.StatusCode)
	}
	return nil
}

// waitReady pings until the server answers.
func waitReady(url string) error {
	for i := 0; i < 5; i++ {
		if err := ping(url); err == nil {
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return errors.New("not ready after 5 attempts")
}

func main() {
	flag.Parse()
	start := time.Now()
	err := waitReady(flag.Arg(0))
	fmt.Printf("elapsed %v\n", time.Since(start).Round(time.Millisecond))
	if err != nil {
		fmt.Fprintln(os.Stderr, "calleeping:", err)
		os.Exit(1)
	}
	fmt.Println("ok")
}

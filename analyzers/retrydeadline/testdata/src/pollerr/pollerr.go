// Package pollerr reuses the send's error variable for a later call, in a
// poll and in a retry.
package pollerr

import (
	"encoding/json"
	"net/http"
	"time"
)

var hc = &http.Client{Timeout: 10 * time.Second} // want hc:"clienttimeout 10s"

// Silent: a poll; every failure, of the send or of the decode that
// reuses err, leaves the loop.
func waitDone(url string) error {
	for {
		resp, err := hc.Get(url)
		if err != nil {
			return err
		}
		var st struct{ Phase string }
		err = json.NewDecoder(resp.Body).Decode(&st)
		resp.Body.Close()
		if err != nil || resp.StatusCode >= 400 {
			return err
		}
		if st.Phase == "Succeeded" {
			return nil
		}
		time.Sleep(3 * time.Second)
	}
}

// A retry: a transport error, or a decode error in err, goes round again.
func fetchState(url string) (string, error) {
	for i := 0; i < 5; i++ {
		resp, err := hc.Get(url) // want `per-attempt timeout \(http.Client.Timeout\) inside retry loop but no overall deadline`
		if err == nil {
			var st struct{ Phase string }
			err = json.NewDecoder(resp.Body).Decode(&st)
			resp.Body.Close()
			if err == nil {
				return st.Phase, nil
			}
		}
		time.Sleep(time.Second)
	}
	return "", nil
}

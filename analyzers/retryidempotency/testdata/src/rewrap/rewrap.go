// Package rewrap retries writes through a sink interface whose
// implementations fold the send's error into their own with %v.
package rewrap

import (
	"bytes"
	"fmt"
	"log"
	"net/http"
	"time"
)

type Event struct{ ID string }

type Sink interface {
	Write(e Event) error
}

// httpSink posts each event and folds a transport error into its own
// with %v.
type httpSink struct {
	url    string
	client *http.Client
}

func (hs *httpSink) Write(e Event) error { // want Write:"write\\(POST\\)"
	resp, err := hs.client.Post(hs.url, "application/json", bytes.NewReader([]byte(e.ID)))
	if err != nil {
		return fmt.Errorf("%v: error posting: %v", hs.url, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 400 {
		return fmt.Errorf("%v: response status %v unaccepted", hs.url, resp.Status)
	}
	return nil
}

// RetryingSink writes each event until the sink takes it.
type RetryingSink struct {
	sink Sink
}

func (rs *RetryingSink) Write(e Event) error {
	for i := 0; ; i++ {
		err := rs.sink.Write(e) // want `POST is retried after a transport error without an idempotency key \(httpSink.Write, which a call of Sink.Write may run, sends it and takes no key\)`
		if err == nil {
			return nil
		}
		log.Printf("retrying: %v", err)
		time.Sleep(time.Second)
	}
}

// putSink sends PUT, which the server applies once however often it is
// sent.
type putSink struct {
	url    string
	client *http.Client
}

type Store interface {
	Save(e Event) error
}

func (ps *putSink) Save(e Event) error {
	req, err := http.NewRequest(http.MethodPut, ps.url+"/"+e.ID, nil)
	if err != nil {
		return err
	}
	resp, err := ps.client.Do(req)
	if err != nil {
		return fmt.Errorf("saving %s: %v", e.ID, err)
	}
	return resp.Body.Close()
}

type RetryingStore struct {
	store Store
}

func (rs *RetryingStore) Save(e Event) error {
	for {
		err := rs.store.Save(e)
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
}

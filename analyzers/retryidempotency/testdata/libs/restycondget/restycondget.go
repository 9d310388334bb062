// Package restycondget retries transport errors through resty, but only
// reads: it must stay silent.
package restycondget

import (
	"errors"
	"io"

	"github.com/go-resty/resty/v2"
)

func retryEOF(_ *resty.Response, err error) bool { return errors.Is(err, io.ErrUnexpectedEOF) }

func Get() error {
	client := resty.New().SetRetryCount(3).AddRetryCondition(retryEOF)
	_, err := client.R().Get("https://api.example.com/things")
	return err
}

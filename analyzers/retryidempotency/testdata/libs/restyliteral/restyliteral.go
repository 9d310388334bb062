// Package restyliteral posts through a resty client made as a struct
// literal, whose configuration the model does not read: it must stay
// silent, and must not stop the analysis.
package restyliteral

import "github.com/go-resty/resty/v2"

func Literal(name string) error {
	c := &resty.Client{}
	_, err := c.R().Post("/v3/secrets/" + name)
	return err
}

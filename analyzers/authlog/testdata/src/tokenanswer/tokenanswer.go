// Package tokenanswer makes OAuth 2.0 token requests (grant_type) and logs
// their answers: the success answer holds the token it grants, an error
// answer does not, nor does the answer of any other request.
package tokenanswer

import (
	"fmt"
	"io"
	"log"
	"net/http"
	"net/url"
	"strings"
)

type Client struct {
	hc           *http.Client
	clientID     string
	clientSecret string
}

func (c *Client) fetchToken() (string, error) {
	form := url.Values{}
	form.Set("grant_type", "client_credentials")
	form.Set("client_id", c.clientID)
	resp, err := c.hc.Post("https://auth.example.com/oauth/token", "application/x-www-form-urlencoded", strings.NewReader(form.Encode()))
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return "", err
	}
	if resp.StatusCode != http.StatusOK {
		log.Printf("token request failed: %s: %s", resp.Status, body)
		return "", fmt.Errorf("token: %s", resp.Status)
	}
	log.Printf("got token: %s", body) // want `answer of a token request \(grant_type\), which holds the token it grants, reaches log.Printf`
	return string(body), nil
}

func (c *Client) items() (string, error) {
	resp, err := c.hc.Get("https://api.example.com/items")
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return "", err
	}
	log.Printf("items: %s", body)
	return string(body), nil
}

// refresh spells the grant in the body's text.
func (c *Client) refresh(refreshToken string) error {
	body := "grant_type=refresh_token&refresh_token=" + url.QueryEscape(refreshToken)
	resp, err := c.hc.Post("https://auth.example.com/oauth/token", "application/x-www-form-urlencoded", strings.NewReader(body))
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	answer, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	log.Println("refreshed:", string(answer)) // want `answer of a token request \(grant_type\), which holds the token it grants, reaches log.Println`
	return nil
}

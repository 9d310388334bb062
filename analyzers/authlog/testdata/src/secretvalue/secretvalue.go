// Package secretvalue holds secrets that never pass through a header,
// logged: typed credentials of well-known SDKs, fields whose name says
// they hold a secret, forms and bodies made of them; and their
// look-alikes, which stay silent.
package secretvalue

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"log"
	"net/http"
	"net/url"
	"testing"

	"cloud.google.com/go/auth"
	"github.com/aws/aws-sdk-go-v2/aws"
	"golang.org/x/oauth2"

	"secretlib"
)

// Settings are a service's settings.
type Settings struct {
	Host            string
	DBPassword      string
	ServicePassword string
	PasswordFile    string
	MaskedPassword  string
	APIKeyID        string
	PrivateKeyPEM   []byte
	Token           string // a bare token: not a secret by its name
	NextPageToken   string
	Signing         string `json:"signing_key"`
}

// Oauth2 typed credentials.

func fetch(ctx context.Context, src oauth2.TokenSource) {
	tok, err := src.Token()
	if err != nil {
		log.Printf("token: %v", err)
		return
	}
	log.Printf("got token %s", tok.AccessToken) // want `secret field oauth2.Token.AccessToken reaches log.Printf`

	log.Printf("token: %+v", tok) // want `oauth2.Token printed whole \(its AccessToken is a secret\) reaches log.Printf`

	log.Printf("token %T expires %v", tok, tok.Expiry) // silent: its type and expiry
	log.Printf("type %s, %d bytes", tok.Type(), len(tok.AccessToken))
}

func exchange(ctx context.Context, cfg *oauth2.Config, code string) {
	log.Printf("client %s secret %s", cfg.ClientID, cfg.ClientSecret) // want `secret field oauth2.Config.ClientSecret reaches log.Printf`
	log.Printf("scopes %v", cfg.Scopes)
}

// AWS typed credentials.

func retrieve(ctx context.Context, p aws.CredentialsProvider) {
	creds, err := p.Retrieve(ctx)
	if err != nil {
		return
	}
	log.Printf("using key %s", creds.AccessKeyID)
	log.Printf("secret %s", creds.SecretAccessKey) // want `secret field aws.Credentials.SecretAccessKey reaches log.Printf`

	log.Println("credentials:", creds) // want `aws.Credentials printed whole \(its SecretAccessKey is a secret\) reaches log.Println`
	log.Printf("credentials from %s, expire %v", creds.Source, creds.Expires)
}

// A credential type whose field's name does not say secret.

func googleToken(ctx context.Context, p auth.TokenProvider) {
	tok, err := p.Token(ctx)
	if err != nil {
		return
	}
	log.Printf("token %s", tok.Value) // want `secret field auth.Token.Value reaches log.Printf`
	log.Printf("token of type %s expires %v", tok.Type, tok.Expiry)
}

// URL user information.

func basic(r *http.Request) {
	if r.URL.User != nil {
		pw, _ := r.URL.User.Password()
		log.Printf("user %s password %s", r.URL.User.Username(), pw) // want `secret \(a password, key or token\) reaches log.Printf`
	}
}

func proxyURL(host, user, pass string) *url.URL {
	u := &url.URL{Scheme: "http", Host: host, User: url.UserPassword(user, pass)}
	log.Printf("proxy %v", u) // want `URL with its user's password reaches log.Printf`
	log.Printf("proxy %s", u.Redacted())
	return u
}

func parsed(raw string) {
	// Silent: a URL of unknown origin, most of which hold no password.
	u, err := url.Parse(raw)
	if err == nil {
		log.Printf("endpoint %v", u)
	}
}

// Fields whose name says secret.

func connect(s Settings) {
	log.Printf("connecting to %s with %s", s.Host, s.DBPassword) // want `secret field secretvalue.Settings.DBPassword reaches log.Printf`

	log.Printf("key %s", s.PrivateKeyPEM) // want `secret field secretvalue.Settings.PrivateKeyPEM reaches log.Printf`

	log.Printf("signing with %q", s.Signing) // want `secret field secretvalue.Settings.Signing reaches log.Printf`
	// Silent: the file that holds it, a masked form, the key's ID, a
	// bare token, a page token, a length, a test of presence, a prefix.
	log.Printf("password in %s (%s), key %s, %s, page %s", s.PasswordFile, s.MaskedPassword, s.APIKeyID, s.Token, s.NextPageToken)
	log.Printf("password set: %v, %d bytes, starts %s", s.DBPassword != "", len(s.DBPassword), s.DBPassword[:2])
}

func authFailed(s Settings) error {
	return fmt.Errorf("login with %s failed", s.DBPassword)
}

func login(s Settings) {
	if err := authFailed(s); err != nil {
		log.Printf("login: %v", err) // want `secret \(a password, key or token\) reaches log.Printf`
	}
}

// Silent: the secret is sent, never logged.
func send(s Settings, req *http.Request) {
	req.SetBasicAuth("svc", s.ServicePassword)
	log.Printf("sending %s %s", req.Method, req.URL.Redacted())
}

// Helpers of another package: a result that carries the secret, a log
// wrapper.

func viaHelpers(c *secretlib.Client) {
	secretlib.Debugf("endpoint %s", c.Endpoint())
	secretlib.Debugf("secret %s", c.Secret()) // want `secret \(a password, key or token\) reaches secretlib.Debugf \(which passes it to log.Printf\)`
}

// Forms and request values.

func tokenRequest(clientID, clientSecret string) *http.Request {
	form := url.Values{"grant_type": {"client_credentials"}, "client_id": {clientID}, "client_secret": {clientSecret}}
	body := form.Encode()
	log.Printf("token request: %s", body) // want `secret \(a password, key or token\) reaches log.Printf`

	req, _ := http.NewRequest(http.MethodPost, "https://auth.example.com/token", bytes.NewBufferString(body))
	return req
}

func passwordGrant(user, pass string) string {
	v := url.Values{}
	v.Set("grant_type", "password")
	v.Set("username", user)
	v.Set("password", pass)
	log.Printf("form %s", v.Encode()) // want `secret \(a password, key or token\) reaches log.Printf`
	return v.Encode()
}

func listRequest(pageToken string) {
	// Silent: a page token and a scope.
	v := url.Values{"page_token": {pageToken}, "scope": {"read"}}
	v.Set("grant_type", "password")
	log.Printf("list %s", v.Encode())
}

func graphQL(user, pass string) {
	vars := map[string]any{"username": user, "password": pass}
	log.Printf("graphql variables: %v", vars) // want `secret \(a password, key or token\) reaches log.Printf`
	page := map[string]any{"after": user, "nextToken": pass}
	log.Printf("graphql variables: %v", page)
}

// Bodies.

// LoginRequest is a login body.
type LoginRequest struct {
	User     string `json:"user"`
	Password string `json:"password"`
}

// CreateKey is a body whose secret json does not write.
type CreateKey struct {
	Name   string `json:"name"`
	Secret string `json:"-"`
}

func postLogin(user, pass string) ([]byte, error) {
	body, err := json.Marshal(&LoginRequest{User: user, Password: pass})
	if err != nil {
		return nil, err
	}
	log.Printf("POST /login %s", body) // want `secret \(a password, key or token\) reaches log.Printf`
	log.Printf("POST /login (%d bytes)", len(body))
	return body, nil
}

// Job is an API's response: its agent's token is a field of a struct it
// holds, which the server leaves empty there.
type Job struct {
	ID    string `json:"id"`
	Agent Agent  `json:"agent"`
}

// Agent is an agent, with the token it was registered with.
type Agent struct {
	Name        string `json:"name"`
	AccessToken string `json:"access_token,omitempty"`
}

// LoginWithCode embeds the login body, whose fields json writes as its
// own.
type LoginWithCode struct {
	LoginRequest
	Code string `json:"code"`
}

func postLoginCode(req LoginWithCode) []byte {
	body, _ := json.Marshal(req)
	log.Printf("POST /login %s", body) // want `secret \(a password, key or token\) reaches log.Printf`
	return body
}

// Silent: the secret is in a struct the body holds.
func printJob(job *Job) {
	data, _ := json.MarshalIndent(job, "", "\t")
	log.Printf("%s", data)
}

func postKey(name, secret string) {
	body, _ := json.Marshal(CreateKey{Name: name, Secret: secret})
	log.Printf("POST /keys %s", body)
}

// Hook is a webhook: its signing secret's name says secret.
type Hook struct {
	URL           string
	SigningSecret string // want `Hook.SigningSecret holds a secret, and a log prints Hook whole: SigningSecret reaches log.Printf`
}

// RedactedHook prints itself without its secret.
type RedactedHook struct {
	URL           string
	SigningSecret string
}

func (h RedactedHook) String() string { return "RedactedHook{" + h.URL + "}" } // want String:`authlog\(prints=f0\)`

func hooks(h Hook, r RedactedHook) {
	log.Printf("hook %+v", h)
	log.Printf("hook %v", r)
}

// Silent: a test's output.
func checkToken(t *testing.T, tok *oauth2.Token) {
	t.Logf("token %s", tok.AccessToken)
}

// TLSSpec names Kubernetes Secrets: TLSSecret and ImagePullSecret hold a
// Secret object's name, not a secret. Silent.
type TLSSpec struct {
	TLSSecret       string
	ImagePullSecret string
}

func logSpec(s TLSSpec) {
	log.Printf("tls secret %s, pull secret %s", s.TLSSecret, s.ImagePullSecret)
}

// A map literal logged in place prints its keys beside its values.
func graphQLInline(user, pass string) {
	log.Printf("graphql variables: %v", map[string]any{"username": user, "password": pass}) // want `secret \(a password, key or token\) reaches log.Printf`
	log.Printf("graphql variables: %v", map[string]any{"username": user, "after": pass})
	log.Printf("graphql variables: %v", map[string]any{"username": user, "password": "[REDACTED]"})
}

// put only logs what it is handed: the entry is redacted where it is
// made. (A helper that sends the map too has the finding at its log:
// see package sentlog.)
func put(path string, body any) {
	log.Printf("PUT %s: %v", path, body)
}

func setPassword(user, pass string) {
	put("/access/password", map[string]string{
		"userid":   user,
		"password": pass, // want `secret \(a password, key or token\) reaches put \(which passes it to log.Printf\)`
	})
}

// Must stay silent: what a secret key holds here is no secret text.
func graphQLMasked(user, pass string) {
	log.Printf("vars: %v", map[string]any{"username": user, "password": pass != ""})
	log.Printf("vars: %v", map[string]any{"username": user, "password": fmt.Sprint(len(pass))})
	log.Printf("vars: %v", map[string]any{"username": user, "password": pass[:2] + "***"})
}

// SetPasswordRequest is a SOAP action's body: encoding/xml writes its
// password.
type SetPasswordRequest struct {
	XMLName     xml.Name `xml:"u:SetPasswordRequest"`
	NewPassword string   `xml:"NewPassword"`
}

// SetPasswordHidden leaves the password out of what encoding/xml writes.
type SetPasswordHidden struct {
	XMLName     xml.Name `xml:"u:SetPassword"`
	User        string   `xml:"User"`
	NewPassword string   `xml:"-"`
}

func soapSetPassword(pass string, debug bool) []byte {
	body, _ := xml.MarshalIndent(&SetPasswordRequest{NewPassword: pass}, "", "\t")
	if debug {
		log.Println("request:", string(body)) // want `secret \(a password, key or token\) reaches log.Println`
	}
	return body
}

// Silent: the password is tagged xml:"-", which encoding/xml leaves out.
func soapSetHidden(user, pass string) []byte {
	body, _ := xml.Marshal(SetPasswordHidden{User: user, NewPassword: pass})
	log.Println("request:", string(body))
	return body
}

// SASLAuth is a SASL exchange's element: its Value holds whatever the
// mechanism sends, a secret or not, and xml writes it.
type SASLAuth struct {
	XMLName   xml.Name `xml:"auth"`
	Mechanism string   `xml:"mechanism,attr"`
	Value     string   `xml:",innerxml"`
}

func saslPlain(s Settings) []byte {
	data, _ := xml.Marshal(SASLAuth{Mechanism: "PLAIN", Value: base64.StdEncoding.EncodeToString([]byte("\x00" + s.Host + "\x00" + s.DBPassword))})
	log.Printf("SEND %s", data) // want `secret \(a password, key or token\) reaches log.Printf`
	return data
}

// Silent: no secret in the element.
func saslAnonymous(s Settings) []byte {
	data, _ := xml.Marshal(&SASLAuth{Mechanism: "ANONYMOUS", Value: base64.StdEncoding.EncodeToString([]byte(s.Host))})
	log.Printf("SEND %s", data)
	return data
}

// Silent: json does not write the field that holds the secret.
func postKeyLiteral(name string, s Settings) {
	body, _ := json.Marshal(CreateKey{Name: name, Secret: s.DBPassword})
	log.Printf("POST /keys %s", body)
}

// The encoder writes the credentials into the buffer it is handed.
func saslEncoded(s Settings) []byte {
	raw := "\x00" + s.Host + "\x00" + s.DBPassword
	enc := make([]byte, base64.StdEncoding.EncodedLen(len(raw)))
	base64.StdEncoding.Encode(enc, []byte(raw))
	log.Printf("SEND %s", enc) // want `secret \(a password, key or token\) reaches log.Printf`
	return enc
}

// The same encoder handed only the host: the buffer holds no secret, and
// the password's encoding goes to a buffer that is sent, not logged.
func saslEncodedHost(s Settings) []byte {
	raw := "\x00" + s.Host
	enc := make([]byte, base64.StdEncoding.EncodedLen(len(raw)))
	base64.StdEncoding.Encode(enc, []byte(raw))
	auth := make([]byte, base64.StdEncoding.EncodedLen(len(s.DBPassword)))
	base64.StdEncoding.Encode(auth, []byte(s.DBPassword))
	log.Printf("SEND %s", enc)
	return auth
}

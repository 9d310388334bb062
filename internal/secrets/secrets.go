// Package secrets knows which values are credentials although no HTTP
// header names them: the fields of well-known SDK credential types (an
// OAuth2 token, AWS credentials, an Azure or Google access token), and
// the fields, form keys and map keys whose name says they hold a secret
// (Password, ClientSecret, api_key, privateKey, refresh_token).
//
// A name says secret when its last words, after an optional word naming
// an encoding of the same value (PrivateKeyPEM, APIKeyValue), are one of
// the phrases of secretPhrases: PasswordFile, SecretName, APIKeyHeader,
// AccessTokenURL and TokenType name something else, and MaskedPassword or
// PasswordHash name no secret. "Pass" and "pwd" end a secret name after a
// word that says whose (AdminPass, DBPwd). "Secret" is one as a whole name or after a
// word that says whose secret it is (ClientSecret, WebhookSecret), not
// after any word: TLSSecret and ImagePullSecret name a Kubernetes Secret. The word "token" alone is no phrase: of
// the text fields named Token in the SDKs this project measures itself
// on, about as many hold a payment token, a language model's token or a
// page token as a credential; a token a package sends as a credential is
// found by that evidence instead (see authlog's credfield.go).
package secrets

import (
	"go/types"
	"reflect"
	"strings"
	"unicode"

	"github.com/retrylint/retrylint/internal/httpmodel"
)

// secretPhrases are the word sequences, joined, that end a secret name.
var secretPhrases = []string{
	"password", "passwd", "passphrase",
	// "secret" alone names a secret only as the whole name (Secret,
	// secret_value): TLSSecret, CASecret and ImagePullSecret name a
	// Kubernetes Secret object, as SecretName does (see match).
	"clientsecret", "apisecret", "appsecret", "sharedsecret", "signingsecret", "webhooksecret",
	"consumersecret", "oauthsecret", "hmacsecret", "jwtsecret", "tokensecret", "accesssecret",
	"apikey", "privatekey", "secretkey", "secretaccesskey", "signingkey", "encryptionkey", "masterkey", "accountkey",
	"accesstoken", "refreshtoken", "sessiontoken", "bearertoken", "authtoken", "apitoken", "idtoken", "securitytoken", "oauthtoken",
	// The token of the Private-Token header (a default credential
	// header), spelled as a query key or a field (private_token).
	"privatetoken",
	"bearer", "credential", "credentials",
	// An Azure shared access signature token grants what it names until
	// it expires (SASToken, sas_token); a connection string's
	// SharedAccessKey signs such tokens.
	"sastoken", "sharedaccesskey",
}

// formPhrases are the further phrases of the keys of token-endpoint form
// bodies (RFC 6749, RFC 7521, RFC 8693): a client assertion, and the
// tokens exchanged.
var formPhrases = []string{"assertion", "subjecttoken", "actortoken"}

// queryPhrases are the further phrases of the keys of a request's query
// or form (url.Values): the signature of a signed URL, which grants what
// the URL names until it expires (X-Amz-Signature, X-Goog-Signature,
// signature).
var queryPhrases = []string{"signature"}

// queryWholeKeys are the keys of a request's query or form that say
// secret only as the whole key: the token of a revocation or
// introspection form (RFC 7009, RFC 7662) or of a query (?token=...), an
// Azure SAS signature (sig); not page_token or token_type. A field or a
// map entry named token is no such evidence (see the package comment).
var queryWholeKeys = map[string]bool{"token": true, "sig": true}

// encodings are the words that may follow a secret phrase and name the
// same value in another form.
var encodings = map[string]bool{"pem": true, "value": true, "data": true, "bytes": true, "raw": true, "base64": true, "b64": true}

// notSecret are the words that, anywhere in a name, say that it holds no
// secret: a masked, hashed or encrypted form of one, or a flag (HasPassword).
var notSecret = map[string]bool{"masked": true, "redacted": true, "hash": true, "hashed": true, "encrypted": true, "obfuscated": true, "sanitized": true, "has": true, "is": true}

// Name reports whether a field or variable name says that its text is a
// secret (see the package comment).
func Name(name string) bool { return match(Words(name), secretPhrases) }

// FormKey reports whether the key of a form body or of a map of request
// values (client_secret, password, assertion, subject_token) says its
// value is a secret.
func FormKey(key string) bool {
	w := Words(key)
	return match(w, secretPhrases) || match(w, formPhrases)
}

// QueryKey reports whether the key of a request's query or of its
// url.Values says its value is a secret: a form key's, and a signed URL's
// signature (X-Amz-Signature, sig) or a query's token.
func QueryKey(key string) bool {
	if FormKey(key) {
		return true
	}
	w := Words(key)
	return match(w, queryPhrases) || len(w) == 1 && queryWholeKeys[w[0]]
}

func match(words []string, phrases []string) bool {
	if len(words) == 0 {
		return false
	}
	for _, w := range words {
		if notSecret[w] {
			return false
		}
	}
	if len(words) > 1 && encodings[words[len(words)-1]] {
		words = words[:len(words)-1]
	}
	if len(words) == 1 && words[0] == "secret" {
		return true
	}
	// "pass" and "pwd" are short for password after a word that says
	// whose (AdminPass, db_pwd), not alone (a Pass may count passes, a
	// Pwd be a working directory) or in "by pass".
	if n := len(words); n > 1 && (words[n-1] == "pass" || words[n-1] == "pwd") && words[n-2] != "by" {
		return true
	}
	// The phrase must start at a word: "secret" ends ClientSecret, not
	// Nonsecret.
	joined := ""
	for i := len(words) - 1; i >= 0; i-- {
		joined = words[i] + joined
		for _, p := range phrases {
			if joined == p {
				return true
			}
		}
		if len(joined) >= len("secretaccesskey") {
			break
		}
	}
	return false
}

// Words splits a name into lower-case words: at underscores, hyphens,
// dots and spaces, and at case changes (APIKey is api key, clientSecret
// client secret, OAuthToken o auth token).
func Words(name string) []string {
	var words []string
	rs := []rune(name)
	start := 0
	flush := func(end int) {
		if end > start {
			words = append(words, strings.ToLower(string(rs[start:end])))
		}
		start = end
	}
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		if r == '_' || r == '-' || r == '.' || r == ' ' {
			flush(i)
			start = i + 1
			continue
		}
		if i == start || !unicode.IsUpper(r) {
			continue
		}
		prev := rs[i-1]
		// fooBar: a word starts at B; APIKey: at K, the upper-case letter
		// before a lower-case one.
		if unicode.IsLower(prev) || unicode.IsDigit(prev) || i+1 < len(rs) && unicode.IsLower(rs[i+1]) && unicode.IsUpper(prev) {
			flush(i)
		}
	}
	flush(len(rs))
	// OAuth is one word: o auth reads oauth.
	for i := 0; i+1 < len(words); i++ {
		if words[i] == "o" && words[i+1] == "auth" {
			words = append(words[:i], append([]string{"oauth"}, words[i+2:]...)...)
		}
	}
	return words
}

// A typedField is a field of a credential type of a well-known SDK whose
// name alone does not say so.
type typedField struct{ pkg, typ, field string }

// typedFields lists them, by package path, type and field.
var typedFields = []typedField{
	{"github.com/Azure/azure-sdk-for-go/sdk/azcore/internal/exported", "AccessToken", "Token"}, // azcore.AccessToken
	{"cloud.google.com/go/auth", "Token", "Value"},
	{"golang.org/x/oauth2", "Token", "AccessToken"},
	{"golang.org/x/oauth2", "Token", "RefreshToken"},
	{"golang.org/x/oauth2", "Config", "ClientSecret"},
	{"golang.org/x/oauth2/clientcredentials", "Config", "ClientSecret"},
	{"github.com/aws/aws-sdk-go-v2/aws", "Credentials", "SecretAccessKey"},
	{"github.com/aws/aws-sdk-go-v2/aws", "Credentials", "SessionToken"},
}

// Typed reports whether f, a field of the struct type named, is a field
// of text type of a credential type of a well-known SDK that its name
// does not tell (azcore.AccessToken.Token, auth.Token.Value).
func Typed(named *types.Named, f *types.Var) bool {
	if named == nil || !IsText(f.Type()) {
		return false
	}
	obj := named.Obj()
	if obj.Pkg() == nil {
		return false
	}
	for _, tf := range typedFields {
		if tf.field == f.Name() && tf.typ == obj.Name() && tf.pkg == obj.Pkg().Path() {
			return true
		}
	}
	return false
}

// Named reports whether the i-th field of st is of text type and its
// name, or the name a json, yaml, xml, form, url or mapstructure tag
// gives it, says that it holds a secret; or a list of texts whose name
// is the plural of a secret's (see pluralName).
func Named(st *types.Struct, i int) bool {
	f := st.Field(i)
	if IsTextList(f.Type()) {
		return pluralName(f.Name())
	}
	if !IsText(f.Type()) {
		return false
	}
	if Name(f.Name()) {
		return true
	}
	tag := reflect.StructTag(st.Tag(i))
	for _, key := range []string{"json", "yaml", "xml", "form", "url", "mapstructure"} {
		if v, ok := tag.Lookup(key); ok {
			name, _, _ := strings.Cut(v, ",")
			if name != "" && name != "-" && FormKey(name) {
				return true
			}
		}
	}
	return false
}

// Marshalled reports whether the i-th field of st is written by
// encoding/json or encoding/xml (enc, "json" or "xml"): exported, and not
// tagged json:"-" (xml:"-").
func Marshalled(st *types.Struct, i int, enc string) bool {
	f := st.Field(i)
	if !f.Exported() && !f.Embedded() {
		return false
	}
	v, ok := reflect.StructTag(st.Tag(i)).Lookup(enc)
	return !ok || v != "-"
}

// pluralName reports whether the name of a list of texts says that each
// holds a secret: its last word is the plural of a secret phrase's
// (PeerPasswords, APIKeys, ClientSecrets). "Secrets" alone is no such
// name: a list of them names Kubernetes Secrets as often as it holds
// secrets (as SecretName names one); nor is a list of "Credentials", the
// names or IDs of credentials more often than their values.
func pluralName(name string) bool {
	w := Words(name)
	n := len(w)
	if n == 0 || n == 1 && w[0] == "secrets" || w[n-1] == "credentials" {
		return false
	}
	last, ok := strings.CutSuffix(w[n-1], "s")
	if !ok || strings.HasSuffix(last, "s") {
		return false // Pass (passes), or no plural
	}
	return match(append(w[:n-1:n-1], last), secretPhrases)
}

// IsTextList reports whether t is a slice of strings: a list of texts,
// each of which a name may say is a secret (see Named).
func IsTextList(t types.Type) bool {
	s, ok := t.Underlying().(*types.Slice)
	return ok && httpmodel.IsStringOrBytes(s.Elem())
}

// IsText reports whether t is a string or a byte slice, or a pointer to
// one (*string, as generated API types hold optional fields).
func IsText(t types.Type) bool {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	return httpmodel.IsStringOrBytes(t)
}

// pathWords are the last words of a parameter that names a file: what
// is handed to it is where something is kept, not the thing.
var pathWords = map[string]bool{"file": true, "filename": true, "path": true, "filepath": true, "pathname": true, "dir": true, "dirname": true}

// PathParam reports whether the parameter p of fn names a file: its last
// word says file or path (ioutil.ReadFile(filename),
// tls.LoadX509KeyPair(certFile, keyFile), filepath.Abs(path), an SDK's
// WithCredentialsFile(filename)), or it is the name of a file function of
// package os (os.Open(name), os.ReadFile(name), os.Stat(name)). A value
// handed to one is a file's name, which an environment variable named
// for credentials often holds (GOOGLE_APPLICATION_CREDENTIALS).
func PathParam(fn *types.Func, p *types.Var) bool {
	if fn == nil || p == nil {
		return false
	}
	if w := Words(p.Name()); len(w) > 0 && pathWords[w[len(w)-1]] {
		return true
	}
	return p.Name() == "name" && fn.Pkg() != nil && fn.Pkg().Path() == "os"
}

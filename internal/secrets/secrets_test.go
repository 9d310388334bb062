package secrets

import (
	"go/token"
	"go/types"
	"slices"
	"testing"
)

func TestWords(t *testing.T) {
	for name, want := range map[string][]string{
		"APIKey":          {"api", "key"},
		"clientSecret":    {"client", "secret"},
		"client_secret":   {"client", "secret"},
		"OAuthToken":      {"oauth", "token"},
		"SecretAccessKey": {"secret", "access", "key"},
		"privateKeyPEM":   {"private", "key", "pem"},
		"x-api-key":       {"x", "api", "key"},
		"DB2Password":     {"db2", "password"},
	} {
		if got := Words(name); !slices.Equal(got, want) {
			t.Errorf("Words(%q) = %q, want %q", name, got, want)
		}
	}
}

func TestName(t *testing.T) {
	for _, name := range []string{
		"Password", "DBPassword", "passwd", "Passphrase", "ClientSecret", "secret", "Secret", "SecretValue", "WebhookSecret", "SharedSecret", "APISecret", "client_secret", "APIKey", "ApiKey", "api_key", "apikey",
		"PrivateKey", "PrivateToken", "private_token", "PrivateKeyPEM", "privateKeyData", "SecretAccessKey", "AWSSecretAccessKey", "SigningKey",
		"AccessToken", "refresh_token", "SessionToken", "BearerToken", "AuthToken", "IDToken", "OAuthToken", "Credentials",
		"AdminPass", "admin_pass", "RootPwd", "DBPass", "ProxyPass",
		"SASToken", "sasToken", "sas_token", "SharedAccessKey",
	} {
		if !Name(name) {
			t.Errorf("Name(%q) = false, want true", name)
		}
	}
	for _, name := range []string{
		"", "Token", "token", "PageToken", "NextPageToken", "ContinuationToken", "SyncToken", "CSRFToken", "ClientToken",
		"PasswordFile", "SecretName", "SecretRef", "APIKeyID", "APIKeyHeader", "AccessKey", "AccessKeyID", "TokenType",
		"AccessTokenURL", "TokenURL", "MaskedPassword", "PasswordHash", "HasPassword", "Key", "CacheKey", "Secrets",
		"Nonsecret", "CredentialType", "PrivateKeyPath", "TLSSecret", "CASecret", "ImagePullSecret", "BootstrapSecret",
		"Pass", "pwd", "Bypass", "ByPass", "Passthrough", "PassiveMode", "PassCount", "AdminPassHash",
		"SASTokenExpiry", "SharedAccessKeyName", "SASURL",
	} {
		if Name(name) {
			t.Errorf("Name(%q) = true, want false", name)
		}
	}
}

func TestPluralName(t *testing.T) {
	for _, name := range []string{"PeerPasswords", "APIKeys", "api_keys", "ClientSecrets", "AccessTokens", "PrivateKeys"} {
		if !pluralName(name) {
			t.Errorf("pluralName(%q) = false, want true", name)
		}
	}
	for _, name := range []string{"", "Secrets", "ImagePullSecrets", "Tokens", "Passwords_hash", "PasswordFiles", "Keys", "Password", "AdminPass", "Peers", "SecretNames", "Credentials", "AWSCredentials"} {
		if pluralName(name) {
			t.Errorf("pluralName(%q) = true, want false", name)
		}
	}
}

func TestFormKey(t *testing.T) {
	for _, k := range []string{"client_secret", "password", "assertion", "client_assertion", "subject_token", "actor_token", "refresh_token"} {
		if !FormKey(k) {
			t.Errorf("FormKey(%q) = false", k)
		}
	}
	for _, k := range []string{"grant_type", "client_id", "scope", "page_token", "code", "username", "client_assertion_type", "subject_token_type", "token", "sig", "signature"} {
		if FormKey(k) {
			t.Errorf("FormKey(%q) = true", k)
		}
	}
}

func TestQueryKey(t *testing.T) {
	for _, k := range []string{"client_secret", "access_token", "token", "sig", "X-Amz-Signature", "X-Goog-Signature", "signature"} {
		if !QueryKey(k) {
			t.Errorf("QueryKey(%q) = false", k)
		}
	}
	for _, k := range []string{"grant_type", "page_token", "token_type", "next_token", "SignatureVersion", "SignatureMethod", "signature_version", "sigv4", "tokens", "sv", "se"} {
		if QueryKey(k) {
			t.Errorf("QueryKey(%q) = true", k)
		}
	}
}

func TestPathParam(t *testing.T) {
	os := types.NewPackage("os", "os")
	sdk := types.NewPackage("example.com/sdk", "sdk")
	param := func(name string) *types.Var { return types.NewParam(token.NoPos, nil, name, types.Typ[types.String]) }
	fn := func(pkg *types.Package, name string) *types.Func {
		return types.NewFunc(token.NoPos, pkg, name, types.NewSignatureType(nil, nil, nil, nil, nil, false))
	}
	for _, tt := range []struct {
		fn    *types.Func
		param string
		want  bool
	}{
		{fn(os, "ReadFile"), "name", true},
		{fn(sdk, "WithCredentialsFile"), "filename", true},
		{fn(sdk, "LoadX509KeyPair"), "keyFile", true},
		{fn(sdk, "Abs"), "path", true},
		{fn(sdk, "Lookup"), "name", false},    // a name, not a file's: only os's functions
		{fn(sdk, "SetToken"), "token", false}, // the secret itself
		{fn(sdk, "WithFilePrefix"), "filePrefix", false},
	} {
		if got := PathParam(tt.fn, param(tt.param)); got != tt.want {
			t.Errorf("PathParam(%s, %s) = %v, want %v", tt.fn.Name(), tt.param, got, tt.want)
		}
	}
}

package secrets

import (
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
		"PrivateKey", "PrivateKeyPEM", "privateKeyData", "SecretAccessKey", "AWSSecretAccessKey", "SigningKey",
		"AccessToken", "refresh_token", "SessionToken", "BearerToken", "AuthToken", "IDToken", "OAuthToken", "Credentials",
		"AdminPass", "admin_pass", "RootPwd", "DBPass", "ProxyPass",
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
	} {
		if Name(name) {
			t.Errorf("Name(%q) = true, want false", name)
		}
	}
}

func TestFormKey(t *testing.T) {
	for _, k := range []string{"client_secret", "password", "assertion", "client_assertion", "subject_token", "actor_token", "refresh_token"} {
		if !FormKey(k) {
			t.Errorf("FormKey(%q) = false", k)
		}
	}
	for _, k := range []string{"grant_type", "client_id", "scope", "page_token", "code", "username", "client_assertion_type", "subject_token_type"} {
		if FormKey(k) {
			t.Errorf("FormKey(%q) = true", k)
		}
	}
}

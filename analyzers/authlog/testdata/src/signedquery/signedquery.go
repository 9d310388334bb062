// Package signedquery: a signed URL's signature (Azure SAS sig, a
// presigned URL's X-Amz-Signature) and a query's token grant what the URL
// names to whoever reads it: logged, they leak. Version and type
// parameters, and pagination tokens, are no secrets.
package signedquery

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"log"
	"net/http"
	"net/url"
	"strings"
	"time"
)

type AccountKey struct {
	Account string
	Key     []byte
}

func (k AccountKey) sas(blob, perms string, expiry time.Time) url.Values {
	se := expiry.UTC().Format(time.RFC3339)
	mac := hmac.New(sha256.New, k.Key)
	mac.Write([]byte(strings.Join([]string{perms, se, blob}, "\n")))
	q := url.Values{}
	q.Set("sv", "2021-08-06")
	q.Set("se", se)
	q.Set("sp", perms)
	q.Set("sig", base64.StdEncoding.EncodeToString(mac.Sum(nil)))
	return q
}

// Must flag: the SAS URL with its signature.
func (k AccountKey) SignedURL(blob string, ttl time.Duration) string { // want SignedURL:"authlog\\(sink=log.Printf values=p0 result0=secret result0<-p0\\)"
	q := k.sas(blob, "r", time.Now().Add(ttl))
	u := fmt.Sprintf("https://%s.blob.example.net/%s?%s", k.Account, blob, q.Encode())
	log.Printf("signed url: %s", u) // want `secret \(a password, key or token\) reaches log.Printf`
	return u
}

// Download fetches a blob through its signed URL.
func (k AccountKey) Download(blob string) (*http.Response, error) { // want Download:"authlog\\(sink=log.Printf values=p0 sends=p0 result1=url-error result1<-p0\\)"
	return http.Get(k.SignedURL(blob, time.Minute))
}

// Must flag: a presigned URL's X-Amz-Signature.
func Presign(secret []byte, path string) string { // want Presign:"authlog\\(sink=log.Println values=p1 result0=secret result0<-p1\\)"
	mac := hmac.New(sha256.New, secret)
	mac.Write([]byte(path))
	q := url.Values{}
	q.Set("X-Amz-Algorithm", "AWS4-HMAC-SHA256")
	q.Set("X-Amz-Signature", hex.EncodeToString(mac.Sum(nil)))
	u := "https://bucket.example.com" + path + "?" + q.Encode()
	log.Println("presigned", u) // want `secret \(a password, key or token\) reaches log.Println`
	return u
}

// Must flag: a query's token.
func Stream(base, token string) string { // want Stream:"authlog\\(sink=log.Printf values=p0,p1 result0=secret result0<-p0,p1\\)"
	u := base + "/events?token=" + url.QueryEscape(token)
	log.Printf("connecting to %s", u) // want `secret \(a password, key or token\) reaches log.Printf`
	return u
}

// Must stay silent: the signature's version and method, a page token, a
// token type.
func Page(base, next string) string { // want Page:"authlog\\(sink=log.Printf values=p0,p1 result0<-p0,p1\\)"
	q := url.Values{}
	q.Set("SignatureVersion", "2")
	q.Set("SignatureMethod", "HMAC-SHA256")
	q.Set("next_token", next)
	q.Set("token_type", "bearer")
	u := base + "?" + q.Encode()
	log.Printf("page %s", u)
	return u
}

// Package failsafe holds callers of failsafe-go's HTTP retry policy,
// whose default delay reads Retry-After as seconds only.
package failsafe

import (
	"net/http"
	"strconv"
	"time"

	"github.com/failsafe-go/failsafe-go"
	"github.com/failsafe-go/failsafe-go/failsafehttp"
	"github.com/failsafe-go/failsafe-go/retrypolicy"
)

// The default builder, built at once: its delay is DelayFunc.
func defaultPolicy() retrypolicy.RetryPolicy[*http.Response] {
	return failsafehttp.NewRetryPolicyBuilder().WithMaxRetries(3).Build() // want `failsafehttp.NewRetryPolicyBuilder takes its delay from failsafehttp.DelayFunc, which reads Retry-After as seconds only`
}

// The builder kept in a variable and built later, in a function that
// never replaces the delay.
func send(client *http.Client, req *http.Request) (*http.Response, error) {
	b := failsafehttp.NewRetryPolicyBuilder() // want `takes its delay from failsafehttp.DelayFunc`
	b = b.WithBackoff(time.Second, 30*time.Second)
	policy := b.Build()
	return failsafehttp.NewRequest(req, client, policy).Do()
}

// DelayFunc handed to a builder of the caller's.
func ownPolicy() retrypolicy.RetryPolicy[*http.Response] {
	return retrypolicy.NewBuilder[*http.Response]().
		WithMaxRetries(2).
		WithDelayFunc(failsafehttp.DelayFunc). // want `failsafehttp.DelayFunc reads Retry-After as seconds only`
		Build()
}

// Silent: the delay replaced in the chain.
func replaced() retrypolicy.RetryPolicy[*http.Response] {
	return failsafehttp.NewRetryPolicyBuilder().
		WithDelayFunc(bothForms).
		Build()
}

// Silent: the delay replaced later, on the variable.
func replacedLater() retrypolicy.RetryPolicy[*http.Response] {
	b := failsafehttp.NewRetryPolicyBuilder()
	b = b.WithDelayFunc(bothForms)
	return b.Build()
}

// Silent: the builder is returned; its caller may set the delay.
func builder() retrypolicy.Builder[*http.Response] {
	return failsafehttp.NewRetryPolicyBuilder().WithMaxRetries(5)
}

// Silent: DelayFunc called for its value, not set as a policy's delay.
func peek(exec failsafe.ExecutionAttempt[*http.Response]) time.Duration {
	return failsafehttp.DelayFunc(exec) * 2
}

func bothForms(exec failsafe.ExecutionAttempt[*http.Response]) time.Duration { // want bothForms:`retryafter\(result0=retry-after\)`
	resp := exec.LastResult()
	if resp == nil {
		return -1
	}
	v := resp.Header.Get("Retry-After")
	if secs, err := strconv.Atoi(v); err == nil && secs >= 0 {
		return time.Duration(secs) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil {
		return time.Until(t)
	}
	return -1
}

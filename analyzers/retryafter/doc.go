// Package retryafter defines an Analyzer that reports code which lets an
// HTTP client come back before the server allowed it.
//
// # Analyzer retryafter
//
// retryafter: report Retry-After waits that are shortened, misparsed or dropped
//
// A server that answers 429 or 503 with Retry-After says how long the client
// must wait (RFC 9110 section 10.2.3). A client that retries sooner earns
// another refusal and, with APIs that count requests while throttling, a
// longer penalty. The analyzer follows each value read from the Retry-After
// header through local variables, conversions, strconv and time arithmetic,
// and through helper functions in any package; a wait header read by a name
// taken from a table the function ranges over, and the result of a callback
// typed as the server's wait (a function value whose type, or the field
// that holds it, is named for RetryAfter and returns a time.Duration, as
// resty's RetryAfterFunc) are followed too, and so is a struct field that
// some function fills with the server's wait (an error type's RetryAfter,
// or a back-off's hint stored from inside the operation it hands a retry
// helper): the field holds it wherever it is read, directly or through a getter
// method, in this package or in another. A helper that reads a header by
// a name it is given (getHeader(resp, name), a wrapper's
// HeaderValue(key)), in any package, reads the server's wait where it is
// passed a wait header's name, also through http.CanonicalHeaderKey; an
// entry of a map of header names to values that is no http.Header
// (headers["retry-after"] of a map[string]string the client fills from
// the response, names folded) is the header's value. A function value carries the
// server's wait too when some function stored in it returns that wait: a
// func-typed field, variable or named function type (a policy's Backoff)
// to which the package, or the package that declares it, stores a
// function literal, a declared function or the result of a constructor
// (ExponentialBackoff(...)) that returns Retry-After on some path; the
// result of every call through it is then the server's wait on those
// paths, and a cap on it is a cap. A function value whose stored
// functions never read a wait header (a pure exponential backoff) carries
// nothing. It reports:
//
//   - a cap on the server's wait: min(ra, limit), math.Min(ra, limit), a
//     call of a helper, in any package, that caps the parameter it is
//     passed in (clamp(ra, lo, hi), minDuration(limit, ra)), a call of a
//     wait helper of the package that caps the wait it is handed first
//     thing and then waits for it (func (c *Client) backOff(ctx, t) { if
//     t > c.MaxWaitTime { t = c.MaxWaitTime }; timer := time.NewTimer(t)
//     ... }, or t = min(t, most) before time.Sleep(t)), reported at the
//     call that hands it the server's wait, or
//     if ra > limit { ra = limit } in any of its mirrored forms, also with
//     other conditions joined by || or guarded with && (if limit > 0 &&
//     ra > limit), a field pointing to the wait made to point to the limit
//     (e.RetryAfter = &limit), and if ra > limit { return limit } followed
//     by return ra;
//   - a wait used only when it is small, with a shorter wait of the client's
//     own substituted otherwise (return ra when ra < limit, else backoff),
//     and its mirror, a wait above a limit replaced by the client's own
//     (if ra > limit { return backoff(attempt) }; return ra, or
//     ra = backoff(attempt) in the body, after a log line or not);
//   - the server's wait used as the upper bound of a random wait
//     (rand.Int63n(int64(ra)), rand.N(ra), rand.Float64() * float64(ra)),
//     or a random jitter subtracted from it (ra - jitter, where every
//     value of jitter is random);
//   - a value parsed only as seconds (strconv.Atoi, ParseInt, ParseUint,
//     ParseFloat, time.ParseDuration, fmt.Sscanf(v, "%d", &n) with one
//     numeric verb, fmt.Sscan into a number) in a function that never tries the
//     HTTP-date form (http.ParseTime) for it, and a value parsed only as an
//     HTTP-date (http.ParseTime, or time.Parse with http.TimeFormat or
//     time.RFC1123) in a function that never tries seconds, so that
//     Retry-After: 120 is lost;
//   - a parse error dropped with _, so that a malformed value becomes a zero
//     wait and the client retries at once (a test of the sign alone, n < 0,
//     lets that zero through); also for a rate limit's reset
//     (X-RateLimit-Reset, an epoch time at GitHub, or RateLimit-Reset, the
//     seconds until the reset), where zero is epoch 0, a reset long past;
//   - a wait header parsed as a signed number (strconv.Atoi, ParseInt,
//     ParseFloat, time.ParseDuration) whose sign the function never checks,
//     so that a negative value, which is malformed, is no wait at all and
//     sends the client back at once (a floor with max(0, d) or
//     if d < 0 { d = 0 } does not help: zero is no wait either, nor does a
//     wait made only for a positive value, if d > 0 { time.Sleep(d) },
//     which skips a negative value's wait); the check
//     may be left to every caller of a parsing helper, or to the code that
//     reads the struct field the value is stored in
//     (if e.retry > 0 { return Retry }), and a value used only beside the
//     client's own interval in max(interval, d) or math.Max (or raises it:
//     delay = max(delay, d), if d > delay { delay = d }), in the caller or in a
//     function of the package it is handed to, gives way to that
//     interval, not to no wait (also in another package: a throttle
//     error's constructor, NewThrottleRetry(err, d), that stores d in a
//     field its package reads only as such a floor, or forwards d to
//     such a constructor of another package, says so by a fact);
//     an exported helper that no
//     function of its package calls, and that floors a negative value to
//     exactly what it returns for a malformed one (0, or (0, false)),
//     treats a negative value as no header: its callers, out of sight,
//     decide what no header means; a sign test that answers a negative
//     value with the zero wait and the other results of a usable one
//     (if secs < 0 { return 0, true }) is a floor too; a parsing helper of
//     the package (parseSeconds(v string)) is checked as if its parameter
//     were the header whenever a caller hands it a wait header's value;
//   - with -retryafter.overflow, a wait header parsed as a number
//     (ParseUint too) and multiplied into a time.Duration
//     (time.Duration(n) * time.Second, time.Duration(f * float64(time.Second)))
//     with no upper bound on the number first, so that a value too large
//     for a time.Duration (Retry-After: 10000000000) wraps around into a
//     negative or tiny wait and the client retries at once; a bound of 292
//     years or more is such a range check, never a cap;
//   - a time the server sent (a rate limit's reset, a Retry-After date)
//     kept in a struct field that is filled only on some paths (if the
//     header parses), so that it holds the zero time when the header was
//     missing or malformed, waited on before the next attempt of a retry
//     (in a retry loop, or before a function calls itself again) with no
//     test for the zero time: time.Sleep(time.Until(t)), a timer, or a
//     helper, in any package, that waits until the time it is given with
//     no such test of its own; time.Until of the zero time is no wait;
//   - a value converted with the wrong unit: Retry-After (seconds)
//     multiplied by time.Millisecond, or a header in milliseconds
//     (retry-after-ms, x-ms-retry-after-ms, X-Amz-Retry-After) by
//     time.Second; a value multiplied or divided by 1000 on the way is
//     taken to have changed its unit;
//   - the server's wait in fractional seconds (an HTTP-date's
//     time.Until(t).Seconds()) truncated to whole seconds by an integer
//     conversion before it is multiplied by time.Second
//     (model.Duration(s) * model.Duration(time.Second)): the client comes
//     back up to a second before the date, and at once for a date less
//     than a second away. The fix rounds up (math.Ceil(s));
//   - a wait header looked up by map index under a spelling net/http
//     never stores (resp.Header["X-RateLimit-Reset"]: net/http keeps the
//     name canonical, X-Ratelimit-Reset), in a header net/http parsed (a
//     response's or request's Header or its Clone, or a field that every
//     store of its package fills with one, marked by a fact): the lookup
//     never finds the server's wait. The fix spells the name as net/http
//     stores it, at the literal or at the package's constant. A header
//     converted from gRPC metadata or decoded from JSON, and a package
//     that stores under the same spelling itself, are left alone.
//
// WRONG:
//
//	wait := parseRetryAfter(resp)     // reads resp.Header.Get("Retry-After")
//	time.Sleep(min(wait, 30*time.Second))
//
// RIGHT: when the server asks for more than the budget allows, stop:
//
//	wait := parseRetryAfter(resp)
//	if wait > 30*time.Second {
//		return fmt.Errorf("retry_after_exceeds_deadline: the server asked to wait %v", wait)
//	}
//	time.Sleep(wait)
//
// Using Retry-After as a lower bound, max(backoff, ra), is correct, and so
// are a floor at zero, a cap on the client's own backoff that no Retry-After
// value reaches, a comparison whose over-limit branch gives up, a cap on a
// variable whose every Retry-After assignment is followed at once by a
// give-up above the same limit (the cap then bounds only the client's own
// backoff; the give-up may also require that the response carries the
// header, resp != nil && resp.Header.Get("Retry-After") != ""), and
// reading the header only to log it or test its presence.
//
// Each finding has one suggested fix, and the fix changes only the server's
// path. A cap on a variable that holds the server's wait on some paths and
// the client's own backoff on others (wait := retryAfter(resp); if wait == 0
// { wait = backoff(attempt) }; return min(wait, max)) keeps the cap for the
// client's own backoff: where the function returns an error, a give-up that
// returns an error naming retry_after_exceeds_deadline follows each
// assignment of the server's wait; where it does not, the cap moves onto
// each assignment of the client's own value. A cap on the result of a
// function value that carries the server's wait and is handed the response
// (backoff := p.Backoff(attempt, resp)), which is the server's wait on some
// calls and the client's own backoff on others, keeps the cap too: where
// the function returns an error, the give-up follows the call and fires
// only when the response carries Retry-After (backoff > p.MaxWait && resp
// != nil && resp.Header.Get("Retry-After") != ""). Any other cap becomes such a
// give-up when the enclosing function returns an error, and is removed
// otherwise, with the declaration of a local limit that only the cap read
// (maxDuration := 5*time.Second + backoff; the local it was made from too,
// when nothing else reads that one), which would no longer compile. A small-only condition gives up with such an error when the
// wait is not below the limit, where the function can return an error, and
// otherwise loses its upper bound (the fix then says that the wait is
// honoured whatever its length). A cap by a helper keeps the helper and
// floors its result by the server's wait (max(clamp(ra, lo, hi), ra)), so
// that only a shortened wait changes; a wait handed to the helper as a call
// (p.delay(n, waitOf(resp))) is first read once into a variable, just
// before the statement, where that moves no other call. A wait helper's cap is kept too (it
// bounds the client's own backoff); the fix gives up when the server asks
// for more than the helper's limit, written as the call site can (if wait
// > c.GetConfig().MaxWaitTime { return nil, fmt.Errorf(...) }: the
// helper's receiver and parameters replaced by what the call hands them),
// where the function returns an error: before the call, or, when the
// variable handed to the helper holds a wait of the client's own on some
// path, right after each assignment of the server's wait to it, so that
// the client's own backoff reaches the helper as before. A limit read
// from a local of the helper cannot be written there, and the call is not
// reported. A wait above a limit replaced by the
// client's own gives up instead of the replacement where the function
// returns an error (after each assignment of the server's wait, keeping
// the replacement for the client's own backoff, when the variable holds
// both), and the if statement goes otherwise. A value parsed in one form only is parsed
// by a small helper that tries the form the code tried, else the other
// form, else returns the first form's error (retryAfterSeconds,
// retryAfterSeconds64, retryAfterSecondsFloat, retryAfterDuration or
// retryAfterTime, with the parser's result type); the helper is declared
// once per package, after the function of its first use, and a parse in
// another file of the package, or one the helpers do not replace (a
// helper's parameter, another base or bit size), instead gets an
// http.ParseTime fallback in place that turns a date into the seconds left
// until it (a date-only parse that no helper can replace is not reported).
// The helpers that turn a date into a wait clamp it with the builtin max,
// so in a file of a Go version before 1.21 only retryAfterTime, which
// needs none, replaces a parse; a seconds parse there gets the fallback
// in place.
// A dropped parse error is returned so that the caller falls back to its
// backoff. In a function that returns the wait alone, a parse and the
// return of its wait that end an if of the function's body, after which
// the function computes its own wait (it ends in a return of a value that
// is no constant zero), become if n, err := parse(v); err == nil && n >= 0
// { return wait } (the lines between, comments, move into the if), so
// that a malformed value falls through to that wait; a dropped error
// elsewhere in such a function is not reported, as no fix could hand the
// failure back.
// A random wait bounded by the server's becomes the server's wait, and a
// subtracted jitter is added instead. A wrong unit is replaced by the
// header's own. An unchecked sign joins the
// error check after the parse (err != nil || n < 0, err == nil && n >= 0),
// so that a negative value takes the path of a malformed one; with
// -retryafter.overflow, a value out of range joins it the same way
// (err != nil || n > math.MaxInt64/int64(time.Second)), so that the
// client falls back to its own backoff. A wait until
// a server's time that may be zero is preceded by a test that stops with
// an error when it is (if t.IsZero() { return ..., errors.New(...) }),
// where the function returns an error; elsewhere it is not reported. No fix ever
// shortens the wait.
//
// Retry libraries (see docs/libraries.md): a resty SetRetryAfter callback
// that reads a wait header and does not compare its wait with the client's
// RetryMaxWaitTime: resty caps the callback's wait at that maximum (2s by
// default). The fix wraps the callback so that it returns an error, which
// ends resty's retry, when the server's wait exceeds the cap. The rule
// reads the callback the package writes, not the client's configuration,
// so a client made by another package's constructor (an SDK's
// httpc.New()) is judged as one made here, and a callback set in that
// constructor is reported in its package. A failsafe-go
// HTTP retry policy that keeps the delay of failsafehttp.NewRetryPolicyBuilder,
// or a policy given failsafehttp.DelayFunc: that delay reads Retry-After as
// seconds only, so an HTTP-date gives no delay and the policy retries at
// once. The fix gives the policy retryAfterDelay (WithDelayFunc), a delay
// that reads both forms, declared once per package.
//
// Flags:
//
//	-retryafter.headers string
//	    comma-separated response headers that tell the client how long to
//	    wait, each NAME or NAME:UNIT with UNIT s (seconds, the default), ms
//	    (milliseconds) or reset (a rate limit's reset: epoch seconds, or the
//	    seconds until it, as each API defines it) (default "Retry-After,
//	    Retry-After-Ms:ms,X-Ms-Retry-After-Ms:ms,X-Amz-Retry-After:ms,
//	    X-RateLimit-Reset:reset,RateLimit-Reset:reset"); header names are
//	    compared case-insensitively. Caps, small-only waits and dropped
//	    errors are reported for every listed header, also when the name is
//	    read from a table the function ranges over; parsing in one form only
//	    for Retry-After itself, the one header defined to carry an HTTP-date
//	    too (an epoch header such as X-RateLimit-Reset is rightly parsed as a
//	    number); a unit mismatch (Retry-After multiplied by time.Millisecond,
//	    a header in ms by time.Second) for the headers whose unit is known;
//	    an unchecked sign for every header but a reset, which in the past,
//	    or before the epoch, is rightly no wait.
//	-retryafter.overflow
//	    also report a parsed wait multiplied into a time.Duration with no
//	    upper bound on the number (default false: no server sends a value
//	    of 292 years, and the sign check most parsers have covers the
//	    malformed values servers do send).
package retryafter

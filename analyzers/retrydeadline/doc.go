// Package retrydeadline defines an Analyzer that reports retry loops whose
// attempts are bounded one by one but whose whole operation is not, and
// waits between attempts that ignore cancellation.
//
// # Analyzer retrydeadline
//
// retrydeadline: report per-attempt timeouts with no overall deadline, and waits that ignore cancellation
//
// A per-attempt timeout bounds one request. Without an overall deadline a
// retry loop of five ten-second attempts is a fifty-second operation plus
// every wait between attempts, and an infinite loop has no bound at all.
// Attempts must derive their context from the operation's context so that
// the overall deadline cancels the request in flight too, and a wait must
// end when that context is cancelled.
//
// The analyzer looks at retry loops (loops that send the same HTTP request
// again after a failure; a loop that sends one request per item, page or
// goroutine is iteration and is never reported) and reports:
//
//   - a context.WithTimeout, WithTimeoutCause, WithDeadline or
//     WithDeadlineCause made inside the loop from a context that carries no
//     deadline (context.Background(), context.TODO(), context.WithoutCancel,
//     or a local context derived from them without a deadline), or a call
//     to a function, in any package, that makes such a timeout itself or
//     through the functions it calls (a fact carries this across
//     packages), sends with it or hands it back (a context factory of any
//     package, one that imports no net/http too: ctx, cancel :=
//     ctxutil.NewRequestContext()), or that makes a timeout from the
//     context it is passed and sends with it or hands it back (in a
//     context or a request) when the loop passes it such a context, or
//     that makes one from the context of the request it is handed
//     (doOnce(req, d) with context.WithTimeout(req.Context(), d)) when
//     the loop hands it the request its function was given (the fix
//     hands the attempts req.WithContext(opCtx)); a
//     call of an interface method
//     (f.Fetch(ctx, url)) is such a call when the implementations the
//     package can see (its own types', its dependencies' with a fact) that
//     make a timeout all make the same one (an implementation that makes
//     none, a fake for tests, does not hide the real one's);
//   - such a timeout made from the caller's context (a context parameter,
//     req.Context() of the request the function was handed, a field of the
//     receiver, or a variable that holds one of them, or a context made
//     from one by a function that hands back no function and is handed no
//     duration or time, and whose fact says it makes no timeout: a
//     tracer's ctx, span := tracer.Start(ctx, name); one that hands back
//     more than the context, or is handed more than it, counts only when
//     it is the package's own or a method of an interface none of whose
//     implementations the package sees makes a timeout, since the span it
//     returns may hold the cancel of a deadline; a child that adds no
//     deadline, context.WithCancel, WithCancelCause or WithValue, unless
//     its cancel function is handed to a call or stored, as
//     time.AfterFunc(budget, cancel) would make it a deadline; a variable
//     made before the loop that holds one of those on every path, base :=
//     ctx; if ... { base = detach(ctx) }) that the function
//     gives no deadline of its own: the caller's deadline, if it has one,
//     is then the only bound over the attempts and the waits. A timeout
//     made only on some attempts (if a per-attempt duration is set) is a
//     per-attempt timeout too, and a clock read in the condition that
//     decides whether to make it is not a budget. In an operation handed
//     to an in-house retry helper (not a retry library), a timeout made
//     from the operation's context parameter (in the operation, or by a
//     function it calls) is one when the helper hands the operation, on
//     every call, a context parameter it was given (a fact carries this
//     across packages, and to a function that hands its own context and
//     operation on to such a helper), does not bound the retry in time (a clock budget
//     in its loop), and the call hands the helper the caller's context or
//     one without a deadline; a condition polled until done, whose error
//     ends the poll, is not retried, nor is an operation the call asks for
//     one attempt of (retryCtx(ctx, 1, op)). A call run by go or defer
//     has no place for the deadline and is left out. The fix makes the
//     overall deadline just before the call and hands it to the helper,
//     sized from the helper's attempt count and pause when the call
//     passes them (or its receiver holds them) or the helper fixes them;
//   - a request built inside the loop, with http.NewRequest (or by a
//     function of the package whose every return hands back a request
//     http.NewRequest made, a bare return of named results too:
//     req, err := c.newRequest(body); the fix then
//     sends req.WithContext(opCtx)) or with a
//     context on which the function set no deadline of its own (the
//     caller's, say, also when it is handed the request at the send:
//     Do(req.WithContext(ctx)); the first attempt's request may be built
//     before the loop and each retry's in it), or the request parameter the function is handed and
//     sends again (its context is the caller's: the fix derives the
//     deadline from req.Context() and sends req.WithContext(opCtx)), and
//     sent through an http.Client whose Timeout is set (a Timeout that is
//     not a constant, read from configuration, may be zero: the fix's
//     deadline is then made only when it is positive), or through the Do
//     of an interface field (a Doer) every store of which, in a package
//     that sees them all, is a client with the same constant Timeout:
//     in the same function, or in a store of the struct field that
//     holds the client (the client a constructor builds, or whose
//     Timeout it sets after the store: h.client.Timeout = conf.Timeout; when another
//     store holds a client without one, a fake for tests or a client an
//     option replaces, the fix's deadline is made only when the Timeout
//     is positive), or in a client parameter that a call of the package
//     hands such a client (conditionally so when another call hands one
//     without, or when the function is exported), by the client's
//     literal or by an assignment after the client is made
//     (hc := &http.Client{}; if cfg.Timeout > 0 { hc.Timeout = cfg.Timeout },
//     or a client a constructor function returns: one whose every
//     client it returns has a Timeout, in any package, as a fact tells),
//     or in a package-level
//     variable of any package (httpx.DefaultClient; a fact carries it
//     across packages; one declared without a value and filled once, by
//     a sync.Once, counts), or returned where it is used by a call
//     without arguments of such a constructor or of a getter of such a
//     variable (sharedClient().Get(url)), or of a getter method of a field
//     the package stores such clients in (a.Client().Do(req) with Client
//     returning a.client), when the Timeout is a constant
//     the fix can write and the file imports time; or a client the
//     caller may hand in, with a default that has a Timeout (if client
//     == nil { client = &http.Client{Timeout: 10 * time.Second} }, hc :=
//     cfg.HTTPClient; if hc == nil { hc = ... }), in a variable or in
//     every store of the field, which bounds each attempt on the
//     default's path (the fix's deadline is then made only when the
//     Timeout is positive); for a Timeout assigned
//     under a condition, the fix's deadline is made only when it is
//     positive; and a send that builds its request from a URL, without
//     a context (c.Get(url), c.Head, c.Post, c.PostForm), through such a
//     client, in a loop of its function (not in an operation handed to a
//     retry helper, whose bound may be an option beside the operation);
//   - the same send hidden behind a call: a function, in any package, that
//     sends once per call (outside any loop of its own) through such a
//     client a request it builds with http.NewRequest (itself, or through a
//     builder of the package, also again after a closed connection), with a context
//     without a deadline or with the context it is passed, or from a URL
//     (c.upload(batch), c.doOnce(ctx, url); a fact carries it across
//     packages and to the functions that call it, and the client may be
//     an http.Client value or pointer a chain of constructors returns),
//     or that sends the request it is handed (c.do(req)) when the loop
//     builds that request as above. A loop that leaves on every error of
//     such a call (a poll through a helper) is not a retry;
//
// when nothing bounds the loop as a whole: no deadline made before the loop
// and used by the attempts, and no wall-clock budget checked in the loop:
// a clock read (time.Since, time.Until, time.Now, ctx.Deadline), directly
// or through a variable assigned from one, compared (<, >, Before, After,
// Compare), handed to a function that answers a bool or an error or to a
// timer, or a call of ctx.Deadline; or a cenkalti/backoff (v4) back-off
// driven by hand whose Stop the loop leaves on (if d := b.NextBackOff(); d
// == backoff.Stop { return err }, a branch that returns or breaks),
// bounded by its MaxElapsedTime (15 minutes unless set) or a
// WithMaxRetries wrapper, when it is known to stop or is made by another
// package's function whose configuration cannot be read; one known to
// never stop (MaxElapsedTime 0, a constant back-off) or handed in as a
// parameter is no budget. A clock read turned into text at once,
// the time stamped on a Date or a signing header or in a body
// (time.Now().UTC().Format(http.TimeFormat)), and one only recorded, an
// attempt's latency kept for a metric or a log line (rtt :=
// time.Since(start)), are not a budget. An attempt count does not count as
// a deadline. A timeout context whose only uses are its Done channel and
// its Err (wctx, cancel := context.WithTimeout(ctx, delay); <-wctx.Done())
// is a wait between attempts, not a per-attempt timeout; and a helper's
// timeout from a duration it is passed and may skip (if d <= 0 { return
// ctx, noop }) is made on some calls only, so the fix's deadline is then
// made only when the duration is positive. A poll whose every failure (a transport error, a 408, 429
// or 5xx, as its send's error and status decide on the control-flow
// graph) leaves the loop sends again only after a success, and none of
// these is reported for it; the send's error variable assigned again for
// a later call (err = json.NewDecoder(resp.Body).Decode(&st)) is that
// call's past the assignment, and the conditions after it are judged
// without it.
//
//   - time.Sleep, a bare <-time.After, a receive from a timer's or
//     ticker's channel (<-t.C; not the drain of a stopped timer, if
//     !t.Stop() { <-t.C }, which waits for nothing), a select whose every case waits for a
//     timer (a local variable that only ever holds time.After's or
//     time.Tick's channel, timeout := time.After(d), is one, received
//     from in a select or alone), or a call of a function or method, of any package, whose
//     whole body is time.Sleep(d) or <-time.After(d) for a parameter (or
//     a parameter counted in a unit: time.Duration(n) * time.Second, an
//     SDK's Sleep(seconds int)) or a value read from its receiver (func
//     (b *Backoff) Wait() { time.Sleep(b.Next()) }; a fact carries this
//     across packages),
//     inside the loop (or in a function
//     literal the loop calls on the spot) while a context.Context from
//     outside the loop is in scope; where no context variable is, a context
//     the attempts use that the loop does not change, a field (resp.ctx) or
//     the context of a request held in one (cfg.Request.Context()); or else
//     a request made before the loop (a RoundTrip's or Do's request) whose
//     context is the caller's: the fix then waits on req.Context(). Not
//     when that request is a parameter of an unexported function called
//     only directly in its package (or through an unexported func field
//     to which the package stores that function alone, the seam an SDK
//     leaves for its tests), and every call hands it a request
//     built by http.NewRequest (or with context.Background() or TODO()),
//     directly or through such parameters of its callers: an SDK without
//     contexts, whose requests nothing could cancel.
//
// A retry loop sends with net/http, through a function that does, or
// through an interface method or func value of a send's signature,
// func(*http.Request) (*http.Response, error), or through a method of
// another interface (transport.Backend's Call) that a type it may run
// sends in: one of the package's own types or of its dependencies whose
// method of that name sends, wherever the interface is declared; or it is
// the loop of a retry helper, a function that calls a function value it
// received (an operation returning an error) again after a failure,
// whatever the operation does, called directly or through an interface
// method (a Retryer) that such a helper implements. The body of a function literal handed to a retry helper
// (of any package) is judged as a loop of its own for the per-attempt
// timeouts it makes, and so is a local closure that a retry loop calls,
// made in the loop or before it (try := func() error { ctx, cancel :=
// context.WithTimeout(context.Background(), d); ... }; for ... { if try()
// == nil { ... } }): the fix's overall deadline then goes before the
// closure, which derives from it. A request declared without a value and
// assigned in the loop (var req *http.Request; req, err =
// http.NewRequest(...), the error declared outside the loop) is built in
// the loop.
//
// A retry helper may hold its operation in a field of its receiver
// instead: a method whose loop calls a func field of the receiver that
// takes nothing but, at most, a context (RetryExecutor{Handler: func()
// (bool, error) {...}}.Execute()) retries that field, and the function
// literal a caller stores there (in the composite literal, or assigned to
// the variable's field once) is its operation. Its bool may say whether
// to go again (shouldRetry, err := op(); if !shouldRetry { return err }).
// A method that runs its field again after a success (a periodic task) is
// no retry helper. When the helper's type has a field of type
// context.Context and the literal that makes it leaves that field unset
// while a context is at hand (a parameter, a local variable, or a context
// field of the caller's receiver that its package reads, jc.ctx), the
// literal is reported: the helper's retries and waits never see the
// caller's cancellation. The fix sets the field (Context: jc.ctx); a nil
// context at hand leaves it nil, as before.
//
// In a method whose receiver keeps the caller's context in a field that
// the package reads, a wait that ignores it is reported as a wait that
// ignores a context in scope. When the package tests the field against
// nil (a field callers may leave unset), the fix first copies it to a
// local variable before the loop, context.Background() when it is nil,
// and waits on that:
//
//	ctx := runner.Context
//	if ctx == nil {
//		ctx = context.Background()
//	}
//
// The same holds for a context that one parameter of the function (the
// receiver among them) gives by a method Context() of no arguments: an
// HTTP handler's inbound request, whose context ends when its client goes
// away (the fix waits on r.Context(), taken before the loop, where r is
// still the parameter; a request that every caller in the
// package builds without a context is left out, as above), or a command
// in the shape of cobra's, whose Context() is copied as runner.Context
// is. A function with two such parameters is left to its author, and a
// test's testing.T is no context to end a wait with.
//
// A retry written out without a loop (an attempt, then, in a branch of
// an if statement whose condition reads its results, a wait and the same
// call once more: the same function on the same operand with the same
// arguments, none of whose variables is assigned in between but for the
// same value again) is a retry too: a wait before the second attempt
// that ignores a context in scope is reported, with the same fix, in a
// function that returns an error.
//
// A function that sends and then calls itself again for the same request
// (after a failure, with an attempt count that goes down) is a retry by
// recursion, and its whole body is the loop's body: a blind sleep in it is
// reported as in a loop, and so is a per-attempt timeout made from a
// context parameter that every self-call hands on as it is, unless every
// call from outside hands it a deadline its caller made. A per-attempt
// timeout made from context.Background() in such a function is not
// reported: its fix would need a new context parameter. Recursion over a
// tree, a next page or a cursor is iteration.
//
// A retry loop that makes its overall deadline before the loop
// (ctx, cancel := context.WithTimeout(req.Context(), budget)) and uses it
// only to wait and to check the clock (ctx.Done(), ctx.Err(),
// ctx.Deadline(), or a function of any package that does only that with
// it, a wait such as Delay(ctx, d); a fact carries this across packages),
// while each attempt sends a request that carries another
// context (a copy of the caller's request, one built with the caller's
// context), is reported at the send: the deadline cannot cancel the
// attempt in flight, which runs past it. The fix sends
// req.WithContext(ctx). Not reported: a deadline that reaches a request
// or any other function (WithContext, NewRequestWithContext, a parent of
// a per-attempt timeout, a helper that sends), a loop that makes a
// context of its own for each attempt (the fix would drop it), and
// iteration.
//
// In a package that retries (a retry loop, or a retry library imported),
// a call of WithContext or Clone of a *http.Request, or of WithContext of
// a go-retryablehttp *Request, that is a statement of its own is
// reported: the copy with the new context is dropped and the request
// keeps its old one, so the caller's deadline and cancellation never
// reach the attempts nor the waits (a wrapper's
// func (r *Request) WithContext(ctx) { r.request.WithContext(ctx) }). The
// fix keeps the copy: r.request = r.request.WithContext(ctx).
//
// A retry helper, a function or a method, whose wait takes no context
// (time.Sleep in backoffRetry(delay, n, fn), with no context in its
// scope) is reported at
// the wait when an operation handed to it in the same file uses a context
// of its caller that can be cancelled (a closure that sends with ctx): the
// caller's context reaches the attempts, never the wait, so a cancelled
// caller still sleeps through every back-off. Not reported: a helper that
// waits on a context, one whose operations use no context or only one
// that nothing cancels, and a function that calls its operation once
// without a loop.
//
// A retry helper of another package (or file), or a method, that takes no
// context and waits with none (or hands its operation on to one that
// does: Retry(f) calling ExponentialBackoff(b, condition); a fact carries
// this across packages), called directly or through an interface method
// that such a helper of a dependency implements (a Backoff declared in
// one package, implemented in another), cannot be changed from its
// caller: each call
// whose operation, a function literal of the caller, uses a context of
// the caller's that can be cancelled is reported at the call. The fix runs
// the helper in a goroutine and waits for its error or for the end of the
// context, for a call that is returned (return retry.Do(...), in a
// function returning only an error) or tested in an if statement's init:
//
//	errc := make(chan error, 1)
//	go func() { errc <- retry.Do(3, time.Second, op) }()
//	select {
//	case err := <-errc:
//		return err
//	case <-ctx.Done():
//		return ctx.Err()
//	}
//
// The retry left behind ends on its own, its attempts using the cancelled
// context. Not reported: an operation that assigns a variable of its
// caller's (the abandoned retry would keep writing it), and a call in a go
// statement.
//
// A loop that sends and uses a context of its caller's that can be
// cancelled, ranging over a call of an iterator function of the package
// (one that takes no context and returns a func(yield) literal that loops
// calling yield and sleeping with time.Sleep: for range
// c.retryTimer(base, max)) is reported at the call: the iterator's sleep
// is the loop's wait. The fix, as for a retry helper above, adds
// nameContext with a first parameter ctx whose wait is a select that ends
// the iteration when ctx is done, keeps the old name as a function that
// calls it with context.Background(), and makes every such loop of the
// package range over nameContext with its context (one report, at the
// first loop, the others named as related).
//
// An attempt sent without the context that ends its retry is reported
// at the send: a loop whose waits receive from ctx.Done() (ctx declared
// before the loop, and not one that only context.Background() made), or
// the operation of a retry library handed ctx (backoff.Retry(ctx, op),
// retry.Context(ctx); the operation's own context parameter first), that
// sends with a URL send (c.Get(url)) or a request of http.NewRequest or
// of NewRequestWithContext(context.Background(), ...): checking the
// context between attempts does not cancel the attempt in flight, which
// runs on after the caller gave up or its deadline passed. The fix builds
// the request with ctx (a URL send becomes NewRequestWithContext and Do);
// a wait's fix that makes it end with ctx gives ctx to the loop's
// attempts too, so that the analyzer is silent after it.
//
// So is an attempt made through helpers of the package that send
// without a context (n, err := c.sync(), where sync calls getConfig,
// which sends c.hc.Get(url)): every send of the helpers (up to four
// deep) is such a send, or a call of another such helper, and each
// helper is unexported, never used as a value, and takes no context and
// no request. The fix hands the context down: each helper takes ctx
// context.Context as its first parameter and passes it on, its request
// is built with it, the attempt passes the retry's context, and every
// other call of the helpers passes context.TODO(), what their requests
// carried before. A helper that another retry of the package calls as
// well is left alone (the two findings' fixes would not agree on what
// that call passes), and so is an exported one, whose callers outside
// the package the fix cannot change.
//
// A function that takes a context, never uses it, and waits (after
// guards that only return, its body is time.Sleep(d), <-time.After(d), a
// call of a wait function, or a call of an interface method that a type
// of the package or of a dependency implements with a wait function,
// wherever the interface is declared: an adapter's
// SleepWithContext(ctx, d) { b.Sleep(d) }) is reported at the wait: a
// retry loop that waits through it looks as if its wait ended with the
// context. The fix waits in a select that also ends when the context is
// done, on a timer for time.Sleep and time.After, and for a call on a
// channel closed when the call, run in a goroutine, returns (its clock
// may be a fake one). Test files are not looked at.
//
// A back-off helper of the package that computes its wait and sleeps it
// without a context (func backoff(attempt int) { d := base << attempt;
// ...; time.Sleep(d) }: no results, no context parameter, its sleeps
// outside any loop of its own, no other wait and no send), called as a
// statement of a retry loop with a context at hand, is reported at the
// call, once a helper, with every such call in one fix: the helper
// becomes backoffContext(ctx context.Context, attempt int) error, whose
// sleeps are selects that return ctx.Err() when the context is done;
// each call becomes if err := backoffContext(ctx, attempt); err != nil {
// return ..., err } (the loop's function must return an error); and
// where the helper is exported or used elsewhere, backoff stays, calling
// backoffContext with context.Background().
//
// A wall-clock budget bounds how many attempts start, not the one in
// flight: a per-attempt timeout made from a context that carries no
// deadline and no caller's cancellation (context.WithoutCancel(ctx),
// Background()), with a duration that is not cut to the time left, in a
// loop whose budget is an if that leaves the loop on a check of the clock
// (time.Since(start) > d, time.Now().Sub(start) > d,
// start.Add(d).Before(time.Now()), time.Now().After(start.Add(d)); start
// set to time.Now() once before the loop; or time.Now().After(deadline),
// deadline set to time.Now().Add(d) once before it), runs its whole
// timeout past the budget and past the caller's cancellation. So does the
// operation handed to a retry helper as a function literal that checks
// such a budget. It is reported, and the fix makes the budget a deadline
// the attempts derive from: opCtx, opCancel :=
// context.WithDeadline(context.WithoutCancel(ctx), start.Add(d)) (or the
// deadline) before the loop or the helper's call, and
// context.WithTimeout(opCtx, ...) in it.
//
// Not reported are loops with a wall-clock budget (but as above), waits in a
// select on ctx.Done(), sleeps beside a local context that holds only
// context.Background() or TODO(), or a child of one made by WithValue,
// WithoutCancel or WithCancel whose cancel function is only deferred (a
// program's main: nothing can cancel it while the loop runs), polling loops that
// send no request, one-shot requests, and loops in test files that use
// net/http/httptest.
//
// WRONG:
//
//	for attempt := 0; attempt < 5; attempt++ {
//		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
//		resp, err := send(ctx)
//		cancel()
//		...
//		time.Sleep(backoff(attempt))
//	}
//
// RIGHT: one deadline over attempts and waits, and waits that end with it:
//
//	opCtx, opCancel := context.WithTimeout(context.Background(), 5*(10*time.Second+maxBackoff))
//	defer opCancel()
//	for attempt := 0; attempt < 5; attempt++ {
//		ctx, cancel := context.WithTimeout(opCtx, 10*time.Second)
//		resp, err := send(ctx)
//		cancel()
//		...
//		timer := time.NewTimer(backoff(attempt))
//		select {
//		case <-opCtx.Done():
//			timer.Stop()
//			return nil, opCtx.Err()
//		case <-timer.C:
//		}
//	}
//
// Each finding has one suggested fix. A per-attempt timeout gets an overall
// deadline made before the loop from the same parent, for the loop's number
// of attempts times the per-attempt timeout plus the wait after each
// attempt, and the attempts derive from it. The wait counts when it is an
// expression the fix can write before the loop (a constant, a variable or
// field set before it; min(d, limit) counts as limit; of several constant
// waits the longest): for attempt := 0; attempt < 5; attempt++ with
// time.Sleep(pause) gets 5*(perTry+pause), so a server that fails slowly
// and answers the last attempt is still answered. A back-off computed in
// the loop (base << attempt) is not at hand and is left out: the deadline
// then counts the attempts alone. A per-attempt timeout held in a local
// variable given one constant (maxUploadTime := 45 * time.Second, in a
// callee too) is that constant. A timeout made inside a retry loop that
// another loop repeats (a worker's for {} around the retry of one batch)
// is reported once, for the inner retry. For a timeout made only on some attempts, the overall deadline is
// made only when the per-attempt duration is positive. When the attempt's
// cancel function is handed on (to the response body the caller reads
// after the function returned), a deadline cancelled on return would cut
// that read, so the loop gets a wall-clock budget instead, as below. The number of attempts is the number of times the body can run before
// the loop exits on its attempt counter, taken from the loop itself when it
// is at hand: a range over an integer (for range n), or a counter that
// moves by one on every iteration, in the post statement or in the body,
// compared with a bound in the loop's condition or in an if statement that
// every iteration reaches and that leaves the loop. So
// for i := 0; i <= c.MaxRetries; i++ gives c.MaxRetries+1, for i := 1;
// i <= n; i++ gives n, for n := max; n > 0; n-- gives max, and
// for attempt := 0; ; attempt++ with if attempt == c.MaxRetries { return }
// after the send gives c.MaxRetries+1 (c.MaxRetries when the test comes
// before the send). The bound and the counter's start must be constants or
// pure expressions visible before the loop, and the loop must not assign
// the bound; a count that is not a constant is converted with
// time.Duration(...). Only when the loop has no such bound is the
// -retrydeadline.attempts value used. A request
// sent through a Client with a Timeout is built with that overall context
// (derived from the request's own context when it has one, the same
// context.Background() or TODO() when the loop makes it there, and sized from
// the client's Timeout field when the client is a struct field, one the
// sender's type may embed, rs.Do(req) with rs's struct embedding the
// *http.Client its constructor gave a Timeout), and a
// select in the loop that waits for the end of that context waits for the
// overall deadline's instead. A URL send becomes that request, built with
// http.NewRequestWithContext and sent by the client's Do, its error taking
// the send's path:
//
//	req, err := http.NewRequestWithContext(opCtx, http.MethodGet, url, nil)
//	var resp *http.Response
//	if err == nil {
//		resp, err = c.hc.Do(req)
//	}
//
// A function that returns the *http.Response hands its body to its
// caller, who reads it after the function returned: a deadline cancelled
// on return would fail that read ("context canceled"), so its loop gets
// the wall-clock budget described below instead (each attempt stays
// bounded by the client's Timeout). So does a loop whose own per-attempt
// timeout stays alive with the response it returns (its cancel runs only
// on the failure paths): the attempts then keep their own contexts.
// A loop that retries one item of another loop of its function (for _,
// batch := range batches { for attempt := ... { send(batch) } }) gets the
// wall-clock budget too, made before it for each item: a deadline's
// deferred cancel would pile up until the function returns. Its spent
// budget ends the retry as the last attempt does (err = the budget's
// error; break) where the attempts store their error in a variable
// declared before the loop, so that the item's failure is handled as
// before and the next item goes on, instead of returning from the whole
// function.
// A helper that makes its own timeout cannot be changed from the caller, so
// its loop gets a wall-clock budget instead: it stops retrying once the
// budget is spent, returning an error that says so where the function
// returns one, and otherwise leaving the loop as its last attempt does
// (break), so that what follows the loop (a failure callback, the
// function's result) runs as before. A for {} is left that way only
// when a break counts its attempts (for attempt := 1; ; attempt++ {
// ...; if attempt == max { break } }); any other for {} is left only on
// success (a poll that breaks when the service is ready), so the budget
// spent returns instead of running the success path. A sleep becomes a
// select on the context's Done channel
// and a timer, returning the context's error; in a function that returns
// no error, when code follows a loop with a condition, a range or a
// counted for {} (main's if err != nil { log.Fatal(err) }), the
// context's end leaves
// the loop instead (if ctx.Err() != nil { break } after the wait, or,
// for a wait inside a switch or select of the body, a break with the
// loop's label: retry for the function's first loop, retryN for its
// N-th, when it has none), so that the code after it runs as when the
// attempts run out; where an attempt assigns its error to a variable
// declared before the loop (resp, err = c.Do(req)), the context's error
// is stored there first (err = ctx.Err()), as the next attempt's failure
// would have stored it, so that a status retried with err nil does not
// read as a success after the loop (the budget check does the same with
// the budget's error); any other for {} is left only on success, so its
// wait still returns. A receive from a timer's
// channel becomes such a select on the same timer, a select on timers
// alone gets a case for the context's Done channel, as does a select on
// a timer and a client's signal channels (case <-c.closed: a channel of
// struct{} held in a field; a quit channel handed in is the caller's way
// to stop, a local one the function closes itself, often when its
// context is done, and such selects are left alone), and a call of a wait
// function becomes a select on a timer of its duration (b.Next()), which
// needs the names it reads to be exported when it is of another package.
// In a retry by recursion the overall deadline is made by each call from
// outside, the first attempt of an operation, and handed to it in place of
// the context it passed (offered, and reported, only for an unexported
// function called only in the reported file, from statements outside
// loops, with a per-attempt duration visible there):
//
//	opCtx, opCancel := context.WithTimeout(ctx, 3*attemptTimeout)
//	defer opCancel()
//	return get(opCtx, c, url, 3)
//
// A retry helper whose wait takes no context keeps its name and signature
// for its other callers: the fix renames it nameContext with a first
// parameter ctx context.Context and waits in a select on ctx.Done(), adds
// a function of the old name and signature that calls it with
// context.Background(), and makes each call of the file whose operation
// uses a context call nameContext with that context:
//
//	err := backoffRetryContext(ctx, baseDelay, maxRetries, func() error { ... })
//
// Retry libraries (see docs/libraries.md): a cenkalti/backoff Retry (v1 to
// v4) whose BackOff is not wrapped in backoff.WithContext, a retry-go Do
// (v3 or v4; v3's Attempts(0) makes no attempt) without
// retry.Context (also among defaults the caller's options follow,
// append([]retry.Option{...}, opts...)..., where the fix adds it to the
// defaults, and in a local slice built from a literal and grown only by
// appends, opts..., where the fix adds it to the literal), or a backoff v5 or go-retry call handed
// context.Background() or TODO(), while the caller's context is at hand
// (fix: hand it to the library); and, with no context at hand, a retry that
// never stops (MaxElapsedTime 0, a constant back-off, WithMaxElapsedTime(0),
// Attempts(0), UntilSucceeded) around an operation that makes a per-attempt
// timeout (fix: the library's bound, -attempts times the timeout; for a
// go-retry Backoff with neither WithMaxRetries nor WithMaxDuration,
// retry.WithMaxDuration). A request sent through a retrying resty client
// (v2, or v3 for the methods it retries) without SetContext while the
// caller's context is at hand: its attempts and waits run on
// context.Background() (fix: SetContext(ctx) on the request; on v3 with a
// SetTimeout, SetContext(withoutDeadline{ctx}), a type that the fix
// declares once per package and that hides ctx's deadline, as v3 drops
// SetTimeout for a context with one; ctx still ends the call, with its own
// error). With no
// context at hand, a request sent through a resty client with
// SetRetryCount and a non-zero SetTimeout, from a function that makes no
// deadline: SetTimeout bounds each attempt, not the call (fix: a context
// bounding the attempts and waits, set with SetContext; on v3 a timer
// cancels it, since v3 drops SetTimeout under a context deadline). A
// failsafe-go Executor with a retry policy run without WithContext while
// the caller's context is at hand (fix: WithContext(ctx)), and, with no
// context at hand, a retry policy with WithMaxRetries(-1) and no
// WithMaxDuration around a per-attempt timeout (fix: WithMaxDuration).
// Kubernetes' wait.ExponentialBackoff sleeps with time.Sleep: called while
// a context is at hand, it is reported with the fix
// wait.ExponentialBackoffWithContext(ctx, ...); a poll of the wait package
// handed context.Background() instead of the caller's context is reported
// too (fix: pass it). A condition polled by wait.PollUntilContextTimeout is
// bounded by its timeout.
// A request made with go-retryablehttp's NewRequest (which gives it
// context.Background()) and sent through a retrying client, in a function
// with a context.Context parameter that never hands it to the request, is
// reported at NewRequest: the attempts and the waits between them ignore
// the caller's cancellation (fix: NewRequestWithContext(ctx, ...)); so is
// one sent with Do on a client the package did not make (an interface or
// another package hands it out). So is
// a call of the client's Get, Head, Post or PostForm, which make their
// request with NewRequest, on any client (one an interface method or
// another package hands out counts as retrying; one of the package's
// with RetryMax 0 does not; the receiver must be a *retryablehttp.Client,
// not a value or a type that embeds one, and the library version must
// have NewRequestWithContext) in a function whose context.Context
// parameter is at hand there, unless the call is started in a go or
// defer statement or a function literal: the fix calls a helper
// (getWithContext(ctx, c, url), ...) that makes the same request with
// NewRequestWithContext and sends it with Do, declared once per package
// with the others the package needs, after the function of its first
// such call.
//
// A retrying go-retryablehttp client made in the package whose HTTPClient has
// a Timeout (set on the field, or on an http.Client handed in): each
// attempt is one HTTPClient.Do, so the Timeout bounds one attempt, and it
// is reported where it is set unless the whole call is bounded: a Timeout
// on its StandardClient (fix: set one, from the same value; a
// StandardClient() used where it is made, as a field of a literal or a
// returned value, is first made in a variable of its own), or a deadline
// made by the function that calls Do or a helper it calls (fix: one
// deadline on the request's context, RetryMax+1 times the Timeout).
// A client that an exported function of another package returns after
// configuring it (an SDK's httpc.New(cfg); a fact of retryloop carries
// the summary of its configuration) is judged the same way, from that
// configuration and what the caller sets after: a go-retryablehttp
// Timeout the constructor set is reported at the constructor's call, and
// a resty constructor's SetTimeout and retry count count for the two
// resty rules above (and for their fixes' bound).
//
// Flags:
//
//	-retrydeadline.bounded bool
//	    also report loops with a bounded attempt count: a condition, a range
//	    over an integer, or an exit on an attempt counter (default true)
//	-retrydeadline.attempts int
//	    attempt count that the suggested overall deadline assumes when the
//	    loop has no attempt bound of its own (default 3; must be at least 1)
package retrydeadline

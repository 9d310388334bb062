// Package retryidempotency defines an Analyzer that reports non-idempotent
// HTTP writes retried after an unknown outcome without an idempotency key.
//
// # Analyzer retryidempotency
//
// retryidempotency: report POST and PATCH requests retried without an idempotency key
//
// POST and PATCH are not idempotent (RFC 9110 section 9.2.2). When a write
// fails with a transport error or a 500, 502 or 504, it may already have
// been applied, and a write answered 2xx was: sending it again can create
// a second order or a second charge. A 4xx is the server's refusal of the
// attempt (a 401 followed by a new token, a 409 conflict): sending the
// write again does not apply it twice, and is not reported. Retrying such a write is safe only under a contract with the API,
// such as an Idempotency-Key header generated once per logical operation
// and sent unchanged on every attempt.
//
// The analyzer looks at retry loops (loops that send the same request again
// after a failure; one request per item, page or goroutine is iteration and
// is never reported) and reports:
//
//   - a POST or PATCH (a constant method: http.MethodPost, "PATCH",
//     http.Post, http.PostForm, Client.Post, Client.PostForm, or a method
//     variable assigned constants of which one is a write, as an upsert's
//     method := "POST"; if id != "" { method = "PATCH" } or a PUT that is
//     a POST on some path (reported as POST), handed to http.NewRequest,
//     written as the Method of a request built as a struct
//     (&http.Request{Method: http.MethodPost, ...}, req.Method = "PATCH",
//     sent as Do(&req) when it is a struct value), or handed to a function
//     of any package that builds a request with the method it is handed,
//     by any of these means, c.newRequest(ctx, http.MethodPost, path, body),
//     or with a field of the struct describing an operation that it is
//     handed (c.build(ctx, op{Method: http.MethodPost, Path: "/users"}),
//     a variable assigned only such literals, whose methods join as a
//     method variable's do, a package variable the package never
//     changes), or by a function of any package that
//     returns requests of one constant method (a generated client's
//     NewCreatePetRequest(server, body)), by a method of an interface
//     every implementation of which the package can see (its own types',
//     its dependencies' that build requests) builds requests of the same
//     one constant method (a request factory: c.factory.NewRequest(path,
//     body), with transport.HTTP's NewRequest making POSTs), or by a
//     local closure of the
//     function (newReq := func() (*http.Request, error) { ... }); a
//     request given its context
//     again (req = req.WithContext(ctx), req.Clone(ctx)) keeps its method;
//     for an
//     operation handed to a retry helper, the request may be built before
//     the helper's call) sent in the loop, directly or
//     through a function in any package that sends one, or through a
//     function that sends a request with the method it is handed
//     (c.makeRequest(ctx, verb, http.MethodPost, url, body)), when the loop can
//     reach another attempt after an unknown outcome and no idempotency key
//     header is set on the request;
//   - a retrying sender: a loop that re-sends a request whose method it
//     does not fix (a *http.Request parameter, a field holding one, a
//     request the caller's factory makes for each attempt (req, err :=
//     newRequest(), a func value parameter or field), a copy
//     or a request a helper derives from one, a request built with a
//     method taken from a parameter or a field, also through a local
//     variable that gives it a constant default (method := cfg.Method;
//     if method == "" { method = "POST" }), a call of a helper of the
//     package that builds its request from the method it is handed, given
//     the caller's, or built by a method of a request builder with the
//     builder's own verb, a field its maker set (r.newHTTPRequest(ctx)
//     with r.verb, on the receiver or on a builder the function is
//     handed; a builder made in the function is not the caller's, nor
//     is a verb that only the package sets, unexported, and only to
//     methods that may be sent again (a builder's Get and Head; nor a
//     method parameter of an unexported sender that every call in the
//     package hands a constant GET, HEAD, OPTIONS, TRACE, PUT or DELETE,
//     a do(method, path, body) behind Get and Update);
//     call(ctx, method, ...) trying doOnce(ctx, method, url,
//     body) on each peer, or a helper that returns its error alone,
//     err := c.do(ctx, method, path, body, out), or one that answers
//     with the body and the status (b, code, err := makeRequest(s,
//     method, path, body), the guard then returning them as they came),
//     tried again by a loop or by the function calling itself (a send in
//     the init of an if whose body tries again takes no guard and is not
//     reported), or one handed a
//     description of the request whose Method field (or what a pointer
//     to it points to: build(ctx, *r)) it builds from, c.send(ctx, r)
//     in do(ctx, r *request), the guard then testing r.Method; its fix hands a transport error, a *url.Error,
//     back at once for a method that is not idempotent, and leaves every
//     other error retried as before), or such a request wrapper
//     of a pipeline or an SDK: a struct holding a *http.Request, such as
//     a policy's request whose Next method sends it, or handed to the
//     next stage of a pipeline through an interface or a func value that
//     takes it and answers a wrapper of the response (an interface with
//     a Response() *http.Response method, or a struct that embeds one):
//     next.Do(ctx, req.Copy()) of a retry policy) after an unknown outcome,
//     without the check that net/http's own Transport makes before it
//     replays a request: an idempotent method (a comparison, switch or
//     lookup of the request's Method, also through a type that embeds the
//     request (call.Method), in the function or in a function of the
//     package it calls (not the send itself: a function that sends and
//     tests the method, to follow a POST's redirect, does so on every
//     attempt alike), or of the method parameter or field it builds the
//     request with, as in isIdempotent(method) or a builder's own
//     r.idempotent() over r.verb; a comparison with "" only
//     picks a default, and a check function of the request that, for a
//     POST, may still answer true or ask only about the body, as
//     bodied && req.Body != nil: return req.ContentLength != -1, asks
//     whether the body can be sent again, not whether the request can;
//     a comparison in the loop before the send whose branches do not
//     leave the loop, such as one that picks a header for a HEAD or a
//     token scope for a write, cannot stop the re-send and is none, and
//     so is one kept in a variable that only such branches read
//     (readOnly := req.Method == http.MethodGet && secondary != "", to
//     pick the host of the next attempt), read nowhere but in the loop
//     before the send (one read before the loop, if !idempotent {
//     attempts = 1 }, caps the attempts and is a check); and where
//     every test of the method in the function is a comparison with a
//     constant (or a switch on it) in the function's own body, the
//     outcomes are walked again taking the request for a POST, and
//     then for a PATCH (if req.Method == http.MethodPost { return resp,
//     nil } lets a PATCH answered 502 through), with each
//     comparison, and each bool variable whose every value such
//     comparisons decide alike (considerSecondary := (req.Method ==
//     "GET" || req.Method == "HEAD") && mirror != "", then primary :=
//     !considerSecondary || odd), decided as that write decides it: when
//     the write still reaches its send from the function's entry and the
//     next attempt after an unknown outcome, the tests only picked the
//     host, the wait or whether to rewind a body (azure-storage-blob-go's
//     retry policy, whose switch's first case only a read from the
//     secondary takes), and none is a check; a value the method decides
//     in an order the walk cannot tell (again := true; if req.Method ==
//     "POST" { again = false }), or an undecided test before the send
//     with a branch that leaves, keeps it one; nor
//     is a test on the side that lets the re-send happen ORed with a
//     condition that tests neither a method nor a key,
//     isIdempotent(req.Method) || rewind != nil, which lets a POST
//     through whenever its body can be replayed), a predicate the caller
//     configures about the request (a function value, held in a field or
//     a parameter, that takes the *http.Request alone, or with a context,
//     and returns a bool, as an option's o.decider(req): whether a
//     request may be sent again is then the caller's to say; one asked
//     only when it is set, f != nil && !f(req), lets every request
//     through when it is not, and one also handed the response or the
//     error, a local function of the sender's, or an interface's method
//     such as a retry policy's IsNextRetry, decides on the outcome: none
//     is a check), or
//     an idempotency key header, read or set by the sender itself on what
//     it re-sends (req.Header.Set("X-Goog-Gcs-Idempotency-Token", id)
//     before each attempt), or set once on the request it re-sends a copy
//     of by the function that stores it in a struct field, at every store
//     of that field in the package (a generated SDK's NewRequestConfig
//     sets Idempotency-Key on cfg.Request for every method but GET, and
//     each attempt sends cfg.Request.Clone(ctx)), or made by the sender's
//     callers: an unexported sender called only directly in its package
//     (or through an unexported func field to which the package stores
//     that sender alone, `do: defaultDo`),
//     each call handing it a request the caller built (with
//     http.NewRequest, or a helper of the package that builds with the
//     method it is handed or a constant one, a.newHTTPRequest("PUT",
//     rel); the sender's own call of itself, a retry by recursion, hands
//     on what it was handed) with a method that
//     is no write there: a constant, or a variable that the caller's
//     branches keep the writes from (if method == "POST" || method ==
//     "PUT" { resp, err = c.hc.Do(req) } else { resp, err =
//     c.doWithRetries(req) }, an if that returns before the call, a
//     switch on the method): POST must be left out, and PATCH too unless
//     every call of the caller hands it a constant and none is PATCH
//     (a call that hands on a parameter of a wrapper's, doJSON(method,
//     path) calling doJSONUnredacted(method, path), hands what the
//     wrapper's calls hand it, two wrappers up at most); a
//     comparison that keeps nothing from the retry (if method == "GET" {
//     c.reads++ }) is no check.
//     The unknown outcomes of a request of any
//     method are a transport error and a 500, 502 or 504; a 4xx is the
//     server's answer, after which sending the request again applies
//     nothing twice. A sender that retries by calling itself with the
//     last response (retry(req, resp, n), the first attempt made by its
//     caller, as kiota's retry handler does), deciding on it before it
//     sends again, re-sends after a status when the send's outcome
//     reaches the self-call and the call, its response parameter holding
//     that status, reaches the send again: its fix stands where it
//     decides, at the top of the function (if resp != nil &&
//     !replayable(req) && resp.StatusCode == http.StatusGatewayTimeout {
//     return resp, nil }), so that the first re-send is stopped too. The
//     outcome named is one the sender's checks of the method let a POST
//     or a PATCH through (a 500 that only a GET retries is not named when
//     a PATCH is re-sent after a 502), and a sender that returns more than
//     the answer (resp, elapsed, err) is fixed with a return of its own
//     that hands back the answer as it came;
//   - a key that is generated anew on each attempt (by a write's loop, or
//     by a retrying sender of any method that sets it on what it
//     re-sends, req.Header.Set("Idempotency-Key", "sdk-"+uuid()) on each
//     clone, which would otherwise count as its check): its value comes from a
//     random, UUID or clock source called inside the loop, directly or
//     through a helper (one whose first result is a string, a number, a
//     byte slice or array, or a time.Time; a buffer filled by rand.Read
//     or io.ReadFull counts), or set by a function that makes one on
//     every call (addKey(req)), or handed on every attempt to a function
//     of any package that sets the key it is given
//     (orders.Create(ctx, body, newKey())), which defeats the server's
//     deduplication. A loop that sends only through an SDK whose API
//     names no net/http type is checked like any other, whether or not
//     its package imports net/http.
//
// A retry need not be a loop written around the send. The same is
// reported for the body of a function literal handed to a retry helper (a
// function, in any package, whose loop calls a function value it received
// again after a failure, such as retry(ctx, n, fn)): the helper calls it
// again when it returns an error that is certainly not nil (the send's
// error after a transport error, fmt.Errorf, errors.New, a sentinel
// variable). A helper may instead poll a condition, func() (done bool,
// err error), calling it again when it returns (false, nil) and stopping
// on done or an error, as Kubernetes' wait.ExponentialBackoff and
// wait.PollUntilContextTimeout do: there a return false, nil after a
// transport error or a 500 is the retry, and a return of the error is
// not. A helper may also hold the operation in a field of its receiver,
// a method whose loop calls that field (Executor{Handler: func() (bool,
// error) {...}}.Execute()): the literal stored there is the operation.
// When its bool alone says whether to go again (again, err := op(); if
// !again { return err }), a return of a bool that is certainly true is
// the retry, whatever the error; a retrying sender's guard in such an
// operation returns false and the error. A send's results may be more
// than (resp, err) (resp, body, err := c.doRequest(req)): the response
// is the result of type *http.Response. A func value handed the response
// and answering one (resp, err = handle(resp)) processes an answer: it
// is not a send. A retry may also be written out without a loop: a send,
// then, in a branch of an if statement whose condition reads its
// results, the same call once more (see the retrydeadline analyzer). A
// write sent so after an unknown outcome is reported at the first call;
// the fix makes one key before the request is first built and sets it
// after each build (or rewrites both URL-shaped calls with it). A named
// function or method value of the package handed to a helper
// (helper(c.postTransfer)) is judged through its body and reported at its
// send. And for a local closure that a retry loop calls (send :=
// func() ...; for { ... send() ... }), when the loop retries on the
// closure's error and the closure returns its send's. A send is a call of
// net/http's sends, of a function that sends, or of an interface method or
// func value of a send's signature, func(*http.Request) (*http.Response,
// error) (a Doer, a pipeline's next handler, of a named or an alias type),
// or one that takes its one *http.Request beside other operands, as a
// middleware's next(ctx, req) or a Doer's Do(ctx, req) does.
// A function in any package that sends the request it is handed (a
// doPost(client, req) helper, a wrapper's Next method) sends that
// request: a POST built before the call is a write of the caller, and a
// request of the caller's a retrying sender's. An exported retrying
// sender (a function or method whose loop re-sends the one
// *http.Request parameter it is handed, reported where it is declared)
// exports that as a fact, and a caller in another package that hands it
// a POST or PATCH without an idempotency key is reported at the call
// ("POST is handed to transport Client.Perform, which re-sends it after
// a transport error, without an idempotency key"), also through a method
// of an interface of the sender's package that only one of its types
// implements (a library's Interface and its Client); the fix sets one
// key on the request before the call, which every attempt carries. A
// sender whose attempts a field of its client bounds (for i := 0; i <=
// c.retryCount; i++, as gojek/heimdall's Client.Do) re-sends nothing
// while the field is at 0: a call on a client built in the function by
// its package's constructor (NewClient(opts...), which leaves the field
// at a constant and changes the client only through its options) with no
// option that sets the field (WithRetryCount) is not reported; options
// held in a value, another method called on the client, or an assignment
// to it keep the report. An
// exported function that hands the request it is given, untouched (it
// reads no Method or Header of it, assigns it nothing, hands it to no
// other call), to a retrying sender, the package's own unexported loop
// (an SDK's exported Do over its doWithRetries) or another package's by
// its fact, exports the same fact: its callers' writes are re-sent too. So does a method that
// sends the request its receiver holds in a field (func (cfg *Config)
// Execute() sending cfg.Request, as generated SDKs' request configs do):
// a holder made in the function of a request built there (cfg :=
// &Config{Request: req}; return cfg.Execute()) sends that request, with
// its method, unless the function gives the field another value. A request sent as a copy
// with another context (client.Do(req.WithContext(ctx)), req.Clone(ctx))
// is req, with its method and header; so is one handed through a
// decorator of the package that edits the request it is given and hands
// it back from every return (client.Do(c.authorize(req)),
// withKey(c.authorize(req), key), whose key counts). A call of an unexported func field
// that the package only ever sets to one named function (a seam kept for
// tests: postJSONFunc: notify.PostJSON) is a call of that function, also
// when the package sets it to a constructor's parameter and every call of
// that unexported constructor hands it the same function (newWAL(
// e.export), storing &wal{sink: sink}); a field set to a function
// literal, a variable or nil, or an exported one that the package's users
// may set, sends nothing known.
//
// Whether the loop "can reach another attempt after an unknown outcome"
// is a question on the function's control-flow graph, not on how the
// loop is spelled: from just after the send, is there a path to the next
// iteration (the end of the body, a continue, a labelled continue from a
// nested switch, select or loop, a goto back to a label before the send)
// that passes no return, no break out of the loop and no call that never
// returns? The outcome only decides the branches on the way: conditions
// on the send's error, response and status (comparisons, a switch on the
// status, a variable holding it, a lookup of the status in a set the
// package declares and never changes: retryable[code], slices.Contains(
// retryOn, code), _, ok := set[code]), calls of a retry predicate, a
// function of any package that returns a bool from the response and the
// error (shouldRetry(resp, err)), beside other results too (d, retry :=
// checkWait(resp) with checkWait(resp) (time.Duration, bool); retry, err
// := checkRetry(ctx, resp, err) with (bool, error): its one bool result
// is judged), or from the status alone (isRetryableStatus(code) bool), a
// function literal of that shape that a
// local variable holds, given it in the function (failed := func(err
// error) bool {...}) or by a function of the package that returns it with
// its state captured (for shouldRetry := limited(ctx, 3); ; {...}), whose
// returns are walked in the same outcome, and a bool variable defined
// from one of these (retry := shouldRetry(resp, err)); a retrying sender's call of
// a policy its caller hands it on the send's error (if !policy(err) {
// return nil, err }, a func(error) bool parameter) leaves the transport
// errors to the caller (the caller of trino's roundTrip lets a POST
// retry only dial errors, when nothing was sent), so only the statuses
// the sender retries itself are judged, and guarded; any other condition is taken
// both ways, and so is one on the error or the response after the path
// assigns its variable again (req.Body, err = req.GetBody()): it is then
// another call's. A function that sends, called in the loop, has its
// returned error as the send's; a *http.Response it returns beside it
// (res, req, err := c.postNoRetry(ctx, url, body)) carries the statuses
// as a send's response does.
// Success first or failure first, a send in a branch of an if, attempts
// counted up or down are then one shape, and so is an attempt made in
// the select case of a timer the loop arms again (for { select { case
// <-ctx.Done(): ...; case <-timer.C: send; ...; timer.Reset(wait) } }),
// when that case may leave the loop; a case of a ticker, or one that
// never leaves (a health check on every firing, or a refresher that
// leaves only on cancellation: if errors.Is(err, context.Canceled) {
// return }), serves events.
//
// A framework retries what its users plug in: a package that calls a
// method of one of its own interfaces in a loop (directly, or through a
// method of its own that returns that call's result whole) and leaves the
// loop when the result asks for no other attempt (if !retry { return
// err } after retry, err := n.Send(ctx, msg); if !v.ShouldRetry() {
// return err } after v := i.Notify(ctx, alerts...), where ShouldRetry
// returns a bool field of the result and the package's exported functions
// build results that set it, notify.Retry(after, err, reason), or leave it
// unset beside an error, notify.Unrecoverable(err, reason)) retries
// implementations that live in the packages importing it (a package
// fact says which methods and how). An implementation of such a method
// is judged as an operation, and so is a function of its package whose
// result it hands back whole (return n.postRequest(ctx, u, req), or v :=
// n.post(ctx, m); if v.Err() != nil { return v }): a POST or PATCH it sends without a key whose
// unknown outcome reaches a return that asks for another attempt (a true
// flag beside an error that is not nil, or a call of a function that
// sets the retry) is reported at the send. The fix answers that outcome
// with the framework's stop: the flag becomes false, or the call becomes
// one of the stop function, made of the retry call's arguments, each of
// its parameters taking the one argument of its type (return
// notify.Retry(0, notify.RedactURL(err), notify.DefaultReason) becomes
// return notify.Unrecoverable(notify.RedactURL(err),
// notify.DefaultReason)). A return that a 429 or a 503 also reaches (one
// return for every failing status) is left as it is: a rejection is
// retried as before, and such a return alone is not reported.
//
// A function that sends and then calls itself again for the same request
// (return t.doSend(body, retriesLeft-1) after a failure) is a retry by
// recursion: each call is an attempt, and the self-call is the next one.
// Its arguments may change only where they are no input of the request
// (an attempt count, a delay, the previous response); a self-call that
// hands on another node, page or cursor is iteration. A self-call after a
// 2xx answer goes on with the job and is no retry.
//
// A worker that takes items from a channel and, after a send, hands the
// item it holds back to that channel (for p := range t.queue { ...;
// t.queue <- p }) sends the same request again later: a retry by requeue,
// judged as a loop whose next attempt is the requeue (its next iteration
// takes another item). A requeue of another item, or of the item with a
// field its request is built from changed, is iteration. The fix adds a
// key field to the item's struct type (a type of the package made by
// keyed composite literals only), fills it with a key made where each
// item is made (rand.Text(), or before Go 1.24 a newIdempotencyKey
// function the fix adds), and sets it on the request of every attempt,
// or hands it to the helper that sends it, as above.
//
// Not reported: GET, HEAD, OPTIONS, PUT and DELETE; a method that is not a
// constant and not the caller's; a key computed once before the loop, or taken from a parameter
// or a field, set on the request directly, by a function of any package
// that sets a key on the request or header it is handed (setKey(req, key),
// c.setHeaders(req, opts)), by a request editor handed to the function
// that sends (client.CreatePet(ctx, body, withKey), where withKey is a
// function literal that sets the key on the *http.Request it is given, or
// the literal an option function of the package returns,
// withIdempotencyKey(key), handed a key made before the loop),
// or with a header made once and copied onto
// each attempt's request (req.Header = h.Clone()); of several, the last
// counts, so a header replaced after the key was set has lost it; a loop that retries only after 408, 425, 429 or 503 and
// returns on a transport error (a test of the package's own error values,
// errors.Is(err, ErrThrottled), or of its own error types, var apiErr
// *APIError; errors.As(err, &apiErr), or of an error type of another
// package outside the standard library, an answer decoded into
// oauth.Error, is false for a transport error that
// the package's functions pass on as net/http made it, wrapped or not; a
// test of the package's own error values, err == ErrPending or a case of
// switch err among them, is false too for one that a sender of the
// package folds into a new error, fmt.Errorf("%s: %s", prefix,
// err.Error()), under every err != nil after its send);
// a loop that retries only after an error
// raised before the request reached a server (errors.Is(err,
// syscall.ECONNREFUSED), EHOSTUNREACH, ENETUNREACH, or errors.As into a
// *net.DNSError, directly or in a predicate). A key is known to be fresh when it comes
// from crypto/rand, math/rand, time.Now, a UUID-like package, or a function
// that returns one of those; a helper that makes keys is recognised in a
// package that imports one of those packages, or a package with such a
// helper.
//
// WRONG:
//
//	for attempt := 0; attempt < 3; attempt++ {
//		resp, err := client.Post(url, "application/json", bytes.NewReader(order))
//		if err != nil {
//			continue // the order may have been placed
//		}
//		...
//	}
//
// RIGHT: one key for the logical operation, sent on every attempt:
//
//	key := rand.Text()
//	for attempt := 0; attempt < 3; attempt++ {
//		req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(order))
//		...
//		req.Header.Set("Idempotency-Key", key)
//		resp, err := client.Do(req)
//		...
//	}
//
// The key helps only where the API honours the header: check its
// documentation, and name its header with -retryidempotency.key-headers.
//
// An API may deduplicate on a field of the body instead (PagerDuty's
// dedup_key, Square's idempotency_key, the ClientToken of the AWS APIs).
// A write whose body is made from a struct or map literal, or a local
// struct or map it stores into, that sets such a field (its JSON, XML or
// form name: see -retryidempotency.key-fields; a field the encoding
// leaves out, json:"-", sends nothing) to a key (text, a number or bytes,
// not a flag) that is not new on every attempt carries one key for every
// attempt and is not reported. The body is followed through json.Marshal,
// an Encoder writing into a buffer, url.Values.Set, bytes and strings
// readers, and the functions of the package and of other packages
// (through facts) that build or encode it. A key is no key when it is "",
// made from a UUID, random bytes or the clock inside the loop (or inside
// a builder called on every attempt), stored over by such a value, or
// deleted from the map; a key a builder or a sending helper takes as a
// parameter is judged at the call, so that a helper handed a new key on
// every attempt is reported with the fix that makes it once. A key
// stored on only some paths counts as stored.
//
// Each finding has one suggested fix. A missing key gets one generated
// before the loop with crypto/rand (rand.Text from Go 1.24, random bytes in
// hex before it) and set, under the first configured header name, on the
// request of every attempt (after the statements that replace its header
// or set a key of their own on it); a Post or PostForm call is rewritten into a
// request that carries the header. A write sent by a helper gets the key as
// a new last parameter of the helper (before a variadic one, such as a
// generated client's reqEditors), which sets it on its request, or
// hands it on to the helper it calls that does (c.post(body) calling
// c.clientPost, which builds the request); the other callers of such a
// helper pass "", and the key is set only when there is one, so they send
// as before. A helper whose signature must stay (exported, used as a
// value, or a method an interface of the package may require) is split
// instead: its body moves to an unexported twin that takes the key
// (WriteBatch to writeBatch, or notify to notifyWithKey), the loop calls
// the twin, and the helper keeps its name and signature and calls the
// twin with "", so every other use sends as before:
//
//	func (s *Service) WriteBatch(ctx context.Context, batch []byte) error {
//		return s.writeBatch(ctx, batch, "")
//	}
//
// This is offered, and the finding reported, for helpers of the same
// package that are not generic and whose parameters are all
// named. A helper that sets a key it keeps (a field, a parameter) is
// trusted; one that makes a new key on every call (c.post(ctx, path,
// body) setting uuid.New().String(), or an SDK's do(ctx, method, path,
// body) setting rand.Text() on the writes it sends, retried by the
// call(ctx, method, ...) around it) gives each attempt a new key, which
// the server cannot tie to the first. That is reported at the loop's
// call, and the fix makes one key before the loop (as the helper makes
// it, when the helper is in the loop's file) and hands it down the same
// way; the helper sets the key it is handed and, when other callers hand
// it "", makes its own for them as before:
//
//	if idempotencyKey == "" {
//		idempotencyKey = uuid.New().String()
//	}
//	req.Header.Set("Idempotency-Key", idempotencyKey)
//
// A helper sends a write also when it sends, in a retry loop of its own,
// a request of the method its caller hands it (an SDK's core that retries
// a 429 itself, called with POST by CreateOrder): a caller's retry around
// CreateOrder re-sends the POST. A fixed POST sent in such a loop is not
// taken for a write: an RPC API that sends every call, reads too, as a
// POST says nothing by it. A write of
// another package, which takes no key and cannot be changed from the
// loop (api.PostMessage(ctx, ch, text) called again after any error), is
// reported in a loop of the function itself after a transport error, and
// its fix hands a transport error (a *url.Error in the error's chain) back
// at once, leaving every other error retried as before:
//
//	err := api.PostMessage(ctx, "ops", text)
//	if urlErr := (*url.Error)(nil); errors.As(err, &urlErr) {
//		// No response: the server may have applied the POST.
//		return err
//	}
//
// In an operation written in place for a retry library, the guard ends
// the retry the library's way: return backoff.Permanent(err) (backoff),
// retry.Unrecoverable(err) (retry-go), or the error left unmarked
// (go-retry, which retries only an error marked with RetryableError). A
// function literal handed to a plain retry helper of the project's own
// (one that calls it again after an error, in this package or another)
// stops it the way every such helper stops, by succeeding: the guard
// keeps the transport error in a variable of the helper's caller and
// returns no error, and the caller hands the kept error back right after
// the helper's call (the helper's own error is returned as before):
//
//	var writeErr error
//	err := withBackoff(ctx, func() error {
//		err := api.PostMessage(ctx, "ops", text)
//		if urlErr := (*url.Error)(nil); errors.As(err, &urlErr) {
//			// No response: the server may have applied the POST.
//			writeErr = err
//			return nil
//		}
//		return err
//	})
//	if writeErr != nil {
//		return writeErr
//	}
//	return err
//
// An OAuth 2.0 token request (a POST of a form whose grant_type the
// function sets, built from v.Encode() or sent with PostForm) is no
// write: asking again grants another token, and an SDK's transport that
// fetches a bearer token makes no write of the operation it serves.
//
// Not reported: a helper its caller tells whether to retry (a bool
// parameter, cloud.google.com/go/storage's run(ctx, op, retry,
// isIdempotent)), a helper of this package that makes a token for the
// operation (a fresh random value, as that run makes its invocation id
// and sends it on every attempt), and a library without a way to stop.
//
// The same holds for a write sent through functions of this package that
// end in such a function of another package (openAndDial, which calls
// the SDK's StartSocketModeContext), or in a send of this package through
// which no key can be threaded (a generic helper): the guard is written
// when every function of the chain hands the error of the call it makes
// back, as it is or wrapped with %w, so that the transport error reaches
// the loop; a function of this package in the chain (or the
// implementation of an interface method, below) that folds the error
// into its own with a plain %v or %s of a format literal
// (fmt.Errorf("%v: error posting: %v", hs, err)) gets that verb made %w
// by the same fix, which prints the same text; one that keeps only the
// error's text (fmt.Errorf("post: %s", err.Error())) is left alone.
//
// A method of an interface that the loop calls again (s.sender.Send(ctx,
// body), n.Notify(msg)) is judged the same way when one of the
// implementations the package can see (its own types', and its
// dependencies' methods with a fact) sends a POST or PATCH with no key, or
// with one it makes anew on every call: a key cannot be threaded through a method that every implementation must
// then take, so the fix is the same guard, placed after the statement that
// assigns the error, first in the branch of an if statement that handles
// it (if err := n.Notify(msg); err != nil { ... }), or as the else branch
// of one that returns when it is nil (if err := n.Notify(msg); err == nil
// { return nil }); in a function without results the guard returns, and
// where the name errors or url is taken (a parameter named url) the
// package is imported under another (neturl). An implementation of this
// package that keeps only the error's text is no such write: no guard at
// the call could see its transport error. A range over a list of
// interface values whose method each item is asked in turn (a chain of
// credential providers, issuers tried one after the other) is a chain of
// operations, not a retry; the same request sent through each client of
// a list (d.Do(req)) is a failover, and a retry. An
// implementation in a package that imports the loop's (a notifier of
// another package, registered with a retry stage) is not seen: facts flow
// from a package to its importers only.
//
// Such a write in an operation handed to a retry helper is not reported:
// the helper may retry only what its caller declares idempotent, or send
// a token of its own on every attempt, which its fact does not tell. For a write in an
// operation handed to a retry helper, or in a closure the loop calls, the
// key is made once before the helper's call (or before the closure, when
// it is made before the loop) and set inside; for a named operation, the
// key is made before the helper's call, the helper is handed a literal
// that passes it (func() error { return c.postTransfer(idempotencyKey) }),
// and the function takes it as a new last parameter and sets it on its
// request, or hands it to the helper that sends it, as above (a function
// whose signature must stay, exported or used elsewhere, is split as a
// helper is, and the literal calls its twin). A fresh key per attempt is
// moved before the loop. A write retried by recursion gets the key as a
// new last parameter of the function, set on its request (or handed to
// the helper that sends it, as above) and passed on by every self-call,
// while each call from outside, the first attempt of an operation, makes
// the key just before it:
//
//	idempotencyKey := rand.Text()
//	return t.doSend(body, t.RetryAttempts, idempotencyKey)
//
// A function whose signature must stay (exported, used as a value, an
// interface's method, called in another file or where no statement can
// go before the call, as in func (t *T) Send(b []byte) error { return
// t.doSend(b, 3) }) is split instead: its body moves to a twin that takes
// the key and calls itself, and the function keeps its name and signature
// and hands the twin a key made on each call, the first attempt:
//
//	func Retry(c *http.Client, url string, item []byte, n int) error {
//		return retry(c, url, item, n, rand.Text())
//	}
//
// A key made afresh inside such a function is not reported (no fix moves
// it). A retrying sender whose send is in a local closure that the loop
// calls at once (loopErr := func() error { ...; resp, err = hc.Do(req);
// ... }()), building the request with the method it was asked for, gets
// a key instead, since no return in the closure leaves the loop: one made
// before the loop and set on the request of every attempt when it is a
// POST or PATCH without a key of its own. A retrying sender gets the
// replay check after its
// send, through one helper added once per package after the function of
// the first such finding:
//
//	resp, err = t.next.RoundTrip(req)
//	if err != nil && !replayable(req) {
//		return nil, err
//	}
//
// (replayable reports an idempotent method, or a configured key header;
// for a wrapper it gets the wrapper's *http.Request, as clone.Raw(), and
// for a copy made for the attempt, as call.Request.WithContext(ctx), the
// request it copies, whose method and header the copy has; for a
// transport error the guard goes after the statements that run straight on
// from the send, the attempt's bookkeeping such as a per-attempt timeout's
// cancel, and before the first that may leave the attempt or assigns the
// send's results, in the block that holds the send: the loop's body or a
// block nested in it, after an if whose init assigns the results (if
// resp, err = next.RoundTrip(req); err == nil { return resp, nil }) when
// they are declared outside it),
// so that a write whose outcome is unknown goes back to the caller while
// every other request is retried as before; a sender that retries only on
// a status returns the response as it came instead, on the unknown
// statuses it retries only (if err == nil && !replayable(req) &&
// resp.StatusCode == http.StatusBadGateway), so that every other answer
// goes on as before (a 4xx the function turns into an error, a 503 it
// retries); a sender that retries both, and hands back the send's
// response, gets one guard for both (if (err != nil ||
// resp.StatusCode == http.StatusBadGateway) && !replayable(req) { return
// resp, err }), after the attempt's bookkeeping as the transport error's
// and before the first statement that hands the response or its body to
// a call (resp.Body.Close()); one that returns an error but not the
// response (func send(req) error) gets the same guard, the unknown
// status closing the body and becoming the error it returns
// (fmt.Errorf("%s answered %s: not sent again, the outcome is unknown",
// req.Method, resp.Status)); and a check of the method that covers only one of
// them (if err != nil && !replayable(req) ...) does not silence it. A
// first attempt sent before the loop that the loop sends again (resp,
// err := t.next.RoundTrip(req) before a for whose body assigns the same
// variables from the same call) gets the same guard after it; a loop
// that writes gets the key on that first attempt too, made before it.
// One that cannot
// (a retry by recursion whose function returns what it read, not the
// response) treats a request that may not be replayed as one with no
// attempt left, its self-call's budget condition joined with the check:
// if sequence < s.MaxRetries && replayable(req) { return s.call(...) }. When the send is in
// an operation handed to a retry helper (the helper, not the operation,
// decides on another attempt), the guard goes before the helper's call
// and sends such a request once, as the result of the function around
// that call (a declaration, or a literal, as in a sender written as a
// RoundTripperFunc literal):
//
//	if !replayable(in) {
//		return t.inner.RoundTrip(in)
//	}
//	roundtrip := func() error { out, err = t.inner.RoundTrip(in); return err }
//	retry.Retry(roundtrip, predicate, backoff)
//
// Retry libraries (see docs/libraries.md): a POST or PATCH sent through a
// retrying go-retryablehttp client (RetryMax > 0, default CheckRetry) or a
// resty client with SetRetryCount (v2: no custom retry condition; v3: with
// SetRetryAllowNonIdempotent, without which v3 sends a POST once; also a
// client that another package's exported function returns so
// configured, read from the summary of its configuration there and what
// the caller sets after), or sent
// inside the operation handed to cenkalti/backoff, backoff v5 or retry-go
// with its transport error returned as is, or to go-retry's Do with it
// wrapped in retry.RetryableError, or run by a failsafe-go Executor whose
// retry policy handles every error, or sent by failsafehttp.Request.Do
// or through an http.Client whose Transport is failsafehttp's
// NewRoundTripper, or sent by the push function of an OpenTelemetry
// Collector exporter made with exporterhelper's WithRetry (a
// configuration literal with Enabled true, NewDefaultBackOffConfig(), or
// the exporter's configuration field), after a transport error:
// the helper calls the push function anew for every batch, so the fix
// there ends the retry with consumererror.NewPermanent(err) in the push
// function (one the package calls nowhere else),
// without an idempotency key set
// once for all attempts. The fix sets a key made once: on the request the
// library re-sends, or before the retry call. The operation handed to a
// retry library is judged as the operation of any retry helper above
// (held in a variable, or in a literal that only forwards to a closure
// held in one, or hands back what it returns: func() (int, error) {
// return execute() }, status, err := execute(); last = err; return
// status, err; sending through
// a function of the package or with
// a URL send, re-sending a request of any method), except that the
// library says which returned errors it retries: every error but one
// marked permanent (backoff.Permanent, retry.Unrecoverable), or only one
// marked retryable (go-retry's RetryableError); a retry-go RetryIf retries
// a transport error only where its condition, a function (of the package,
// followed through, or of another, by its fact) or a literal taking the
// error, certainly answers true for one (errors.As into a *url.Error or a
// net.Error, a final return true after tests for the package's own error
// types); a failsafe executor without a retry policy that handles errors
// is not taken to retry a transport error. An operation that returns what
// a function of the package makes of the send's response and error
// (return classify(resp, err)) is retried where every return of that
// function the outcome reaches is an error the library retries
// (retry.RetryableError(err) for go-retry; one not marked permanent for
// the others). Options spread from a local slice
// built from a literal and grown only by appends of options (opts :=
// []retry.Option{...}; retry.Do(op, opts...)) are read as if written in
// the call; a slice handed in is not. The guard of a retrying sender goes
// before the statement that reads the request's body for the attempts
// (body, _ := io.ReadAll(req.Body)), so that the request sent once keeps
// its body.
//
// A go-retryablehttp client made in the package (NewClient or a Client
// literal, or a call of a function of another package that returns one
// it configured, as an SDK's transport.New(cfg) does: a fact of retryloop
// carries the summary of its configuration, retry count, policy and
// PrepareRetry hook, which what the caller sets after overrides;
// followed through variables, fields, parameters and results,
// and through the *http.Client its StandardClient returns, also when it
// is held in an interface of the package's own, a Doer whose Do it
// sends through) whose CheckRetry
// retries a transport error or a 5xx (the default policy, or a custom one
// read from its body, such as one that adds retries of its own to the
// library's: return shouldRetry || custom(resp)), when requests whose method the sending code does
// not fix (a method parameter of the helper that builds them, a request
// handed in) are sent through it and no function on the way sets a key:
// reported where the client is made, with a fix that wraps its CheckRetry
// (after the statements of the same block that set it): after a transport
// error or a 5xx other than 503 it stops the retry of a request that is
// neither idempotent nor keyed, and keeps every other retry its policy
// asks for (a 429 or 503 is a definite rejection; a PrepareRetry hook,
// which sees only the request, would stop those too). After a transport
// error the wrapper knows the method only (the *url.Error's Op), so a
// keyed POST is not retried after one either. A client whose CheckRetry
// is also set in another function is not reported: the wrapper could be
// replaced. A client made only to call StandardClient() on it is first
// kept in a variable, and a POST sent through such a StandardClient is
// reported wherever it is built. A resty retry condition that
// returns true on a transport error, when the package sends a POST or PATCH
// through resty with no key, or hands such a client to a function, of
// this package or another, that sends one through the client it is
// handed (a fact: an SDK's service packages sending through the client
// its root package configured): reported at the condition, whose fix refuses
// a request that is not replayable after a transport error (a response is
// judged by the condition as before). Silent: RetryMax 0, a policy that
// retries only 429 and 503 or reads the request's method, a client used
// only for GETs, a key set on the way, a PrepareRetry already set, a
// request middleware (OnBeforeRequest) that sets a key header on the
// request. resty runs that middleware before every attempt: one that sets
// a fresh key (rand.Text(), uuid.NewString()) without first testing
// whether the request already has one gives each attempt its own key,
// and is reported at the set, whose fix sets the key only when
// r.Header.Get(key) is empty, so that every attempt carries the first.
//
// Flags:
//
//	-retryidempotency.key-headers string
//	    comma-separated request headers that carry an idempotency key,
//	    compared case-insensitively (default "Idempotency-Key,X-Idempotency-Key",
//	    the two names net/http itself treats as making a request replayable;
//	    a header whose name contains "idempotency", such as
//	    Idempotency-Token, is recognised as a key too, and the first
//	    configured name is the one fixes set)
//	-retryidempotency.key-fields string
//	    comma-separated fields of a request body (JSON, XML or form names)
//	    that carry an idempotency or deduplication key, compared without
//	    case, "_" or "-"; a field whose name holds "idempotency" or "dedup"
//	    is one whatever the list says (default "incident_key,entity_id,
//	    client_token,client_request_token": PagerDuty's Events v1, Splunk
//	    On-Call's and the AWS APIs' key fields; the empty string leaves
//	    only the names that say so)
package retryidempotency

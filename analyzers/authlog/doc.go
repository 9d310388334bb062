// Package authlog defines an Analyzer that reports credentials that reach
// a log.
//
// # Analyzer authlog
//
// authlog: report credentials that reach a log: credential headers, whole headers, requests and responses, dumps, and secrets held in values and bodies
//
// A retry loop should record each decision (method, attempt, status, wait,
// stop reason) but never the credentials that went with the request: a
// log line is read by more people, and kept longer, than the secret was
// meant to be. The analyzer follows credentials through local variables,
// conversions, concatenation, fmt.Sprint, Sprintf and Errorf, the strings,
// bytes and strconv functions, maps.Clone, text written into a bytes.Buffer,
// strings.Builder or bufio.Writer (fmt.Fprintf, io.WriteString, the Write
// methods), elements of local maps, the fields of a local struct literal
// (e := &entry{Header: h}; e.Header), and helper functions in any package,
// both those that produce a credential and those whose result derives
// from a parameter (a copy of a header, a helper that composes header
// lines), or that writes a parameter, or a credential of its own making,
// into a buffer, writer, map or slice it is handed, whether or not it
// returns anything (writeHeaders(&b, req.Header) followed by
// log.Print(b.String()); addHeaders(req.Header, fields), a function of no
// result that copies a header into its caller's map of log fields, whose
// fix drops the map from the log, since a redacted clone handed to the
// helper would also change what else it does with the header, such as
// copying it into a request it forwards; a parser that copies a
// dump's MIME header into its caller's map of log fields, as
// terraform-plugin-sdk's logging transport does; an out parameter of
// text, *out = fmt.Sprint(req.Header); a method of a slice type that
// appends what it is given to its receiver, cmd.append("-H", line), as
// moul.io/http2curl builds its command), readers over text read back
// (io.ReadAll of a bytes.NewReader(body) a caller handed in, NopCloser,
// LimitReader, MultiReader, TeeReader), and reports one that
// reaches a log. A loop over every name of a
// header that filters none (no if, switch, select or branch in its body
// but an if that only tests the number of values, with or without an
// else, if len(vs) > 0, or if len(v) == 1 { f[k] = v[0] } else { f[k] =
// v }, as a
// curl line's builder does: for k, v := range h { c[k] = v }, or for _,
// k := range sortedKeys(h)
// reading h[k]) carries every header's value; so does a loop over a
// local slice that such a loop filled with every name (keys =
// append(keys, k), sorted or not, or strings.ToLower(k) as a signer
// collects its canonical names), or over slices.Sorted(maps.Keys(h)). A
// collecting loop that skips some names first (if unsigned[k] {
// continue }) hands the skip on: the loop that reads the names back sees
// every header but those, so a signer's string to sign that leaves out
// Authorization but signs the session token it sets is reported, and
// one that leaves out every credential the package sends is not.
// The fix of what such a loop logs redacts the header its names come
// from; text composed into a local buffer is fixed where the credential
// enters it, whether the log reads the text (b.String()) or writes the
// buffer whole (b.WriteTo(l.Output), io.Copy(w, &b)), as a curl line's
// printer writes its lines to a logger's output. The credentials are:
//
//   - the value of a configured header (-authlog.headers) read with Get,
//     Values or an index expression; names are compared through
//     http.CanonicalHeaderKey;
//   - the value of such a header carried as gRPC metadata (whose keys are
//     lower case, and which grpc-gateway fills from the HTTP request's
//     headers): md.Get("authorization") and md["x-api-key"] of a
//     metadata.MD, metadata.ValueFromIncomingContext(ctx, "cookie"), and
//     go-grpc-middleware's auth.AuthFromMD(ctx, scheme) (v1 and v2), the
//     credential of the authorization entry;
//   - a whole http.Header of a request or response (Request.Header,
//     Response.Header, the trailers, ResponseWriter.Header(), and the
//     Header of a resty request, v2 or v3, which holds what the caller
//     set on it with SetHeader), which may
//     hold them; but for the header of a request the function built
//     (req, err := http.NewRequest(...)) and, before the log, only gave
//     constant names that are no credential (Content-Type, Referer) and
//     handed to no call (a signer, a client whose cookie jar adds a
//     Cookie to it, req.SetBasicAuth), outside a loop that reads it
//     again (or in a function literal, a defer or a go statement); and
//     but for the header of a request the function is handed, read once
//     per call (in no loop, function literal, defer or go statement, in a
//     function without goto) before any other use of the request but
//     those above and a comparison with nil, when its calls are all
//     known (unexported, never a value), none from a loop of its caller
//     or from itself, and each hands it such a request: one its caller
//     built as above, or was handed so in turn (a helper that logs the
//     request before it authenticates it, debugRequest(req);
//     req.SetBasicAuth(user, key), shows only what its callers built);
//   - a whole *http.Request or http.Request, which every verb but %T and
//     %p prints with its Header, formatted or passed as a structured field
//     (but for a request whose header is such a header of a request the
//     function built: slog.Debug("sending", "request", req) after only
//     req.Header.Set("Content-Type", ...));
//   - a whole *http.Response or http.Response, which every verb but %T and
//     %p prints with its Header, and so with the Set-Cookie (or a token)
//     the server set: log.Printf("unexpected response: %+v", resp), %#v
//     of *res, an error whose text formats it (fmt.Errorf("answer %v",
//     resp)) where it is logged, and the Error method of the package's
//     error type that formats a response field whole; but for a response
//     written in place (&http.Response{StatusCode: 503}, or a variable
//     given only such literals), whose header holds what the literal
//     gives. A response is a credential by its type, as a request is: a
//     helper that logs the response it is handed is reported in the
//     helper, once. The fix logs a shallow copy whose Header is the
//     redacted clone (func() *http.Response { ... redacted := *resp;
//     redacted.Header = redactedHeader(resp.Header); return &redacted
//     }()), which leaves the response the code goes on with as it was;
//   - the output of httputil.DumpRequest and DumpRequestOut, which holds
//     every header, and what (*http.Request).Write and WriteProxy write (a
//     dump of the request); so does every line of it read back (for line
//     := range bytes.Lines(dump), strings.SplitSeq, bytes.Split, the
//     Text of a bufio.Scanner or the ReadString of a bufio.Reader over
//     bytes.NewReader(dump) or bytes.NewBuffer(dump), and the lines and MIME header a
//     textproto.Reader over such a reader reads), whose fix dumps a
//     redacted clone. A dump of
//     a request that the function makes with http.NewRequest and gives
//     no credential before the dump (only headers that are none, such as
//     Accept; never passed to another function, such as a signer, nor
//     given a header map, basic auth or a cookie; its body nil or not
//     dumped) shows none and is not reported. A field of text type
//     that a function of the package stores such a dump in (t.last, _ =
//     httputil.DumpRequestOut(req, true); c.lastReq = string(dump);
//     &failure{dump: string(b)}) carries it wherever the package reads
//     it, as a client that keeps its last request and logs it from
//     another method when a call fails; the fix dumps a redacted clone
//     where the dump is stored, in the file of the log, and otherwise
//     drops the field from the log (a function that returns the field
//     is not followed);
//   - what (*http.Response).Write writes, a dump of the response with its
//     Set-Cookie headers, when the function that writes it logs it (the
//     result of a function, httputil.DumpResponse among them, is not
//     taken to carry one: whether a response holds a credential depends
//     on the server);
//   - what (http.Header).Write writes, and WriteSubset unless its exclude
//     map leaves out a configured header (or is not a literal);
//   - the password of (*http.Request).BasicAuth;
//   - a struct field or package variable that the package sends as the
//     value of a configured header or as a basic-auth password
//     (req.Header.Set("Authorization", "Bearer "+c.token),
//     h["X-Api-Key"] = []string{c.apiKey}, http.Header{"Private-Token":
//     {token}}, req.SetBasicAuth(c.user, c.password)), or as the value a
//     map of text keys gives a configured header's name (the headers an
//     SDK's client sets on the request it builds:
//     rest.Opts{ExtraHeaders: map[string]string{"Authorization": "Bearer
//     " + token}}), wherever the package reads it, when it is the one
//     value the header is made from apart from constants (c.scheme+"
//     "+c.secret names neither). A field of a standard type is one
//     variable for all its values: conf.Token.String, of a nullable
//     string (sql.NullString, or null.String that embeds it), names the
//     package's field Token, not every NullString's String;
//   - by the same evidence, a parameter or local variable of text type,
//     given a value once, that its function sends so (func(req, token
//     string) that sets "Bearer "+token; key := os.Getenv("API_KEY") set
//     as X-Api-Key), or passes to a function that does, of this or
//     another package (credparamlib.SetToken(req, tok): its fact says it
//     sends its parameter), or stores in a field the package sends
//     (c.token = token, &Client{token: token}), wherever the function
//     logs it;
//   - the value variable of a loop over a map of the SDK's own (a
//     map[string]*string of headers) whose body copies every entry into
//     an http.Header under the loop's key (h[key] = []string{*value},
//     h.Set(key, value)) and compares that key with no configured
//     header's name: each value is some request header's ("value of
//     some request header", fix: drop it and its verb); so is the value
//     (one variable) set under a name that is a parameter of an
//     unexported function called only directly, when some call hands it
//     a name that is data or a configured header's and the function
//     compares the name with none (a proxy's header action made from
//     configuration, func headerAction(key, val string));
//   - cookies from (*http.Request).Cookie and Cookies and
//     (*http.Response).Cookies, and their values;
//   - the text of a value whose String method prints one of these (its
//     summary says so: func (t traced) String() string { return
//     fmt.Sprint(t.req.Header) });
//   - secrets held in Go values, which no header names: a field of text
//     type whose name or json, yaml, xml, form or url tag says it holds a
//     secret (see below: cfg.Password, c.ClientSecret, s.PrivateKeyPEM,
//     a field tagged json:"api_key"; a field that points to the text,
//     BearerToken *string, holds it once read: *flags.BearerToken, or the
//     text result of a function that reads it, flagValue(flags.BearerToken),
//     aws.StringValue(in.Password), while the pointer itself prints as an
//     address; a map of text, variable or field, that the package reads
//     under a key that says secret, params["redis-password"], which
//     printed whole prints it, unless the package masks that entry with a
//     marker or deletes it somewhere (a masked copy is clean too); what it
//     writes under such a key, a validation message, is no evidence; its
//     other entries, params["host"], hold only what they are given; so
//     does an entry read under a constant key that says no secret of a
//     map written as a literal with a secret under another key, env :=
//     map[string]any{clientSecret: os.Getenv(...), port: ...} and
//     env[port], or returned so by a function of the package, which the
//     function only reads, ranges over, returns and writes entries of: the
//     entry holds what the literal and the writes give its key), and
//     the fields of the credential
//     types of well-known SDKs, matched by package path and type
//     (golang.org/x/oauth2's Token and Config, clientcredentials.Config,
//     aws-sdk-go-v2's aws.Credentials, azcore.AccessToken's Token,
//     cloud.google.com/go/auth's Token.Value); the password of a URL's
//     user ((*url.Userinfo).Password, url.UserPassword, and a URL made
//     with one or given one, u.User = url.UserPassword(user, pass), or
//     given user information of another origin, u.User = cfg.BasicAuth
//     (url.User(name) holds no password), which its String method
//     prints, and a field of URL type given such a URL (c.base = u,
//     &Client{base: *u}, and a local copy of it, u := c.base),
//     wherever the package reads it (a base URL whose password a
//     constructor makes the API key), a URL whose user information
//     the package uses as a credential (it reads the password,
//     pass, _ := c.dsn.User.Password(), or hands the URL to
//     http.ProxyURL, whose transport sends it as Proxy-Authorization,
//     and then the text too that a local URL handed to http.ProxyURL is
//     only ever parsed from, url.Parse(c.creds.ProxyURL) or
//     url.Parse(os.Getenv("PROXY")), where a constant without '@' holds none),
//     and a URL the package itself
//     masks with Redacted somewhere, which says that its user
//     information may hold a password: the field it redacts
//     (h.webhook.Redacted()), or, for a configuration type of another
//     package that embeds the URL (rwConf.URL of type *config.URL),
//     every field of that type, and a text field given only such a
//     URL's String (&Client{urlString: conf.URL.String()}); a
//     request's URL redacted is no such evidence about other requests:
//     the fix logs u.Redacted(); a constant
//     password that reads as a redaction marker, "xxxxx", is none); the value given a secret key of a form or of a map
//     of request values (url.Values{"client_secret": {s}},
//     v.Set("password", p), map[string]any{"password": p} as GraphQL
//     variables are built, also where a log prints the literal in place
//     and its entries are judged by their keys; assertion, subject_token
//     and actor_token too; and a configured credential header's name, in the map of the
//     headers an SDK sets on its requests before it builds them:
//     map[string]string{"Authorization": "Bearer " + token}, which a
//     struct holding the map shows too where it is printed whole), and
//     the form's Encode; and a body that encoding/json or encoding/xml
//     makes of a value whose type has a secret field it writes
//     (json.Marshal(&LoginRequest{...}), a SOAP action's
//     xml.MarshalIndent(&SetPasswordRequest{...}), its own fields and an
//     embedded struct's; a field tagged json:"-" (xml:"-"), a secret of a
//     struct held in a field, as an API's response holds related objects
//     whose credentials the server leaves empty, or a type with its own
//     MarshalJSON (MarshalXML) or MarshalText, does not count), and one
//     made of a struct literal whose fields hold a secret, whatever their
//     names, for the fields the encoder writes (xml.Marshal(auth{
//     Mechanism: "PLAIN", Value: encoded})); the text of a deep dump
//     (go-spew's Sdump, Sprint and Sprintln, litter's Sdump, kr/pretty's
//     and k0kubun/pp's Sprint) of a value with a secret field at any
//     depth, through pointers, slices and maps, as spew shows it (a
//     type with a String or Error method is printed by it), where
//     fmt's %v prints a nested pointer as an address: a daemon's whole
//     configuration dumped at start-up with its etcd password; the other way round, text
//     (a local variable, a conversion of one, a buffer's Bytes) that the
//     function decodes with json.Unmarshal or xml.Unmarshal into a value
//     whose type has such a secret field, or a struct of them in a field
//     whose name says credentials (Credential struct{ AccessToken string
//     }), or into a parameter of interface type (out any) that some call
//     in the package hands such a value (an SDK's call(ctx, method, path,
//     in, out any) that logs every answer, and CreateKey handing it
//     &key, an APIKey with its Secret; directly or through a parameter of
//     the caller's own), holds that secret where the function logs it
//     after decoding it, or before, on a path that goes on to the decode
//     (the body of every answer logged, then decoded once its status is
//     checked; an error answer logged in a branch that returns is another
//     text): a token endpoint's body, a CLI's JSON output. The body a
//     function reads whole (io.ReadAll(resp.Body)) when it spells an
//     OAuth 2.0 token request's grant_type (RFC 6749, section 4) holds the
//     token granted, logged after the read, outside a branch that tests
//     the response's status (an error answer holds no token); base64, base32 and hex
//     encodings and decodings carry what they encode, returned or written
//     into the buffer they are handed (enc.Encode(dst, src)); so do
//     package unsafe's views of memory (unsafe.String(unsafe.SliceData(b),
//     len(b)), unsafe.Slice, StringData, SliceData), and an exported
//     zero-copy conversion helper of a package that imports no HTTP
//     package (gin's bytesconv.BytesToString) carries its argument to the
//     packages that log its result. These are looked for in the
//     packages that reach net/http, as every source is. A name says
//     secret when its last words are password, passwd or passphrase
//     (or pass or pwd after a word that says whose: AdminPass, DBPwd;
//     not Pass, Bypass or Passthrough), when
//     it is secret alone or a client, API, app, shared, signing, webhook,
//     consumer, OAuth, HMAC, JWT, token or access secret (TLSSecret and
//     ImagePullSecret name a Kubernetes Secret), API,
//     private, secret, signing, encryption, master or account key,
//     access, refresh, session, bearer, auth, API, ID, security or OAuth
//     token, bearer or credential(s), optionally followed by one word
//     naming an encoding (PEM, value, data, bytes, raw, base64):
//     PasswordFile, SecretName, APIKeyID, AccessKeyID, TokenType,
//     MaskedPassword and PasswordHash do not. The word token alone does
//     not: a field named Token holds a page, payment or language-model
//     token about as often as a credential, and one the package sends as
//     a header is found by that evidence (above). A *string field is
//     printed as an address, and counts where it is dereferenced. A
//     []string field whose name is the plural of such a name holds one
//     secret in each element (PeerPasswords, APIKeys, ClientSecrets; not
//     Secrets alone, which names Kubernetes Secrets, nor Credentials).
//
// A struct printed whole shows its secret fields: one of another
// package, printed field by field (no String, Error, Format or LogValue
// method: an *oauth2.Token, aws.Credentials), is reported at the value
// logged, also when the secret is in the struct elements of a slice,
// array or map field, which fmt prints field by field too (an instance's
// options with Users []UserOpts, each with a Password; not through a
// pointer, which fmt prints as an address); one of this package at its
// field (below). Either is not a
// finding where its secret fields are still zero: a local variable
// declared without them (var o T, or o := T{Name: n} with keyed fields)
// that nothing before the log sets them in (o.Password = p, an address
// taken, a method with a pointer receiver, a function literal, or a set
// after the log in a loop that logs again), as an options struct logged
// before the password is put into it.
//
// A value whose type has an Error, String, Format or LogValue method is
// printed by that method: the request or header it holds is not printed
// unless the method prints it, and a method that redacts is trusted; a
// credential formatted into its text (fmt.Errorf("token %s", tok)) still
// is. So is a whole header, request or dump formatted into an error's
// text (fmt.Errorf("request %+v failed", req), errors.New(string(dump)),
// err.Error()), here or by a helper in any package whose error the caller
// logs, and so do the functions of github.com/pkg/errors,
// golang.org/x/xerrors, github.com/cockroachdb/errors and
// emperror.dev/errors (Wrapf(err, "headers %v", h)). An error value built
// from fields is taken to print its text and error fields
// (&wrapError{msg: fmt.Sprintf(...), err: err}), and a request or header
// held in another field (&RequestError{Req: req}), or converted to an
// error type, only as far as its Error method prints it. %T and %p print
// a type and an address, never a header.
//
// An error type of the package whose Error method formats whole, with
// fmt, a request or a header held in a field of its receiver (func (e
// *APIError) Error() string { return fmt.Sprintf("%+v failed", e.Req) })
// is reported in that method, when the package builds values of the type
// from a request or header (&APIError{Req: req}): the error's text is what
// every log of it prints, wherever the value goes, often in another
// package. The fix redacts the request or header where the method formats
// it.
//
// A field of a record that a function makes from a struct literal at
// every return (info := newRequestInfo(req), returning &requestInfo{
// Headers: req.Header, Auth: req.Header.Get("Authorization")}), in this
// package or another through its summary, carries what the literal gives
// it, wherever the caller logs it (for k, vs := range info.Headers;
// log.Print(info.Auth); reqinfo.Of(r).Auth); the fields given nothing
// carry nothing (info.Method).
//
// A value of a type that is no struct (a named slice, map or string)
// whose String or Error method returns text made from the receiver
// (http2curl's func (c *CurlCommand) String() string { return
// strings.Join(*c, " ") }) prints what it holds.
//
// A value whose String method prints fields of its receiver (func (r
// *Request) String() string { return fmt.Sprintf("%s %s %v", r.Method,
// r.Path, r.Headers) }), logged where it is made from a struct literal or
// by a function that always returns one (r, err := c.newRequest(path),
// in this package or another, through its summary), shows what the
// literal gives those fields (Headers:
// map[string]string{"Authorization": "Bearer " + token}), and only that:
// the fields the method does not print do not reach the log; a field it
// prints through a field of it (r.Opts.Headers) counts as printed. A
// method that redacts (it deletes, compares or masks a credential header
// by name, or puts a constant in place of the entries of a field it
// copies) is trusted with its maps, headers and structs, not with a text
// field it prints whole (a token beside the headers it redacts). When the method is the package's own and formats the field
// with fmt, the finding is in the method, whose fix (a header redacted
// through a clone, another field dropped from the format with its verb)
// redacts every log of the type; otherwise at the log, whose fix drops
// the value. An error
// type's Error method is followed the same way: a field it does not print
// carries nothing into the error's text, wherever the error goes
// (&StatusError{Status: 500, Headers: h} logged as an error shows the
// status only). A value not made from a literal in sight (a parameter, a
// field) shows the fields its String method prints that hold a secret by
// their name or tag, or that the package sends as a credential: func (c
// Config) String() string { return fmt.Sprintf("%s %s", c.Endpoint,
// c.APIKey) } is reported in the method, at c.APIKey, for any Config a
// log prints; the fix drops the field from the method's format.
//
// A secret in a request's address is printed wherever the address is: a
// query parameter whose key says secret (as a form's key does, and also
// token and sig as the whole key, and a signature: X-Amz-Signature,
// X-Goog-Signature, an Azure SAS sig, which grant what a signed URL names
// to whoever reads it; not SignatureVersion, next_token or token_type) in
// the text before the value
// (base + "?access_token=" + tok, "api_key=" + k, written in the log
// call itself or first in a variable, url.Values{"api_key":
// {k}}.Encode(), a printf format's "...&api_key=%s", constant or held in
// a local variable assigned only a constant), through url.QueryEscape, PathEscape and url.Parse, a
// value stored into a URL or a request's URL (req.URL.RawQuery =
// q.Encode()), so that the request's URL (req.URL, req.URL.String()) of
// a request the function makes shows it, and an environment variable whose name says secret
// (os.Getenv("MAPS_API_KEY")), unless the package hands its value to a
// parameter that names a file (os.ReadFile(name),
// tls.LoadX509KeyPair(certFile, keyFile), an SDK's
// WithCredentialsFile(filename)), in the function that reads it or in one
// of the package it passes it to: GOOGLE_APPLICATION_CREDENTIALS holds the
// path of a key file, not the key. The error of a net/http send (Client.Do,
// Get, Head, Post, PostForm and the package's functions of those names,
// and the Do of an interface *http.Client satisfies, a Doer, whose
// default is one) is a *url.Error whose text is the operation, the URL
// and the cause; the client strips a user's password from it, not the
// query or the path. So the error of a send whose URL holds a secret
// carries it, into the function that logs it, in this package or another
// (a helper that returns the error), and a helper's error carries the
// parameters the URL it sends to is made from, for the callers that put
// a token in it (getURL(c, endpoint+"?access_token="+tok)). What else the request carries (a body, a header)
// the error does not print. The fix logs errors.Unwrap(err), the cause,
// where every assignment of err that reaches the log is the error of such
// a send (which the client documents to be a *url.Error); otherwise the
// error is dropped from the log. A URL whose secret is in its query is
// not fixed with Redacted, which masks only the password.
//
// A struct type of the package, printed whole (%v, %+v, a structured
// field) by a log, or into the text of fmt.Sprintf, Sprint, Sprintln or
// Errorf that a log prints (msg := fmt.Sprintf("options: %+v", opts);
// logger.Log(msg)), with a field that holds a secret, is reported at that
// field: a string or bytes field whose name says secret (above), one
// the package sends as a credential header's value or a password (an
// SDK's apiRequest.Token set as "Bearer "+ar.Token), or,
// when -authlog.secret-fields is given, named as one of its entries
// (compared case-insensitively and without underscores, whole names
// only: APIKey and api_key match, APIKeyID, TokenType and a bool
// HasPassword do not), itself or in a struct it holds by value. Such a
// field is filled from a response body or a config, where no flow from a
// header shows it, so its name is the evidence; a type printed by its own
// method is not reported, but what a String method of the package formats
// is (return fmt.Sprintf("Client%+v", c.cfg): logging the client prints
// the Config, and its Password, whole). The report names every secret field the value
// shows; the fix adds a String method that prints the value as %+v does,
// with each of them read as [REDACTED]. A type whose String method is
// declared on its pointer (func (o *Options) String() string) is printed
// by that method only as a pointer: fmt prints an Options value field by
// field. Such a value printed whole is reported where it is printed,
// when the method prints none of the secrets, and the fix prints its
// address (&opts), which that method then prints.
//
// The logs are the standard log package (functions and *log.Logger),
// fmt.Print, Printf and Println, fmt.Fprint, Fprintf and Fprintln to
// os.Stdout or os.Stderr, log/slog (functions, *slog.Logger methods,
// LogAttrs, and the String, Any and Group attributes), go.uber.org/zap
// (Logger, SugaredLogger and the field constructors),
// github.com/sirupsen/logrus, github.com/rs/zerolog,
// github.com/hashicorp/go-hclog, k8s.io/klog/v2, github.com/golang/glog
// (with the Verbose that V(level) returns), github.com/go-logr/logr
// (Info, Error and the pairs WithValues keeps) and github.com/go-kit/log
// (the pairs With, WithPrefix and WithSuffix keep), all matched by type,
// plus the functions named by -authlog.sinks. A function, in any package,
// that passes one of its parameters to a log is a log itself for that
// parameter (one of type any that it logs only once asserted to error,
// if err, ok := out.(error); ok { log.Print(err) }, only for callers
// that hand it an error or an interface: a response writer that encodes
// the rest into the response logs no struct it is given); a printf-style wrapper (format string, args ...any) is
// followed through its format verbs, whether it passes format and
// arguments on to the log or formats them first and logs the text
// (msg := fmt.Sprintf(format, args...) then l.out.Println(msg), or
// fmt.Errorf's text), provided the arguments are used nowhere else (but
// in a range over them that only asserts each to a concrete type, as
// rclone's logger picks out its own LogValueItem fields): a
// request its callers print with %p or %T shows no header. A method that
// stores a parameter in a field of its receiver that another method of
// the same type writes to a log is a log for that parameter too: an
// event a package builds itself (e.Bytes("request", dump) appends to
// e.fields, and e.Msg(...) writes them), a chained logger (l.Metadata(k,
// v) formats v into l.meta, and l.Log(...) prints it), and so is a
// function that returns a new value with the parameter in such a field
// (logrus's WithField: return &Entry{data: d} after d[k] = v, whose Debug
// writes data; its WithError: return &Entry{err: err}, an error field
// whose text, a *url.Error's URL with its query, the entry writes); a field no method logs (a builder's headers, which it
// sends) makes no log, nor does one that holds no text (providers behind
// an interface).
//
// A logging package of functions of another package is a log by its
// shape too (terraform's tflog.Debug(ctx, msg, fields ...map[string]any),
// a project's internal/log.Debugf): its name is log, logger or logging or
// has one of them as a word, or is log with at most three letters around
// it (tflog, hclog, syslog, logx; not catalog, dialog, backlog, blog,
// analog, prolog, epilog, login, logic, logo, nor a compound such as
// productcatalog); the function is named by a logging verb, returns
// nothing and has a logging signature (below); a fact that describes the
// function's body is preferred.
//
// A mask stored under a spelling net/http never stores
// (h["authorization"] = []string{"***"}) adds an entry and masks nothing,
// unless the package stores the credential under that spelling itself.
//
// A project's own logger is a log by its shape, when three things hold
// together: the method belongs to a named interface type whose name has
// the word Log, Logger, Logging or Logs in it (split at case changes,
// digits and underscores: Logger, StdLogger, LeveledLoggerInterface,
// LogSink, logging.Logger; not Catalog, Printer or testing.TB); the
// method's name is a logging verb (Print, Log, Trace, Debug, Info, Notice,
// Warn, Warning, Error, Critical, Crit, Alert, Emergency, Fatal, Panic,
// DPanic, Verbose, and Output as *log.Logger's) with an optional suffix
// f, ln, w, S, Context or Ctx;
// and its parameters are (args ...any), (msg string, keyvals ...any), a
// printf signature (format string, args ...any) for a verb ending in f,
// or a message alone (msg string), each optionally after one leading
// parameter such as a level or a context (Logf(level, format, args...)).
// A type or holder whose name says debug or trace (Tracer, DebugPrinter,
// a field c.Tracer or c.debug; the words of a type there to debug or
// trace, below, and Tracer) stands for
// a name that says log when the method takes a variadic list
// (c.Tracer.Printf("%s", dump)); a method that takes a message alone
// (a tracing API's Trace(ctx, name string)) needs a name that says log.
// After a message, fields count as the key-value pairs do: a map from
// text to any (msg string, fields Fields), a variadic list of such maps
// (terraform's tflog shape: Debug(ctx, msg, additionalFields
// ...map[string]any)) or of a struct with a field of type any (Debug(msg,
// fields ...Field), a Field made by the package's F(key, value)), whose
// fix redacts the value given the helper. A context method of such an
// interface, With, WithField, WithFields, WithValues or WithAttrs, logs
// its arguments as the table's (logrus's WithField, hclog's With) do, when
// it takes fields ((key string, value any), a field map, ...any) and both
// its interface and the type it returns log by these rules
// (l.WithFields(Fields{"headers": r.Header}).Debug("request")); the
// With(opts ...Option) Client of an API client is none.
// Every argument is taken to be written; the format verbs of a printf
// signature apply. A method of a concrete type logs what its body passes
// to a log; and when the type's name, the method's name and its signature
// are a logger's by the same rule, a write to a writer held in a field of
// its receiver is a log too (fmt.Fprintf(l.out, format, args...) in
// (*stdLogger).Debugf), but not in (*Printer).Printf, nor in a method
// named Render, nor into a bytes.Buffer. An unexported method counts by
// its name with its first letter in upper case: a client's own
// debugf(format string, args ...any) writing to the writer the client
// holds logs as Debugf does; a code generator's printf does not.
// Where its body does not show the road to the writer (records handed to
// a goroutine over a channel, a handler or a backend behind an
// interface, as charmbracelet/log's and op/go-logging's loggers do), such
// a method that returns nothing, of a type whose last word says it logs
// (asyncLogger, EventLog; not LogParser), logs by its shape alone, unless
// its body hands what it is given to no call but a builtin (a no-op
// logger, one that keeps its records in memory or counts them: a fact
// its package exports). A logger of the standard library is in the
// table, or none.
//
// The method of an interface whose name does not say it logs (Leveled,
// an unnamed interface) is a log by the same rule of the method's name
// and signature when it is called on a field, variable or parameter whose
// name says it logs instead (c.Logger.Debugf of a field Logger Leveled,
// log.Printf of a parameter log interface{ Printf(string, ...any) }); not
// c.render.Render, nor a method of package testing.
//
// A helper that logs a parameter and also sends it (the parameter, or a
// value made from it, reaches http.NewRequest, a send, a header it sets,
// or a helper of its package that sends it: a client's Req(ctx, method,
// path, body) that prints the path and the JSON body at debug level) is
// not redacted at its callers, since the redacted text would be sent
// (also when the value is narrowed by a type switch first, switch v :=
// body.(type) { case url.Values: raw = []byte(v.Encode()) }, and when the
// caller calls it through an interface of the package that one type of
// the package implements). A
// credential that a caller in the package hands it (a secret form value,
// a map entry under a secret key, a struct with a secret field) is
// reported at the helper's log instead, naming the callers, and the fix
// stops printing it there. The fact of such a helper says which
// parameters it sends (sends=p1): a credential handed to one of another
// package is not reported at the call, and is its package's to fix where
// its callers are in sight. A call of a method of the package's own
// interface returns what its implementations in the package return of
// their own (a client's getter through its transport's interface,
// c.transport.APIKeyPrivate(), returns the key the transport sends); not
// an error, whose text is the failing implementation's, nor what a
// result takes from a parameter.
//
// Whatever the names of its interface and its holder, a method is a log
// by its verb and signature alone when the verb is a level that only logs
// use (Trace, Debug, Info, Notice, Warn, Warning, Verbose, Log, with a
// suffix) and it returns nothing (go-kit's Log only an error): c.l.Debugf
// of an interface Leveled, k.Log(keyvals...) of an interface Kit, s.Info(
// level, msg, kv...). An interface with Error, Critical, Fatal or Panic
// logs only when it also has a level other than Log (an error builder's
// Errorf(...) error and a test reporter's Errorf, Fatalf or Errorf and
// Logf are no logs); a method that takes a message alone
// (Warn(subject, body string), Trace(ctx, name string)) counts only in an
// interface with methods of two levels; an interface with FailNow,
// Helper or SkipNow reports a test. Print keeps needing a name that says
// log: c.printer.Printf is no log. By the same rule a concrete type whose
// name says nothing (Out with Debugf beside Infof) logs when such a
// method writes to a writer its receiver holds.
//
// A call through a local variable of func type runs the one named
// function the variable holds, directly or through a literal that hands
// it its own parameters (getSession := basicSession), and carries what
// that function's results carry.
//
// A func value held in a struct field or a variable is a log when its
// name and signature are a logging method's by the same rule (a field
// Logf func(format string, args ...any) of an SDK's client, which its
// user sets to log.Printf; a variable debugf), or when a word of its
// name or of its named func type's name says log or a level that only
// logs use and it returns nothing (LogFunc, logFn, debugLog, errorLog,
// OnDebug, traceHook, a field hook LogFunc; a message alone, logLine
// func(string), only with the word log), or when the package
// assigns it a log (retrier{onRetry: log.Printf}, which it then logs
// like), unless all the package ever assigns it is a function of
// package testing (logf := t.Logf). A field named Transform or Render
// with a printf signature is no log, nor one that nothing sets to a log.
// A function that passes its format and arguments to such a field is a
// printf wrapper for the callers in other packages (its fact).
//
// A project's logger interface whose methods are no logging verbs
// (WriteHeaders(h http.Header, filter Filter) of an interface Writer) is
// a log by what its implementations in its package do: an interface
// method logs the parameters that the method of some concrete type of
// the package implementing it writes to a log, and callers in the
// package (a helper's c.logger.Log(data, err) with a ConsoleLogger that
// prints data) and in other packages are reported where they pass a
// credential. Such an
// implementation is a file or stream logger: a method of a type whose
// name says it logs (fileLogger), with an http.Header, *http.Request or
// *http.Response parameter and a name that starts with Write, Log, Dump,
// Trace, Print, Debug or Record, writes to a log when it writes to a
// writer its receiver holds. An exporter type (fileExporter) writing to
// its file, or a logger's method writing to a writer it is given
// (RenderHeaders(w, h)), is no log.
//
// A write to an io.Writer (fmt.Fprint, Fprintf and Fprintln,
// io.WriteString, a Write or WriteString method, and io.Copy, CopyN and
// CopyBuffer, which write what their reader holds, such as a buffer a dump
// was written into, as the WriteTo method of an io.WriterTo writes what
// its receiver holds: b.WriteTo(os.Stderr), and as (*http.Request).Write
// and WriteProxy and (http.Header).Write write their receiver with every
// header: r.Write(c.debugOut); WriteSubset leaves out what its caller
// chooses) is a log when the writer is os.Stdout or os.Stderr,
// the terminal under another name, a log's own writer (log.Writer(), the
// Writer of a *log.Logger, logrus's Writer and WriterLevel, io.MultiWriter
// of one of these or a standard stream, directly or through a local
// variable given it once), or a debug or trace output. The
// terminal under another name is a variable or field of an io.Writer type
// to which the package assigns os.Stdout or os.Stderr (in an assignment,
// a declaration or a composite literal: &Transport{Output: os.Stderr}),
// or to which the package that declares it does (known through a fact).
// A debug or trace output is a field, parameter or variable whose name is
// one of -authlog.debug-writers (compared case-insensitively, so
// c.debugOut and opts.TraceOutput match), a field or package variable
// named by -authlog.sinks, or any writer field of a type there to debug
// or trace: a type whose name has the word Debug, Debugger, Debugging,
// Trace, Tracer, Tracing, Dump, Dumper or Verbose (DebugTransport.Out,
// requestDumper.w, tracer.w), or a type of a
// package whose name begins or ends with one (debug.Transport.Output). A
// logger's name is not enough: its logging methods are its sinks. A writer that is an http.ResponseWriter, a
// bytes.Buffer or a strings.Builder is never a log, whatever its name;
// nor is a writer with any other name that is never set to a standard
// stream (a file the user asked for, a template's output). A package that
// only sets the field of a dependency to the terminal, while the
// dependency writes the dump, is not followed: the facts go the other
// way.
//
// WRONG:
//
//	log.Printf("attempt %d: auth %s", attempt, req.Header.Get("Authorization"))
//	slog.Debug("retrying", "headers", req.Header)
//
// RIGHT: record the decision, not the credentials:
//
//	log.Printf("attempt %d: %s %s -> %d, waiting %v", attempt, req.Method, req.URL.Redacted(), resp.StatusCode, wait)
//
// Not reported: other headers (Content-Type, X-Request-Id); presence and
// length checks (h.Get("Authorization") != "", len(token)); the variable
// of a type switch in a clause of boolean or number types only (case
// time.Duration, int:, over a configuration map that also holds a
// secret), or in a clause that no value with text selects, when the
// subject ranges over or indexes a map or slice literal that the function
// makes and only indexes, ranges over, stores into and returns (the
// default clause of a switch with a case string over a map of strings and
// durations: fmt.Errorf("%s is an unhandled type %v", k, t); a value of a
// named string type, a []string, or a map handed to a function first,
// still counts); the first
// field of a split authorization value, its scheme or its user name
// (strings.Split(auth, "/")[0], strings.Fields(auth)[0]; a first cookie
// still is a credential); a redacted
// header or request, and a dump of one. A header is redacted once every
// configured header is removed from it: deleted or overwritten with a
// marker (h.Set("Authorization", "[redacted]"), "<obfuscated>", "***", "xxxx", ""), here
// or by a function, in any package, that returns the header without them
// (r.Header = redactHeaders(r.Header)) or removes them from the header or
// request it is given (scrub(req)); or once the header is replaced by an
// empty one; a request given a header held in a variable (c := *req;
// c.Header = masked; return &c, as a trace helper returns a masked copy)
// has what was removed from that header removed. A local variable given a request's header (h :=
// r.Header) is that header: h.Set and h.Del remove from r.Header. A value made by a masking helper, in any package, counts as
// a marker: a function of text to text whose every result is constant
// text, a part of its parameter (k[:8], k[len(k)-4:]) joined to a marker
// by + or a format, or strings.Repeat of a marker, and one result at
// least a marker (h.Set("X-Auth-Token", hideKey(k)) with hideKey
// returning k[:8] + "-xxxx" or "xxxx"); one that returns its parameter
// whole on some path, or a prefix alone, is none; what such a helper
// returns is masked wherever it is logged (log.Printf("token %s",
// mask(tok))). So is what a helper keyed by a header's name returns,
// scrub(key, value) whose every return holds no more of the value than a
// masked part when the key is any configured header's name (it tests the
// name, or its strings.ToLower, ToUpper, TrimSpace or canonical form, with
// ==, strings.Contains, HasPrefix, HasSuffix or EqualFold), called with a
// name that is not a constant: a loop that prints each entry of a header
// as key, scrub(key, value) prints no credential; a helper that masks
// only some of them is none. A bounded part of a secret text shows none
// of it: a string's prefix (tok[:4]), a byte slice's prefix of at most
// 64 bytes (body[:50]), and a text cut to such a length by the sampling
// idiom (sample := body; if len(sample) > 50 { sample = sample[:50] },
// the if a statement of the block that declares sample, which is not
// assigned, sliced or address-taken again); what a read filled (buf[:n])
// is the whole text. Redacting helpers
// applied through a table of functions (for _, a := range anonymizers {
// h = a(h) }, the table a composite literal of functions, in place or in
// a variable of the package that nothing else assigns) remove what they
// remove together. A name that is not a constant counts as every name, unless
// it comes from a constant list or map (a composite literal of
// constants, in place or in a variable that nothing else assigns): a
// range over it, or a filter of a loop over the header (if
// sensitive[k], slices.Contains(list, k), k == "Cookie"); then it counts
// as the names listed, but for a name spelled otherwise than net/http
// stores it and compared with the loop's key as it is (k ==
// "authorization"), which the key never equals. A redaction that removes some configured headers
// and leaves others is partial; with -authlog.partial-redaction a helper
// that masks Authorization and leaves Cookie or X-Amz-Security-Token is
// reported, naming what it misses (http.Header redacted in part
// (Authorization removed; may still hold Proxy-Authorization, Cookie,
// ...)). The flag is off by default: on the census, code that masks the
// one credential its requests carry (Authorization, in go-containerregistry's
// and regclient's request logs) was judged correct, and reporting it made
// four false positives for no defect found. Without the flag the removal
// of configured headers counts as a redaction when it covers every one
// that the package itself sends (sets with a constant name to a value
// that is no marker: h.Set, h.Add, h[name] = v, SetBasicAuth for
// Authorization, AddCookie for Cookie); a package that sends X-Api-Key
// too, and masks Authorization alone before it logs, is reported, naming
// the headers it sends that are left (Authorization removed; may still
// hold X-Api-Key). A printer whose redaction list is its caller's
// (WriteRequest(w, req, filter) masking or skipping the names of filter,
// directly or through a set filled from it) prints, at a call, what that
// call's list leaves: a list the package fixes (a composite literal, nil,
// or a variable or struct field that the package only ever gives such
// literals) that leaves a credential it sends makes the call print the
// header, each entry compared as the printer compares it (a list spelled
// in lower case, tested with slices.Contains against canonical keys,
// names nothing); a list it does not fix (the user's configuration) is
// taken to be right, and so is a printer that logs itself or prints the
// header otherwise too (it is not followed). A loop over a header that checks the error of each write (if
// _, err := fmt.Fprintf(w, ...); err != nil { return err }) still prints
// every header. A loop over a header (or over its sorted names, reading
// h[k]) that masks the value it prints under such a test (v :=
// strings.Join(vs, ", "); if sensitive[k] { v = "[redacted]" }; then v
// alone) removes the names tested, as a skip (if sensitive[k] { continue
// }) does. A helper that hands back the text such a loop builds (a curl
// command, a formatted header) is a redaction when its skip or mask
// covers every credential its package sends; otherwise the text carries
// the header, reported where it is logged. What another package's
// redacting helper removes is judged by that helper's package. Either way a deletion
// that misses is reported
// (delete(h, "authorization") deletes nothing from a map with canonical
// keys). Text
// in which a marker replaces what it matched (strings.ReplaceAll(s, token,
// "[redacted]"), the bytes functions, the ReplaceAll methods of
// *regexp.Regexp) carries nothing, and a variable so scrubbed in place
// (dump = re.ReplaceAll(dump, mask)) is not followed past the scrub,
// except in a package that sets basic auth on its requests when the
// scrub replaces values (the old text, or the pattern of a regexp
// compiled in the function, is not a constant:
// regexp.QuoteMeta(secret)): the dump's Authorization holds
// base64(user:password), which no raw value matches; nor when the
// regexp's constant pattern (compiled in place, in the function, or in
// a package variable that nothing else assigns) names some configured
// headers and misses others, judged as a partial redaction is
// (`(?m)^Authorization: .*$` in a package that sends X-Api-Key too); a
// pattern that names no header (a token's shape) is trusted. Nor
// are these: setting a header; the method, URL and status; the user name
// of BasicAuth and a cookie's name; values printed with %T or a pointer
// with %p; values passed through a function that is not known to carry
// them (a redacting helper); the values of a loop over a whole header
// that filters them by a rule of its own (a loop that first skips
// headers by constant names, if k == "Authorization" { continue } or a
// switch or map of names, and filters nothing else, logs every header
// but those: judged as a redaction of those names, in part or whole as
// above; a name spelled otherwise than net/http stores it, compared
// with the key as it is, skips nothing; Set-Cookie skipped from a
// response's header skips all it carries; and a function that hands
// back what such a loop builds, a curl command, is not followed); output that does not go to a log, such as
// fmt.Fprintf to an http.ResponseWriter; and test files, whose credentials
// are fixtures (nor is what a test prints through package testing a log).
//
// Each finding has one suggested fix. A credential value that is itself
// an argument of the log (a header value, a password, a cookie value)
// is dropped from the call, with the verb that printed it and its label
// (log.Printf("attempt %d: auth %s", n, tok) becomes log.Printf("attempt
// %d", n)), or with its key or label argument (slog.Info("retrying",
// "token", tok) becomes slog.Info("retrying")); the findings of one call
// share one fix. A value that is part of an argument, or the whole of a
// line, becomes the string "[REDACTED]" where it is logged (a []string
// becomes []string{"[REDACTED]"}). A variable left unused by either is
// removed, or its declaration blanked; a type switch's variable is
// dropped from the switch (switch t := v.(type) becomes switch v.(type)).
// A whole header is logged as
// redactedHeader(h), a clone without the configured headers made by a
// small helper that the fix declares once per package, after the
// function of the package's first finding that uses it (the fixes of one
// run add it with identical edits, which golangci-lint and go fix merge);
// a helper of that name and signature that removes every configured
// header, left by an earlier run, is called from every file. A request
// is logged as a clone of itself whose Header is such a clone, and a
// dump is taken of such a clone of the request, which gets its body back
// when the dump read it: the clone is made by statements before the
// statement that dumps (redacted := req.Clone(req.Context());
// redacted.Header = redactedHeader(redacted.Header)), and the body given
// back by one after it, where the request is a variable or a field that
// statement does not assign, and in place otherwise; r.Write(&b) becomes a write of such a clone,
// resp.Write(&b) of a copy of the response whose Header is a redacted
// clone, and h.Write(&b) of a redacted clone of h. In a file of the
// package other than the helper's, the clone is built in place (a loop
// deleting the configured headers) so that the fix stays in its file.
// Text or an error composed from whole headers, requests or responses in
// the function (through concatenation, Sprintf, Errorf and helpers that
// pass a parameter on), or in a function of the package, in the same file,
// whose every return makes its error so (return fmt.Errorf("unexpected
// answer %+v", resp), fixed there once for every caller, and the log
// keeps the error), or a list of log attributes handed to the logger spread
// (attrs := []any{"method", req.Method}; attrs = append(attrs, "headers",
// req.Header); logger.Debug("sending", attrs...)), or made by a helper of
// the package whose list every call hands to a log spread
// (logger.Debug("sending", requestAttrs(req)...)), gets each header or
// request replaced with a redacted clone (a response with a redacted
// copy) where it enters the text or the list, and a
// loop that logs every header ranges over such a clone. A finding for
// which no fix can be written is not reported.
//
// Retry libraries (see docs/libraries.md): a resty client whose debug log is
// switched on (SetDebug with anything but the constant false) while it
// carries a credential (SetAuthToken, SetBasicAuth, SetDigestAuth, SetHeader
// of a credential header) and no OnRequestLog hook: resty's debug log prints
// every request header unmasked. The fix adds an OnRequestLog hook that
// deletes those headers from the logged copy. EnableGenerateCurlOnDebug on
// such a client is reported too (the curl command holds every header and no
// hook edits it); the fix switches it off. resty.dev/v3 masks the headers
// whose name holds authorization, auth, token, api-key or secret in its
// debug log and curl command, so only the other credentials count there
// (a Cookie header, a SetAuthToken written under a renamed
// SetHeaderAuthorizationKey); the fix is its OnDebugLog hook, and the curl
// command (SetCurlCmdGenerate with SetCurlCmdDebugLog) is switched off
// with SetCurlCmdDebugLog(false). A client made by another package's
// constructor (an SDK's httpc.New()) starts from the debug log and the
// credentials that constructor set: the caller's SetDebug on a client
// whose constructor set a credential is reported, and so is the caller's
// credential (its SetAuthToken, SetHeader...) or curl command on a client
// whose constructor switched the debug log on, each with its fix chained
// after the caller's call (and, when that constructor added the curl
// command to the debug log, the curl command switched off there too); a
// constructor that does both is reported in its own package, not at each
// caller.
//
// SDK wire logs: aws-sdk-go-v2's client log mode (aws.ClientLogMode, as
// the argument of config.WithClientLogMode, a configuration's or a
// client's options' ClientLogMode field, or a variable of its type that
// a mode is built in) with LogRequest or LogRequestWithBody, which dump
// every request after it is signed, Authorization and
// X-Amz-Security-Token included, or LogSigning, whose canonical request
// holds the session token: reported once for each | chain, whatever
// the level that switches it on (a debug flag is still a log). The fix
// leaves those bits out and keeps the others (retries, responses).
//
// Flags:
//
//	-authlog.headers string
//	    comma-separated headers whose values are credentials (default
//	    "Authorization,Proxy-Authorization,Cookie,Set-Cookie,X-Api-Key,X-Auth-Token,X-Amz-Security-Token,X-Goog-Api-Key,X-Vault-Token,X-Consul-Token,X-Nomad-Token,Private-Token");
//	    names are compared case-insensitively. The default adds to the
//	    usual ones the token headers of cloud and infrastructure APIs: AWS
//	    temporary credentials (X-Amz-Security-Token), Google API keys
//	    (X-Goog-Api-Key), HashiCorp Vault, Consul and Nomad ACL tokens,
//	    and GitLab personal tokens (Private-Token). Cookies, basic-auth
//	    passwords, whole requests and dumps are reported whatever the list.
//	    A package's own headers join the list for that package when it
//	    sends them (h.Set, h.Add, h[name] = v, to a value that is no
//	    marker) or reads them from a response (a token the server issues,
//	    resp.Header.Get("X-Subject-Token")) and their names say that they
//	    carry a credential: a word of the name is authorization, apikey
//	    or cookie, or its last word is token, secret, password, passwd,
//	    session, sessid or credential(s) (X-Shop-Access-Token,
//	    X-Subject-Token), or it ends in Key after api, access, secret,
//	    subscription, sas, customer, encryption, private, master,
//	    account, auth, signing or client (Ocp-Apim-Subscription-Key); a
//	    name with a word that says it orders, pages, routes, traces or
//	    deduplicates requests, digests a value, or describes a token (its
//	    expiry, type, scope), and a CORS header, is none
//	    (Idempotency-Key, X-Continuation-Token, X-Request-Id,
//	    X-Ms-Encryption-Key-Sha256, Sec-Websocket-Key,
//	    Github-Authentication-Token-Expiration,
//	    Access-Control-Allow-Credentials).
//	-authlog.sinks string
//	    comma-separated extra log functions by qualified name, such as
//	    example.com/mylog.Infof or (*example.com/mylog.Logger).Infof
//	    (default ""); every argument of such a function is taken to be
//	    written to the log. An entry written the same way can name a
//	    writer instead: a field, (example.com/sdk.Config).Trace, or a
//	    package variable, example.com/sdk.DebugOut; a write to it is a
//	    log. A malformed name is an error.
//	-authlog.debug-writers string
//	    comma-separated names of the fields, parameters and variables
//	    whose io.Writer is a debug or trace output (default
//	    "Debug,DebugOut,DebugOutput,DebugWriter,DebugLog,Trace,TraceOut,TraceOutput,TraceWriter,TraceLog,Log,Logger,LogOut,LogOutput,LogWriter,LogFile");
//	    names are compared case-insensitively; an empty list turns the
//	    rule off.
//	-authlog.secret-fields string
//	    comma-separated names of the struct fields whose text is a
//	    credential, where a log writes the field or prints the struct
//	    whole (default
//	    "Password,Passwd,Secret,ClientSecret,APIKey,APISecret,AccessToken,RefreshToken,AuthToken,BearerToken,SessionToken,SecretKey,SecretAccessKey,PrivateKey",
//	    which stands for every name whose words say secret, as above);
//	    compared case-insensitively and without underscores. A list
//	    given replaces the default and its words, and an empty list turns
//	    the rule off; the fields of the SDKs' credential types count
//	    whatever the list.
//	-authlog.partial-redaction
//	    report a header, request or dump from which some credential
//	    headers were removed but not all, naming those left (default
//	    false: removing the ones the package sends counts as a
//	    redaction).
package authlog

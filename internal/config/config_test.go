package config_test

import (
	"flag"
	"io"
	"reflect"
	"slices"
	"strconv"
	"testing"

	"github.com/retrylint/retrylint/internal/config"
)

var _ flag.Value = (*config.HeaderList)(nil)

func TestParseHeaderList(t *testing.T) {
	tests := []struct {
		in      string
		want    []string
		wantErr bool
	}{
		{in: "Retry-After", want: []string{"Retry-After"}},
		{in: " a , b ", want: []string{"a", "b"}},
		{in: "retry-after,X-RateLimit-Reset", want: []string{"retry-after", "X-RateLimit-Reset"}},
		{in: "\tRetry-After\n", want: []string{"Retry-After"}},
		{in: "x!#$%&'*+-.^_`|~9", want: []string{"x!#$%&'*+-.^_`|~9"}},
		{in: "", wantErr: true},
		{in: "   ", wantErr: true},
		{in: " , ", wantErr: true},
		{in: ",", wantErr: true},
		{in: "a,,b", wantErr: true},
		{in: "a,", wantErr: true},
		{in: ",a", wantErr: true},
		{in: "Retry After", wantErr: true},
		{in: "Retry:After", wantErr: true},
		{in: "Retry-After:", wantErr: true},
		{in: "a,b c", wantErr: true},
		{in: "Rétry-After", wantErr: true},
		{in: "Retry-Äfter", wantErr: true},
		{in: "Retry\x00After", wantErr: true},
		{in: "\xff", wantErr: true},
		{in: `"quoted"`, wantErr: true},
		{in: "a;b", wantErr: true},
		{in: "a(b)", wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := config.ParseHeaderList(tt.in)
			if (err != nil) != tt.wantErr {
				t.Fatalf("ParseHeaderList(%q) error = %v, wantErr %v", tt.in, err, tt.wantErr)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("ParseHeaderList(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestValidHeaderName(t *testing.T) {
	tests := []struct {
		name string
		ok   bool
	}{
		{"Retry-After", true},
		{"X-B3-TraceId", true},
		{"~", true},
		{"", false},
		{" Retry-After", false},
		{"Retry/After", false},
		{"Retry@After", false},
		{"Retry=After", false},
		{"Retry\tAfter", false},
		{"Ретрай", false},
	}
	for _, tt := range tests {
		if err := config.ValidHeaderName(tt.name); (err == nil) != tt.ok {
			t.Errorf("ValidHeaderName(%q) = %v, want ok %v", tt.name, err, tt.ok)
		}
	}
}

func TestHeaderListSet(t *testing.T) {
	tests := []struct {
		in      string
		want    config.HeaderList
		str     string
		wantErr bool
	}{
		{in: "Retry-After", want: config.HeaderList{"Retry-After"}, str: "Retry-After"},
		{in: " a , b ", want: config.HeaderList{"a", "b"}, str: "a,b"},
		{in: "", wantErr: true},
		{in: " , ", wantErr: true},
		{in: "a,,b", wantErr: true},
		{in: "Retry After", wantErr: true},
		{in: "Retry:After", wantErr: true},
		{in: "Rétry", wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			l := config.HeaderList{"Old"}
			err := l.Set(tt.in)
			if (err != nil) != tt.wantErr {
				t.Fatalf("Set(%q) error = %v, wantErr %v", tt.in, err, tt.wantErr)
			}
			if tt.wantErr {
				if !reflect.DeepEqual(l, config.HeaderList{"Old"}) {
					t.Errorf("failed Set(%q) changed the list to %q", tt.in, l)
				}
				return
			}
			if !reflect.DeepEqual(l, tt.want) {
				t.Errorf("after Set(%q) the list is %q, want %q", tt.in, l, tt.want)
			}
			if got := l.String(); got != tt.str {
				t.Errorf("String() = %q, want %q", got, tt.str)
			}
			// String round-trips through Set.
			var again config.HeaderList
			if err := again.Set(l.String()); err != nil {
				t.Fatalf("Set(String()) = %v", err)
			}
			if !reflect.DeepEqual(again, l) {
				t.Errorf("Set(String()) = %q, want %q", again, l)
			}
		})
	}
}

func TestHeaderListString(t *testing.T) {
	var nilList *config.HeaderList
	if got := nilList.String(); got != "" {
		t.Errorf("(*HeaderList)(nil).String() = %q, want \"\"", got)
	}
	var empty config.HeaderList
	if got := empty.String(); got != "" {
		t.Errorf("empty String() = %q, want \"\"", got)
	}
}

func TestHeaderListFlag(t *testing.T) {
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	l := config.HeaderList{"Retry-After"}
	fs.Var(&l, "headers", "header names")
	if err := fs.Parse([]string{"-headers", "Retry-After, X-Retry-In"}); err != nil {
		t.Fatalf("Parse: %v", err)
	}
	if want := (config.HeaderList{"Retry-After", "X-Retry-In"}); !reflect.DeepEqual(l, want) {
		t.Errorf("flag value = %q, want %q", l, want)
	}
	if err := fs.Parse([]string{"-headers", "a,,b"}); err == nil {
		t.Errorf("Parse(-headers a,,b) succeeded, want an error")
	}
}

func TestPositiveInt(t *testing.T) {
	tests := []struct {
		in      string
		want    int
		wantErr bool
	}{
		{in: "1", want: 1},
		{in: "30", want: 30},
		{in: " 7 ", want: 7},
		{in: "+5", want: 5},
		{in: "0", wantErr: true},
		{in: "-1", wantErr: true},
		{in: "", wantErr: true},
		{in: "1.5", wantErr: true},
		{in: "ten", wantErr: true},
		{in: "99999999999999999999", wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			n := 42
			v := config.PositiveInt{P: &n}
			err := v.Set(tt.in)
			if (err != nil) != tt.wantErr {
				t.Fatalf("Set(%q) error = %v, wantErr %v", tt.in, err, tt.wantErr)
			}
			if tt.wantErr {
				if n != 42 {
					t.Errorf("failed Set(%q) changed the value to %d", tt.in, n)
				}
				return
			}
			if n != tt.want {
				t.Errorf("after Set(%q) the value is %d, want %d", tt.in, n, tt.want)
			}
			if got, want := v.String(), strconv.Itoa(tt.want); got != want {
				t.Errorf("String() = %q, want %q", got, want)
			}
		})
	}
	if got := (config.PositiveInt{}).String(); got != "0" {
		t.Errorf("String() with a nil P = %q, want \"0\"", got)
	}
	var _ flag.Value = config.PositiveInt{}
}

func TestWaitHeaderList(t *testing.T) {
	var l config.WaitHeaderList
	if err := l.Set("Retry-After, retry-after-ms:ms ,X-Wait:s,X-RateLimit-Reset:reset"); err != nil {
		t.Fatal(err)
	}
	want := []config.WaitHeader{{"Retry-After", "s"}, {"retry-after-ms", "ms"}, {"X-Wait", "s"}, {"X-RateLimit-Reset", "reset"}}
	for i, e := range l {
		h, err := config.ParseWaitHeader(e)
		if err != nil || h != want[i] {
			t.Errorf("entry %d %q: %+v, %v; want %+v", i, e, h, err, want[i])
		}
	}
	for _, bad := range []string{"", " , ", "Retry-After:", "Retry-After:min", "Retry After:ms", "a,", ":ms"} {
		var l config.WaitHeaderList
		if err := l.Set(bad); err == nil {
			t.Errorf("Set(%q): no error", bad)
		}
	}
}

func TestParseFieldList(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want []string
		err  bool
	}{
		{"", nil, false},
		{" dedup_key , clientToken ", []string{"dedup_key", "clientToken"}, false},
		{"a,,b", nil, true},
		{",", nil, true},
		{"dedup key", nil, true},
		{`"alias"`, nil, true},
	} {
		got, err := config.ParseFieldList(tt.in)
		if (err != nil) != tt.err || !slices.Equal(got, tt.want) {
			t.Errorf("ParseFieldList(%q) = %q, %v; want %q, error %v", tt.in, got, err, tt.want, tt.err)
		}
	}
}

module unnamed

go 1.26.0

require (
	github.com/Rican7/retry v0.3.1
	github.com/eapache/go-resiliency v1.7.0
	github.com/gojek/heimdall/v7 v7.0.3
	github.com/lestrrat-go/backoff/v2 v2.0.8
	github.com/matryer/try v0.0.0-20161228173917-9ac251b645a2
)

require (
	github.com/cheekybits/is v0.0.0-20150225183255-68e9c0620927 // indirect
	github.com/gojek/valkyrie v0.0.0-20180215180059-6aee720afcdf // indirect
	github.com/lestrrat-go/option v1.0.0 // indirect
	github.com/pkg/errors v0.9.1 // indirect
	github.com/stretchr/objx v0.5.3 // indirect
	github.com/stretchr/testify v1.12.1 // indirect
	go.yaml.in/yaml/v3 v3.0.5 // indirect
)

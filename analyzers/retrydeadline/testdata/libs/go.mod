module libs

go 1.26.0

require (
	github.com/avast/retry-go v3.0.0+incompatible
	github.com/avast/retry-go/v4 v4.7.0
	github.com/cenkalti/backoff v1.1.1-0.20171020064038-309aa717adbf
	github.com/cenkalti/backoff/v3 v3.2.2
	github.com/cenkalti/backoff/v4 v4.3.0
	github.com/cenkalti/backoff/v5 v5.0.3
	github.com/cenkalti/backoff/v6 v6.0.1
	github.com/cenkalti/backoff/v7 v7.0.3
	github.com/failsafe-go/failsafe-go v0.9.8
	github.com/go-resty/resty/v2 v2.17.2
	github.com/hashicorp/go-retryablehttp v0.7.8
	github.com/sethvargo/go-retry v0.5.0
	resty.dev/v3 v3.0.0-rc.4
)

require (
	github.com/bits-and-blooms/bitset v1.24.4 // indirect
	github.com/hashicorp/go-cleanhttp v0.5.2 // indirect
	github.com/influxdata/tdigest v0.0.1 // indirect
	golang.org/x/net v0.62.0 // indirect
)

module libs

go 1.26.0

require (
	github.com/davecgh/go-spew v1.1.1
	github.com/go-resty/resty/v2 v2.17.2
	github.com/hashicorp/go-retryablehttp v0.7.8
	resty.dev/v3 v3.0.0-rc.4
)

require (
	github.com/hashicorp/go-cleanhttp v0.5.2 // indirect
	golang.org/x/net v0.43.0 // indirect
)

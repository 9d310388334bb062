module libs

go 1.26.0

require (
	github.com/go-resty/resty/v2 v2.17.2
	resty.dev/v3 v3.0.0-rc.4
)

require golang.org/x/net v0.43.0 // indirect

// Package files is the API's generated client: an interface, and its
// implementation over the sdk's Context.
package files

import (
	"context"

	"example.com/innerloop/sdk"
)

type Client interface {
	StartSession(ctx context.Context) (string, error)
	GetMetadata(ctx context.Context, path string) (string, error)
}

type apiImpl sdk.Context

func (dbx *apiImpl) StartSession(ctx context.Context) (string, error) { // want StartSession:`write\(POST\)`
	b, err := (*sdk.Context)(dbx).Execute(ctx, "upload_session/start", nil)
	return string(b), err
}

func (dbx *apiImpl) GetMetadata(ctx context.Context, path string) (string, error) {
	b, err := (*sdk.Context)(dbx).Fetch(ctx, "metadata/"+path)
	return string(b), err
}

func New(c sdk.Context) Client { return (*apiImpl)(&c) }

package helperpkg

import "net/http"

type responseLike struct{ r *http.Response }

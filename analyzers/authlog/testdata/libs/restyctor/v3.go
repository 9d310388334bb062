package restyctor

import "libs/restyctor/api"

// The cases of resty v3, whose debug log masks Authorization but not
// Cookie.

// The caller switches the debug log on; the constructor set the cookie.
func Cart(cookie string) error {
	_, err := api.Session(cookie).SetDebug(true).R().Get("https://shop.example.com/cart") // want `whose Cookie header is set by its constructor api.Session`
	return err
}

// The constructor switched the debug log on; the caller sets the cookie.
func Basket(cookie string) error {
	c := api.DebugV3().
		SetHeader("Cookie", "session="+cookie) // want `SetHeader sets the Cookie header of a client whose constructor api.DebugV3 switched the resty debug log on`
	_, err := c.R().Get("https://shop.example.com/basket")
	return err
}

// The constructor switched the debug log and its curl command on.
func Wishlist(cookie string) error {
	c := api.CurlV3()
	c.SetHeader("Cookie", "session="+cookie) // want `SetHeader sets the Cookie header of a client whose constructor api.CurlV3 switched the resty debug log on`
	_, err := c.R().Get("https://shop.example.com/wishlist")
	return err
}

// ---- must stay silent ----

// The caller switches the constructor's curl command off; v3 masks the
// token.
func WishlistOff(token string) error {
	_, err := api.CurlV3().SetCurlCmdDebugLog(false).SetAuthToken(token).R().Get("https://shop.example.com/wishlist")
	return err
}

// v3 masks the token in its debug log.
func Masked(token string) error {
	_, err := api.TokenV3(token).SetDebug(true).R().Get("https://api.example.com/orders")
	return err
}

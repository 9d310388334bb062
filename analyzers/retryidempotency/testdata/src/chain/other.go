package chain

import "context"

// Cancel shares do with create.
func (c *client) Cancel(ctx context.Context, id string) error { // want Cancel:`write\(POST\)`
	resp, err := c.do(ctx, "/orders/"+id+"/cancel", nil)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

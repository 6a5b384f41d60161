package apitest

import (
	"net/http"
	"testing"
)

// Order submits an order draft as token (POST /api/takerOrder/submitOrder) and answers the
// first order's id and its card token (GET /api/takerOrder/getQrByOrderId/{id}): the orders
// that the serving, performance and log tests work on. Anything but a 200 and a token fails
// the test.
func (s *Server) Order(t testing.TB, token, lang string, draft map[string]any) (id, cardToken string) {
	t.Helper()
	res := s.Do(Request{Method: "POST", Path: "/api/takerOrder/submitOrder", Token: token, Lang: lang, JSON: draft})
	if res.Status != http.StatusOK {
		t.Fatalf("order %v: %d %s", draft["hnId"], res.Status, res.Body)
	}
	var out struct {
		Orders []struct {
			OrderID string `json:"orderId"`
		} `json:"orders"`
	}
	res.Into(t, &out)
	if len(out.Orders) == 0 {
		t.Fatalf("order %v: no order in %s", draft["hnId"], res.Data)
	}
	id = out.Orders[0].OrderID
	res = s.Do(Request{Method: "GET", Path: "/api/takerOrder/getQrByOrderId/" + id, Token: token})
	var qr struct {
		Token string `json:"token"`
	}
	res.Into(t, &qr)
	if qr.Token == "" {
		t.Fatalf("no card token for %s: %s", id, res.Body)
	}
	return id, qr.Token
}

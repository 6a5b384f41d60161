package orders_test

import (
	"testing"

	"samrap/pkg/orders"
)

// A tray's token verifies only as it was issued: no other character in any place, including a
// last character whose unused bits a lenient base64 reader would ignore.
func TestTokenIsExact(t *testing.T) {
	key := []byte("0123456789abcdef0123456789abcdef")
	for _, hn := range []string{"HN0001", "6500123"} {
		tok, err := orders.SignToken(key, "6f1c2a3b-0000-4000-8000-00000000000a", "SRP01", "2026-11-26", 3, hn)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := orders.VerifyToken(key, tok); err != nil {
			t.Fatalf("issued token: %v", err)
		}
		const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
		for i := range tok {
			for _, c := range alphabet {
				if byte(c) == tok[i] {
					continue
				}
				changed := tok[:i] + string(c) + tok[i+1:]
				if _, err := orders.VerifyToken(key, changed); err == nil {
					t.Fatalf("changed at %d to %q still verifies: %s", i, c, changed)
				}
			}
		}
	}
}

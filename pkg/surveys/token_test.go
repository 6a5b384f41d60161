package surveys_test

import (
	"testing"

	"samrap/pkg/surveys"
)

// A token verifies only as it was issued: no other character in any place, including a last
// character whose unused bits a lenient base64 reader would ignore.
func TestTokenIsExact(t *testing.T) {
	key := []byte("0123456789abcdef0123456789abcdef")
	for _, id := range []string{"6f1c2a3b-0000-4000-8000-00000000000a", "00000000-0000-4000-8000-000000000001"} {
		tok, err := surveys.Token(key, id)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := surveys.VerifyToken(key, tok); err != nil || got != id {
			t.Fatalf("issued token: %q %v", got, err)
		}
		const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
		for i := range tok {
			for _, c := range alphabet {
				if byte(c) == tok[i] {
					continue
				}
				changed := tok[:i] + string(c) + tok[i+1:]
				if _, err := surveys.VerifyToken(key, changed); err == nil {
					t.Fatalf("changed at %d to %q still verifies: %s", i, c, changed)
				}
			}
		}
	}
}

package auth

import (
	"net/http/httptest"
	"strings"
	"testing"
)

func TestPasswordHash(t *testing.T) {
	t.Parallel()
	h, err := HashPassword("Samrap#2026")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(h, "$argon2id$v=19$m=19456,t=2,p=1$") {
		t.Fatalf("encoding: %s", h)
	}
	if !CheckPassword(h, "Samrap#2026") {
		t.Fatal("right password refused")
	}
	for _, wrong := range []string{"samrap#2026", "Samrap#2026 ", ""} {
		if CheckPassword(h, wrong) {
			t.Fatalf("wrong password %q accepted", wrong)
		}
	}
	h2, _ := HashPassword("Samrap#2026")
	if h2 == h {
		t.Fatal("two hashes of one password share a salt")
	}
	for _, bad := range []string{"", "plain", "$argon2id$v=19$m=0,t=2,p=1$AAAA$BBBB", "$2a$10$bcrypt"} {
		if CheckPassword(bad, "Samrap#2026") {
			t.Fatalf("malformed hash %q matched", bad)
		}
	}
}

func TestClientAddress(t *testing.T) {
	t.Parallel()
	cases := []struct{ remote, viewer, want string }{
		{"192.0.2.10:40000", "", "192.0.2.10"},
		{"[2001:db8::1]:443", "", "2001:db8::1"},
		{"130.176.16.70:1234", "203.0.113.24:46532", "203.0.113.24"},
		{"130.176.16.70:1234", "2001:db8:85a3::8a2e:370:7334:46532", "2001:db8:85a3::8a2e:370:7334"},
	}
	for _, c := range cases {
		r := httptest.NewRequest("GET", "/", nil)
		r.RemoteAddr = c.remote
		if c.viewer != "" {
			r.Header.Set("CloudFront-Viewer-Address", c.viewer)
		}
		if got := clientOf(r).Address; got != c.want {
			t.Errorf("%s / %s: %s, want %s", c.remote, c.viewer, got, c.want)
		}
	}
}

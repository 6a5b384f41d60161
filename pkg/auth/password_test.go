package auth

import (
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

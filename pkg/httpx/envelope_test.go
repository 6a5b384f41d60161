package httpx

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"

	"samrap/pkg/errs"
)

func TestFailMapsKindsAndHidesInternals(t *testing.T) {
	t.Parallel()
	var logged bytes.Buffer
	log := slog.New(slog.NewTextHandler(&logged, nil))
	cases := []struct {
		name   string
		err    error
		lang   string
		status int
		code   string
		msg    string
	}{
		{"internal", errors.New("pq: password authentication failed for user samrap"), "en", 500, "INTERNAL", "Something went wrong, please try again"},
		{"wrappedNotFound", fmt.Errorf("order.get: %w", errs.ErrNotFound), "th", 404, "NOT_FOUND", "ไม่พบข้อมูล"},
		{"malformed", fmt.Errorf("decode: %w", errs.ErrMalformed), "en", 400, "BAD_REQUEST", "Bad request"},
		{"specificCode", errs.WithCode(errs.Conflict, "DUPLICATE_EMAIL", "users.duplicateEmail"), "en", 409, "DUPLICATE_EMAIL", "This e-mail is already used"},
		{"tooMany", errs.Retry(42), "en", 429, "TOO_MANY_REQUESTS", "Too many attempts, please try again in 42 seconds"},
		{"gone", errs.New(errs.Gone, "link.expired"), "en", 410, "GONE", "This link has expired or has already been used. Please ask for a new link"},
	}
	for _, c := range cases {
		w := httptest.NewRecorder()
		r := httptest.NewRequest("GET", "/api/x", nil)
		r.Header.Set("Accept-Language", c.lang)
		Fail(w, r, log, c.err)
		var env Envelope
		body, _ := io.ReadAll(w.Body)
		if err := json.Unmarshal(body, &env); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if w.Code != c.status || env.Code != c.code || env.Msg != c.msg {
			t.Errorf("%s: %d %s", c.name, w.Code, body)
		}
		if c.name == "internal" && strings.Contains(string(body), "password") {
			t.Errorf("the internal error leaked to the client: %s", body)
		}
		if c.name == "tooMany" && w.Header().Get("Retry-After") != "42" {
			t.Errorf("Retry-After: %q", w.Header().Get("Retry-After"))
		}
	}
	if !strings.Contains(logged.String(), "password authentication failed") {
		t.Error("the internal error was not logged")
	}
}

func TestValidationNamesEveryFieldInTheCallersLanguage(t *testing.T) {
	t.Parallel()
	w := httptest.NewRecorder()
	r := httptest.NewRequest("POST", "/api/x", nil)
	r.Header.Set("Accept-Language", "th-TH,th;q=0.9")
	Fail(w, r, slog.New(slog.NewTextHandler(io.Discard, nil)), errs.Fields(map[string]string{"username": "field.emailRequired", "password": "field.passwordRequired"}))
	var env struct {
		Code string
		Data struct{ Fields map[string]string }
	}
	json.NewDecoder(w.Body).Decode(&env)
	if w.Code != 422 || env.Code != "VALIDATION" || env.Data.Fields["username"] != "กรุณากรอกอีเมล" || env.Data.Fields["password"] != "กรุณากรอกรหัสผ่าน" {
		t.Fatalf("%d %+v", w.Code, env)
	}
}

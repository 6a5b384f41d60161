package patientsync_test

import (
	"bytes"
	"context"
	"net/http"
	"strings"
	"testing"

	"samrap/pkg/apitest"
	"samrap/pkg/patientsync"
)

// The Super Admin rotates a branch's HL7 feed key: the key is answered once, only its
// SHA-256 is kept, the read never shows it, the rotation is in the activity record, and the
// previous key is replaced.
func TestRotateFeedKey(t *testing.T) {
	t.Parallel()
	s := apitest.New(t)
	sam := s.TokenAs("superadmin@samrap.local", "SRP01", "SAM")

	res := s.Do(apitest.Request{Method: "GET", Path: "/api/data-patient/hl7Feed?code=SRP02", Token: sam})
	var feed patientsync.Feed
	res.Into(t, &feed)
	if res.Status != http.StatusOK || feed.RotatedAt != nil || feed.Path != "/api/hl7/SRP02" {
		t.Fatalf("a branch without a key: %d %s", res.Status, res.Body)
	}

	rotate := func(lang string) (patientsync.Feed, apitest.Response) {
		res := s.Do(apitest.Request{Method: "POST", Path: "/api/data-patient/rotateFeedKey", Token: sam, Lang: lang,
			JSON: map[string]any{"code": "SRP02", "facility": " SRP-HOSP "}})
		var f patientsync.Feed
		if res.Status == http.StatusOK {
			res.Into(t, &f)
		}
		return f, res
	}
	first, res := rotate("th")
	if res.Status != http.StatusOK || !strings.HasPrefix(first.Key, patientsync.FeedKeyPrefix) || len(first.Key) < 40 ||
		first.Facility != "SRP-HOSP" || first.RotatedAt == nil || !strings.Contains(res.Msg, "กุญแจ") {
		t.Fatalf("rotate: %d %s", res.Status, res.Body)
	}
	var stored []byte
	if err := s.DB.QueryRow(context.Background(), `SELECT key_hash FROM hl7_feed WHERE branch_code = 'SRP02'`).Scan(&stored); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(stored, patientsync.HashFeedKey(first.Key)) {
		t.Fatal("the stored hash is not the key's SHA-256")
	}
	if n := s.Count(`SELECT count(*) FROM hl7_feed WHERE position($1 in encode(key_hash, 'escape')) > 0`, first.Key); n != 0 {
		t.Fatal("the key itself is stored")
	}
	second, res := rotate("en")
	if res.Msg != "A new HL7 feed key was made: copy it now, it will not be shown again, and the previous key no longer works" || second.Key == first.Key {
		t.Fatalf("second rotation: %s", res.Body)
	}
	if n := s.Count(`SELECT count(*) FROM hl7_feed WHERE branch_code = 'SRP02' AND key_hash = $1`, patientsync.HashFeedKey(first.Key)); n != 0 {
		t.Fatal("the previous key still works")
	}
	if n := s.Count(`SELECT count(*) FROM activity_log WHERE branch_code = 'SRP02' AND action = 'hl7Feed.keyRotated' AND detail->>'facility' = 'SRP-HOSP'`); n != 2 {
		t.Fatalf("%d activity rows, want 2", n)
	}

	res = s.Do(apitest.Request{Method: "GET", Path: "/api/data-patient/hl7Feed?code=SRP02", Token: sam})
	feed = patientsync.Feed{}
	res.Into(t, &feed)
	if feed.Key != "" || strings.Contains(string(res.Body), second.Key) || feed.RotatedAt == nil || feed.Facility != "SRP-HOSP" || feed.RotatedBy == "" {
		t.Fatalf("the read: %s", res.Body)
	}

	for _, tc := range []struct {
		name   string
		token  string
		body   map[string]any
		status int
	}{
		{"no branch", sam, map[string]any{"code": "NOPE"}, http.StatusNotFound},
		{"no code", sam, map[string]any{"facility": "x"}, http.StatusUnprocessableEntity},
		{"a facility too long", sam, map[string]any{"code": "SRP02", "facility": strings.Repeat("x", 181)}, http.StatusUnprocessableEntity},
		{"a Controller", s.TokenAs("controller@samrap.local", "SRP01", "BCT"), map[string]any{"code": "SRP01"}, http.StatusForbidden},
	} {
		res := s.Do(apitest.Request{Method: "POST", Path: "/api/data-patient/rotateFeedKey", Token: tc.token, JSON: tc.body})
		if res.Status != tc.status {
			t.Errorf("%s: %d %s, want %d", tc.name, res.Status, res.Body, tc.status)
		}
	}
}

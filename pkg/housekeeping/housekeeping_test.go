package housekeeping_test

import (
	"context"
	"testing"
	"time"

	"samrap/pkg/dbtest"
	"samrap/pkg/demo"
	"samrap/pkg/housekeeping"
)

// What expired goes, what may still matter stays, and a second run finds nothing to do.
func TestRunRemovesOnlyWhatExpired(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	if err := demo.Load(ctx, pool); err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 11, 24, 3, 0, 0, 0, time.UTC)
	exec := func(sql string, args ...any) {
		t.Helper()
		if _, err := pool.Exec(ctx, sql, args...); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	count := func(sql string) int {
		t.Helper()
		var n int
		if err := pool.QueryRow(ctx, sql).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	day := 24 * time.Hour
	// Throttles: 2,500 long over (more than two batches), one still locked, one in its window.
	exec(`INSERT INTO auth_throttle (key, failures, window_start)
		SELECT 'address:old-' || g, 3, $1 FROM generate_series(1, 2500) g`, now.Add(-2*day))
	exec(`INSERT INTO auth_throttle (key, failures, window_start, locked_until) VALUES
		('account:locked@samrap.local', 5, $1, $2), ('account:recent@samrap.local', 1, $3, NULL)`,
		now.Add(-2*day), now.Add(time.Hour), now.Add(-time.Minute))
	// Sessions: one from 100 days ago, one from 3 days ago, one from an hour ago, each with a
	// refresh token.
	for _, age := range []time.Duration{100 * day, 3 * day, time.Hour} {
		exec(`WITH s AS (INSERT INTO auth_session (user_id, login_issued_at)
				SELECT id, $1 FROM app_user WHERE email = 'controller@samrap.local' RETURNING id)
			INSERT INTO auth_refresh_token (token_hash, session_id, issued_at, expires_at)
			SELECT sha256(s.id::text::bytea), s.id, $1, $2 FROM s`, now.Add(-age), now.Add(-age+day))
	}
	// Links: used 40 days ago, expired 40 days ago, live.
	exec(`INSERT INTO auth_link (token_hash, user_id, purpose, created_at, expires_at, used_at)
		SELECT 'used', id, 'reset', $1, $2, $1 FROM app_user WHERE email = 'serve@samrap.local'`, now.Add(-40*day), now.Add(-39*day))
	exec(`INSERT INTO auth_link (token_hash, user_id, purpose, created_at, expires_at)
		SELECT 'expired', id, 'invite', $1, $2 FROM app_user WHERE email = 'serve@samrap.local'`, now.Add(-47*day), now.Add(-40*day))
	exec(`INSERT INTO auth_link (token_hash, user_id, purpose, created_at, expires_at)
		SELECT 'live', id, 'invite', $1, $2 FROM app_user WHERE email = 'serve@samrap.local'`, now.Add(-day), now.Add(6*day))
	// Challenges: expired two days ago, expired ten minutes ago.
	exec(`INSERT INTO auth_challenge (token_hash, user_id, purpose, created_at, expires_at)
		SELECT 'old', id, 'signin', $1, $2 FROM app_user WHERE email = 'serve@samrap.local'`, now.Add(-2*day), now.Add(-2*day+5*time.Minute))
	exec(`INSERT INTO auth_challenge (token_hash, user_id, purpose, created_at, expires_at)
		SELECT 'recent', id, 'signin', $1, $2 FROM app_user WHERE email = 'serve@samrap.local'`, now.Add(-15*time.Minute), now.Add(-10*time.Minute))
	// Order idempotency keys: two days old, an hour old.
	exec(`INSERT INTO order_idempotency (caller, key, branch_code, answer, created_at) VALUES
		('D0002', 'old', 'SRP01', '{}', $1), ('D0002', 'recent', 'SRP01', '{}', $2)`, now.Add(-2*day), now.Add(-time.Hour))
	// HL7 v2 messages: received 200 days ago (past HL7Keep), 100 days ago.
	exec(`INSERT INTO hl7_message (id, branch_code, control_id, raw, ack, status, received_at) VALUES
		('00000000-0000-0000-0000-0000000000c1', 'SRP01', 'OLD', 'MSH|', 'AR', 'failed', $1),
		('00000000-0000-0000-0000-0000000000c2', 'SRP01', 'KEPT', 'MSH|', 'AR', 'failed', $2)`, now.Add(-200*day), now.Add(-100*day))
	// Jobs: an import and a sync asked for two hours ago and still running (their worker
	// died), one of each asked for ten minutes ago (still worked on), and a finished import.
	exec(`INSERT INTO import_job (id, branch_code, kind, file_name, object_key, status, created_at) VALUES
		('00000000-0000-0000-0000-0000000000a1', 'SRP01', 'ward', 'a.xlsx', 'k1', 'RUNNING', $1),
		('00000000-0000-0000-0000-0000000000a2', 'SRP01', 'ward', 'b.xlsx', 'k2', 'QUEUED', $2),
		('00000000-0000-0000-0000-0000000000a3', 'SRP01', 'ward', 'c.xlsx', 'k3', 'DONE', $1)`,
		now.Add(-2*time.Hour), now.Add(-10*time.Minute))
	// The second sync runs, its worker's last heartbeat half a minute ago.
	exec(`INSERT INTO patient_sync_job (id, branch_code, status, phase, created_at, started_at, heartbeat_at) VALUES
		('00000000-0000-0000-0000-0000000000b1', 'SRP01', 'RUNNING', 'IMPORTING', $1, $1, NULL),
		('00000000-0000-0000-0000-0000000000b2', 'SRP02', 'RUNNING', 'IMPORTING', $2, $2, $3)`,
		now.Add(-2*time.Hour), now.Add(-10*time.Minute), now.Add(-30*time.Second))

	r, err := housekeeping.Run(ctx, pool, now)
	if err != nil {
		t.Fatal(err)
	}
	want := housekeeping.Report{Throttles: 2500, RefreshTokens: 2, Sessions: 1, Links: 2, Challenges: 1, OrderKeys: 1,
		HL7Messages: 1, ExpiredImports: 1, ExpiredSyncs: 1}
	if r != want {
		t.Fatalf("report %+v, want %+v", r, want)
	}
	if n := count(`SELECT count(*) FROM auth_throttle WHERE key LIKE 'account:%'`); n != 2 {
		t.Fatalf("throttle keys still locked or counting: %d left, want 2", n)
	}
	if n := count(`SELECT count(*) FROM auth_session`); n != 2 {
		t.Fatalf("sessions left %d, want 2 (3 days and 1 hour old)", n)
	}
	if n := count(`SELECT count(*) FROM auth_refresh_token`); n != 1 {
		t.Fatalf("refresh tokens left %d, want 1 (the live sign-in's)", n)
	}
	if n := count(`SELECT count(*) FROM auth_link WHERE token_hash = 'live'`); n != 1 || count(`SELECT count(*) FROM auth_link`) != 1 {
		t.Fatal("links: only the live one must stay")
	}
	if n := count(`SELECT count(*) FROM auth_challenge WHERE token_hash = 'recent'`); n != 1 || count(`SELECT count(*) FROM auth_challenge`) != 1 {
		t.Fatal("challenges: only the recent one must stay")
	}
	if n := count(`SELECT count(*) FROM order_idempotency WHERE key = 'recent'`); n != 1 || count(`SELECT count(*) FROM order_idempotency`) != 1 {
		t.Fatal("order keys: only the recent one must stay")
	}
	if n := count(`SELECT count(*) FROM hl7_message WHERE control_id = 'KEPT'`); n != 1 || count(`SELECT count(*) FROM hl7_message`) != 1 {
		t.Fatal("HL7 messages: only the one within HL7Keep must stay")
	}
	if n := count(`SELECT count(*) FROM import_job WHERE status = 'FAILED' AND error_key = 'imports.expired'
		AND id = '00000000-0000-0000-0000-0000000000a1'`); n != 1 || count(`SELECT count(*) FROM import_job WHERE status = 'FAILED'`) != 1 {
		t.Fatal("imports: only the one asked for two hours ago must fail")
	}
	if n := count(`SELECT count(*) FROM patient_sync_job WHERE status = 'FAILED' AND phase = 'FAILED'
		AND error_key = 'patientSync.expired' AND id = '00000000-0000-0000-0000-0000000000b1'`); n != 1 ||
		count(`SELECT count(*) FROM patient_sync_job WHERE status = 'FAILED'`) != 1 {
		t.Fatal("syncs: only the one asked for two hours ago must fail")
	}
	// Idempotent: nothing left to remove.
	if r, err := housekeeping.Run(ctx, pool, now); err != nil || r != (housekeeping.Report{}) {
		t.Fatalf("second run: %+v %v", r, err)
	}
	// The running sync's worker falls silent (its server was killed): failed once the silence
	// passes JobSilence, ten minutes after it was asked for, not JobLease.
	exec(`UPDATE patient_sync_job SET heartbeat_at = $1 WHERE id = '00000000-0000-0000-0000-0000000000b2'`,
		now.Add(-housekeeping.JobSilence+time.Second))
	if r, err := housekeeping.Run(ctx, pool, now); err != nil || r != (housekeeping.Report{}) {
		t.Fatalf("a second short of the silence: %+v %v", r, err)
	}
	exec(`UPDATE patient_sync_job SET heartbeat_at = $1 WHERE id = '00000000-0000-0000-0000-0000000000b2'`,
		now.Add(-housekeeping.JobSilence-time.Second))
	if r, err := housekeeping.Run(ctx, pool, now); err != nil || r != (housekeeping.Report{ExpiredSyncs: 1}) {
		t.Fatalf("silent sync: %+v %v", r, err)
	}
	if n := count(`SELECT count(*) FROM patient_sync_job WHERE status = 'FAILED' AND error_key = 'patientSync.expired'
		AND id = '00000000-0000-0000-0000-0000000000b2'`); n != 1 {
		t.Fatal("syncs: the silent one must fail")
	}
}

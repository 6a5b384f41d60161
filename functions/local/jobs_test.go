package main

import (
	"testing"
	"time"

	"samrap/functions"
	"samrap/pkg/apitest"
)

func TestInterval(t *testing.T) {
	t.Parallel()
	for expr, want := range map[string]time.Duration{
		"rate(1 hour)": time.Hour, "rate(15 minutes)": 15 * time.Minute, "rate(1 day)": 24 * time.Hour,
		"cron(0 18 * * ? *)": time.Hour,
	} {
		if got, err := interval(expr); err != nil || got != want {
			t.Errorf("%s: %v %v, want %v", expr, got, err, want)
		}
	}
	for _, bad := range []string{"", "every hour", "rate(0 hours)", "rate(1 fortnight)"} {
		if _, err := interval(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	for _, f := range functions.Jobs() {
		if _, err := interval(f.Schedule); err != nil {
			t.Errorf("registry: %s: %v", f.Name, err)
		}
	}
}

// The local stand-in for EventBridge runs every scheduled function at start.
func TestJobsRunAtStart(t *testing.T) {
	t.Parallel()
	s := apitest.New(t)
	if _, err := s.DB.Exec(t.Context(), `INSERT INTO auth_throttle (key, failures, window_start)
		VALUES ('address:192.0.2.99', 3, now() - interval '3 days')`); err != nil {
		t.Fatal(err)
	}
	stop, err := startJobs(t.Context(), s.Env)
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	if n := s.Count(`SELECT count(*) FROM auth_throttle WHERE key = 'address:192.0.2.99'`); n != 0 {
		t.Fatalf("the expired throttle key is still there after the start-up run (%d)", n)
	}
}

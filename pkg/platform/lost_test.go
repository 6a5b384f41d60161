package platform_test

import (
	"context"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"samrap/pkg/apitest"
	"samrap/pkg/demo"
	"samrap/pkg/httpx"
	"samrap/pkg/platform"
)

// Every connection of the app's pool terminated while wards read (an Aurora failover, a
// restarted database: issue 31 §1, where 800 reads answered 12 × 500): each read is
// answered as if nothing happened — the pool is emptied of dead connections and the read is
// tried again — and the service needs no restart.
func TestReadsSurviveTerminatedConnections(t *testing.T) {
	t.Parallel()
	s := apitest.New(t)
	ctx := context.Background()
	token := s.TokenAs("ordertaker@samrap.local", demo.Bangkok, "BOD")
	paths := []string{"/api/auth/userInfo", "/api/takerOrder/search?branchCode=SRP01&page=1&perPage=20"}
	// from outside the app's pool, as an operator (or a failover) would
	admin, err := pgx.Connect(ctx, s.DB.Config().ConnString())
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close(ctx)
	kill := func() {
		if _, err := admin.Exec(ctx, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
			WHERE datname = current_database() AND pid <> pg_backend_pid()`); err != nil {
			t.Fatalf("terminate: %v", err)
		}
	}
	var mu sync.Mutex
	statuses := map[int]int{}
	for round := range 8 {
		var wg sync.WaitGroup
		for i := range 24 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				res := s.Do(apitest.Request{Method: "GET", Path: paths[i%len(paths)], Token: token})
				mu.Lock()
				statuses[res.Status]++
				mu.Unlock()
				if res.Status != 200 {
					t.Errorf("round %d read %d: %d %s", round, i, res.Status, res.Body)
				}
			}()
		}
		wg.Wait()
		kill()
	}
	t.Logf("answers: %v", statuses)

	// A write whose session check finds the connection lost has done nothing yet: it is
	// tried again like a read (pkg/httpx answers 503 to one lost after it started).
	language := func() apitest.Response {
		return s.Do(apitest.Request{Method: "POST", Path: "/api/auth/updateLanguage", Token: token, Lang: "en",
			JSON: map[string]string{"language": "en"}})
	}
	for range 3 {
		kill()
		if res := language(); res.Status != 200 {
			t.Fatalf("a write after the connections were terminated: %d %s", res.Status, res.Body)
		}
	}
}

// A statement still running when its request's time is up is cancelled in the database,
// not left holding its connection and locks, and the caller is told to try again (issue 31
// §3: every statement has a timeout below the function's).
func TestAStatementPastTheRequestTimeoutIsCancelled(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := apitest.New(t, func(env *platform.Env, rt *httpx.Router) {
		rt.Handle("GET /api/test/slow", httpx.Public(), func(w http.ResponseWriter, r *http.Request) error {
			if _, err := env.DB.Exec(r.Context(), `SELECT pg_sleep(30) /* rush-slow */`); err != nil {
				return err
			}
			return httpx.OK(w, r, nil)
		})
	})
	s.Router.Timeout(300 * time.Millisecond)
	start := time.Now()
	res := s.Do(apitest.Request{Method: "GET", Path: "/api/test/slow", Lang: "en"})
	if res.Status != 503 || res.Msg != "The request took too long, please try again" || time.Since(start) > 10*time.Second {
		t.Fatalf("after %s: %d %s", time.Since(start), res.Status, res.Body)
	}
	// The cancel request travels beside the connection: wait (a bounded while, far short of
	// the 30-s sleep) for the database to show the statement gone.
	for deadline := time.Now().Add(5 * time.Second); ; {
		var running int
		if err := s.DB.QueryRow(ctx, `SELECT count(*) FROM pg_stat_activity
			WHERE state = 'active' AND query LIKE '%rush-slow%' AND pid <> pg_backend_pid()`).Scan(&running); err != nil {
			t.Fatal(err)
		}
		if running == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d statements still running 5 s after their request ended", running)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

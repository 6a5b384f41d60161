package serve_test

import (
	"context"
	"testing"

	"samrap/pkg/audit"
	"samrap/pkg/dbtest"
	"samrap/pkg/i18n"
	"samrap/pkg/orders"
	"samrap/pkg/serve"
)

// counted answers a serve service over a pool that counts its statements.
func counted(t testing.TB, f *fixture) (*serve.Service, *dbtest.Counter) {
	pool, c := dbtest.Counting(t, f.s.Env.DB)
	return serve.NewService(pool, f.s.Clock.Now, func(context.Context) ([]byte, error) { return f.key, nil }), c
}

// A verification is a fixed number of statements (issue 16's benchmark note): a match and a
// no-match with every bedside reason read the same statements, and a no-match writes four
// more: its serve_mismatch row (the work performance figures, issue 17) and its activity
// entry serve.mismatch (TestVerifyRecordsMismatches) in one transaction with its begin and
// commit (issue 31: neither kept without the other). A wrong patient reads one more: the HNs
// the order's patient had before (HN_CHANGED after a merge, issue 30).
func TestVerifyIsAFixedNumberOfStatements(t *testing.T) {
	f := newFixture(t)
	f.patient(t, "S-ST1")
	f.patient(t, "S-ST2")
	_, plain := f.order(t, "S-ST1", f.today, "T-PLAIN", "")
	_, peanut := f.order(t, "S-ST2", f.today, "T-PEANUT", "")
	f.set(t, "S-ST2", "texture_food = 5, visit_status = 'Discharge'")
	svc, c := counted(t, f)
	mismatch := audit.Activity{BranchCode: "SRP01", Actor: "S001", Action: "serve.mismatch"}
	count := func(token, hn string, match bool) int64 {
		before := c.Load()
		v, err := svc.Verify(context.Background(), i18n.EN, "SRP01", "S001", serve.Scan{Token: token, Wristband: hn}, mismatch)
		if err != nil || v.Match != match {
			t.Fatalf("verify %s: %+v %v", hn, v, err)
		}
		return c.Load() - before
	}
	match, wrong, refused := count(plain, "S-ST1", true), count(plain, "S-ST2", false), count(peanut, "S-ST2", false)
	if wrong != match+5 || refused != match+4 || match > 5 {
		t.Fatalf("statements: %d match, %d wrong patient, %d refused", match, wrong, refused)
	}
	t.Logf("a verification is %d statements", match)
}

// BenchmarkServeVerify times the verification of a tray (issue 16's budget: 10 ms server
// time) beside BenchmarkServeOrderRead, a read of the same order by id (baseline).
//
//	go test -run '^$' -bench 'Serve(Verify|OrderRead)' ./pkg/serve
func BenchmarkServeVerify(b *testing.B) {
	f := newFixture(b)
	f.patient(b, "S-BENCH", "AL02")
	_, tok := f.order(b, "S-BENCH", f.today, "T-PEANUT", "no peanut")
	svc, c := counted(b, f)
	ctx := context.Background()
	if _, err := f.s.Env.DB.Exec(ctx, "ANALYZE"); err != nil {
		b.Fatal(err)
	}
	start := c.Load()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		v, err := svc.Verify(ctx, i18n.EN, "SRP01", "S001", serve.Scan{Token: tok, Wristband: "S-BENCH"},
			audit.Activity{BranchCode: "SRP01", Actor: "S001", Action: "serve.mismatch"})
		if err != nil || !v.Match {
			b.Fatalf("%+v %v", v, err)
		}
	}
	b.ReportMetric(float64(c.Load()-start)/float64(b.N), "stmts/op")
}

func BenchmarkServeOrderRead(b *testing.B) {
	f := newFixture(b)
	f.patient(b, "S-BENCH")
	id, _ := f.order(b, "S-BENCH", f.today, "T-PLAIN", "")
	ctx := context.Background()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if docs, err := orders.Orders(ctx, f.s.Env.DB, "SRP01", []string{id}); err != nil || len(docs) != 1 {
			b.Fatal(err)
		}
	}
}

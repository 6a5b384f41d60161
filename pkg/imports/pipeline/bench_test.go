package pipeline_test

// The import budget of ARCHITECTURE.md §10: 1,000 rows parsed, validated and upserted in
// under 100 ms (one set-based statement), peak heap under 64 MB; upload to finished job
// under 2 s locally. `make bench` runs:
//
//	go test -run '^$' -bench 'Import1000|UploadToDone' -benchtime 20x ./pkg/imports/pipeline
//
// BenchmarkImport1000RowByRow is the baseline only: the same rows upserted one statement
// (and one change-log row) at a time.

import (
	"context"
	"io"
	"log/slog"
	"runtime"
	"runtime/metrics"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"samrap/pkg/apitest"
	"samrap/pkg/audit"
	"samrap/pkg/db"
	"samrap/pkg/dbtest"
	"samrap/pkg/demo"
	"samrap/pkg/imports"
	"samrap/pkg/imports/pipeline"
	"samrap/pkg/params"
)

// peakHeap samples the live heap every millisecond until stop is called and answers the
// highest sample above the heap at the start, in bytes.
func peakHeap() (stop func() uint64) {
	runtime.GC()
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(sample)
	base := sample[0].Value.Uint64()
	var peak atomic.Uint64
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
		t := time.NewTicker(time.Millisecond)
		defer t.Stop()
		for {
			metrics.Read(s)
			if v := s[0].Value.Uint64(); v > base && v-base > peak.Load() {
				peak.Store(v - base)
			}
			select {
			case <-done:
				return
			case <-t.C:
			}
		}
	}()
	return func() uint64 { close(done); <-finished; return peak.Load() }
}

func benchDB(b *testing.B) *db.Pool {
	b.Helper()
	pool := dbtest.New(b)
	if err := demo.Load(context.Background(), pool); err != nil {
		b.Fatal(err)
	}
	return pool
}

// cleanup removes what an iteration added, outside the timed part (not its change-log
// rows: the log is append-only, migration 00012).
func cleanup(b *testing.B, pool *db.Pool) {
	b.Helper()
	ctx := context.Background()
	if _, err := pool.Exec(ctx, `DELETE FROM diet_type WHERE branch_code = 'SRP01' AND code LIKE 'B%'`); err != nil {
		b.Fatal(err)
	}
}

func benchImport(b *testing.B, load func(ctx context.Context, tx pgx.Tx, k *params.Kind, rows []imports.Row) (int, error)) {
	pool := benchDB(b)
	data := apitest.Testdata(b, "rows_1000.xlsx")
	k, _ := params.KindOf("DietType")
	ctx := context.Background()
	var total, parse time.Duration
	var peak uint64
	n := 0
	b.ResetTimer()
	for b.Loop() {
		b.StopTimer()
		cleanup(b, pool)
		stop := peakHeap()
		b.StartTimer()
		start := time.Now()
		sheet, err := pipeline.ReadSheet(data, "rows_1000.xlsx", params.Columns(k))
		if err != nil {
			b.Fatal(err)
		}
		parse += time.Since(start)
		var added int
		err = pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
			added, err = load(ctx, tx, k, sheet.Rows)
			return err
		})
		if err != nil {
			b.Fatal(err)
		}
		total += time.Since(start)
		b.StopTimer()
		if p := stop(); p > peak {
			peak = p
		}
		if added != 1000 {
			b.Fatalf("added %d rows, want 1000", added)
		}
		n++
		b.StartTimer()
	}
	b.ReportMetric(float64(total.Microseconds())/1000/float64(n), "ms/op")
	b.ReportMetric(float64(parse.Microseconds())/1000/float64(n), "parse-ms/op")
	b.ReportMetric(float64((total-parse).Microseconds())/1000/float64(n), "upsert-ms/op")
	b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
}

// BenchmarkImport1000SetBased: parse, validate and upsert 1,000 rows with the worker's code
// (one set-based statement writing the rows and their change-log rows), committed.
func BenchmarkImport1000SetBased(b *testing.B) {
	svc := params.NewService(nil, slog.New(slog.NewTextHandler(io.Discard, nil)))
	benchImport(b, func(ctx context.Context, tx pgx.Tx, k *params.Kind, rows []imports.Row) (int, error) {
		res, err := svc.ImportRows(ctx, tx, k, "SRP01", "bench", rows)
		return res.Added, err
	})
}

// BenchmarkImport1000RowByRow is the baseline: the same rows validated the same way, then
// upserted and logged one row at a time.
func BenchmarkImport1000RowByRow(b *testing.B) {
	benchImport(b, func(ctx context.Context, tx pgx.Tx, k *params.Kind, rows []imports.Row) (int, error) {
		added := 0
		for _, r := range rows {
			in := params.Input{Code: r.Cells["code"], NameTh: r.Cells["nameTh"], NameEn: r.Cells["nameEn"], Active: true,
				Values: map[string]any{"remark": r.Cells["remark"]}}
			if bad := params.Validate(k, in); len(bad) > 0 {
				continue
			}
			var id int64
			var inserted bool
			err := tx.QueryRow(ctx, `INSERT INTO diet_type (branch_code, code, name_th, name_en, active, remark, created_by, updated_by)
				VALUES ('SRP01', $1, $2, $3, $4, $5, 'bench', 'bench')
				ON CONFLICT (branch_code, code) DO UPDATE SET name_th = excluded.name_th, name_en = excluded.name_en,
					active = excluded.active, remark = excluded.remark, updated_by = excluded.updated_by, updated_at = now()
				RETURNING id, (xmax = 0)`, in.Code, in.NameTh, in.NameEn, in.Active, in.Values["remark"]).Scan(&id, &inserted)
			if err != nil {
				return added, err
			}
			if err := audit.WriteChange(ctx, tx, audit.Change{BranchCode: "SRP01", Entity: "diet_type",
				EntityID: strconv.FormatInt(id, 10), Action: "create", After: in, By: "bench"}); err != nil {
				return added, err
			}
			if inserted {
				added++
			}
		}
		return added, nil
	})
}

// BenchmarkUploadToDone1000: POST /api/upload/masterData of 1,000 rows until GET
// /api/upload/jobs/{id} answers DONE, through the local S3 → SQS stand-in and the worker.
func BenchmarkUploadToDone1000(b *testing.B) {
	s := newServer(b)
	data := apitest.Testdata(b, "rows_1000.xlsx")
	var total time.Duration
	n := 0
	for b.Loop() {
		b.StopTimer()
		if _, err := s.DB.Exec(context.Background(), `DELETE FROM diet_type WHERE branch_code = 'SRP01' AND code LIKE 'B%'`); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		start := time.Now()
		j := s.importFile(b, "DietType", "rows_1000.xlsx", data, "en")
		total += time.Since(start)
		if j.Status != imports.Done || j.Added != 1000 {
			b.Fatalf("job %+v", j)
		}
		n++
	}
	b.ReportMetric(float64(total.Microseconds())/1000/float64(n), "ms/op")
}

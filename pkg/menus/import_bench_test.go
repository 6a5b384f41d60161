package menus_test

import (
	"bytes"
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"samrap/pkg/dbtest"
	"samrap/pkg/demo"
	"samrap/pkg/imports"
	"samrap/pkg/imports/pipeline"
	"samrap/pkg/menus"
	"samrap/pkg/xlsx"
)

// BenchmarkImportMenus1000: 1,000 new dishes, each with two ingredients, a diet type and
// three nutrients, read from the workbook, validated and written in one committed
// transaction (ARCHITECTURE.md §10's import budget: 100 ms). It reports parse-ms/op and
// load-ms/op beside ms/op.
//
//	go test -run '^$' -bench ImportMenus1000 -benchtime 10x ./pkg/menus
func BenchmarkImportMenus1000(b *testing.B) {
	pool := dbtest.New(b)
	ctx := context.Background()
	if err := demo.Load(ctx, pool); err != nil {
		b.Fatal(err)
	}
	// Statistics, as autovacuum keeps them in a live database (the other benchmarks do the
	// same). Without them the foreign-key checks this connection cached while the demo data
	// went in keep a generic plan made for empty tables: the dish's check walks the branch's
	// dishes by menu_meal_component instead of finding one by its key, and 7,000 list rows
	// took 500–800 ms of checks (issue 28, docs/benchmarks.md).
	if _, err := pool.Exec(ctx, "ANALYZE"); err != nil {
		b.Fatal(err)
	}
	cols := menus.MenuColumns()
	header := make([]xlsx.Column, len(cols))
	for i, c := range cols {
		header[i] = xlsx.Column{Th: c.Th, En: c.En}
	}
	var rows [][]any
	for i := range 1000 {
		row := map[string]any{"code": fmt.Sprintf("B%04d", i), "nameTh": fmt.Sprintf("อาหาร %d", i), "nameEn": fmt.Sprintf("Dish %d", i),
			"cuisineTypeCode": "CU01", "mealComponentCode": "MP01", "iddsiType": "FOOD", "iddsiLevel": 3 + i%5, "price": 40 + i%20,
			"allergenCodes": "AL01,AL02", "restrictedCodes": "RI01", "dietTypeCodes": "DT01", "energy": 250 + i%100,
			"protein": "12 g", "sodium": "480 mg", "status": "ACTIVE"}
		cells := make([]any, len(cols))
		for j, c := range cols {
			cells[j] = row[c.Key]
		}
		rows = append(rows, cells)
	}
	var buf bytes.Buffer
	if err := xlsx.Write(&buf, "Menus", header, xlsx.Rows(rows)); err != nil {
		b.Fatal(err)
	}
	data := buf.Bytes()
	s := menus.NewService(pool)
	var total, parse time.Duration
	b.ResetTimer()
	for b.Loop() {
		b.StopTimer()
		// the change log is append-only (00012): the iterations' log rows stay
		if _, err := pool.Exec(ctx, `DELETE FROM menu WHERE branch_code = 'SRP01' AND code LIKE 'B%'`); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		start := time.Now()
		sheet, err := pipeline.ReadSheet(data, "menus.xlsx", cols)
		if err != nil {
			b.Fatal(err)
		}
		parse += time.Since(start)
		var res imports.Result
		err = pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
			res, err = s.ImportMenus(ctx, tx, "SRP01", "bench", sheet.Rows)
			return err
		})
		total += time.Since(start)
		if err != nil || res.Added != 1000 {
			b.Fatalf("%v: %+v", err, res)
		}
	}
	n := float64(b.N)
	b.ReportMetric(float64(total.Microseconds())/1000/n, "ms/op")
	b.ReportMetric(float64(parse.Microseconds())/1000/n, "parse-ms/op")
	b.ReportMetric(float64((total-parse).Microseconds())/1000/n, "load-ms/op")
}

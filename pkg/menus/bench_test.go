package menus_test

import (
	"context"
	"testing"
	"time"

	"samrap/pkg/dbtest"
	"samrap/pkg/demo"
	"samrap/pkg/menus"
)

// BenchmarkMenuOfDay: the resolver for a branch, date and meal type with 500 dishes and 3
// rounds (issue 13's budget: 2 ms server time, one round trip). The baseline, measured in
// the same run, is a read of one dish by id (BenchmarkMenuByID).
func BenchmarkMenuOfDay(b *testing.B) {
	s, date, meal := benchData(b)
	ctx := context.Background()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		d, err := s.MenuOfDay(ctx, "SRP01", date, meal)
		if err != nil || len(d.Items) == 0 {
			b.Fatalf("%v %+v", err, d)
		}
	}
}

func BenchmarkMenuByID(b *testing.B) {
	s, _, _ := benchData(b)
	ctx := context.Background()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := s.GetMenu(ctx, "SRP01", 1); err != nil {
			b.Fatal(err)
		}
	}
}

// benchData is the demo data plus dishes up to 500 in SRP01 and a third round (a 14-day
// loop over 2040) whose every day has 8 dishes per meal type; the date resolved is in it.
func benchData(b *testing.B) (*menus.Service, time.Time, int64) {
	b.Helper()
	pool := dbtest.New(b)
	ctx := context.Background()
	if err := demo.Load(ctx, pool); err != nil {
		b.Fatal(err)
	}
	_, err := pool.Exec(ctx, `
		WITH m AS (
			INSERT INTO menu (branch_code, code, name_th, name_en, cuisine_type_id, meal_component_id, iddsi_level, price)
			SELECT 'SRP01', 'B' || g, 'อาหาร ' || g, 'Dish ' || g,
				(SELECT min(id) FROM cuisine_type WHERE branch_code = 'SRP01'), (SELECT min(id) FROM meal_component WHERE branch_code = 'SRP01'),
				3 + g % 5, g
			FROM generate_series(1, 500 - (SELECT count(*) FROM menu WHERE branch_code = 'SRP01')) g RETURNING id)
		INSERT INTO menu_allergen SELECT 'SRP01', m.id, a.id FROM m, allergen a WHERE a.branch_code = 'SRP01' AND a.id % 2 = m.id % 2`)
	if err != nil {
		b.Fatal(err)
	}
	_, err = pool.Exec(ctx, `
		WITH c AS (INSERT INTO cycle (branch_code, code, name_th, round_type, day_count, start_date, end_date)
			VALUES ('SRP01', 'BENCH', 'รอบทดสอบ', 'LOOP', 14, '2040-01-01', '2040-12-31') RETURNING id, day_count)
		INSERT INTO cycle_menu (branch_code, cycle_id, cycle_day_count, day_no, meal_time_id, menu_id)
		SELECT 'SRP01', c.id, c.day_count, d, t.id, m.id
		FROM c, generate_series(1, 14) d, meal_time t,
			LATERAL (SELECT id FROM menu WHERE branch_code = 'SRP01' ORDER BY (id * 7919 + d * 104729 + t.id) % 500 LIMIT 8) m
		WHERE t.branch_code = 'SRP01'`)
	if err != nil {
		b.Fatal(err)
	}
	var meal int64
	if err := pool.QueryRow(ctx, `SELECT id FROM meal_time WHERE branch_code = 'SRP01' AND code = 'MT02'`).Scan(&meal); err != nil {
		b.Fatal(err)
	}
	var n, rounds int
	_ = pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM menu WHERE branch_code = 'SRP01'), (SELECT count(*) FROM cycle WHERE branch_code = 'SRP01')`).Scan(&n, &rounds)
	if n != 500 || rounds != 3 {
		b.Fatalf("%d dishes, %d rounds", n, rounds)
	}
	return menus.NewService(pool), time.Date(2040, 2, 29, 0, 0, 0, 0, time.UTC), meal
}

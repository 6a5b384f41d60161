package db_test

import (
	"context"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"

	"samrap/pkg/db"
	"samrap/pkg/dbtest"
)

// Every migration's Down undoes its Up: from the latest version the database goes down one
// migration at a time to none, then up one at a time to the latest, and at each version the
// schema (and the rows the migrations seed) going up is what it was going down; at the
// latest, what the first migrate made. A Down no test ran is only a wish (issue 26: 00021's
// had never run).
func TestEveryDownUndoesItsUp(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	sqlDB := stdlib.OpenDBFromPool(pool.Pool)
	defer sqlDB.Close()
	// the files the binaries embed (pkg/db/migrations), read from the folder
	p, err := goose.NewProvider(goose.DialectPostgres, sqlDB, os.DirFS("migrations"))
	if err != nil {
		t.Fatal(err)
	}
	latest, err := p.GetDBVersion(ctx)
	if err != nil || latest < 21 {
		t.Fatalf("the first migrate reached %d, %v", latest, err)
	}
	first := schemaOf(ctx, t, pool)

	// the versions in order (a number given to a migration of another branch may be missing)
	versions := []int64{0}
	for _, s := range p.ListSources() {
		versions = append(versions, s.Version)
	}
	down := map[int64]string{}
	for i := len(versions) - 1; i > 0; i-- {
		v := versions[i]
		if _, err := p.Down(ctx); err != nil {
			t.Fatalf("down from %05d: %v", v, err)
		}
		if got, err := p.GetDBVersion(ctx); err != nil || got != versions[i-1] {
			t.Fatalf("down from %05d reached %d, %v", v, got, err)
		}
		down[versions[i-1]] = schemaOf(ctx, t, pool)
	}
	// the extensions stay (a Down does not drop what another database user may use)
	if left := strings.TrimSpace(extensions.ReplaceAllString(down[0], "")); left != "" {
		t.Errorf("the migrations undone leave:\n%s", left)
	}
	for _, v := range versions[1:] {
		if _, err := p.UpByOne(ctx); err != nil {
			t.Fatalf("up to %05d again: %v", v, err)
		}
		want := first
		if v < latest {
			want = down[v]
		}
		if got := schemaOf(ctx, t, pool); got != want {
			t.Errorf("at %05d, up again differs from before (-before +up):\n%s", v, lineDiff(want, got))
		}
	}
}

var extensions = regexp.MustCompile(`(?m)^extension .*$`)

// schemaOf answers the schema of the database as sorted lines: tables' and views' columns,
// constraints, indexes, views, functions, triggers, types, sequences and extensions, and the
// rows of each table (the migrations seed some). goose's own table is left out.
func schemaOf(ctx context.Context, t *testing.T, pool *db.Pool) string {
	t.Helper()
	const ours = `n.nspname = current_schema()`
	queries := []string{
		`SELECT format('column %s.%s %s %s%s%s', c.relname, a.attnum, a.attname, format_type(a.atttypid, a.atttypmod),
			CASE WHEN a.attnotnull THEN ' not null' ELSE '' END, coalesce(' default ' || pg_get_expr(d.adbin, d.adrelid), ''))
		FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
		LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
		WHERE ` + ours + ` AND c.relkind IN ('r', 'v', 'm', 'p') AND a.attnum > 0 AND NOT a.attisdropped AND c.relname <> 'goose_db_version'`,
		`SELECT format('constraint %s %s %s', c.conrelid::regclass, c.conname, pg_get_constraintdef(c.oid))
		FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace WHERE ` + ours + ` AND c.conrelid::regclass::text <> 'goose_db_version'`,
		`SELECT format('index %s', indexdef) FROM pg_indexes WHERE schemaname = current_schema() AND tablename <> 'goose_db_version'`,
		`SELECT format('view %s %s', viewname, definition) FROM pg_views WHERE schemaname = current_schema()`,
		`SELECT format('matview %s %s', matviewname, definition) FROM pg_matviews WHERE schemaname = current_schema()`,
		`SELECT format('function %s', pg_get_functiondef(p.oid)) FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
		WHERE ` + ours + ` AND p.prokind IN ('f', 'p') AND NOT EXISTS (SELECT 1 FROM pg_depend x WHERE x.objid = p.oid AND x.deptype = 'e')`,
		`SELECT format('trigger %s', pg_get_triggerdef(g.oid)) FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid
		JOIN pg_namespace n ON n.oid = c.relnamespace WHERE ` + ours + ` AND NOT g.tgisinternal`,
		`SELECT format('type %s %s %s %s', t.typname, t.typtype, format_type(t.typbasetype, t.typtypmod),
			(SELECT string_agg(e.enumlabel, ',' ORDER BY e.enumsortorder) FROM pg_enum e WHERE e.enumtypid = t.oid))
		FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace WHERE ` + ours + ` AND t.typtype IN ('e', 'd')
			AND NOT EXISTS (SELECT 1 FROM pg_depend x WHERE x.objid = t.oid AND x.deptype = 'e')`,
		`SELECT format('sequence %s %s %s %s %s', sequencename, data_type, start_value, increment_by, cycle)
		FROM pg_sequences WHERE schemaname = current_schema() AND sequencename NOT LIKE 'goose\_%'`,
		`SELECT format('extension %s', extname) FROM pg_extension WHERE extname <> 'plpgsql'`,
		`SELECT format('policy %s %s %s %s', tablename, policyname, cmd, qual) FROM pg_policies WHERE schemaname = current_schema()`,
	}
	var lines []string
	for _, q := range queries {
		lines = append(lines, strs(ctx, t, pool, q)...)
	}
	tables := strs(ctx, t, pool, `SELECT quote_ident(tablename) FROM pg_tables
		WHERE schemaname = current_schema() AND tablename <> 'goose_db_version'`)
	for _, table := range tables { // counted: a seeded row's created_at is the migrate's
		var n int
		if err := pool.QueryRow(ctx, "SELECT count(*) FROM "+table).Scan(&n); err != nil {
			t.Fatalf("the rows of %s: %v", table, err)
		}
		if n > 0 {
			lines = append(lines, fmt.Sprintf("rows %s %d", table, n))
		}
	}
	slices.Sort(lines)
	return strings.Join(lines, "\n")
}

func strs(ctx context.Context, t *testing.T, pool *db.Pool, q string) []string {
	t.Helper()
	rows, err := pool.Query(ctx, q)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	out, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return out
}

// lineDiff answers the lines only in a (-) and only in b (+).
func lineDiff(a, b string) string {
	as, bs := strings.Split(a, "\n"), strings.Split(b, "\n")
	var out []string
	for _, l := range as {
		if !slices.Contains(bs, l) {
			out = append(out, "- "+l)
		}
	}
	for _, l := range bs {
		if !slices.Contains(as, l) {
			out = append(out, "+ "+l)
		}
	}
	return strings.Join(out, "\n")
}

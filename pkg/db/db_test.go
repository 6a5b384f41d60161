package db_test

import (
	"context"
	"testing"

	"samrap/pkg/db"
	"samrap/pkg/db/migrations"
	"samrap/pkg/dbtest"
)

func TestMigrateIsRepeatable(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	if _, err := migrations.Up(ctx, pool); err != nil {
		t.Fatalf("second migrate: %v", err)
	}
	var roles int
	if err := pool.QueryRow(ctx, "SELECT count(*) FROM role").Scan(&roles); err != nil {
		t.Fatal(err)
	}
	if roles != 6 {
		t.Fatalf("roles after two migrations = %d, want 6", roles)
	}
}

func TestUniqueAndForeignKeyViolationsAreRecognised(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	if _, err := pool.Exec(ctx, "INSERT INTO branch (code, name_th) VALUES ('B1', 'สาขา 1')"); err != nil {
		t.Fatal(err)
	}
	_, err := pool.Exec(ctx, "INSERT INTO branch (code, name_th) VALUES ('B1', 'ซ้ำ')")
	if c, ok := db.IsUniqueViolation(err); !ok || c != "branch_pkey" {
		t.Fatalf("duplicate branch: constraint %q ok %v err %v", c, ok, err)
	}
	_, err = pool.Exec(ctx, "INSERT INTO user_permission (user_id, branch_code, role_code) VALUES (1, 'NOPE', 'BCT')")
	if _, _, ok := db.IsForeignKeyViolation(err); !ok {
		t.Fatalf("missing references: want a foreign-key violation, got %v", err)
	}
}

func TestFirstID(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	if _, err := pool.Exec(ctx, `INSERT INTO branch (code, name_th) VALUES ('B1', 'สาขา 1'), ('B2', 'สาขา 2');
		INSERT INTO religion (branch_code, code, name_th) VALUES ('B1', 'R1', 'หนึ่ง'), ('B1', 'R2', 'สอง')`); err != nil {
		t.Fatal(err)
	}
	var first string
	if err := pool.QueryRow(ctx, "SELECT min(id)::text FROM religion").Scan(&first); err != nil {
		t.Fatal(err)
	}
	for branch, want := range map[string]string{"B1": first, "B2": ""} {
		if id, err := db.FirstID(ctx, pool, "religion", branch); id != want || err != nil {
			t.Errorf("FirstID(religion, %s) = %q, %v; want %q", branch, id, err, want)
		}
	}
	if _, err := db.FirstID(ctx, pool, "no_such_table", "B1"); err == nil {
		t.Error("FirstID of a missing table: no error")
	}
}

package dbsqlc_test

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"testing"

	"samrap/pkg/db/dbsqlc"
	"samrap/pkg/dbtest"
)

// The schema sqlc generated the queries from is what the migrations build today: a
// migration added without `make sqlc` fails here, not in production.
func TestSchemaIsCurrent(t *testing.T) {
	if _, err := exec.LookPath("pg_dump"); err != nil {
		t.Skip("pg_dump is not installed")
	}
	pool := dbtest.New(t)
	dsn := pool.Config().ConnString()
	dump, err := exec.CommandContext(context.Background(), "pg_dump", append(dbsqlc.PgDumpArgs, "--dbname", dsn)...).Output()
	if err != nil {
		t.Fatalf("pg_dump: %v", err)
	}
	got, err := dbsqlc.Schema(dump)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("schema/schema.sql")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("pkg/db/dbsqlc/schema/schema.sql is not what the migrations build: run `make sqlc` and commit the result")
	}
}

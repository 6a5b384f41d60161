// Command dbschema writes the schema that sqlc reads (pkg/db/dbsqlc/schema/schema.sql): it applies
// the embedded migrations to a scratch database and dumps the result. The migrations create
// the master-data tables in a loop (EXECUTE format), which sqlc cannot follow, so sqlc reads
// the database they produce instead. Run by `make sqlc`.
package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"

	"github.com/jackc/pgx/v5"

	"samrap/pkg/db"
	"samrap/pkg/db/dbsqlc"
	"samrap/pkg/db/migrations"
)

const scratch = "samrap_sqlc_schema"

func main() {
	if err := run(context.Background(), os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "dbschema:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string) error {
	if len(args) != 1 {
		return fmt.Errorf("usage: dbschema OUT.sql")
	}
	admin := os.Getenv("SQLC_PG")
	if admin == "" {
		admin = "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable"
	}
	conn, err := pgx.Connect(ctx, admin)
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	for _, stmt := range []string{"DROP DATABASE IF EXISTS " + scratch, "CREATE DATABASE " + scratch} {
		if _, err := conn.Exec(ctx, stmt); err != nil {
			return err
		}
	}
	defer conn.Exec(ctx, "DROP DATABASE IF EXISTS "+scratch) //nolint:errcheck // best effort

	dsn := strings.Replace(admin, "/postgres?", "/"+scratch+"?", 1)
	pool, err := db.Open(ctx, dsn, db.Options{})
	if err != nil {
		return err
	}
	_, err = migrations.Up(ctx, pool)
	pool.Close()
	if err != nil {
		return err
	}

	dump, err := exec.CommandContext(ctx, "pg_dump", append(dbsqlc.PgDumpArgs, "--dbname", dsn)...).Output()
	if err != nil {
		return fmt.Errorf("pg_dump: %w", err)
	}
	schema, err := dbsqlc.Schema(dump)
	if err != nil {
		return err
	}
	return os.WriteFile(args[0], schema, 0o644)
}

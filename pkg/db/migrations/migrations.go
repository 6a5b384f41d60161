// Package migrations holds the numbered SQL migrations, embedded in the binaries that apply
// them (functions/local at start, the migrate function on deploy, tests). It is separate
// from package db so that http functions do not carry the migration runner.
package migrations

import (
	"context"
	"embed"
	"fmt"

	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"

	"samrap/pkg/db"
)

//go:embed *.sql
var files embed.FS

// Up applies every migration not yet applied, in order, and answers the version reached.
func Up(ctx context.Context, pool *db.Pool) (int64, error) {
	sqlDB := stdlib.OpenDBFromPool(pool.Pool)
	defer sqlDB.Close()
	p, err := goose.NewProvider(goose.DialectPostgres, sqlDB, files)
	if err != nil {
		return 0, fmt.Errorf("migrations: provider: %w", err)
	}
	if _, err := p.Up(ctx); err != nil {
		return 0, fmt.Errorf("migrations: up: %w", err)
	}
	v, err := p.GetDBVersion(ctx)
	if err != nil {
		return 0, fmt.Errorf("migrations: version: %w", err)
	}
	return v, nil
}

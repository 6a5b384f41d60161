package audit_test

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"samrap/pkg/audit"
	"samrap/pkg/dbtest"
)

func TestWriteChanges(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	err := audit.WriteChanges(ctx, pool, []audit.Change{
		{BranchCode: "SRP01", Entity: "diet_type", EntityID: "7", Action: "create", After: map[string]any{"code": "DT07"}, By: "D0004"},
		{Entity: "app_user", EntityID: "9", Action: "delete", Before: map[string]any{"email": "o'neil@samrap.local"}, By: "D0005"},
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := audit.WriteChange(ctx, pool, audit.Change{BranchCode: "SRP01", Entity: "diet_type", EntityID: "7", Action: "update",
		Before: map[string]any{"code": "DT07"}, After: map[string]any{"code": "DT08"}, By: "D0004"}); err != nil {
		t.Fatal(err)
	}
	if err := audit.WriteChanges(ctx, pool, nil); err != nil {
		t.Fatal(err)
	}
	rows, err := pool.Query(ctx, `SELECT branch_code, entity, entity_id, action, coalesce(before::text, '-'), coalesce(after::text, '-'), changed_by
		FROM change_log ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for rows.Next() {
		var v [7]string
		if err := rows.Scan(&v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6]); err != nil {
			t.Fatal(err)
		}
		got = append(got, strings.Join(v[:], "|"))
	}
	want := []string{
		`SRP01|diet_type|7|create|-|{"code": "DT07"}|D0004`,
		`|app_user|9|delete|{"email": "o'neil@samrap.local"}|-|D0005`,
		`SRP01|diet_type|7|update|{"code": "DT07"}|{"code": "DT08"}|D0004`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("change log:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// A write refused by the table's rules writes nothing.
	if err := audit.WriteChange(ctx, pool, audit.Change{Entity: "x", EntityID: "1", Action: "rename", By: "D0004"}); err == nil {
		t.Fatal("an unknown action was written")
	}
}

func TestChangesSQL(t *testing.T) {
	t.Parallel()
	got := audit.Changes{Branch: "w.branch_code", Entity: audit.Literal("it's"), EntityID: "w.id::text", Action: audit.Literal("create"),
		Before: "NULL", After: "to_jsonb(w)", By: "$2", From: "w"}.SQL()
	want := `INSERT INTO change_log (branch_code, entity, entity_id, action, before, after, changed_by) SELECT w.branch_code, 'it''s', w.id::text, 'create', NULL, to_jsonb(w), $2 FROM w`
	if got != want {
		t.Fatalf("%s\nwant %s", got, want)
	}
}

// Issue 11 §5: one way to write the change log. Every area's writes go through
// audit.Changes (or WriteChange/WriteChanges, built on it); no other code or SQL file
// inserts into change_log by hand.
func TestOneChangeLogWriter(t *testing.T) {
	t.Parallel()
	root := filepath.Join("..", "..")
	insert := regexp.MustCompile(`(?i)insert\s+into\s+(public\.)?change_log\b`)
	var found []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case "node_modules", ".git", "web", "infra", "build", "var":
				return filepath.SkipDir
			}
			return nil
		}
		if ext := filepath.Ext(path); ext != ".go" && ext != ".sql" {
			return nil
		}
		if strings.HasSuffix(path, "_test.go") || filepath.ToSlash(path) == "../../pkg/audit/audit.go" {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if insert.Match(b) {
			found = append(found, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(found) > 0 {
		t.Fatalf("these files write change_log by hand instead of through audit.Changes: %v", found)
	}
}

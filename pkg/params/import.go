package params

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"samrap/pkg/audit"
	"samrap/pkg/errs"
	"samrap/pkg/imports"
	"samrap/pkg/session"
)

// Importers registers each kind's master-data import with the import pipeline: a
// Nutritionist's .xlsx of the kind's columns (Columns), loaded by ImportRows.
func Importers(s *Service) []imports.Importer {
	out := make([]imports.Importer, 0, len(kinds))
	for _, k := range kinds {
		out = append(out, imports.Importer{Type: k.Name, Roles: []string{session.Nutritionist}, Exts: []string{".xlsx"},
			Columns: Columns(k),
			Load: func(ctx context.Context, tx pgx.Tx, job imports.Job, rows []imports.Row) (imports.Result, error) {
				return s.ImportRows(ctx, tx, k, job.BranchCode, job.CreatedBy, rows)
			}})
	}
	return out
}

// Columns answers the columns of kind's workbook, in order: the code, the names, the kind's
// fields, its list (codes, comma separated), the status and the action. Exports write them
// and imports read them.
func Columns(k *Kind) []imports.Column {
	cols := []imports.Column{{Key: "code", Th: "รหัส", En: "Code"}}
	if !k.NoName {
		cols = append(cols, imports.Column{Key: "nameTh", Th: "ชื่อภาษาไทย", En: "Thai name"},
			imports.Column{Key: "nameEn", Th: "ชื่อภาษาอังกฤษ", En: "English name"})
	}
	for _, f := range k.Fields {
		cols = append(cols, imports.Column{Key: f.JSON, Th: f.Th, En: f.En})
	}
	if l := k.List; l != nil {
		cols = append(cols, imports.Column{Key: l.JSON, Th: "รหัส" + l.Th + " (คั่นด้วย ,)", En: l.En + " codes (comma separated)"})
	}
	return append(cols,
		imports.Column{Key: "status", Th: "สถานะ (ACTIVE/INACTIVE)", En: "Status (ACTIVE/INACTIVE)"},
		imports.Column{Key: "action", Th: "การดำเนินการ (DELETE = ลบ)", En: "Action (DELETE to delete)"})
}

// Import actions: an empty action adds or updates.
var deleteActions = map[string]bool{"DELETE": true, "D": true, "ลบ": true}

// Status words accepted in a workbook.
var statusWords = map[string]bool{StatusActive: true, "ใช้งาน": true, "Y": true,
	StatusInactive: false, "ไม่ใช้งาน": false, "N": false}

// ImportRows loads rows of kind into branch inside tx: invalid rows are reported and
// skipped, valid rows are upserted by one set-based statement (with their change-log rows),
// and rows asking to delete remove their item unless it is used.
func (s *Service) ImportRows(ctx context.Context, tx pgx.Tx, k *Kind, branch, by string, rows []imports.Row) (imports.Result, error) {
	var res imports.Result
	refs, err := loadRefs(ctx, tx, k, branch)
	if err != nil {
		return res, fmt.Errorf("params.import%s: %w", k.Name, err)
	}
	plan := planRows(k, rows, refs)
	res.Failed = plan.failed
	if len(plan.upserts) > 0 {
		if err := s.upsertRows(ctx, tx, k, branch, by, plan, keptColumns(k, rows), &res); err != nil {
			return res, fmt.Errorf("params.import%s: %w", k.Name, err)
		}
	}
	if err := deleteRows(ctx, tx, k, branch, by, plan.deletes, &res); err != nil {
		return res, fmt.Errorf("params.import%s: %w", k.Name, err)
	}
	sort.SliceStable(res.Failed, func(i, j int) bool { return res.Failed[i].Line < res.Failed[j].Line })
	return res, nil
}

// loadRefs answers the code → id maps of the kinds k's rows name (its references and its
// list's items), by kind name.
func loadRefs(ctx context.Context, tx pgx.Tx, k *Kind, branch string) (map[string]map[string]int64, error) {
	refs := map[string]map[string]int64{}
	load := func(name string) error {
		if _, ok := refs[name]; ok {
			return nil
		}
		m, err := codeIDs(ctx, tx, kindByName(name), branch)
		refs[name] = m
		return err
	}
	for _, f := range k.Fields {
		if f.Type == Ref {
			if err := load(f.Ref); err != nil {
				return nil, err
			}
		}
	}
	if k.List != nil {
		if err := load(k.List.ItemKind); err != nil {
			return nil, err
		}
	}
	return refs, nil
}

// keptColumns are the columns no row has: they keep their stored values (a workbook without
// the remark column does not wipe remarks).
func keptColumns(k *Kind, rows []imports.Row) []string {
	present := map[string]bool{}
	for _, row := range rows {
		for key := range row.Cells {
			present[key] = true
		}
	}
	var keep []string
	if !present["nameEn"] {
		keep = append(keep, "name_en")
	}
	if !present["status"] {
		keep = append(keep, "active")
	}
	for _, f := range k.Fields {
		if !present[f.JSON] {
			keep = append(keep, f.Column)
		}
	}
	return keep
}

// rowPlan is what an import does with its rows: the valid rows to upsert (with their lines),
// the codes to delete, and the rows refused.
type rowPlan struct {
	upserts     []Input
	upsertLines []int
	deletes     []rowDelete
	failed      []imports.RowError
}

type rowDelete struct {
	line int
	code string
}

// planRows reads every row: an upsert, a delete, or the errors that refuse it (a code twice
// in the file is refused the second time).
func planRows(k *Kind, rows []imports.Row, refs map[string]map[string]int64) rowPlan {
	var plan rowPlan
	seen := map[string]bool{}
	for _, row := range rows {
		in, bad := parseRow(k, row, refs)
		action := strings.ToUpper(strings.TrimSpace(row.Cells["action"]))
		isDelete := deleteActions[action]
		if !isDelete && action != "" {
			bad = map[string]string{"action": "params.actionInvalid"}
		}
		if isDelete {
			bad = nil
			if in.Code == "" {
				bad = map[string]string{"code": "field.required"}
			}
		}
		if len(bad) == 0 && seen[in.Code] {
			bad = map[string]string{"code": "params.duplicateInFile"}
		}
		if len(bad) > 0 {
			plan.failed = append(plan.failed, rowErrors(row.Line, bad)...)
			continue
		}
		seen[in.Code] = true
		if isDelete {
			plan.deletes = append(plan.deletes, rowDelete{row.Line, in.Code})
		} else {
			plan.upserts = append(plan.upserts, in)
			plan.upsertLines = append(plan.upsertLines, row.Line)
		}
	}
	return plan
}

// upsertRows upserts the plan's rows set-based, then the lists of a kind that has one (a row
// whose only change is its list is logged here: the statement logged the others), and counts
// them into res.
func (s *Service) upsertRows(ctx context.Context, tx pgx.Tx, k *Kind, branch, by string, plan rowPlan, keep []string, res *imports.Result) error {
	added, changed, failed, err := s.upsert(ctx, tx, k, branch, by, plan.upserts, plan.upsertLines, keep)
	if err != nil {
		return err
	}
	res.Failed = append(res.Failed, failed...)
	if k.List != nil {
		var ok []Input
		failedLine := map[int]bool{}
		for _, f := range failed {
			failedLine[f.Line] = true
		}
		for i, in := range plan.upserts {
			if !failedLine[plan.upsertLines[i]] {
				ok = append(ok, in)
			}
		}
		lists, err := bulkLists(ctx, tx, k, branch, ok)
		if err != nil {
			return err
		}
		for _, c := range lists {
			if added[c.Code] || changed[c.Code] {
				continue
			}
			changed[c.Code] = true
			if err := audit.WriteChange(ctx, tx, audit.Change{BranchCode: branch, Entity: k.Table,
				EntityID: strconv.FormatInt(c.ID, 10), Action: "update",
				After: map[string]any{"code": c.Code, k.List.JSON: c.IDs}, By: by}); err != nil {
				return err
			}
		}
	}
	res.Added, res.Updated = len(added), len(changed)
	res.Unchanged = len(plan.upserts) - len(failed) - res.Added - res.Updated
	return nil
}

// deleteRows deletes each code in its own savepoint: one still in use is refused on its line
// and the others go on; one already gone is unchanged (importing a file again changes nothing).
func deleteRows(ctx context.Context, tx pgx.Tx, k *Kind, branch, by string, deletes []rowDelete, res *imports.Result) error {
	for _, d := range deletes {
		sp, err := tx.Begin(ctx)
		if err != nil {
			return err
		}
		found, err := deleteByCode(ctx, sp, k, branch, by, d.code)
		if err != nil {
			_ = sp.Rollback(ctx)
			if _, table, ok := fkViolation(err); ok {
				res.Failed = append(res.Failed, imports.RowError{Line: d.line, Field: "action", Key: InUse(table).Key})
				continue
			}
			return err
		}
		if err := sp.Commit(ctx); err != nil {
			return err
		}
		if found {
			res.Deleted++
		} else {
			res.Unchanged++
		}
	}
	return nil
}

// upsert runs the set-based statement; when a constraint refuses the set (a ward type's
// ages overlapping another's, say), it runs the rows one by one to find and skip the rows at
// fault.
func (s *Service) upsert(ctx context.Context, tx pgx.Tx, k *Kind, branch, by string, rows []Input, lines []int, keep []string) (added, changed map[string]bool, failed []imports.RowError, err error) {
	sp, err := tx.Begin(ctx)
	if err != nil {
		return nil, nil, nil, err
	}
	added, changed, err = bulkUpsert(ctx, sp, k, branch, by, rows, keep)
	if err == nil {
		return added, changed, nil, sp.Commit(ctx)
	}
	_ = sp.Rollback(ctx)
	if !isConstraint(err) {
		return nil, nil, nil, err
	}
	added, changed = map[string]bool{}, map[string]bool{}
	for i, in := range rows {
		sp, err := tx.Begin(ctx)
		if err != nil {
			return nil, nil, nil, err
		}
		a, c, err := bulkUpsert(ctx, sp, k, branch, by, []Input{in}, keep)
		if err != nil {
			_ = sp.Rollback(ctx)
			if !isConstraint(err) {
				return nil, nil, nil, err
			}
			failed = append(failed, rowErrorOf(k, lines[i], err))
			continue
		}
		if err := sp.Commit(ctx); err != nil {
			return nil, nil, nil, err
		}
		for code := range a {
			added[code] = true
		}
		for code := range c {
			changed[code] = true
		}
	}
	return added, changed, failed, nil
}

func isConstraint(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && strings.HasPrefix(pgErr.Code, "23")
}

func fkViolation(err error) (string, string, bool) {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23503" {
		return pgErr.ConstraintName, pgErr.TableName, true
	}
	return "", "", false
}

func rowErrorOf(k *Kind, line int, err error) imports.RowError {
	if e, ok := errs.As(writeErr(k, err)); ok {
		for f, key := range e.Fields {
			return imports.RowError{Line: line, Field: f, Key: key}
		}
		return imports.RowError{Line: line, Key: e.Key}
	}
	return imports.RowError{Line: line, Key: "params.rowRefused"}
}

func rowErrors(line int, bad map[string]string) []imports.RowError {
	out := make([]imports.RowError, 0, len(bad))
	for f, key := range bad {
		out = append(out, imports.RowError{Line: line, Field: f, Key: key})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Field < out[j].Field })
	return out
}

// parseRow reads a row's cells into an Input, references resolved by code.
func parseRow(k *Kind, row imports.Row, refs map[string]map[string]int64) (Input, map[string]string) {
	c := row.Cells
	in := Input{Code: strings.TrimSpace(c["code"]), NameTh: strings.TrimSpace(c["nameTh"]),
		NameEn: strings.TrimSpace(c["nameEn"]), Active: true, StatusSet: true, Values: map[string]any{}}
	bad := map[string]string{}
	if s := strings.TrimSpace(c["status"]); s != "" {
		a, ok := statusWords[strings.ToUpper(s)]
		if !ok {
			bad["status"] = "field.invalid"
		}
		in.Active = a
	}
	for _, f := range k.Fields {
		cell := strings.TrimSpace(c[f.JSON])
		if f.Type == Ref {
			if cell == "" {
				in.Values[f.JSON] = int64(0)
				continue
			}
			id, ok := refs[f.Ref][cell]
			if !ok {
				bad[f.JSON] = "params.refNotFound"
				continue
			}
			in.Values[f.JSON] = id
			continue
		}
		v, key := ParseCell(f, cell)
		if key != "" {
			bad[f.JSON] = key
			continue
		}
		if v != nil {
			in.Values[f.JSON] = v
		}
	}
	if l := k.List; l != nil {
		_, in.ListSet = c[l.JSON]
		for _, code := range strings.FieldsFunc(c[l.JSON], func(r rune) bool { return r == ',' || r == ';' || r == '\n' }) {
			code = strings.TrimSpace(code)
			if code == "" {
				continue
			}
			id, ok := refs[l.ItemKind][code]
			if !ok {
				bad[l.JSON] = "params.refNotFound"
				break
			}
			in.List = append(in.List, id)
		}
	}
	in = Normalize(k, in)
	for f, key := range Validate(k, in) {
		if _, ok := bad[f]; !ok {
			bad[f] = key
		}
	}
	return in, bad
}

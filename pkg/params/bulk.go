package params

import (
	"context"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"

	"samrap/pkg/audit"
)

// buildBulkSQL builds the one set-based statement that upserts many rows of a kind and writes their
// change-log rows: $1 branch, $2 by, then one array per column (code, name_th, name_en,
// active, the kind's fields). Rows whose values are already stored are left alone (neither
// updated nor logged), so importing the same file twice changes nothing the second time.
// It answers the code of each row it added or changed and whether it was added. It is built
// once per kind, on the kind's first use (Kind.sql).
func buildBulkSQL(k *Kind) string {
	cols := []string{"code", "name_th", "name_en", "active"}
	params := []string{"$3::text[]", "$4::text[]", "$5::text[]", "$6::bool[]"}
	for i, f := range k.Fields {
		cols = append(cols, f.Column)
		n := i + 7
		switch f.Type {
		case Bool:
			params = append(params, fmt.Sprintf("$%d::bool[]", n))
		case Int, Ref:
			params = append(params, fmt.Sprintf("$%d::int8[]", n))
		case Clock:
			params = append(params, fmt.Sprintf("$%d::text[]::time[]", n))
		case Decimal:
			params = append(params, fmt.Sprintf("$%d::float8[]", n))
		default:
			params = append(params, fmt.Sprintf("$%d::text[]", n))
		}
	}
	// The last parameter names the columns the workbook does not have: they keep their
	// stored values on update.
	keep := fmt.Sprintf("$%d::text[]", len(k.Fields)+7)
	var sets, tcols, ecols []string
	for _, c := range cols[1:] {
		e := fmt.Sprintf("CASE WHEN '%s' = ANY (%s) THEN t.%s ELSE excluded.%s END", c, keep, c, c)
		sets = append(sets, c+" = "+e)
		tcols = append(tcols, "t."+c)
		ecols = append(ecols, e)
	}
	list := strings.Join(cols, ", ")
	return fmt.Sprintf(`WITH input AS (
		SELECT * FROM unnest(%[2]s) AS i(%[3]s)
	), old AS (
		SELECT t.* FROM %[1]s t JOIN input i ON i.code = t.code WHERE t.branch_code = $1
	), up AS (
		INSERT INTO %[1]s AS t (branch_code, created_by, updated_by, %[3]s)
		SELECT $1, $2, $2, %[3]s FROM input
		ON CONFLICT (branch_code, code) DO UPDATE SET %[4]s, updated_by = excluded.updated_by, updated_at = now()
		WHERE (%[5]s) IS DISTINCT FROM (%[6]s)
		RETURNING t.*, (t.xmax = 0) AS inserted
	), log AS (%[7]s)
	SELECT code, inserted FROM up`, k.Table, strings.Join(params, ", "), list,
		strings.Join(sets, ", "), strings.Join(tcols, ", "), strings.Join(ecols, ", "),
		audit.Changes{Branch: "$1", Entity: audit.Literal(k.Table), EntityID: "up.id::text",
			Action: "CASE WHEN up.inserted THEN 'create' ELSE 'update' END",
			Before: "CASE WHEN up.inserted THEN NULL ELSE to_jsonb(old) END", After: "to_jsonb(up) - 'inserted'", By: "$2",
			From: "up LEFT JOIN old ON old.id = up.id"}.SQL())
}

// bulkArgs are the statement's parameters for rows; keep names the columns to leave alone.
func bulkArgs(k *Kind, branch, by string, rows []Input, keep []string) []any {
	n := len(rows)
	codes, th, en, active := make([]string, n), make([]string, n), make([]string, n), make([]bool, n)
	for i, r := range rows {
		codes[i], th[i], en[i], active[i] = r.Code, r.NameTh, r.NameEn, r.Active
	}
	args := []any{branch, by, codes, th, en, active}
	for _, f := range k.Fields {
		switch f.Type {
		case Bool:
			a := make([]bool, n)
			for i, r := range rows {
				a[i], _ = r.Values[f.JSON].(bool)
			}
			args = append(args, a)
		case Int:
			a := make([]int64, n)
			for i, r := range rows {
				a[i], _ = r.Values[f.JSON].(int64)
			}
			args = append(args, a)
		case Ref:
			a := make([]*int64, n)
			for i, r := range rows {
				if id, ok := r.Values[f.JSON].(int64); ok && id != 0 {
					a[i] = &id
				}
			}
			args = append(args, a)
		case Decimal:
			a := make([]*float64, n)
			for i, r := range rows {
				if v, ok := r.Values[f.JSON].(float64); ok {
					a[i] = &v
				}
			}
			args = append(args, a)
		default:
			a := make([]string, n)
			for i, r := range rows {
				a[i], _ = r.Values[f.JSON].(string)
			}
			args = append(args, a)
		}
	}
	if keep == nil {
		keep = []string{}
	}
	return append(args, keep)
}

// bulkUpsert runs the set-based statement and answers the codes added and changed.
func bulkUpsert(ctx context.Context, tx pgx.Tx, k *Kind, branch, by string, rows []Input, keep []string) (added, changed map[string]bool, err error) {
	res, err := tx.Query(ctx, k.sql().bulk, bulkArgs(k, branch, by, rows, keep)...)
	if err != nil {
		return nil, nil, fmt.Errorf("bulk %s: %w", k.Table, err)
	}
	defer res.Close()
	added, changed = map[string]bool{}, map[string]bool{}
	for res.Next() {
		var code string
		var inserted bool
		if err := res.Scan(&code, &inserted); err != nil {
			return nil, nil, fmt.Errorf("bulk %s: %w", k.Table, err)
		}
		if inserted {
			added[code] = true
		} else {
			changed[code] = true
		}
	}
	if err := res.Err(); err != nil {
		return nil, nil, fmt.Errorf("bulk %s: %w", k.Table, err)
	}
	return added, changed, nil
}

// bulkLists makes each row's list what the row says, set-based, and answers the codes of
// the owners whose list changed.
func bulkLists(ctx context.Context, tx pgx.Tx, k *Kind, branch string, rows []Input) ([]listChange, error) {
	l := k.List
	var owners, pairCodes []string
	var pairItems []int64
	for _, r := range rows {
		if !r.ListSet {
			continue
		}
		owners = append(owners, r.Code)
		for _, id := range r.List {
			pairCodes, pairItems = append(pairCodes, r.Code), append(pairItems, id)
		}
	}
	res, err := tx.Query(ctx, fmt.Sprintf(`WITH pairs AS (
			SELECT * FROM unnest($2::text[], $3::int8[]) AS p(code, item_id)
		), owners AS (
			SELECT t.id, t.code FROM %[1]s t WHERE t.branch_code = $1 AND t.code = ANY ($4::text[])
		), del AS (
			DELETE FROM %[2]s x USING owners o WHERE x.branch_code = $1 AND x.%[3]s = o.id
				AND NOT EXISTS (SELECT 1 FROM pairs p WHERE p.code = o.code AND p.item_id = x.%[4]s)
			RETURNING o.id
		), ins AS (
			INSERT INTO %[2]s (branch_code, %[3]s, %[4]s)
			SELECT $1, o.id, p.item_id FROM pairs p JOIN owners o ON o.code = p.code
			ON CONFLICT DO NOTHING RETURNING %[3]s AS id
		)
		SELECT o.id, o.code, (SELECT coalesce(array_agg(p.item_id ORDER BY p.item_id), '{}') FROM pairs p WHERE p.code = o.code)
		FROM owners o WHERE o.id IN (SELECT id FROM del UNION SELECT id FROM ins)`,
		k.Table, l.Table, l.OwnerColumn, l.ItemColumn), branch, pairCodes, pairItems, owners)
	if err != nil {
		return nil, fmt.Errorf("bulk list %s: %w", l.Table, err)
	}
	changed, err := pgx.CollectRows(res, pgx.RowToStructByPos[listChange])
	if err != nil {
		return nil, fmt.Errorf("bulk list %s: %w", l.Table, err)
	}
	return changed, nil
}

// listChange is an owner whose list an import replaced, with the list's ids now.
type listChange struct {
	ID   int64
	Code string
	IDs  []int64
}

// deleteByCode removes the row with code and logs it; false when there is none.
func deleteByCode(ctx context.Context, tx pgx.Tx, k *Kind, branch, by, code string) (bool, error) {
	tag, err := tx.Exec(ctx, `WITH d AS (DELETE FROM `+k.Table+` t WHERE t.branch_code = $1 AND t.code = $2 RETURNING t.*) `+
		audit.Changes{Branch: "$1", Entity: audit.Literal(k.Table), EntityID: "d.id::text", Action: audit.Literal("delete"),
			Before: "to_jsonb(d)", After: "NULL", By: "$3", From: "d"}.SQL(), branch, code, by)
	if err != nil {
		return false, fmt.Errorf("delete %s %s: %w", k.Table, code, err)
	}
	return tag.RowsAffected() > 0, nil
}

package params

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"samrap/pkg/audit"
	"samrap/pkg/db"
)

// A single-record write is one statement: the row, its ingredient list and its change-log
// row (the stored row before and after, as JSON) are written together and the record is
// answered — one round trip and one (implicit) transaction per request
// (ARCHITECTURE.md §10). Statements are built once per kind from its description, on the
// kind's first use (Kind.sql).

// stmt is a statement and the names of its parameters in order ($1, $2, …).
type stmt struct {
	sql    string
	params []string
}

// numbering gives each named parameter its number on first use, so that a statement has
// no parameter it does not use.
type numbering struct {
	names []string
	idx   map[string]int
}

func (n *numbering) p(name string) string {
	if n.idx == nil {
		n.idx = map[string]int{}
	}
	i, ok := n.idx[name]
	if !ok {
		n.names = append(n.names, name)
		i = len(n.names)
		n.idx[name] = i
	}
	return "$" + strconv.Itoa(i)
}

// Parameter names: "branch", "code", "nameTh", "nameEn", "active" (NULL: keep, or true on
// create), "by", "id", "list" (NULL: keep), and "f:<json>" per own field.
// q is the kind's SELECT (buildQuery).
func buildSave(k *Kind, q query, update bool) stmt {
	var n numbering
	branch, by := n.p("branch"), n.p("by")
	cols := []string{"code", "name_th", "name_en"}
	vals := []string{n.p("code"), n.p("nameTh"), n.p("nameEn")}
	for _, f := range k.Fields {
		cols = append(cols, f.Column)
		v := n.p("f:" + f.JSON)
		if f.Type == Clock {
			v += "::time"
		}
		vals = append(vals, v)
	}
	active := n.p("active")

	var b strings.Builder
	if update {
		sets := make([]string, len(cols))
		for i, c := range cols {
			sets[i] = c + " = " + vals[i]
		}
		id := n.p("id")
		fmt.Fprintf(&b, `WITH old AS (
				SELECT * FROM %[1]s WHERE branch_code = %[2]s AND id = %[3]s FOR UPDATE
			), w AS (
				UPDATE %[1]s t SET %[4]s, active = coalesce(%[5]s::bool, t.active), updated_by = %[6]s, updated_at = now()
				FROM old WHERE t.branch_code = %[2]s AND t.id = old.id RETURNING t.*)`,
			k.Table, branch, id, strings.Join(sets, ", "), active, by)
	} else {
		fmt.Fprintf(&b, `WITH w AS (
				INSERT INTO %s (branch_code, active, created_by, updated_by, %s)
				VALUES (%s, coalesce(%s::bool, true), %s, %s, %s) RETURNING *)`,
			k.Table, strings.Join(cols, ", "), branch, active, by, by, strings.Join(vals, ", "))
	}

	out := q.cols
	after, beforeList := "to_jsonb(w)", ""
	if l := k.List; l != nil {
		list := n.p("list") + "::int8[]"
		item := kindByName(l.ItemKind)
		fmt.Fprintf(&b, `, list_del AS (
				DELETE FROM %[1]s x USING w WHERE %[4]s IS NOT NULL AND x.branch_code = w.branch_code
					AND x.%[2]s = w.id AND NOT (x.%[3]s = ANY (%[4]s)))
			, list_ins AS (
				INSERT INTO %[1]s (branch_code, %[2]s, %[3]s) SELECT w.branch_code, w.id, i FROM w, unnest(%[4]s) i
				WHERE %[4]s IS NOT NULL ON CONFLICT DO NOTHING)`, l.Table, l.OwnerColumn, l.ItemColumn, list)
		// The statement cannot see its own list rows: answer the list from the ids written.
		out = append(append([]string{}, q.cols[:len(q.cols)-1]...), fmt.Sprintf(`(SELECT coalesce(jsonb_agg(
				jsonb_build_object('id', i.id, 'code', i.code, 'nameTh', i.name_th, 'nameEn', i.name_en) ORDER BY i.code), '[]'::jsonb)
			FROM %s i WHERE i.branch_code = t.branch_code AND i.id = ANY (coalesce(%s,
				ARRAY(SELECT x.%s FROM %s x WHERE x.branch_code = t.branch_code AND x.%s = t.id))))`,
			item.Table, list, l.ItemColumn, l.Table, l.OwnerColumn))
		// The list as it was (the statement's snapshot does not see its own changes), and as it
		// is: the ids sent, or the old list when none were sent (it is then left alone).
		held := func(owner string) string {
			return fmt.Sprintf(`ARRAY(SELECT x.%s FROM %s x WHERE x.branch_code = %s.branch_code AND x.%s = %s.id ORDER BY x.%s)`,
				l.ItemColumn, l.Table, owner, l.OwnerColumn, owner, l.ItemColumn)
		}
		after = fmt.Sprintf("to_jsonb(w) || jsonb_build_object('%s', coalesce(%s, %s))", l.JSON, list, held("w"))
		beforeList = fmt.Sprintf(" || jsonb_build_object('%s', %s)", l.JSON, held("old"))
	}
	action, before, from := "create", "NULL", "w"
	if update {
		action, before, from = "update", "to_jsonb(old)"+beforeList, "w, old"
	}
	log := audit.Changes{Branch: "w.branch_code", Entity: audit.Literal(k.Table), EntityID: "w.id::text",
		Action: audit.Literal(action), Before: before, After: after, By: by, From: from}
	fmt.Fprintf(&b, `, log AS (%s)
		SELECT %s, 1::bigint FROM w t%s`, log.SQL(), strings.Join(out, ", "), q.joins)
	return stmt{sql: b.String(), params: n.names}
}

func buildDelete(k *Kind) stmt {
	var n numbering
	branch, id, by := n.p("branch"), n.p("id"), n.p("by")
	return stmt{sql: fmt.Sprintf(`WITH w AS (
			DELETE FROM %[1]s WHERE branch_code = %[2]s AND id = %[3]s RETURNING *
		), log AS (%[4]s)
		SELECT count(*) FROM w`, k.Table, branch, id, audit.Changes{Branch: "w.branch_code", Entity: audit.Literal(k.Table),
		EntityID: "w.id::text", Action: audit.Literal("delete"), Before: "to_jsonb(w)", After: "NULL", By: by, From: "w"}.SQL()),
		params: n.names}
}

// args are s's parameters for a write of in.
func (s stmt) args(k *Kind, branch, by string, id int64, in Input) []any {
	out := make([]any, len(s.params))
	for i, name := range s.params {
		switch name {
		case "branch":
			out[i] = branch
		case "by":
			out[i] = by
		case "id":
			out[i] = id
		case "code":
			out[i] = in.Code
		case "nameTh":
			out[i] = in.NameTh
		case "nameEn":
			out[i] = in.NameEn
		case "active":
			if in.StatusSet {
				out[i] = in.Active
			}
		case "list":
			if in.ListSet {
				list := in.List
				if list == nil {
					list = []int64{}
				}
				out[i] = list
			}
		default:
			f, _ := k.Field(strings.TrimPrefix(name, "f:"))
			out[i] = sqlValue(f, in.Values[f.JSON])
		}
	}
	return out
}

// saveRecord creates (id 0) or updates a row with its list and change-log row, and answers
// the record as stored; db.ErrNotFound when the branch has no row id.
func saveRecord(ctx context.Context, q db.DBTX, k *Kind, branch, by string, id int64, in Input) (Record, error) {
	s := k.sql().insert
	if id != 0 {
		s = k.sql().update
	}
	rows, err := q.Query(ctx, s.sql, s.args(k, branch, by, id, in)...)
	if err != nil {
		return nil, fmt.Errorf("save %s: %w", k.Table, err)
	}
	recs, _, err := scanRecords(k, rows)
	if err != nil {
		return nil, fmt.Errorf("save %s: %w", k.Table, err)
	}
	if len(recs) == 0 {
		return nil, fmt.Errorf("save %s %d: %w", k.Table, id, db.ErrNotFound)
	}
	return recs[0], nil
}

// removeRecord deletes a row and logs it; a row in use fails with a foreign-key violation.
func removeRecord(ctx context.Context, q db.DBTX, k *Kind, branch, by string, id int64) error {
	s := k.sql().delete
	var n int
	if err := q.QueryRow(ctx, s.sql, s.args(k, branch, by, id, Input{})...).Scan(&n); err != nil {
		return fmt.Errorf("delete %s: %w", k.Table, err)
	}
	if n == 0 {
		return fmt.Errorf("delete %s %d: %w", k.Table, id, db.ErrNotFound)
	}
	return nil
}

package params

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"

	"samrap/pkg/audit"
	"samrap/pkg/db"
)

// Branch is a hospital of the group.
type Branch struct {
	Code     string `json:"code"`
	NameTh   string `json:"nameTh"`
	NameEn   string `json:"nameEn"`
	TimeZone string `json:"timeZone"`
}

// BranchStatus is a branch with whether it is active (the Super Admin's list).
type BranchStatus struct {
	Branch
	Active bool `json:"active"`
}

// Role is one of the six roles.
type Role struct {
	Code   string `json:"code"`
	NameTh string `json:"nameTh"`
	NameEn string `json:"nameEn"`
}

// takenRooms answers the branch's beds a patient takes: a patient not discharged (by the
// hospital or on the edit form), the rule of the unique index patient_room_taken.
func takenRooms(ctx context.Context, q db.DBTX, branch string) (map[int64]bool, error) {
	rows, err := q.Query(ctx, `SELECT room_id FROM patient WHERE branch_code = $1 AND room_id IS NOT NULL
		AND visit_status <> 'Discharge' AND hospital_status = 'IN_HOSPITAL'`, branch)
	if err != nil {
		return nil, fmt.Errorf("rooms taken: %w", err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return nil, fmt.Errorf("rooms taken: %w", err)
	}
	taken := make(map[int64]bool, len(ids))
	for _, id := range ids {
		taken[id] = true
	}
	return taken, nil
}

func activeBranches(ctx context.Context, q db.DBTX) ([]Branch, error) {
	rows, err := q.Query(ctx, `SELECT code, name_th, name_en, time_zone FROM branch WHERE active ORDER BY code`)
	if err != nil {
		return nil, fmt.Errorf("branches: %w", err)
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[Branch])
}

func allBranches(ctx context.Context, q db.DBTX) ([]BranchStatus, error) {
	rows, err := q.Query(ctx, `SELECT code, name_th, name_en, time_zone, active FROM branch ORDER BY code`)
	if err != nil {
		return nil, fmt.Errorf("all branches: %w", err)
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (BranchStatus, error) {
		var b BranchStatus
		err := row.Scan(&b.Code, &b.NameTh, &b.NameEn, &b.TimeZone, &b.Active)
		return b, err
	})
}

// updateBranch changes a branch and writes its change-log row in one statement. An unknown code
// is ErrBranchNotFound; a time zone PostgreSQL does not know is errTimeZone.
func updateBranch(ctx context.Context, q db.DBTX, b BranchUpdate, by string) (BranchStatus, error) {
	// Two deactivations at once queue here, so the count of active branches that follows
	// sees the other's; NO KEY UPDATE leaves the foreign-key checks of other writes free.
	if _, err := q.Exec(ctx, `SELECT code FROM branch WHERE active OR code = $1 FOR NO KEY UPDATE`, b.Code); err != nil {
		return BranchStatus{}, fmt.Errorf("update branch: lock: %w", err)
	}
	var tzOK bool
	if err := q.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM pg_timezone_names WHERE name = $1)`, b.TimeZone).Scan(&tzOK); err != nil {
		return BranchStatus{}, fmt.Errorf("update branch: time zone: %w", err)
	}
	if !tzOK {
		return BranchStatus{}, errTimeZone
	}
	rows, err := q.Query(ctx, `WITH old AS (
			SELECT * FROM branch WHERE code = $1
		), b AS (
			UPDATE branch SET name_th = $2, name_en = $3, time_zone = $4, active = $5, updated_at = now(), updated_by = $6
			WHERE code = $1 RETURNING *
		), log AS (`+audit.Changes{Branch: "b.code", Entity: audit.Literal("branch"), EntityID: "b.code",
		Action: audit.Literal("update"), Before: "to_jsonb(old)", After: "to_jsonb(b)", By: "$6", From: "b JOIN old ON old.code = b.code"}.SQL()+`)
		SELECT code, name_th, name_en, time_zone, active FROM b`, b.Code, b.NameTh, b.NameEn, b.TimeZone, b.Active, by)
	if err != nil {
		return BranchStatus{}, fmt.Errorf("update branch: %w", err)
	}
	list, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (BranchStatus, error) {
		var s BranchStatus
		err := row.Scan(&s.Code, &s.NameTh, &s.NameEn, &s.TimeZone, &s.Active)
		return s, err
	})
	if err != nil {
		return BranchStatus{}, fmt.Errorf("update branch: %w", err)
	}
	if len(list) == 0 {
		return BranchStatus{}, ErrBranchNotFound
	}
	return list[0], nil
}

// insertBranch adds a branch and its change-log row in one statement, and answers it as
// stored. The time zone must be a name of pg_timezone_names (IANA); otherwise nothing is
// written and the answer is errTimeZone. A taken code is ErrDuplicateBranch.
func insertBranch(ctx context.Context, q db.DBTX, b NewBranch, by string) (Branch, error) {
	rows, err := q.Query(ctx, `WITH b AS (
			INSERT INTO branch (code, name_th, name_en, time_zone, updated_by)
			SELECT $1, $2, $3, $4, $5 WHERE EXISTS (SELECT 1 FROM pg_timezone_names WHERE name = $4)
			RETURNING *
		), log AS (`+audit.Changes{Branch: "b.code", Entity: audit.Literal("branch"), EntityID: "b.code",
		Action: audit.Literal("create"), Before: "NULL", After: "to_jsonb(b)", By: "$5", From: "b"}.SQL()+`)
		SELECT code, name_th, name_en, time_zone FROM b`, b.Code, b.NameTh, b.NameEn, b.TimeZone, by)
	if err != nil {
		return Branch{}, fmt.Errorf("insert branch: %w", err)
	}
	list, err := pgx.CollectRows(rows, pgx.RowToStructByPos[Branch])
	if c, ok := db.IsUniqueViolation(err); ok && c == "branch_pkey" {
		return Branch{}, fmt.Errorf("insert branch: %w: %w", ErrDuplicateBranch, err)
	}
	if err != nil {
		return Branch{}, fmt.Errorf("insert branch: %w", err)
	}
	if len(list) == 0 {
		return Branch{}, errTimeZone
	}
	return list[0], nil
}

// rolesOfBranch answers every role when the branch exists and is active, and no rows
// otherwise, in one round trip.
func rolesOfBranch(ctx context.Context, q db.DBTX, branch string) ([]Role, error) {
	rows, err := q.Query(ctx, `SELECT r.code, r.name_th, r.name_en FROM role r
		WHERE EXISTS (SELECT 1 FROM branch b WHERE b.code = $1 AND b.active) ORDER BY r.position`, branch)
	if err != nil {
		return nil, fmt.Errorf("roles: %w", err)
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[Role])
}

// Record is one master-data row as the API answers it: id, code, nameTh, nameEn, status
// ("ACTIVE" or "INACTIVE"), updatedAt, updatedBy, the kind's own fields by their JSON names,
// for each reference its code and names (wardTypeCode, wardTypeNameTh, wardTypeNameEn) and,
// for a kind with a list, the ids and the items.
type Record map[string]any

// ID answers the record's id.
func (r Record) ID() int64 { id, _ := r["id"].(int64); return id }

// Code answers the record's ID code.
func (r Record) Code() string { c, _ := r["code"].(string); return c }

// query is the SELECT of a kind with the names of its output columns (built once per kind,
// Kind.sql).
type query struct {
	sql   string // SELECT … FROM t LEFT JOIN …, without WHERE
	names []string
	sort  map[string]string // sortBy → expression
	cols  []string          // the output columns (over alias t), the list's last
	joins string            // the references' LEFT JOINs
}

func buildQuery(k *Kind) query {
	cols := []string{"t.id", "t.code", "t.name_th", "t.name_en", "t.active", "t.updated_at", "t.updated_by"}
	names := []string{"id", "code", "nameTh", "nameEn", "status", "updatedAt", "updatedBy"}
	sort := map[string]string{"id": "t.id", "code": "t.code", "nameTh": "t.name_th", "nameEn": "t.name_en",
		"status": "t.active", "updatedAt": "t.updated_at", "updatedBy": "t.updated_by"}
	var joins strings.Builder
	for i, f := range k.Fields {
		switch f.Type {
		case Clock:
			cols = append(cols, "to_char(t."+f.Column+", 'HH24:MI')")
		case Decimal:
			cols = append(cols, "t."+f.Column+"::float8")
		default:
			cols = append(cols, "t."+f.Column)
		}
		names = append(names, f.JSON)
		sort[f.JSON] = "t." + f.Column
		if f.Type == Ref {
			ref := kindByName(f.Ref)
			a := "r" + strconv.Itoa(i)
			fmt.Fprintf(&joins, " LEFT JOIN %s %s ON %s.branch_code = t.branch_code AND %s.id = t.%s", ref.Table, a, a, a, f.Column)
			b := f.refBase()
			cols = append(cols, a+".code", a+".name_th", a+".name_en")
			names = append(names, b+"Code", b+"NameTh", b+"NameEn")
			sort[b+"Code"], sort[b+"NameTh"], sort[b+"NameEn"] = a+".code", a+".name_th", a+".name_en"
			sort[f.JSON] = a + ".code"
		}
	}
	if l := k.List; l != nil {
		item := kindByName(l.ItemKind)
		cols = append(cols, fmt.Sprintf(`(SELECT coalesce(jsonb_agg(jsonb_build_object('id', i.id, 'code', i.code,
			'nameTh', i.name_th, 'nameEn', i.name_en) ORDER BY i.code), '[]'::jsonb)
			FROM %s x JOIN %s i ON i.branch_code = x.branch_code AND i.id = x.%s
			WHERE x.branch_code = t.branch_code AND x.%s = t.id)`, l.Table, item.Table, l.ItemColumn, l.OwnerColumn))
		names = append(names, l.Display)
	}
	return query{
		sql:   "SELECT " + strings.Join(cols, ", ") + ", count(*) OVER () FROM " + k.Table + " t" + joins.String(),
		names: names,
		sort:  sort,
		cols:  cols,
		joins: joins.String(),
	}
}

// scanRecords reads rows of a kind's query; the last column is the total.
func scanRecords(k *Kind, rows pgx.Rows) ([]Record, int, error) {
	defer rows.Close()
	q := k.sql().query
	var out []Record
	total := 0
	for rows.Next() {
		vals, err := rows.Values()
		if err != nil {
			return nil, 0, err
		}
		r := make(Record, len(q.names)+1)
		for i, n := range q.names {
			v := vals[i]
			switch n {
			case "status":
				if v == true {
					v = StatusActive
				} else {
					v = StatusInactive
				}
			}
			if i32, ok := v.(int32); ok {
				v = int64(i32)
			}
			r[n] = v
		}
		if k.List != nil {
			r[k.List.JSON] = listIDs(r[k.List.Display])
		}
		total = int(vals[len(vals)-1].(int64))
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, 0, err
	}
	return out, total, nil
}

func listIDs(v any) []int64 {
	items, _ := v.([]any)
	ids := make([]int64, 0, len(items))
	for _, it := range items {
		if m, ok := it.(map[string]any); ok {
			if f, ok := m["id"].(float64); ok {
				ids = append(ids, int64(f))
			}
		}
	}
	return ids
}

// Status values of a record.
const (
	StatusActive   = "ACTIVE"
	StatusInactive = "INACTIVE"
)

// Filter selects a page of a kind's rows.
type Filter struct {
	Criteria string // part of the code or either name, case-insensitive
	Status   string // "", ACTIVE or INACTIVE
	SortBy   string // a field of the records
	SortDesc bool
	Limit    int // 0: every row
	Offset   int
}

// selectRecords answers the kind's rows of branch that pass f, and how many pass.
func selectRecords(ctx context.Context, q db.DBTX, k *Kind, branch string, f Filter) ([]Record, int, error) {
	qq := k.sql().query
	args := []any{branch}
	where := " WHERE t.branch_code = $1"
	if f.Criteria != "" {
		args = append(args, db.LikePattern(f.Criteria))
		where += " AND (t.code ILIKE $2 OR t.name_th ILIKE $2 OR t.name_en ILIKE $2)"
	}
	switch f.Status {
	case StatusActive:
		where += " AND t.active"
	case StatusInactive:
		where += " AND NOT t.active"
	}
	order := "t.code"
	if f.SortBy != "" {
		order = qq.sort[f.SortBy]
	}
	if f.SortDesc {
		order += " DESC"
	}
	sql := qq.sql + where + " ORDER BY " + order + ", t.id"
	if f.Limit > 0 {
		sql += fmt.Sprintf(" LIMIT %d OFFSET %d", f.Limit, f.Offset)
	}
	rows, err := q.Query(ctx, sql, args...)
	if err != nil {
		return nil, 0, fmt.Errorf("select %s: %w", k.Table, err)
	}
	recs, total, err := scanRecords(k, rows)
	if err != nil {
		return nil, 0, fmt.Errorf("select %s: %w", k.Table, err)
	}
	if len(recs) == 0 && f.Offset > 0 {
		// Past the last page: the window count saw no row; count on its own.
		if err := q.QueryRow(ctx, "SELECT count(*) FROM ("+qq.sql+where+") c", args...).Scan(&total); err != nil {
			return nil, 0, fmt.Errorf("count %s: %w", k.Table, err)
		}
	}
	return recs, total, nil
}

// sqlValue is a typed value as a query parameter.
func sqlValue(f Field, v any) any {
	switch f.Type {
	case Ref:
		if id, ok := v.(int64); ok && id != 0 {
			return id
		}
		return nil
	case Bool:
		b, _ := v.(bool)
		return b
	case Int:
		n, _ := v.(int64)
		return n
	case Decimal:
		if f, ok := v.(float64); ok {
			return f
		}
		return nil
	default:
		s, _ := v.(string)
		return s
	}
}

// codeIDs answers code → id of a kind's rows in branch (references in a workbook name codes).
func codeIDs(ctx context.Context, q db.DBTX, k *Kind, branch string) (map[string]int64, error) {
	rows, err := q.Query(ctx, "SELECT code, id FROM "+k.Table+" WHERE branch_code = $1", branch)
	if err != nil {
		return nil, fmt.Errorf("codes of %s: %w", k.Table, err)
	}
	defer rows.Close()
	out := map[string]int64{}
	for rows.Next() {
		var c string
		var id int64
		if err := rows.Scan(&c, &id); err != nil {
			return nil, err
		}
		out[c] = id
	}
	return out, rows.Err()
}

// hasMasterData reports whether branch has any master data.
func hasMasterData(ctx context.Context, q db.DBTX, branch string) (bool, error) {
	parts := make([]string, 0, len(kinds))
	for _, k := range kinds {
		parts = append(parts, "SELECT 1 FROM "+k.Table+" WHERE branch_code = $1")
	}
	var has bool
	err := q.QueryRow(ctx, "SELECT EXISTS ("+strings.Join(parts, " UNION ALL ")+")", branch).Scan(&has)
	return has, err
}

// copyKind inserts every row of k in from into to, references and lists mapped by code.
func copyKind(ctx context.Context, q db.DBTX, k *Kind, from, to, by string) (int64, error) {
	cols := []string{"branch_code", "code", "name_th", "name_en", "active", "created_by", "updated_by"}
	sel := []string{"$2", "s.code", "s.name_th", "s.name_en", "s.active", "$3", "$3"}
	var joins strings.Builder
	for i, f := range k.Fields {
		cols = append(cols, f.Column)
		if f.Type != Ref {
			sel = append(sel, "s."+f.Column)
			continue
		}
		ref := kindByName(f.Ref)
		o, n := "o"+strconv.Itoa(i), "n"+strconv.Itoa(i)
		fmt.Fprintf(&joins, ` LEFT JOIN %[1]s %[2]s ON %[2]s.branch_code = s.branch_code AND %[2]s.id = s.%[4]s
			LEFT JOIN %[1]s %[3]s ON %[3]s.branch_code = $2 AND %[3]s.code = %[2]s.code`, ref.Table, o, n, f.Column)
		sel = append(sel, n+".id")
	}
	tag, err := q.Exec(ctx, "INSERT INTO "+k.Table+" ("+strings.Join(cols, ", ")+") SELECT "+strings.Join(sel, ", ")+
		" FROM "+k.Table+" s"+joins.String()+" WHERE s.branch_code = $1 ORDER BY s.id", from, to, by)
	if err != nil {
		return 0, fmt.Errorf("copy %s: %w", k.Table, err)
	}
	if l := k.List; l != nil {
		item := kindByName(l.ItemKind)
		_, err := q.Exec(ctx, fmt.Sprintf(`INSERT INTO %[1]s (branch_code, %[2]s, %[3]s)
			SELECT $2, no.id, ni.id FROM %[1]s x
			JOIN %[4]s oo ON oo.branch_code = x.branch_code AND oo.id = x.%[2]s
			JOIN %[4]s no ON no.branch_code = $2 AND no.code = oo.code
			JOIN %[5]s oi ON oi.branch_code = x.branch_code AND oi.id = x.%[3]s
			JOIN %[5]s ni ON ni.branch_code = $2 AND ni.code = oi.code
			WHERE x.branch_code = $1`, l.Table, l.OwnerColumn, l.ItemColumn, k.Table, item.Table), from, to)
		if err != nil {
			return 0, fmt.Errorf("copy %s: %w", l.Table, err)
		}
	}
	return tag.RowsAffected(), nil
}

// copyLog writes one change-log row per row of the branch, set-based (after a copy into a
// branch that had none).
func copyLog(ctx context.Context, q db.DBTX, k *Kind, to, by string) error {
	_, err := q.Exec(ctx, audit.Changes{Branch: "$1", Entity: "$2", EntityID: "t.id::text", Action: audit.Literal("create"),
		Before: "NULL", After: "to_jsonb(t)", By: "$3", From: k.Table + " t WHERE t.branch_code = $1"}.SQL(), to, k.Table, by)
	if err != nil {
		return fmt.Errorf("copy log %s: %w", k.Table, err)
	}
	return nil
}

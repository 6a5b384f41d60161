package logs

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"samrap/pkg/db"
	"samrap/pkg/params"
)

// Master data logs its rows as stored: a reference to another kind's row is its id
// (ward_type_id: 5, restrictedIds: [2, 6]). The change log shows the row referred to —
// {code, nameTh, nameEn}, which the screen names in its language — read from the referenced
// kind's table; an id whose row is gone stays the id.

// refField is a column of a kind holding another kind's id (one, or a list).
type refField struct {
	table string // the referenced kind's table
	list  bool
}

// refFields are, per master-data table, its columns that refer to another kind's rows.
var refFields = map[string]map[string]refField{}

func init() {
	for _, k := range params.Kinds() {
		for _, f := range k.Fields {
			if f.Type != params.Ref {
				continue
			}
			if r, ok := params.KindOf(f.Ref); ok {
				addRef(k.Table, f.Column, refField{table: r.Table})
			}
		}
		if k.List != nil {
			if r, ok := params.KindOf(k.List.ItemKind); ok {
				addRef(k.Table, k.List.JSON, refField{table: r.Table, list: true})
			}
		}
	}
}

// orderRefs are the master-data references of an order as its change log holds them (its
// meal time is logged as the meal type itself).
var orderRefs = map[string]refField{
	"dietTypeId": {table: "DietType"}, "therapeuticId": {table: "Therapeutic"}, "cuisineTypeId": {table: "CuisineType"},
	"otherIds": {table: "Other", list: true}, "remarkIds": {table: "Remark", list: true},
}

func init() {
	for key, r := range orderRefs {
		if k, ok := params.KindOf(r.table); ok {
			addRef("meal_order", key, refField{table: k.Table, list: r.list})
		}
	}
}

func addRef(table, key string, r refField) {
	if refFields[table] == nil {
		refFields[table] = map[string]refField{}
	}
	refFields[table][key] = r
}

// refLabel names a reference field after what it refers to: a kind's workbook header says
// "the code of" ("รหัสประเภทห้อง", "Room type code"), the log shows the row itself.
func refLabel(th, en string) (string, string) {
	return strings.TrimPrefix(th, "รหัส"), strings.TrimSuffix(en, " code")
}

// namedRow is a referenced row as the change log shows it.
type namedRow struct {
	Code   string `json:"code"`
	NameTh string `json:"nameTh"`
	NameEn string `json:"nameEn"`
}

// refs holds the rows referred to by a page of changes: table → id → row.
type refs map[string]map[int64]namedRow

// loadRefs reads the rows the page's master-data changes refer to, and the rows a change of
// a coded table is keyed by (records.go), one query per table.
func loadRefs(ctx context.Context, q db.DBTX, docs []refDoc) (refs, error) {
	ids := map[string][]int64{}
	for _, d := range docs {
		if id, err := strconv.ParseInt(d.entityID, 10, 64); err == nil && codedTables[d.entity] {
			ids[d.entity] = append(ids[d.entity], id)
		}
		for key, r := range refFields[d.entity] {
			for _, doc := range [][]byte{d.before, d.after} {
				ids[r.table] = append(ids[r.table], idsIn(doc, key)...)
			}
		}
	}
	out := refs{}
	for table, list := range ids {
		if len(list) == 0 {
			continue
		}
		// table is one of pkg/params's kind descriptions or codedTables, never a caller's text
		rows, err := q.Query(ctx, `SELECT id, code, coalesce(to_jsonb(t)->>'name_th', ''), coalesce(to_jsonb(t)->>'name_en', '')
			FROM `+table+` t WHERE id = ANY($1)`, list)
		if err != nil {
			return nil, fmt.Errorf("logs.refs %s: %w", table, err)
		}
		out[table] = map[int64]namedRow{}
		for rows.Next() {
			var id int64
			var r namedRow
			if err := rows.Scan(&id, &r.Code, &r.NameTh, &r.NameEn); err != nil {
				rows.Close()
				return nil, fmt.Errorf("logs.refs %s: %w", table, err)
			}
			out[table][id] = r
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, fmt.Errorf("logs.refs %s: %w", table, err)
		}
	}
	return out, nil
}

// refDoc is a change's documents, for loadRefs.
type refDoc struct {
	entity, entityID string
	before, after    []byte
}

// idsIn answers the id or ids a document holds under key.
func idsIn(doc []byte, key string) []int64 {
	if len(doc) == 0 {
		return nil
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(doc, &m) != nil || len(m[key]) == 0 {
		return nil
	}
	var one int64
	if json.Unmarshal(m[key], &one) == nil {
		return []int64{one}
	}
	var list []int64
	_ = json.Unmarshal(m[key], &list)
	return list
}

// resolve answers a field's value with the rows it refers to in place of their ids.
func (rs refs) resolve(entity, key string, v any) any {
	r, ok := refFields[entity][key]
	if !ok {
		return v
	}
	one := func(x any) any {
		if n, ok := x.(float64); ok {
			if row, found := rs[r.table][int64(n)]; found {
				return row
			}
		}
		return x
	}
	if list, ok := v.([]any); ok {
		out := make([]any, len(list))
		for i, x := range list {
			out[i] = one(x)
		}
		return out
	}
	return one(v)
}

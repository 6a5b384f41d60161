package logs

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"

	"samrap/pkg/audit"
	"samrap/pkg/db"
	"samrap/pkg/db/dbsqlc"
	"samrap/pkg/i18n"
	"samrap/pkg/params"
)

// A change log entry is keyed by its record's id (an order's UUID, a row's number). The page
// names each record as a person knows it, read when the page is read (docs/logs.md "Records
// and people by name"): an order and its serving record by the patient's HN and name, the meal
// type and the day; a patient by HN and name; master data, dishes, sets and cycles by code and
// name; an account by employee code and name. A record since deleted keeps its key alone.

// Record names a change's record; Meal and Date are an order's.
type Record struct {
	Code string `json:"code"`
	Name string `json:"name"`
	Meal string `json:"meal,omitempty"`
	Date string `json:"date,omitempty"`
}

// codedTables are the entities whose key is a row id of a table with code, name_th and
// name_en: the master-data kinds, dishes, menu sets and cycles.
var codedTables = map[string]bool{"menu": true, "menu_set": true, "cycle": true}

func init() {
	for _, k := range params.Kinds() {
		codedTables[k.Table] = true
	}
}

// personFields are the fields of a record holding an employee code: shown as the person's
// name with the code.
var personFields = map[string]bool{"orderedBy": true, "cancelledBy": true, "reviewedBy": true, "servedBy": true}

// actorName answers an entry's author by name: the person's, else a system author's label,
// else "" (an unknown e-mail of a failed sign-in, an account since removed).
func actorName(code, th, en string, lang i18n.Lang) string {
	if th != "" || en != "" {
		return label(th, en, lang)
	}
	l, _ := audit.SystemActor(code, lang)
	return l
}

// pageNames are the records and people a page of changes names.
type pageNames struct {
	orders   map[string]dbsqlc.LogsOrderRecordsRow
	patients map[string]dbsqlc.LogsPatientRecordsRow // branch + " " + HN
	users    map[int64]dbsqlc.LogsPeopleRow
	people   map[string]dbsqlc.LogsPeopleRow // employee code
}

// The changes whose record is an order (its id) and those whose record is a patient (the HN).
var (
	orderEntities   = map[string]bool{"meal_order": true, "serve_record": true, "tray_intake": true}
	patientEntities = map[string]bool{"patient": true, "nutrition_seen": true, "patient_nutrition": true}
)

// loadNames reads, one query each, the orders, patients and people a page of changes names.
func loadNames(ctx context.Context, q db.DBTX, rows []dbsqlc.LogsChangesRow) (pageNames, error) {
	var orders, hns, branches, codes []string
	var users []int64
	for _, r := range rows {
		switch {
		case orderEntities[r.Entity]:
			if db.IsUUID(r.EntityID) {
				orders = append(orders, r.EntityID)
			}
		case patientEntities[r.Entity]:
			hns, branches = append(hns, r.EntityID), append(branches, r.BranchCode)
		case r.Entity == "app_user":
			if id, err := strconv.ParseInt(r.EntityID, 10, 64); err == nil {
				users = append(users, id)
			}
		}
		for _, doc := range [][]byte{r.Before, r.After} {
			codes = append(codes, peopleIn(doc)...)
		}
	}
	out := pageNames{orders: map[string]dbsqlc.LogsOrderRecordsRow{}, patients: map[string]dbsqlc.LogsPatientRecordsRow{},
		users: map[int64]dbsqlc.LogsPeopleRow{}, people: map[string]dbsqlc.LogsPeopleRow{}}
	if len(orders) > 0 {
		found, err := queries.LogsOrderRecords(ctx, q, orders)
		if err != nil {
			return out, fmt.Errorf("logs.names orders: %w", err)
		}
		for _, o := range found {
			out.orders[o.ID] = o
		}
	}
	if len(hns) > 0 {
		found, err := queries.LogsPatientRecords(ctx, q, dbsqlc.LogsPatientRecordsParams{Hns: hns, Branches: branches})
		if err != nil {
			return out, fmt.Errorf("logs.names patients: %w", err)
		}
		for _, p := range found {
			out.patients[p.BranchCode+" "+p.HnID] = p
		}
	}
	if len(users) > 0 || len(codes) > 0 {
		found, err := queries.LogsPeople(ctx, q, dbsqlc.LogsPeopleParams{Codes: nonNil(codes), Ids: nonNil(users)})
		if err != nil {
			return out, fmt.Errorf("logs.names people: %w", err)
		}
		for _, u := range found {
			if _, ok := out.people[u.EmployeeCode]; !ok { // a current account before a deleted one
				out.people[u.EmployeeCode] = u
			}
			out.users[u.ID] = u
		}
	}
	return out, nil
}

func nonNil[T any](v []T) []T {
	if v == nil {
		return []T{}
	}
	return v
}

// peopleIn answers the employee codes a document holds in its personFields.
func peopleIn(doc []byte) []string {
	if len(doc) == 0 {
		return nil
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(doc, &m) != nil {
		return nil
	}
	var out []string
	for key := range personFields {
		var code string
		if json.Unmarshal(m[key], &code) == nil && code != "" {
			out = append(out, code)
		}
	}
	return out
}

// person answers an employee code as "name (code)", a system author by its label, an
// unknown code as itself.
func (n pageNames) person(code string, lang i18n.Lang) string {
	if u, ok := n.people[code]; ok && (u.NameTh != "" || u.NameEn != "") {
		return label(u.NameTh, u.NameEn, lang) + " (" + code + ")"
	}
	return audit.ActorLabel(code, lang)
}

// record answers the name of a change's record, nil when it has none (an unknown entity,
// a record since deleted).
func (n pageNames) record(r dbsqlc.LogsChangesRow, rs refs, lang i18n.Lang) *Record {
	switch {
	case orderEntities[r.Entity]:
		if o, ok := n.orders[r.EntityID]; ok {
			return &Record{Code: o.HnID, Name: label(o.NameTh, o.NameEn, lang), Meal: label(o.MealTh, o.MealEn, lang), Date: o.OrderDate}
		}
	case patientEntities[r.Entity]:
		if p, ok := n.patients[r.BranchCode+" "+r.EntityID]; ok {
			return &Record{Code: p.HnID, Name: label(p.NameTh, p.NameEn, lang)}
		}
	case r.Entity == "app_user":
		if id, err := strconv.ParseInt(r.EntityID, 10, 64); err == nil {
			if u, ok := n.users[id]; ok {
				return &Record{Code: u.EmployeeCode, Name: label(u.NameTh, u.NameEn, lang)}
			}
		}
	case codedTables[r.Entity]:
		if id, err := strconv.ParseInt(r.EntityID, 10, 64); err == nil {
			if row, ok := rs[r.Entity][id]; ok {
				return &Record{Code: row.Code, Name: label(row.NameTh, row.NameEn, lang)}
			}
		}
	}
	return nil
}

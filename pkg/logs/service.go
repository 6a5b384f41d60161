// Package logs is the log area (issue 17): the activity record (who did what and when) and
// the change log (every write of a record, before and after, shown field by field), read by
// Super Admins (every branch) and Branch Admins (their branch). The entries are written by
// every area through pkg/audit; nobody edits or deletes one (migration 00012). docs/logs.md.
package logs

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgtype"

	"samrap/pkg/audit"
	"samrap/pkg/day"
	"samrap/pkg/db"
	"samrap/pkg/db/dbsqlc"
	"samrap/pkg/httpx"
	"samrap/pkg/i18n"
	"samrap/pkg/session"
	"samrap/pkg/xlsx"
)

// The statements are in pkg/db/dbsqlc/logs.sql.
var queries = dbsqlc.New()

// exportLimit is the most entries one export writes.
const exportLimit = 50000

// Service reads the logs.
type Service struct {
	db  *db.Pool
	now func() time.Time
}

// NewService answers the service over pool; now answers the time (the Env's Now).
func NewService(pool *db.Pool, now func() time.Time) *Service { return &Service{db: pool, now: now} }

// Filter selects entries: made on the days of Days; Person matches the actor or the
// person's name; Action (the activity record), Entity and EntityID (the change log) when
// not "".
type Filter struct {
	Days             day.Range
	Person, Action   string
	Entity, EntityID string
}

// Activity is one entry of the activity record.
type Activity struct {
	ID          int64           `json:"id"`
	BranchCode  string          `json:"branchCode"`
	Actor       string          `json:"actor"`
	ActorName   string          `json:"actorName"`
	Action      string          `json:"action"`
	ActionLabel string          `json:"actionLabel"`
	Detail      json.RawMessage `json:"detail"` // as stored, its coded values in words (values.go)
	Address     string          `json:"address"`
	At          time.Time       `json:"at"`
}

// Activities answers a page of the activity record, newest first.
func (s *Service) Activities(ctx context.Context, sc session.Scope, f Filter, p httpx.PageParams, lang i18n.Lang) (httpx.Page[Activity], error) {
	rows, err := s.activityRows(ctx, sc, f, p.Size, p.Offset())
	if err != nil {
		return httpx.Page[Activity]{}, err
	}
	out := httpx.Page[Activity]{Items: []Activity{}, Page: p.Page, Size: p.Size}
	for _, r := range rows {
		out.Items, out.Total = append(out.Items, toActivity(r, lang)), int(r.Total)
	}
	return out, nil
}

func (s *Service) activityRows(ctx context.Context, sc session.Scope, f Filter, size, offset int) ([]dbsqlc.LogsActivitiesRow, error) {
	rows, err := queries.LogsActivities(ctx, s.db, dbsqlc.LogsActivitiesParams{AllBranches: sc.All, Branch: sc.Current,
		EntryBranch: sc.Branch, FromTime: ts(f.Days.From), ToTime: ts(f.Days.End()), Action: f.Action, Person: f.Person,
		PageSize: int32(size), PageOffset: int64(offset)})
	if err != nil {
		return nil, fmt.Errorf("logs.activities: %w", err)
	}
	return rows, nil
}

func toActivity(r dbsqlc.LogsActivitiesRow, lang i18n.Lang) Activity {
	return Activity{ID: r.ID, BranchCode: r.BranchCode, Actor: r.Actor, ActorName: actorName(r.Actor, r.NameTh, r.NameEn, lang),
		Action: r.Action, ActionLabel: actionLabel(r.Action, lang), Detail: showDetail(r.Detail, lang), Address: r.Address, At: r.At}
}

var activityColumns = []xlsx.Column{
	{Th: "วันเวลา", En: "When", Width: 20},
	{Th: "สาขา", En: "Branch", Width: 10},
	{Th: "ผู้ทำรายการ", En: "Actor", Width: 26},
	{Th: "ชื่อ", En: "Name", Width: 26},
	{Th: "กิจกรรม", En: "Action", Width: 34},
	{Th: "รายละเอียด", En: "Detail", Width: 50},
	{Th: "ที่อยู่ IP", En: "IP address", Width: 18},
}

// ExportActivities writes the entries f selects (newest first, at most exportLimit) as an
// .xlsx workbook, the times in Asia/Bangkok, and records the export in the activity record.
// It answers false when there are none (the caller answers 204).
func (s *Service) ExportActivities(ctx context.Context, w io.Writer, by *session.Claims, sc session.Scope, f Filter, lang i18n.Lang) (bool, error) {
	rows, err := s.activityRows(ctx, sc, f, exportLimit, 0)
	if err != nil {
		return false, err
	}
	out := make([][]any, 0, len(rows))
	for _, r := range rows {
		a := toActivity(r, lang)
		detail := ""
		if string(a.Detail) != "{}" {
			detail = string(a.Detail)
		}
		out = append(out, []any{a.At.In(day.Bangkok).Format("2006-01-02 15:04:05"), a.BranchCode, a.Actor, a.ActorName,
			a.ActionLabel, detail, a.Address})
	}
	// an export of the record is itself an activity, even an empty one
	if err := audit.WriteActivity(ctx, s.db, audit.Activity{BranchCode: sc.Current, UserID: by.UserID, Actor: by.EmployeeCode,
		Action: "logs.export", Detail: map[string]any{"branchCode": sc.Branch, "dateFrom": f.Days.From.Format(time.DateOnly),
			"dateTo": f.Days.To.Format(time.DateOnly), "person": f.Person, "action": f.Action, "rows": len(out)}}); err != nil {
		return false, fmt.Errorf("logs.export: %w", err)
	}
	if len(out) == 0 {
		return false, nil
	}
	return true, xlsx.Write(w, "activity", activityColumns, xlsx.Rows(out))
}

// Change is one entry of the change log with its field-by-field difference.
type Change struct {
	ID          int64         `json:"id"`
	BranchCode  string        `json:"branchCode"`
	Entity      string        `json:"entity"`
	EntityLabel string        `json:"entityLabel"`
	EntityID    string        `json:"entityId"`
	Record      *Record       `json:"record"` // the record by name (records.go), null when it has none
	Action      string        `json:"action"` // create, update, delete
	ChangedBy   string        `json:"changedBy"`
	ChangerName string        `json:"changerName"`
	ChangedAt   time.Time     `json:"changedAt"`
	Fields      []FieldChange `json:"fields"`
}

// FieldChange is one field of a change: its label in the caller's language (the key when
// the field has none) and its values before and after (null when none) as stored, but for
// coded values in words (values.go), references as the rows they name (refs.go) and
// people as their names with their codes (records.go).
type FieldChange struct {
	Field  string `json:"field"`
	Label  string `json:"label"`
	Before any    `json:"before"`
	After  any    `json:"after"`
}

// Changes answers a page of the change log, newest first.
func (s *Service) Changes(ctx context.Context, sc session.Scope, f Filter, p httpx.PageParams, lang i18n.Lang) (httpx.Page[Change], error) {
	rows, err := queries.LogsChanges(ctx, s.db, dbsqlc.LogsChangesParams{AllBranches: sc.All, Branch: sc.Current,
		EntryBranch: sc.Branch, FromTime: ts(f.Days.From), ToTime: ts(f.Days.End()), Entity: f.Entity, EntityID: f.EntityID, Person: f.Person,
		PageSize: int32(p.Size), PageOffset: int64(p.Offset())})
	if err != nil {
		return httpx.Page[Change]{}, fmt.Errorf("logs.changes: %w", err)
	}
	docs := make([]refDoc, len(rows))
	for i, r := range rows {
		docs[i] = refDoc{entity: r.Entity, entityID: r.EntityID, before: r.Before, after: r.After}
	}
	rs, err := loadRefs(ctx, s.db, docs)
	if err != nil {
		return httpx.Page[Change]{}, err
	}
	ns, err := loadNames(ctx, s.db, rows)
	if err != nil {
		return httpx.Page[Change]{}, err
	}
	out := httpx.Page[Change]{Items: []Change{}, Page: p.Page, Size: p.Size}
	for _, r := range rows {
		fields, err := diff(r.Entity, r.Before, r.After, rs, ns, lang)
		if err != nil {
			return out, fmt.Errorf("logs.changes %d: %w", r.ID, err)
		}
		out.Items = append(out.Items, Change{ID: r.ID, BranchCode: r.BranchCode, Entity: r.Entity,
			EntityLabel: entityLabel(r.Entity, lang), EntityID: r.EntityID, Record: ns.record(r, rs, lang), Action: r.Action,
			ChangedBy: r.ChangedBy, ChangerName: actorName(r.ChangedBy, r.NameTh, r.NameEn, lang), ChangedAt: r.ChangedAt, Fields: fields})
		out.Total = int(r.Total)
	}
	return out, nil
}

// diff answers the fields whose value differs between before and after (JSON documents,
// empty for none), in key order, references shown as the rows they name (refs.go). A create lists the fields it sets, a delete the fields the
// record had. A document that is not an object shows as one field named "value".
func diff(entity string, before, after []byte, rs refs, ns pageNames, lang i18n.Lang) ([]FieldChange, error) {
	b, err := fieldsOf(before)
	if err != nil {
		return nil, err
	}
	a, err := fieldsOf(after)
	if err != nil {
		return nil, err
	}
	fold(b)
	fold(a)
	keys := map[string]bool{}
	for k := range b {
		keys[k] = true
	}
	for k := range a {
		keys[k] = true
	}
	sorted := make([]string, 0, len(keys))
	for k := range keys {
		sorted = append(sorted, k)
	}
	sort.Strings(sorted)
	out := []FieldChange{}
	for _, k := range sorted {
		if bookkeeping[k] || isTechnical(entity, k) {
			continue
		}
		bv, av := audit.Compact(b[k]), audit.Compact(a[k])
		if bytes.Equal(bv, av) || (b == nil && empty(av)) || (a == nil && empty(bv)) {
			continue
		}
		show := func(v []byte) any {
			x := audit.Decode(v)
			if code, ok := x.(string); ok && personFields[k] {
				return ns.person(code, lang)
			}
			return showValue(entity, k, rs.resolve(entity, k, x), lang)
		}
		out = append(out, FieldChange{Field: k, Label: fieldLabel(entity, k, lang), Before: show(bv), After: show(av)})
	}
	return out, nil
}

// bookkeeping are the fields an entry already shows as its own key, branch, author and time:
// listing them again (an updated_at on every update) only hides the change.
var bookkeeping = map[string]bool{
	"id": true, "branch_code": true, "branchCode": true,
	"created_at": true, "createdAt": true, "created_by": true, "createdBy": true,
	"updated_at": true, "updatedAt": true, "updated_by": true, "updatedBy": true,
}

// fold shows a reference logged beside its display fields (cuisineTypeId with
// cuisineTypeCode, cuisineTypeNameTh, cuisineTypeNameEn) as one field, the row it named
// when it was logged: {id, code, nameTh, nameEn}, null for none.
func fold(m map[string]json.RawMessage) {
	for k, v := range m {
		base, ok := strings.CutSuffix(k, "Id")
		if !ok || !hasDisplay(base, func(key string) bool { _, ok := m[key]; return ok }) {
			continue
		}
		if string(audit.Compact(v)) != "null" {
			row := map[string]json.RawMessage{"id": v}
			for _, f := range []string{"code", "nameTh", "nameEn"} {
				if x, ok := m[base+displaySuffix[f]]; ok {
					row[f] = x
				}
			}
			m[k], _ = json.Marshal(row)
		}
		for _, suffix := range displaySuffix {
			delete(m, base+suffix)
		}
	}
}

// displaySuffix are the display fields of a reference: field of the row → suffix of its key.
var displaySuffix = map[string]string{"code": "Code", "nameTh": "NameTh", "nameEn": "NameEn"}

// hasDisplay reports whether a document with the keys has of the reference base also holds
// one of its display fields.
func hasDisplay(base string, has func(string) bool) bool {
	for _, suffix := range displaySuffix {
		if has(base + suffix) {
			return true
		}
	}
	return false
}

// fieldsOf reads a document's fields; nil for none.
func fieldsOf(doc []byte) (map[string]json.RawMessage, error) {
	if len(doc) == 0 || string(doc) == "null" {
		return nil, nil
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(doc, &m); err != nil {
		var v any
		if json.Unmarshal(doc, &v) != nil {
			return nil, err
		}
		return map[string]json.RawMessage{"value": doc}, nil
	}
	return m, nil
}

// empty reports whether a value says nothing (a create need not list what it leaves blank).
func empty(v []byte) bool {
	switch string(v) {
	case "null", `""`, "[]", "{}":
		return true
	}
	return false
}

func ts(t time.Time) pgtype.Timestamptz { return pgtype.Timestamptz{Time: t, Valid: true} }

package patients

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"samrap/pkg/audit"
	"samrap/pkg/day"
	"samrap/pkg/httpx"
	"samrap/pkg/i18n"
	"samrap/pkg/session"
)

// fieldLabels name a patient's fields in Thai and English, in the order the change record
// lists them (the keys of Patient's JSON).
var fieldLabels = []struct{ key, th, en string }{
	{"firstNameTh", "ชื่อ (ไทย)", "First name (Thai)"},
	{"lastNameTh", "นามสกุล (ไทย)", "Last name (Thai)"},
	{"firstNameEn", "ชื่อ (อังกฤษ)", "First name (English)"},
	{"lastNameEn", "นามสกุล (อังกฤษ)", "Last name (English)"},
	{"gender", "เพศ", "Gender"},
	{"birthday", "วันเกิด", "Birthday"},
	{"nationality", "สัญชาติ", "Nationality"},
	{"religion", "ศาสนา", "Religion"},
	{"vegetarian", "ประเภทมังสวิรัติ", "Vegetarian type"},
	{"patientLanguage", "ภาษาของผู้ป่วย", "Patient language"},
	{"cardLanguage", "ภาษาบนบัตรอาหาร", "Meal card language"},
	{"ward", "หอผู้ป่วย", "Ward"},
	{"room", "ห้อง/เตียง", "Room/bed"},
	{"previousRoom", "เตียงก่อนหน้า", "Previous bed"},
	{"admitDate", "วันที่รับเข้า", "Admit date"},
	{"plannedDischargeDate", "วันที่คาดว่าจะจำหน่าย", "Planned discharge date"},
	{"visitStatus", "สถานะการมาโรงพยาบาล", "Visit status"},
	{"hospitalStatus", "สถานะผู้ป่วย", "Hospital status"},
	{"diagnosis", "การวินิจฉัย", "Diagnosis"},
	{"additionalInfo", "ข้อมูลเพิ่มเติม", "Additional info"},
	{"specialRequest", "คำขอพิเศษ", "Special request"},
	{"remark", "หมายเหตุ", "Remark"},
	{"dietType", "ประเภทอาหาร", "Food type"},
	{"therapeutics", "อาหารเฉพาะโรค", "Therapeutic food"},
	{"allergens", "วัตถุดิบที่แพ้", "Allergic ingredients"},
	{"restricted", "วัตถุดิบต้องห้าม", "Restricted ingredients"},
	{"unmappedAllergies", "การแพ้ที่ไม่พบในข้อมูลหลัก", "Unmapped allergies"},
	{"textureDrink", "ระดับ IDDSI เครื่องดื่ม", "IDDSI drink level"},
	{"textureFood", "ระดับ IDDSI อาหาร", "IDDSI food level"},
	{"npoFrom", "งดน้ำงดอาหารตั้งแต่", "NPO from"},
	{"npoTo", "งดน้ำงดอาหารถึง", "NPO until"},
	{"medicalOrderStart", "เริ่มคำสั่งแพทย์", "Medical order start"},
	{"medicalOrderEnd", "สิ้นสุดคำสั่งแพทย์", "Medical order end"},
}

// FieldChange is one field of a change: its value before and after (as the API shows a
// patient; null when none).
type FieldChange struct {
	Field  string `json:"field"`
	Label  string `json:"label"` // in the caller's language
	Before any    `json:"before"`
	After  any    `json:"after"`
}

// Change is one write of a patient in the change record.
type Change struct {
	ID        int64         `json:"id"`
	HnID      string        `json:"hnId"`
	Name      string        `json:"name"`
	Action    string        `json:"action"`    // create, update
	Source    string        `json:"source"`    // edit (a person), excel, hospital
	ChangedBy string        `json:"changedBy"` // employee code; a system author by its label (audit.ActorLabel)
	ChangedAt time.Time     `json:"changedAt"`
	Fields    []FieldChange `json:"fields"`
}

// ChangeQuery selects the change record: one HN or all, changed on the days of Days.
type ChangeQuery struct {
	HnID string
	Days day.Range
}

// Changes answers a page of the change record, oldest first.
func (s *Service) Changes(ctx context.Context, branch string, q ChangeQuery, p httpx.PageParams, lang i18n.Lang) (httpx.Page[Change], error) {
	rows, err := patientChanges(ctx, s.db, branch, q.HnID, q.Days, p.Size, p.Offset())
	if err != nil {
		return httpx.Page[Change]{}, fmt.Errorf("patients.changes: %w", err)
	}
	out := httpx.Page[Change]{Items: []Change{}, Page: p.Page, Size: p.Size}
	for _, r := range rows {
		c, err := toChange(r, lang)
		if err != nil {
			return out, fmt.Errorf("patients.changes: %w", err)
		}
		out.Items, out.Total = append(out.Items, c), int(r.Total)
	}
	return out, nil
}

func toChange(r changeRow, lang i18n.Lang) (Change, error) {
	var before, after map[string]json.RawMessage
	if len(r.Before) > 0 {
		if err := json.Unmarshal(r.Before, &before); err != nil {
			return Change{}, err
		}
	}
	if len(r.After) > 0 {
		if err := json.Unmarshal(r.After, &after); err != nil {
			return Change{}, err
		}
	}
	c := Change{ID: r.ID, HnID: r.HnID, Action: r.Action, ChangedBy: audit.ActorLabel(r.ChangedBy, lang), ChangedAt: r.ChangedAt, Fields: []FieldChange{}}
	var last struct {
		FirstNameTh, LastNameTh, FirstNameEn, LastNameEn, LastImportSource string
	}
	_ = json.Unmarshal(r.After, &last)
	c.Source = last.LastImportSource
	c.Name = i18n.PersonName(lang, last.FirstNameTh, last.LastNameTh, last.FirstNameEn, last.LastNameEn)
	for _, f := range fieldLabels {
		b, a := before[f.key], after[f.key]
		if bytes.Equal(audit.Compact(b), audit.Compact(a)) || (before == nil && empty(a)) {
			continue
		}
		label := f.th
		if lang == i18n.EN {
			label = f.en
		}
		c.Fields = append(c.Fields, FieldChange{Field: f.key, Label: label, Before: audit.Decode(b), After: audit.Decode(a)})
	}
	return c, nil
}

// empty reports whether a value says nothing (a create lists only the fields it sets).
func empty(raw json.RawMessage) bool {
	switch string(audit.Compact(raw)) {
	case "null", `""`, "[]", `"unknown"`:
		return true
	}
	return false
}

// display writes a field's value as a person reads it in a workbook: references by code and
// name, lists joined, times in the branch's time zone.
func display(v any, lang i18n.Lang) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		if t, err := time.Parse(time.RFC3339Nano, x); err == nil {
			return t.In(day.Bangkok).Format("2006-01-02 15:04")
		}
		return x
	case float64:
		return fmt.Sprint(x)
	case map[string]any:
		name, _ := x["nameTh"].(string)
		if en, _ := x["nameEn"].(string); lang == i18n.EN && en != "" {
			name = en
		}
		return fmt.Sprintf("%v %s", x["code"], name)
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = display(e, lang)
		}
		return strings.Join(parts, ", ")
	}
	return fmt.Sprint(v)
}

var sourceLabels = map[string][2]string{
	SourceEdit:     {"แก้ไขโดยผู้ใช้", "Edited by a person"},
	SourceExcel:    {"นำเข้าจาก Excel", "Excel import"},
	SourceHospital: {"ระบบโรงพยาบาล", "Hospital system"},
}

// ChangeLines are the change record's lines for its export (pkg/files writes them under
// ChangeColumns): every change of the query, one line per field — changed at, HN, patient,
// source, changed by, field, before, after. None: the caller answers 204. The export is
// recorded in the activity log, even an empty one.
func (s *Service) ChangeLines(ctx context.Context, by *session.Claims, branch string, q ChangeQuery, lang i18n.Lang) ([][]any, error) {
	var lines [][]any
	for offset := 0; ; offset += httpx.MaxSize {
		rows, err := patientChanges(ctx, s.db, branch, q.HnID, q.Days, httpx.MaxSize, offset)
		if err != nil {
			return nil, fmt.Errorf("patients.exportChanges: %w", err)
		}
		for _, r := range rows {
			c, err := toChange(r, lang)
			if err != nil {
				return nil, fmt.Errorf("patients.exportChanges: %w", err)
			}
			source := sourceLabels[c.Source][0]
			if lang == i18n.EN {
				source = sourceLabels[c.Source][1]
			}
			for _, f := range c.Fields {
				lines = append(lines, []any{c.ChangedAt.In(day.Bangkok).Format("2006-01-02 15:04:05"), c.HnID, c.Name, source,
					c.ChangedBy, f.Label, display(f.Before, lang), display(f.After, lang)})
			}
		}
		if len(rows) < httpx.MaxSize || len(lines) > 100_000 {
			break
		}
	}
	// an export is an activity (pkg/logs lists its code), even an empty one
	if err := audit.WriteActivity(ctx, s.db, audit.Activity{BranchCode: branch, UserID: by.UserID, Actor: by.EmployeeCode,
		Action: "patients.exportChanges", Detail: map[string]any{"hnId": q.HnID, "dateFrom": q.Days.From.Format(time.DateOnly),
			"dateTo": q.Days.To.Format(time.DateOnly), "rows": len(lines)}}); err != nil {
		return nil, fmt.Errorf("patients.exportChanges: %w", err)
	}
	return lines, nil
}

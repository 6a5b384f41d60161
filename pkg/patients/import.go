package patients

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"samrap/pkg/day"
	"samrap/pkg/imports"
	"samrap/pkg/session"
)

// ImportType is the type of a patient import job (uploads/<branch>/Patient/<job>/<file>).
const ImportType = "Patient"

// importColumns are the columns of the patient workbook, in the template's order: the key
// a row's cell is found under, the headers and an example.
var importColumns = []struct {
	key, th, en, example string
}{
	{"hnId", "HN", "HN", "HN6900123"},
	{"firstNameTh", "ชื่อ (ไทย)", "First name (Thai)", "สมศรี"},
	{"lastNameTh", "นามสกุล (ไทย)", "Last name (Thai)", "ใจงาม"},
	{"firstNameEn", "ชื่อ (อังกฤษ)", "First name (English)", "Somsri"},
	{"lastNameEn", "นามสกุล (อังกฤษ)", "Last name (English)", "Jaingam"},
	{"gender", "เพศ (male/female/other/unknown)", "Gender (male/female/other/unknown)", "female"},
	{"birthday", "วันเกิด (ปปปป-ดด-วว)", "Birthday (YYYY-MM-DD)", "1958-04-12"},
	{"nationality", "สัญชาติ", "Nationality", "ไทย"},
	{"religionCode", "รหัสศาสนา", "Religion code", "RE01"},
	{"vegetarianCode", "รหัสประเภทมังสวิรัติ", "Vegetarian type code", ""},
	{"patientLanguage", "ภาษาของผู้ป่วย (TH/EN/ZH/JA/MY/AR/OTHER)", "Patient language (TH/EN/ZH/JA/MY/AR/OTHER)", "TH"},
	{"cardLanguage", "ภาษาบนบัตรอาหาร (ALL/TH/EN)", "Meal card language (ALL/TH/EN)", "ALL"},
	{"wardCode", "รหัสหอผู้ป่วย", "Ward code", "W02"},
	{"roomCode", "รหัสห้อง/เตียง", "Room/bed code", "501-1"},
	{"admitDate", "วันที่รับเข้า (ปปปป-ดด-วว)", "Admit date (YYYY-MM-DD)", "2026-03-01"},
	{"plannedDischargeDate", "วันที่คาดว่าจะจำหน่าย (ปปปป-ดด-วว)", "Planned discharge date (YYYY-MM-DD)", "2026-03-08"},
	{"visitStatus", "สถานะการมาโรงพยาบาล (Current/PreAdmit/Discharge)", "Visit status (Current/PreAdmit/Discharge)", "Current"},
	{"hospitalStatus", "สถานะผู้ป่วย (IN_HOSPITAL/DISCHARGED)", "Hospital status (IN_HOSPITAL/DISCHARGED)", "IN_HOSPITAL"},
	{"diagnosis", "การวินิจฉัย", "Diagnosis", "เบาหวานชนิดที่ 2"},
	{"additionalInfo", "ข้อมูลเพิ่มเติม", "Additional info", ""},
	{"specialRequest", "คำขอพิเศษ", "Special request", "ไม่เผ็ด"},
	{"remark", "หมายเหตุ", "Remark", ""},
	{"dietTypeCode", "รหัสประเภทอาหาร", "Food type code", "DT01"},
	{"therapeuticCodes", "รหัสอาหารเฉพาะโรค (คั่นด้วย ,)", "Therapeutic food codes (comma separated)", "TF01"},
	{"allergies", "วัตถุดิบที่แพ้ (รหัสหรือชื่อ คั่นด้วย ,)", "Allergies (codes or names, comma separated)", "AL01, ถั่วเหลือง"},
	{"restrictedCodes", "รหัสวัตถุดิบต้องห้าม (คั่นด้วย ,)", "Restricted ingredient codes (comma separated)", ""},
	{"textureDrink", "ระดับ IDDSI เครื่องดื่ม (0–4)", "IDDSI drink level (0–4)", ""},
	{"textureFood", "ระดับ IDDSI อาหาร (3–7)", "IDDSI food level (3–7)", ""},
	{"npoFrom", "งดน้ำงดอาหารตั้งแต่ (ปปปป-ดด-วว ชช:นน)", "NPO from (YYYY-MM-DD HH:MM)", ""},
	{"npoTo", "งดน้ำงดอาหารถึง (ปปปป-ดด-วว ชช:นน)", "NPO until (YYYY-MM-DD HH:MM)", ""},
	{"medicalOrderStart", "เริ่มคำสั่งแพทย์ (ปปปป-ดด-วว ชช:นน)", "Medical order start (YYYY-MM-DD HH:MM)", "2026-03-01 08:00"},
	{"medicalOrderEnd", "สิ้นสุดคำสั่งแพทย์ (ปปปป-ดด-วว ชช:นน)", "Medical order end (YYYY-MM-DD HH:MM)", ""},
}

// ImportColumns are the columns a patient import reads.
func ImportColumns() []imports.Column {
	cols := make([]imports.Column, len(importColumns))
	for i, c := range importColumns {
		cols[i] = imports.Column{Key: c.key, Th: c.th, En: c.en}
	}
	return cols
}

// TemplateExample is the import template's example row, under ImportColumns (pkg/files
// writes the template).
func TemplateExample() []any {
	example := make([]any, len(importColumns))
	for i, c := range importColumns {
		example[i] = c.example
	}
	return example
}

// Importer registers the patient import with the import pipeline: a Controller's .xlsx
// (SPEC.md §5: adds and updates, never deletes), loaded by ImportRows.
func Importer(s *Service) imports.Importer {
	return imports.Importer{Type: ImportType, Roles: []string{session.Controller}, Exts: []string{".xlsx"},
		Columns: ImportColumns(),
		Load: func(ctx context.Context, tx pgx.Tx, job imports.Job, rows []imports.Row) (imports.Result, error) {
			return s.ImportRows(ctx, tx, job.BranchCode, job.CreatedBy, rows)
		}}
}

// ImportRows adds the rows' new HNs and updates the stored ones of branch within tx. A
// column the workbook leaves out keeps the stored value (an update) or its default (an
// add); an allergy that names no Allergies row of the branch, by code or name, is kept as
// unmapped. A row is refused with its reason when its HN is missing, malformed or repeats
// an earlier row, a code names no row of the branch, a value is invalid by the rules of
// the edit, or its bed is taken (by a patient not discharged, or an earlier row). Rows
// equal to what is stored are left alone (unchanged).
func (s *Service) ImportRows(ctx context.Context, tx pgx.Tx, branch, by string, rows []imports.Row) (imports.Result, error) {
	var res imports.Result
	hns := make([]string, 0, len(rows))
	for _, r := range rows {
		hns = append(hns, strings.TrimSpace(r.Cells["hnId"]))
	}
	stored, err := patientsByHn(ctx, tx, branch, hns)
	if err != nil {
		return res, fmt.Errorf("patients.import: %w", err)
	}
	refs, err := loadRefCodes(ctx, tx, branch)
	if err != nil {
		return res, fmt.Errorf("patients.import: %w", err)
	}
	taken, err := roomsTaken(ctx, tx, branch)
	if err != nil {
		return res, fmt.Errorf("patients.import: %w", err)
	}
	today := day.TodayString(s.now())
	seen := map[string]bool{}
	var changed []Input
	for _, r := range rows {
		in, field, key := readRow(r, stored, refs)
		if field == "" && seen[in.HnID] {
			field, key = "hnId", "patients.hnRepeated"
		}
		if field == "" {
			if f := in.validate(today); len(f) > 0 {
				field, key = firstField(f)
			}
		}
		if field == "" && in.RoomID != nil && in.VisitStatus != "Discharge" && in.HospitalStatus == "IN_HOSPITAL" {
			if who, ok := taken[*in.RoomID]; ok && who != in.HnID {
				field, key = "roomCode", "patients.roomTaken"
			}
		}
		if in.HnID != "" {
			seen[in.HnID] = true
		}
		if field != "" {
			res.Failed = append(res.Failed, imports.RowError{Line: r.Line, Field: field, Key: key})
			continue
		}
		before, ok := stored[in.HnID]
		if ok && sameInput(InputOf(before), in) {
			res.Unchanged++
			continue
		}
		for room, who := range taken {
			if who == in.HnID {
				delete(taken, room)
			}
		}
		if in.RoomID != nil && in.VisitStatus != "Discharge" && in.HospitalStatus == "IN_HOSPITAL" {
			taken[*in.RoomID] = in.HnID
		}
		if ok {
			res.Updated++
		} else {
			res.Added++
		}
		changed = append(changed, in)
	}
	if _, err := s.apply(ctx, tx, branch, by, SourceExcel, changed, stored); err != nil {
		return imports.Result{}, fmt.Errorf("patients.import: %w", err)
	}
	return res, nil
}

// firstField answers the first of the failed fields in the workbook's column order, as a
// column key.
func firstField(f map[string]string) (string, string) {
	column := map[string]string{"religionId": "religionCode", "vegetarianId": "vegetarianCode", "wardId": "wardCode",
		"roomId": "roomCode", "dietTypeId": "dietTypeCode", "unmappedAllergies": "allergies"}
	for _, c := range importColumns {
		for field, key := range f {
			if field == c.key || column[field] == c.key {
				return c.key, key
			}
		}
	}
	for field, key := range f {
		return field, key
	}
	return "", ""
}

// readRow reads a row over the stored patient of its HN (or the defaults), answering the
// input and, when a cell cannot be read, its column and message key. The cells are read
// kind by kind, in this order, and the first that cannot be read refuses the row (a row
// with several bad cells is always refused for the same one).
func readRow(r imports.Row, stored map[string]Patient, refs refCodes) (Input, string, string) {
	c := rowCells(r.Cells)
	hn, _ := c.get("hnId")
	if hn == "" {
		return Input{}, "hnId", "field.required"
	}
	in := Input{HnID: hn}
	if p, ok := stored[hn]; ok {
		in = InputOf(p)
	}
	readTexts(c, &in)
	if field, key := readDates(c, &in); field != "" {
		return in, field, key
	}
	if field, key := readDateTimes(c, &in); field != "" {
		return in, field, key
	}
	if field, key := readTextures(c, &in); field != "" {
		return in, field, key
	}
	if field, key := readCodes(c, refs, &in); field != "" {
		return in, field, key
	}
	if field, key := readRoom(c, refs, &in); field != "" {
		return in, field, key
	}
	if field, key := readCodeLists(c, refs, &in); field != "" {
		return in, field, key
	}
	readAllergies(c, refs, &in)
	in.normalise()
	return in, "", ""
}

// rowCells are a row's cells by column key.
type rowCells map[string]string

// get answers the cell of key, trimmed, and whether the row has the column.
func (c rowCells) get(key string) (string, bool) {
	v, ok := c[key]
	return strings.TrimSpace(v), ok
}

// readTexts reads the cells taken as written (names, languages, statuses, notes) and the
// gender; none refuses the row.
func readTexts(c rowCells, in *Input) {
	for _, t := range []struct {
		key string
		to  *string
	}{{"firstNameTh", &in.FirstNameTh}, {"lastNameTh", &in.LastNameTh}, {"firstNameEn", &in.FirstNameEn},
		{"lastNameEn", &in.LastNameEn}, {"nationality", &in.Nationality}, {"patientLanguage", &in.PatientLanguage},
		{"cardLanguage", &in.CardLanguage}, {"visitStatus", &in.VisitStatus}, {"hospitalStatus", &in.HospitalStatus},
		{"diagnosis", &in.Diagnosis}, {"additionalInfo", &in.AdditionalInfo}, {"specialRequest", &in.SpecialRequest},
		{"remark", &in.Remark}} {
		if v, ok := c.get(t.key); ok {
			*t.to = v
		}
	}
	if v, ok := c.get("gender"); ok {
		in.Gender = genderOf(v)
	}
}

// readDates reads the birthday, admit and planned discharge dates, refusing the first that
// is not a date.
func readDates(c rowCells, in *Input) (string, string) {
	for _, d := range []struct {
		key string
		to  **string
	}{{"birthday", &in.Birthday}, {"admitDate", &in.AdmitDate}, {"plannedDischargeDate", &in.PlannedDischargeDate}} {
		if v, ok := c.get(d.key); ok {
			s, ok := parseDate(v)
			if !ok {
				return d.key, "patients.dateInvalid"
			}
			*d.to = s
		}
	}
	return "", ""
}

// readDateTimes reads the NPO and medical order times, refusing the first that is not a
// date and time.
func readDateTimes(c rowCells, in *Input) (string, string) {
	for _, d := range []struct {
		key string
		to  **time.Time
	}{{"npoFrom", &in.NpoFrom}, {"npoTo", &in.NpoTo}, {"medicalOrderStart", &in.MedicalOrderStart},
		{"medicalOrderEnd", &in.MedicalOrderEnd}} {
		if v, ok := c.get(d.key); ok {
			t, ok := parseDateTime(v)
			if !ok {
				return d.key, "patients.dateTimeInvalid"
			}
			*d.to = t
		}
	}
	return "", ""
}

// readTextures reads the IDDSI drink and food levels (an empty cell clears one), refusing
// the first that is not a whole number; their range is validate's.
func readTextures(c rowCells, in *Input) (string, string) {
	for _, x := range []struct {
		key string
		to  **int
	}{{"textureDrink", &in.TextureDrink}, {"textureFood", &in.TextureFood}} {
		if v, ok := c.get(x.key); ok {
			*x.to = nil
			if v != "" {
				n, err := strconv.Atoi(v)
				if err != nil {
					return x.key, "patients." + x.key + "Invalid"
				}
				*x.to = &n
			}
		}
	}
	return "", ""
}

// readCodes reads the religion, vegetarian type, food type and ward by code (an empty cell
// clears one), refusing the first code that names no row of the branch.
func readCodes(c rowCells, refs refCodes, in *Input) (string, string) {
	for _, ref := range []struct {
		key, kind string
		to        **int64
	}{{"religionCode", "religion", &in.ReligionID}, {"vegetarianCode", "vegetarian", &in.VegetarianID},
		{"dietTypeCode", "dietType", &in.DietTypeID}, {"wardCode", "ward", &in.WardID}} {
		if v, ok := c.get(ref.key); ok {
			*ref.to = nil
			if v != "" {
				code, found := refs[ref.kind][v]
				if !found {
					return ref.key, "patients.codeNotFound"
				}
				*ref.to = &code.id
			}
		}
	}
	return "", ""
}

// readRoom reads the room (bed) by code, which gives the ward; it refuses a code that names
// no room of the branch, or a room outside the ward the row gives.
func readRoom(c rowCells, refs refCodes, in *Input) (string, string) {
	v, ok := c.get("roomCode")
	if !ok {
		return "", ""
	}
	in.RoomID = nil
	if v == "" {
		return "", ""
	}
	room, found := refs["room"][v]
	if !found {
		return "roomCode", "patients.codeNotFound"
	}
	if ward, given := c.get("wardCode"); given && ward != "" && refs["ward"][ward].id != room.wardID {
		return "roomCode", "patients.roomNotInWard"
	}
	in.RoomID, in.WardID = &room.id, &room.wardID
	return "", ""
}

// readCodeLists reads the therapeutic food and restricted ingredient codes (comma
// separated; an empty cell clears the list), refusing the first list with a code that
// names no row of the branch.
func readCodeLists(c rowCells, refs refCodes, in *Input) (string, string) {
	for _, l := range []struct {
		key, kind string
		to        *[]int64
	}{{"therapeuticCodes", "therapeutic", &in.TherapeuticIDs}, {"restrictedCodes", "restricted", &in.RestrictedIDs}} {
		if v, ok := c.get(l.key); ok {
			*l.to = []int64{}
			for _, code := range imports.SplitList(v) {
				ref, found := refs[l.kind][code]
				if !found {
					return l.key, "patients.codeNotFound"
				}
				*l.to = append(*l.to, ref.id)
			}
		}
	}
	return "", ""
}

// readAllergies reads the allergies, each by an Allergies row's code or name (any case);
// one that names none is kept as unmapped, so the cell never refuses the row.
func readAllergies(c rowCells, refs refCodes, in *Input) {
	v, ok := c.get("allergies")
	if !ok {
		return
	}
	in.AllergenIDs, in.UnmappedAllergies = []int64{}, []string{}
	for _, item := range imports.SplitList(v) {
		if a, found := refs["allergen"][item]; found {
			in.AllergenIDs = append(in.AllergenIDs, a.id)
		} else if a, found := refs["allergenName"][strings.ToLower(item)]; found {
			in.AllergenIDs = append(in.AllergenIDs, a.id)
		} else {
			in.UnmappedAllergies = append(in.UnmappedAllergies, item)
		}
	}
}

// genderOf reads a gender as people write it (English or Thai, a word or a letter).
func genderOf(v string) string {
	switch strings.ToLower(v) {
	case "m", "male", "ชาย", "ช":
		return "male"
	case "f", "female", "หญิง", "ญ":
		return "female"
	case "o", "other", "อื่น ๆ", "อื่นๆ":
		return "other"
	case "", "u", "unknown", "ไม่ระบุ":
		return "unknown"
	}
	return v
}

// parseDate reads a date cell: YYYY-MM-DD (a Buddhist-era year is turned to the common
// era), D/M/YYYY as Thai staff write it, or what a date cell shows; "" is no date.
func parseDate(v string) (*string, bool) {
	if v == "" {
		return nil, true
	}
	for _, layout := range []string{"2006-01-02", "2/1/2006", "02/01/2006", "2006-01-02 15:04", "2006-01-02 15:04:05"} {
		if t, err := time.Parse(layout, v); err == nil {
			if t.Year() > 2400 {
				t = t.AddDate(-543, 0, 0)
			}
			s := t.Format(time.DateOnly)
			return &s, true
		}
	}
	return nil, false
}

// parseDateTime reads a date and time in the branch's time zone (YYYY-MM-DD HH:MM[:SS],
// Buddhist-era years turned to the common era); "" is none.
func parseDateTime(v string) (*time.Time, bool) {
	if v == "" {
		return nil, true
	}
	for _, layout := range []string{"2006-01-02 15:04", "2006-01-02 15:04:05", "2006-01-02T15:04", "2006-01-02T15:04:05",
		"2/1/2006 15:04", "02/01/2006 15:04"} {
		if t, err := time.ParseInLocation(layout, v, day.Bangkok); err == nil {
			if t.Year() > 2400 {
				t = t.AddDate(-543, 0, 0)
			}
			return &t, true
		}
	}
	if t, err := time.Parse(time.RFC3339, v); err == nil {
		return &t, true
	}
	return nil, false
}

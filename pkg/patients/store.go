package patients

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgtype"

	"samrap/pkg/day"
	"samrap/pkg/db"
	"samrap/pkg/db/dbsqlc"
)

// The statements are in pkg/db/dbsqlc/patients.sql; this file maps their rows to the
// area's types.
var queries = dbsqlc.New()

// Ref is a master-data row a patient refers to.
type Ref struct {
	ID     int64  `json:"id"`
	Code   string `json:"code"`
	NameTh string `json:"nameTh"`
	NameEn string `json:"nameEn"`
}

// Brief is a patient in brief, as a row of another area names one: the HN, the names in both
// languages, the ward and the bed. The order list's rows (orders.ListRow) and the bedside
// verification's patient (serve.Patient) embed it, so their JSON starts with these keys.
type Brief struct {
	HnID        string `json:"hnId"`
	FirstNameTh string `json:"firstNameTh"`
	LastNameTh  string `json:"lastNameTh"`
	FirstNameEn string `json:"firstNameEn"`
	LastNameEn  string `json:"lastNameEn"`
	Ward        *Ref   `json:"ward"`
	Room        *Ref   `json:"room"`
}

// Brief answers the patient in brief.
func (p Patient) Brief() Brief {
	return Brief{HnID: p.HnID, FirstNameTh: p.FirstNameTh, LastNameTh: p.LastNameTh, FirstNameEn: p.FirstNameEn,
		LastNameEn: p.LastNameEn, Ward: p.Ward, Room: p.Room}
}

// Patient is a patient as the API answers it (and as the change log records it).
type Patient struct {
	BranchCode           string     `json:"branchCode"`
	HnID                 string     `json:"hnId"`
	FirstNameTh          string     `json:"firstNameTh"`
	LastNameTh           string     `json:"lastNameTh"`
	FirstNameEn          string     `json:"firstNameEn"`
	LastNameEn           string     `json:"lastNameEn"`
	Gender               string     `json:"gender"`
	Birthday             *string    `json:"birthday"`
	Age                  *int       `json:"age,omitempty"` // in whole years today; not in the change log
	Nationality          string     `json:"nationality"`
	Religion             *Ref       `json:"religion"`
	Vegetarian           *Ref       `json:"vegetarian"`
	PatientLanguage      string     `json:"patientLanguage"`
	CardLanguage         string     `json:"cardLanguage"`
	Ward                 *Ref       `json:"ward"`
	Room                 *Ref       `json:"room"`
	PreviousRoom         *Ref       `json:"previousRoom"`
	AdmitDate            *string    `json:"admitDate"`
	PlannedDischargeDate *string    `json:"plannedDischargeDate"`
	VisitStatus          string     `json:"visitStatus"`
	HospitalStatus       string     `json:"hospitalStatus"`
	Diagnosis            string     `json:"diagnosis"`
	AdditionalInfo       string     `json:"additionalInfo"`
	SpecialRequest       string     `json:"specialRequest"`
	Remark               string     `json:"remark"`
	DietType             *Ref       `json:"dietType"`
	Therapeutics         []Ref      `json:"therapeutics"`
	Allergens            []Ref      `json:"allergens"`
	Restricted           []Ref      `json:"restricted"`
	UnmappedAllergies    []string   `json:"unmappedAllergies"`
	TextureDrink         *int       `json:"textureDrink"`
	TextureFood          *int       `json:"textureFood"`
	NpoFrom              *time.Time `json:"npoFrom"`
	NpoTo                *time.Time `json:"npoTo"`
	MedicalOrderStart    *time.Time `json:"medicalOrderStart"`
	MedicalOrderEnd      *time.Time `json:"medicalOrderEnd"`
	LastImportAt         *time.Time `json:"lastImportAt"`
	LastImportSource     string     `json:"lastImportSource"`
	Version              int        `json:"version"`
	UpdatedAt            time.Time  `json:"updatedAt"`
	UpdatedBy            string     `json:"updatedBy"`
	id                   int64
}

// FromView maps a row of patient_view to its Patient: the one mapping, also the order list's
// (pkg/orders), whose page query embeds the view.
func FromView(v dbsqlc.PatientView) (Patient, error) {
	p := Patient{BranchCode: v.BranchCode, HnID: v.HnID, FirstNameTh: v.FirstNameTh, LastNameTh: v.LastNameTh,
		FirstNameEn: v.FirstNameEn, LastNameEn: v.LastNameEn, Gender: v.Gender, Birthday: dateOf(v.Birthday),
		Nationality: v.Nationality, PatientLanguage: v.PatientLanguage, CardLanguage: v.CardLanguage,
		AdmitDate: dateOf(v.AdmitDate), PlannedDischargeDate: dateOf(v.PlannedDischargeDate),
		VisitStatus: v.VisitStatus, HospitalStatus: v.HospitalStatus, Diagnosis: v.Diagnosis,
		AdditionalInfo: v.AdditionalInfo, SpecialRequest: v.SpecialRequest, Remark: v.Remark,
		UnmappedAllergies: v.UnmappedAllergies, TextureDrink: intOf(v.TextureDrink), TextureFood: intOf(v.TextureFood),
		NpoFrom: v.NpoFrom, NpoTo: v.NpoTo, MedicalOrderStart: v.MedicalOrderStart, MedicalOrderEnd: v.MedicalOrderEnd,
		LastImportAt: v.LastImportAt, LastImportSource: v.LastImportSource, Version: int(v.Version),
		UpdatedAt: v.UpdatedAt, UpdatedBy: v.UpdatedBy, id: v.ID}
	for _, r := range []struct {
		raw []byte
		to  **Ref
	}{{v.Religion, &p.Religion}, {v.Vegetarian, &p.Vegetarian}, {v.Ward, &p.Ward}, {v.Room, &p.Room},
		{v.PreviousRoom, &p.PreviousRoom}, {v.DietType, &p.DietType}} {
		if len(r.raw) == 0 {
			continue
		}
		if err := json.Unmarshal(r.raw, r.to); err != nil {
			return Patient{}, fmt.Errorf("patient %s: %w", v.HnID, err)
		}
	}
	for _, l := range []struct {
		raw []byte
		to  *[]Ref
	}{{v.Therapeutics, &p.Therapeutics}, {v.Allergens, &p.Allergens}, {v.Restricted, &p.Restricted}} {
		if len(l.raw) > 0 {
			if err := json.Unmarshal(l.raw, l.to); err != nil {
				return Patient{}, fmt.Errorf("patient %s: %w", v.HnID, err)
			}
		}
		if *l.to == nil {
			*l.to = []Ref{}
		}
	}
	if p.UnmappedAllergies == nil {
		p.UnmappedAllergies = []string{}
	}
	return p, nil
}

func dateOf(d pgtype.Date) *string {
	if !d.Valid {
		return nil
	}
	s := d.Time.Format(time.DateOnly)
	return &s
}

func intOf(n *int16) *int {
	if n == nil {
		return nil
	}
	v := int(*n)
	return &v
}

// patientsByHn reads the branch's patients with these HNs, by HN.
func patientsByHn(ctx context.Context, q db.DBTX, branch string, hns []string) (map[string]Patient, error) {
	if len(hns) == 0 { // none: no round trip
		return map[string]Patient{}, nil
	}
	rows, err := queries.PatientsByHn(ctx, q, dbsqlc.PatientsByHnParams{Branch: branch, HnIds: hns})
	if err != nil {
		return nil, fmt.Errorf("patients by hn: %w", err)
	}
	out := make(map[string]Patient, len(rows))
	for _, r := range rows {
		p, err := FromView(r)
		if err != nil {
			return nil, err
		}
		out[p.HnID] = p
	}
	return out, nil
}

// patientByHn reads one patient; db.ErrNotFound when the branch has no such HN.
func patientByHn(ctx context.Context, q db.DBTX, branch, hn string) (Patient, error) {
	m, err := patientsByHn(ctx, q, branch, []string{hn})
	if err != nil {
		return Patient{}, err
	}
	p, ok := m[hn]
	if !ok {
		return Patient{}, fmt.Errorf("patient %s/%s: %w", branch, hn, db.ErrNotFound)
	}
	return p, nil
}

// lockPatient locks the patient row for the transaction; db.ErrNotFound when none.
func lockPatient(ctx context.Context, q db.DBTX, branch, hn string) error {
	if _, err := queries.PatientLock(ctx, q, dbsqlc.PatientLockParams{Branch: branch, HnID: hn}); err != nil {
		return db.NotFound(fmt.Sprintf("lock patient %s/%s", branch, hn), err)
	}
	return nil
}

// Filter narrows the census list; zero fields do not narrow it.
type Filter struct {
	Criteria string // text in the HN, a name or the bed
	WardID   int64
	Status   string // hospital status
}

// searchOrder is the ORDER BY of each list column (p: the patient, w: its ward, r: its bed),
// NULLs last either way; an unknown or empty column sorts by ward then bed. Columns that are
// never NULL say so (a plain DESC), so that an index read backwards serves them: the HN
// (patient_hn_key) and the names (00010_patient_search_sort.sql, the same expressions).
var searchOrder = map[string]struct {
	keys    []string
	notNull bool
}{
	"":                {keys: []string{"w.code", "r.code"}},
	"hnId":            {keys: []string{"p.hn_id"}, notNull: true},
	"name":            {keys: []string{"lower(p.first_name_th || ' ' || p.last_name_th || ' ' || p.first_name_en || ' ' || p.last_name_en)"}, notNull: true},
	"nameEn":          {keys: []string{"lower(p.first_name_en || ' ' || p.last_name_en || ' ' || p.first_name_th || ' ' || p.last_name_th)"}, notNull: true},
	"room":            {keys: []string{"r.code"}},
	"previousRoom":    {keys: []string{"(SELECT x.code FROM room x WHERE x.branch_code = p.branch_code AND x.id = p.previous_room_id)"}},
	"diagnosis":       {keys: []string{"lower(p.diagnosis)"}, notNull: true},
	"additionalInfo":  {keys: []string{"lower(p.additional_info)"}, notNull: true},
	"specialRequest":  {keys: []string{"lower(p.special_request)"}, notNull: true},
	"remark":          {keys: []string{"lower(p.remark)"}, notNull: true},
	"gender":          {keys: []string{"p.gender"}, notNull: true},
	"nationality":     {keys: []string{"lower(p.nationality)"}, notNull: true},
	"religion":        {keys: []string{"(SELECT x.code FROM religion x WHERE x.branch_code = p.branch_code AND x.id = p.religion_id)"}},
	"patientLanguage": {keys: []string{"p.patient_language"}, notNull: true},
	"cardLanguage":    {keys: []string{"p.card_language"}, notNull: true},
	"visitStatus":     {keys: []string{"p.visit_status"}, notNull: true},
	"hospitalStatus":  {keys: []string{"p.hospital_status"}, notNull: true},
	"dietType":        {keys: []string{"(SELECT x.code FROM diet_type x WHERE x.branch_code = p.branch_code AND x.id = p.diet_type_id)"}},
	"therapeutics": {keys: []string{`(SELECT string_agg(x.code, ',' ORDER BY x.code) FROM patient_therapeutic l
		JOIN therapeutic x ON x.branch_code = l.branch_code AND x.id = l.therapeutic_id
		WHERE l.branch_code = p.branch_code AND l.patient_id = p.id)`}},
	"allergens": {keys: []string{`(SELECT string_agg(x.code, ',' ORDER BY x.code) FROM patient_allergen l
		JOIN allergen x ON x.branch_code = l.branch_code AND x.id = l.allergen_id
		WHERE l.branch_code = p.branch_code AND l.patient_id = p.id)`}},
	"textureDrink":         {keys: []string{"p.texture_drink"}},
	"textureFood":          {keys: []string{"p.texture_food"}},
	"lastImportSource":     {keys: []string{"p.last_import_source"}, notNull: true},
	"birthday":             {keys: []string{"p.birthday"}},
	"admitDate":            {keys: []string{"p.admit_date"}},
	"plannedDischargeDate": {keys: []string{"p.planned_discharge_date"}},
	"lastImportAt":         {keys: []string{"p.last_import_at"}},
	"npoFrom":              {keys: []string{"p.npo_from"}},
	"npoTo":                {keys: []string{"p.npo_to"}},
	"medicalOrderStart":    {keys: []string{"p.medical_order_start"}},
	"medicalOrderEnd":      {keys: []string{"p.medical_order_end"}},
	"updatedAt":            {keys: []string{"p.updated_at"}, notNull: true},
}

// searchPatients answers a page of the branch's current patients and their total. The page
// is ordered by the chosen column with a LIMIT (an index serves the usual orders, no sort of
// the whole branch); the total is counted in the same statement; the page's rows are then
// read as patient_view shows them (patients_by_id, whose plan is kept). Only the filters
// given are in the WHERE, so each call is planned for what it asks.
func searchPatients(ctx context.Context, q db.DBTX, branch string, f Filter, sortBy string, desc bool, limit, offset int) ([]Patient, int, error) {
	args := []any{branch}
	arg := func(v any) string {
		args = append(args, v)
		return fmt.Sprintf("$%d", len(args))
	}
	where := "p.branch_code = $1 AND p.visit_status = 'Current'"
	if f.WardID != 0 {
		where += " AND p.ward_id = " + arg(f.WardID)
	}
	if f.Status != "" {
		where += " AND p.hospital_status = " + arg(f.Status)
	}
	if f.Criteria != "" {
		// the name expression is the one of the trigram index patient_search
		where += fmt.Sprintf(` AND ((p.hn_id || ' ' || p.first_name_th || ' ' || p.last_name_th || ' ' || p.first_name_en || ' ' || p.last_name_en) ILIKE %[1]s
			OR p.room_id = ANY (ARRAY(SELECT x.id FROM room x WHERE x.branch_code = $1
				AND (x.code ILIKE %[1]s OR x.name_th ILIKE %[1]s OR x.name_en ILIKE %[1]s))))`, arg(db.LikePattern(strings.TrimSpace(f.Criteria))))
	}
	o, ok := searchOrder[sortBy]
	if !ok {
		o = searchOrder[""]
	}
	dir := " ASC NULLS LAST"
	if desc && o.notNull {
		dir = " DESC"
	} else if desc {
		dir = " DESC NULLS LAST"
	}
	order := ""
	for _, k := range o.keys {
		order += k + dir + ", "
	}
	// the branch's wards and beds joined by id alone (ids are identities): a hash on one
	// bigint, not on (branch, id), for the 10,000 rows of the default order
	from := `FROM patient p
		LEFT JOIN (SELECT id, code FROM ward WHERE branch_code = $1) w ON w.id = p.ward_id
		LEFT JOIN (SELECT id, code FROM room WHERE branch_code = $1) r ON r.id = p.room_id
		WHERE ` + where
	page := fmt.Sprintf(" ORDER BY %sp.hn_id LIMIT %s OFFSET %s", order, arg(limit), arg(offset))
	count := "(SELECT count(*) FROM patient p WHERE " + where + ")"
	var ids []int64
	var total int
	if f.Criteria == "" {
		// the count is an index-only scan, the page an index read for the usual orders
		if err := q.QueryRow(ctx, "SELECT ARRAY(SELECT p.id "+from+page+"), "+count, args...).Scan(&ids, &total); err != nil {
			return nil, 0, fmt.Errorf("search patients: %w", err)
		}
	} else {
		// the criteria are matched once, the total counted over the matches
		rows, err := q.Query(ctx, "SELECT p.id, count(*) OVER () "+from+page, args...)
		if err != nil {
			return nil, 0, fmt.Errorf("search patients: %w", err)
		}
		for rows.Next() {
			var id int64
			if err := rows.Scan(&id, &total); err != nil {
				rows.Close()
				return nil, 0, fmt.Errorf("search patients: %w", err)
			}
			ids = append(ids, id)
		}
		if err := rows.Err(); err != nil {
			return nil, 0, fmt.Errorf("search patients: %w", err)
		}
		if len(ids) == 0 && offset > 0 { // a page past the end: the total still counts
			if err := q.QueryRow(ctx, "SELECT "+count, args[:len(args)-2]...).Scan(&total); err != nil {
				return nil, 0, fmt.Errorf("search patients: %w", err)
			}
		}
	}
	if len(ids) == 0 {
		return []Patient{}, total, nil
	}
	rows, err := queries.PatientsByID(ctx, q, dbsqlc.PatientsByIDParams{Branch: branch, Ids: ids})
	if err != nil {
		return nil, 0, fmt.Errorf("search patients: %w", err)
	}
	byID := make(map[int64]Patient, len(rows))
	for _, r := range rows {
		p, err := FromView(r)
		if err != nil {
			return nil, 0, err
		}
		byID[r.ID] = p
	}
	out := make([]Patient, 0, len(ids))
	for _, id := range ids {
		if p, ok := byID[id]; ok { // gone since the page was read: left out
			out = append(out, p)
		}
	}
	return out, total, nil
}

// room is a bed as a move needs it.
type room struct {
	wardID        int64
	active, taken bool
}

// roomOf reads a bed of the branch and whether a patient other than hn takes it;
// db.ErrNotFound when the branch has no such bed.
func roomOf(ctx context.Context, q db.DBTX, branch string, id int64, hn string) (room, error) {
	r, err := queries.PatientRoom(ctx, q, dbsqlc.PatientRoomParams{Branch: branch, RoomID: id, HnID: hn})
	if err != nil {
		return room{}, db.NotFound(fmt.Sprintf("room %s/%d", branch, id), err)
	}
	return room{wardID: r.WardID, active: r.Active, taken: r.Taken}, nil
}

// writePatients adds or updates the patients of ins (each with its stored version, nil
// for an add) with their lists, in the caller's transaction, answering the ids by HN.
func writePatients(ctx context.Context, q db.DBTX, branch, by, source string, ins []Input, moving []int64) (map[string]int64, error) {
	if len(moving) > 0 {
		if err := queries.PatientClearRooms(ctx, q, dbsqlc.PatientClearRoomsParams{Branch: branch, Ids: moving}); err != nil {
			return nil, fmt.Errorf("free beds: %w", err)
		}
	}
	var a dbsqlc.PatientsUpsertParams
	a.Branch, a.By, a.Source = branch, by, source
	for _, in := range ins {
		unmapped, err := json.Marshal(in.UnmappedAllergies)
		if err != nil {
			return nil, err
		}
		a.HnIds = append(a.HnIds, in.HnID)
		a.FirstNamesTh = append(a.FirstNamesTh, in.FirstNameTh)
		a.LastNamesTh = append(a.LastNamesTh, in.LastNameTh)
		a.FirstNamesEn = append(a.FirstNamesEn, in.FirstNameEn)
		a.LastNamesEn = append(a.LastNamesEn, in.LastNameEn)
		a.Genders = append(a.Genders, in.Gender)
		a.Birthdays = append(a.Birthdays, text(in.Birthday))
		a.Nationalities = append(a.Nationalities, in.Nationality)
		a.ReligionIds = append(a.ReligionIds, id(in.ReligionID))
		a.VegetarianIds = append(a.VegetarianIds, id(in.VegetarianID))
		a.PatientLanguages = append(a.PatientLanguages, in.PatientLanguage)
		a.CardLanguages = append(a.CardLanguages, in.CardLanguage)
		a.WardIds = append(a.WardIds, id(in.WardID))
		a.RoomIds = append(a.RoomIds, id(in.RoomID))
		a.PreviousRoomIds = append(a.PreviousRoomIds, id(in.previousRoomID))
		a.AdmitDates = append(a.AdmitDates, text(in.AdmitDate))
		a.PlannedDischargeDates = append(a.PlannedDischargeDates, text(in.PlannedDischargeDate))
		a.VisitStatuses = append(a.VisitStatuses, in.VisitStatus)
		a.HospitalStatuses = append(a.HospitalStatuses, in.HospitalStatus)
		a.Diagnoses = append(a.Diagnoses, in.Diagnosis)
		a.AdditionalInfos = append(a.AdditionalInfos, in.AdditionalInfo)
		a.SpecialRequests = append(a.SpecialRequests, in.SpecialRequest)
		a.Remarks = append(a.Remarks, in.Remark)
		a.DietTypeIds = append(a.DietTypeIds, id(in.DietTypeID))
		a.Unmapped = append(a.Unmapped, string(unmapped))
		a.TextureDrinks = append(a.TextureDrinks, level(in.TextureDrink))
		a.TextureFoods = append(a.TextureFoods, level(in.TextureFood))
		a.NpoFroms = append(a.NpoFroms, stamp(in.NpoFrom))
		a.NpoTos = append(a.NpoTos, stamp(in.NpoTo))
		a.MedicalOrderStarts = append(a.MedicalOrderStarts, stamp(in.MedicalOrderStart))
		a.MedicalOrderEnds = append(a.MedicalOrderEnds, stamp(in.MedicalOrderEnd))
	}
	rows, err := queries.PatientsUpsert(ctx, q, a)
	if err != nil {
		return nil, fmt.Errorf("upsert patients: %w", err)
	}
	ids := make(map[string]int64, len(rows))
	var stored []int64 // a new patient has no lists to clear
	for _, r := range rows {
		ids[r.HnID] = r.ID
		if !r.Inserted {
			stored = append(stored, r.ID)
		}
	}
	if len(stored) > 0 {
		if err := queries.PatientClearLinks(ctx, q, dbsqlc.PatientClearLinksParams{Branch: branch, Ids: stored}); err != nil {
			return nil, fmt.Errorf("clear patient lists: %w", err)
		}
	}
	var th, al, re [2][]int64
	for _, in := range ins {
		pid := ids[in.HnID]
		for _, x := range in.TherapeuticIDs {
			th[0], th[1] = append(th[0], pid), append(th[1], x)
		}
		for _, x := range in.AllergenIDs {
			al[0], al[1] = append(al[0], pid), append(al[1], x)
		}
		for _, x := range in.RestrictedIDs {
			re[0], re[1] = append(re[0], pid), append(re[1], x)
		}
	}
	if len(th[0]) > 0 {
		if err := queries.PatientAddTherapeutics(ctx, q, dbsqlc.PatientAddTherapeuticsParams{Branch: branch, PatientIds: th[0], ItemIds: th[1]}); err != nil {
			return nil, fmt.Errorf("therapeutic foods: %w", err)
		}
	}
	if len(al[0]) > 0 {
		if err := queries.PatientAddAllergens(ctx, q, dbsqlc.PatientAddAllergensParams{Branch: branch, PatientIds: al[0], ItemIds: al[1]}); err != nil {
			return nil, fmt.Errorf("allergies: %w", err)
		}
	}
	if len(re[0]) > 0 {
		if err := queries.PatientAddRestricted(ctx, q, dbsqlc.PatientAddRestrictedParams{Branch: branch, PatientIds: re[0], ItemIds: re[1]}); err != nil {
			return nil, fmt.Errorf("restricted ingredients: %w", err)
		}
	}
	return ids, nil
}

func text(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

func id(n *int64) int64 {
	if n == nil {
		return 0
	}
	return *n
}

func level(n *int) int32 {
	if n == nil {
		return -1
	}
	return int32(*n)
}

func stamp(t *time.Time) string {
	if t == nil {
		return ""
	}
	return t.Format(time.RFC3339Nano)
}

// refCodes are the branch's master-data codes an import resolves, by kind then code.
type refCodes map[string]map[string]refCode

type refCode struct{ id, wardID int64 }

func loadRefCodes(ctx context.Context, q db.DBTX, branch string) (refCodes, error) {
	rows, err := queries.PatientRefCodes(ctx, q, branch)
	if err != nil {
		return nil, fmt.Errorf("reference codes: %w", err)
	}
	out := refCodes{}
	for _, r := range rows {
		if out[r.Kind] == nil {
			out[r.Kind] = map[string]refCode{}
		}
		out[r.Kind][r.Code] = refCode{id: r.ID, wardID: r.WardID}
	}
	return out, nil
}

// roomsTaken answers the branch's taken beds and who takes them.
func roomsTaken(ctx context.Context, q db.DBTX, branch string) (map[int64]string, error) {
	rows, err := queries.PatientRoomsTaken(ctx, q, branch)
	if err != nil {
		return nil, fmt.Errorf("beds taken: %w", err)
	}
	out := make(map[int64]string, len(rows))
	for _, r := range rows {
		out[r.RoomID] = r.HnID
	}
	return out, nil
}

// change is one row of the change record.
type changeRow = dbsqlc.PatientChangesRow

func patientChanges(ctx context.Context, q db.DBTX, branch, hn string, days day.Range, limit, offset int) ([]changeRow, error) {
	arg := dbsqlc.PatientChangesParams{Branch: branch, FromTime: pgtype.Timestamptz{Time: days.From, Valid: true},
		ToTime: pgtype.Timestamptz{Time: days.End(), Valid: true}, PageSize: int32(limit), PageOffset: int64(offset)}
	if hn != "" {
		arg.HnID = &hn
	}
	rows, err := queries.PatientChanges(ctx, q, arg)
	if err != nil {
		return nil, fmt.Errorf("patient changes: %w", err)
	}
	return rows, nil
}

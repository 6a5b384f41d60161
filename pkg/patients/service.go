// Package patients is the patients area: the census of a branch, a patient's food facts,
// the edit (optimistic concurrency, vacant beds only), the Excel import and the patient
// change record. Every write goes through one path (Service.apply) that also writes the
// change-log rows; the hospital sync will call Apply with its change set.
package patients

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"

	"samrap/pkg/audit"
	"samrap/pkg/day"
	"samrap/pkg/db"
	"samrap/pkg/errs"
	"samrap/pkg/httpx"
)

// Failures callers are told about.
var (
	ErrNotFound   = errs.New(errs.NotFound, "patients.notFound")
	ErrStale      = errs.WithCode(errs.Conflict, "STALE_VERSION", "patients.stale")
	ErrRoomTaken  = errs.WithCode(errs.Conflict, "ROOM_TAKEN", "patients.roomTaken")
	errRoomFields = map[string]string{"roomId": "patients.refNotFound"}
)

// Sources of a write (patient.last_import_source, and the change record's "what").
const (
	SourceEdit     = "edit"
	SourceExcel    = "excel"
	SourceHospital = "hospital"
)

// Value lists (SPEC.md §3–4; the options of GET /parameter/byKeys).
var (
	genders          = []string{"male", "female", "other", "unknown"}
	patientLanguages = []string{"TH", "EN", "ZH", "JA", "MY", "AR", "OTHER"}
	cardLanguages    = []string{"ALL", "TH", "EN"}
	visitStatuses    = []string{"Current", "PreAdmit", "Discharge"}
	hospitalStatuses = []string{"IN_HOSPITAL", "DISCHARGED"}
)

// Limits of a patient's fields, in characters (the database checks the same).
const (
	MaxName     = 100
	MaxText     = 2000
	MaxUnmapped = 50
)

var hnShape = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^\S{1,30}$`) })

// Service holds the patient rules.
type Service struct {
	db  *db.Pool
	now func() time.Time
}

// NewService builds the service; now answers the time (the Env's Now).
func NewService(pool *db.Pool, now func() time.Time) *Service { return &Service{db: pool, now: now} }

// Input is a patient as it is written: every field, references by id. The edit sends the
// whole patient back with the version it read.
type Input struct {
	HnID                 string     `json:"hnId"`
	BranchCode           string     `json:"branchCode"`
	Version              int        `json:"version"`
	FirstNameTh          string     `json:"firstNameTh"`
	LastNameTh           string     `json:"lastNameTh"`
	FirstNameEn          string     `json:"firstNameEn"`
	LastNameEn           string     `json:"lastNameEn"`
	Gender               string     `json:"gender"`
	Birthday             *string    `json:"birthday"`
	Nationality          string     `json:"nationality"`
	ReligionID           *int64     `json:"religionId"`
	VegetarianID         *int64     `json:"vegetarianId"`
	PatientLanguage      string     `json:"patientLanguage"`
	CardLanguage         string     `json:"cardLanguage"`
	WardID               *int64     `json:"wardId"`
	RoomID               *int64     `json:"roomId"`
	AdmitDate            *string    `json:"admitDate"`
	PlannedDischargeDate *string    `json:"plannedDischargeDate"`
	VisitStatus          string     `json:"visitStatus"`
	HospitalStatus       string     `json:"hospitalStatus"`
	Diagnosis            string     `json:"diagnosis"`
	AdditionalInfo       string     `json:"additionalInfo"`
	SpecialRequest       string     `json:"specialRequest"`
	Remark               string     `json:"remark"`
	DietTypeID           *int64     `json:"dietTypeId"`
	TherapeuticIDs       []int64    `json:"therapeuticIds"`
	AllergenIDs          []int64    `json:"allergenIds"`
	RestrictedIDs        []int64    `json:"restrictedIds"`
	UnmappedAllergies    []string   `json:"unmappedAllergies"`
	TextureDrink         *int       `json:"textureDrink"`
	TextureFood          *int       `json:"textureFood"`
	NpoFrom              *time.Time `json:"npoFrom"`
	NpoTo                *time.Time `json:"npoTo"`
	MedicalOrderStart    *time.Time `json:"medicalOrderStart"`
	MedicalOrderEnd      *time.Time `json:"medicalOrderEnd"`
	UpdateBy             string     `json:"updateBy"` // accepted for the spec's client; the token says who

	previousRoomID *int64 // set by apply
}

// InputOf answers the stored patient as an Input (what an edit or import starts from).
func InputOf(p Patient) Input {
	ref := func(r *Ref) *int64 {
		if r == nil {
			return nil
		}
		return &r.ID
	}
	ids := func(rs []Ref) []int64 {
		out := make([]int64, len(rs))
		for i, r := range rs {
			out[i] = r.ID
		}
		return out
	}
	return Input{HnID: p.HnID, BranchCode: p.BranchCode, Version: p.Version, FirstNameTh: p.FirstNameTh,
		LastNameTh: p.LastNameTh, FirstNameEn: p.FirstNameEn, LastNameEn: p.LastNameEn, Gender: p.Gender,
		Birthday: p.Birthday, Nationality: p.Nationality, ReligionID: ref(p.Religion), VegetarianID: ref(p.Vegetarian),
		PatientLanguage: p.PatientLanguage, CardLanguage: p.CardLanguage, WardID: ref(p.Ward), RoomID: ref(p.Room),
		AdmitDate: p.AdmitDate, PlannedDischargeDate: p.PlannedDischargeDate, VisitStatus: p.VisitStatus,
		HospitalStatus: p.HospitalStatus, Diagnosis: p.Diagnosis, AdditionalInfo: p.AdditionalInfo,
		SpecialRequest: p.SpecialRequest, Remark: p.Remark, DietTypeID: ref(p.DietType),
		TherapeuticIDs: ids(p.Therapeutics), AllergenIDs: ids(p.Allergens), RestrictedIDs: ids(p.Restricted),
		UnmappedAllergies: p.UnmappedAllergies, TextureDrink: p.TextureDrink, TextureFood: p.TextureFood,
		NpoFrom: p.NpoFrom, NpoTo: p.NpoTo, MedicalOrderStart: p.MedicalOrderStart, MedicalOrderEnd: p.MedicalOrderEnd,
		previousRoomID: ref(p.PreviousRoom)}
}

// normalise trims the texts, fills the defaults and puts the lists in one order, so that
// two inputs saying the same compare equal.
func (in *Input) normalise() {
	for _, s := range []*string{&in.HnID, &in.FirstNameTh, &in.LastNameTh, &in.FirstNameEn, &in.LastNameEn,
		&in.Gender, &in.Nationality, &in.PatientLanguage, &in.CardLanguage, &in.VisitStatus, &in.HospitalStatus,
		&in.Diagnosis, &in.AdditionalInfo, &in.SpecialRequest, &in.Remark} {
		*s = strings.TrimSpace(*s)
	}
	in.Gender = strings.ToLower(in.Gender)
	in.PatientLanguage, in.CardLanguage = strings.ToUpper(in.PatientLanguage), strings.ToUpper(in.CardLanguage)
	in.HospitalStatus = strings.ToUpper(in.HospitalStatus)
	if in.Gender == "" {
		in.Gender = "unknown"
	}
	if in.PatientLanguage == "" {
		in.PatientLanguage = "TH"
	}
	if in.CardLanguage == "" {
		in.CardLanguage = "ALL"
	}
	if in.VisitStatus == "" {
		in.VisitStatus = "Current"
	}
	for _, v := range visitStatuses {
		if strings.EqualFold(in.VisitStatus, v) {
			in.VisitStatus = v
		}
	}
	if in.HospitalStatus == "" {
		in.HospitalStatus = "IN_HOSPITAL"
	}
	for _, d := range []**string{&in.Birthday, &in.AdmitDate, &in.PlannedDischargeDate} {
		if *d != nil && strings.TrimSpace(**d) == "" {
			*d = nil
		}
	}
	for _, p := range []**int64{&in.ReligionID, &in.VegetarianID, &in.WardID, &in.RoomID, &in.DietTypeID} {
		if *p != nil && **p == 0 {
			*p = nil
		}
	}
	for _, l := range []*[]int64{&in.TherapeuticIDs, &in.AllergenIDs, &in.RestrictedIDs} {
		s := slices.Clone(*l)
		slices.Sort(s)
		*l = slices.Compact(s)
		if *l == nil {
			*l = []int64{}
		}
	}
	var unmapped []string
	for _, a := range in.UnmappedAllergies {
		if a = strings.TrimSpace(a); a != "" && !slices.Contains(unmapped, a) {
			unmapped = append(unmapped, a)
		}
	}
	if unmapped == nil {
		unmapped = []string{}
	}
	in.UnmappedAllergies = unmapped
	for _, t := range []**time.Time{&in.NpoFrom, &in.NpoTo, &in.MedicalOrderStart, &in.MedicalOrderEnd} {
		if *t != nil {
			u := (*t).UTC().Truncate(time.Second)
			*t = &u
		}
	}
}

// validate answers the fields that are wrong (field → message key), empty when none. today
// bounds a birthday.
func (in Input) validate(today string) map[string]string {
	f := map[string]string{}
	if !hnShape().MatchString(in.HnID) {
		f["hnId"] = "patients.hnInvalid"
	}
	if in.FirstNameTh == "" && in.FirstNameEn == "" {
		f["firstNameTh"] = "patients.nameRequired"
	}
	for name, v := range map[string]string{"firstNameTh": in.FirstNameTh, "lastNameTh": in.LastNameTh,
		"firstNameEn": in.FirstNameEn, "lastNameEn": in.LastNameEn, "nationality": in.Nationality} {
		if utf8.RuneCountInString(v) > MaxName {
			f[name] = "field.tooLong"
		}
	}
	for name, v := range map[string]string{"diagnosis": in.Diagnosis, "additionalInfo": in.AdditionalInfo,
		"specialRequest": in.SpecialRequest, "remark": in.Remark} {
		if utf8.RuneCountInString(v) > MaxText {
			f[name] = "field.tooLong"
		}
	}
	for name, c := range map[string]struct {
		v    string
		list []string
	}{"gender": {in.Gender, genders}, "patientLanguage": {in.PatientLanguage, patientLanguages},
		"cardLanguage": {in.CardLanguage, cardLanguages}, "visitStatus": {in.VisitStatus, visitStatuses},
		"hospitalStatus": {in.HospitalStatus, hospitalStatuses}} {
		if !slices.Contains(c.list, c.v) {
			f[name] = "field.invalid"
		}
	}
	dates := map[string]string{}
	for name, d := range map[string]*string{"birthday": in.Birthday, "admitDate": in.AdmitDate,
		"plannedDischargeDate": in.PlannedDischargeDate} {
		if d == nil {
			continue
		}
		if t, err := day.Parse(*d); err != nil || t.Year() < 1900 || t.Year() > 2200 {
			f[name] = "date.invalid"
			continue
		}
		dates[name] = *d
	}
	if b, ok := dates["birthday"]; ok && b > today {
		f["birthday"] = "patients.birthdayFuture"
	}
	if a, d := dates["admitDate"], dates["plannedDischargeDate"]; a != "" && d != "" && d < a {
		f["plannedDischargeDate"] = "patients.dischargeBeforeAdmit"
	}
	if in.NpoTo != nil && in.NpoFrom == nil {
		f["npoFrom"] = "field.required"
	} else if in.NpoTo != nil && !in.NpoTo.After(*in.NpoFrom) {
		f["npoTo"] = "patients.endBeforeStart"
	}
	if in.MedicalOrderStart != nil && in.MedicalOrderEnd != nil && !in.MedicalOrderEnd.After(*in.MedicalOrderStart) {
		f["medicalOrderEnd"] = "patients.endBeforeStart"
	}
	if in.TextureDrink != nil && (*in.TextureDrink < 0 || *in.TextureDrink > 4) {
		f["textureDrink"] = "patients.textureDrinkInvalid"
	}
	if in.TextureFood != nil && (*in.TextureFood < 3 || *in.TextureFood > 7) {
		f["textureFood"] = "patients.textureFoodInvalid"
	}
	if len(in.UnmappedAllergies) > MaxUnmapped {
		f["unmappedAllergies"] = "field.tooLong"
	}
	for _, a := range in.UnmappedAllergies {
		if utf8.RuneCountInString(a) > 200 {
			f["unmappedAllergies"] = "field.tooLong"
		}
	}
	if in.RoomID != nil && in.WardID == nil {
		f["wardId"] = "field.required"
	}
	return f
}

// withAge sets p's age in whole years today.
func (s *Service) withAge(p Patient) Patient {
	if p.Birthday == nil {
		return p
	}
	b, err := day.Parse(*p.Birthday)
	if err != nil {
		return p
	}
	now := s.now().In(day.Bangkok)
	age := now.Year() - b.Year()
	if now.Month() < b.Month() || (now.Month() == b.Month() && now.Day() < b.Day()) {
		age--
	}
	p.Age = &age
	return p
}

// Search lists the branch's current patients (SPEC.md §4: only Current patients are
// listed). sortBy "age" sorts by birthday the other way.
func (s *Service) Search(ctx context.Context, branch string, f Filter, p httpx.PageParams) (httpx.Page[Patient], error) {
	sortBy, desc := p.SortBy, p.SortDesc
	if sortBy == "age" {
		sortBy, desc = "birthday", !desc
	}
	items, total, err := searchPatients(ctx, s.db, branch, f, sortBy, desc, p.Size, p.Offset())
	if err != nil {
		return httpx.Page[Patient]{}, fmt.Errorf("patients.search: %w", err)
	}
	for i := range items {
		items[i] = s.withAge(items[i])
	}
	return httpx.Page[Patient]{Items: items, Total: total, Page: p.Page, Size: p.Size}, nil
}

// Get answers one patient of the branch, whatever its visit status.
func (s *Service) Get(ctx context.Context, branch, hn string) (Patient, error) {
	p, err := patientByHn(ctx, s.db, branch, hn)
	if errors.Is(err, db.ErrNotFound) {
		return Patient{}, fmt.Errorf("patients.get: %w", ErrNotFound)
	}
	if err != nil {
		return Patient{}, fmt.Errorf("patients.get: %w", err)
	}
	return s.withAge(p), nil
}

// Update saves a person's edit of one patient: the version must be the stored one (else
// ErrStale, and nothing is written); a new bed must be an active, vacant bed of the
// branch, and the ward follows the bed.
func (s *Service) Update(ctx context.Context, branch, by string, in Input) (Patient, error) {
	in.BranchCode = branch
	in.normalise()
	if f := in.validateEdit(day.TodayString(s.now())); len(f) > 0 {
		return Patient{}, errs.Fields(f)
	}
	var out Patient
	err := pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		if err := lockPatient(ctx, tx, branch, in.HnID); errors.Is(err, db.ErrNotFound) {
			return ErrNotFound
		} else if err != nil {
			return err
		}
		before, err := patientByHn(ctx, tx, branch, in.HnID)
		if err != nil {
			return err
		}
		if in.Version != before.Version {
			return &errs.Error{Kind: ErrStale.Kind, Code: ErrStale.Code, Key: ErrStale.Key,
				Data: map[string]any{"current": s.withAge(before)}}
		}
		if in.RoomID != nil && (before.Room == nil || *in.RoomID != before.Room.ID) {
			r, err := roomOf(ctx, tx, branch, *in.RoomID, in.HnID)
			if errors.Is(err, db.ErrNotFound) || (err == nil && !r.active) {
				return errs.Fields(errRoomFields)
			}
			if err != nil {
				return err
			}
			if r.taken {
				return ErrRoomTaken
			}
			in.WardID = &r.wardID
		} else if in.RoomID != nil {
			in.WardID = &before.Ward.ID
		}
		if sameInput(InputOf(before), in) {
			out = before
			return nil
		}
		after, err := s.apply(ctx, tx, branch, by, SourceEdit, []Input{in}, map[string]Patient{in.HnID: before})
		if err != nil {
			return err
		}
		out = after[0]
		return nil
	})
	if err != nil {
		return Patient{}, fmt.Errorf("patients.update: %w", err)
	}
	return s.withAge(out), nil
}

// validateEdit is validate where the ward of a bed need not be sent: it follows the bed.
func (in Input) validateEdit(today string) map[string]string {
	if in.RoomID != nil && in.WardID == nil {
		in.WardID = in.RoomID
	}
	return in.validate(today)
}

// Apply writes a change set to a branch's patients in the caller's transaction: each input
// adds the HN or replaces the stored patient whole (the caller merges what it does not
// own), with its change-log row naming by and the source (SourceExcel, SourceHospital).
// Inputs equal to what is stored are not written. It answers the patients written. The
// hospital sync (patient-sync-worker) is meant to call it; it does not check bed
// vacancy beyond the database's one-patient-per-bed index. stored, when not nil, is what
// the caller read of these HNs in this transaction with their rows locked (ByHn): Apply
// then does not read them again (an HN stored lacks is new).
func (s *Service) Apply(ctx context.Context, tx pgx.Tx, branch, by, source string, ins []Input, stored map[string]Patient) ([]Patient, error) {
	hns := make([]string, len(ins))
	for i := range ins {
		ins[i].BranchCode = branch
		ins[i].normalise()
		if f := ins[i].validate(day.TodayString(s.now())); len(f) > 0 {
			return nil, fmt.Errorf("patients.apply %s: %w", ins[i].HnID, errs.Fields(f))
		}
		hns[i] = ins[i].HnID
	}
	before := stored
	if before == nil {
		var err error
		if before, err = patientsByHn(ctx, tx, branch, hns); err != nil {
			return nil, fmt.Errorf("patients.apply: %w", err)
		}
	}
	var changed []Input
	for _, in := range ins {
		if b, ok := before[in.HnID]; !ok || !sameInput(InputOf(b), in) {
			changed = append(changed, in)
		}
	}
	out, err := s.apply(ctx, tx, branch, by, source, changed, before)
	if err != nil {
		return nil, fmt.Errorf("patients.apply: %w", err)
	}
	return out, nil
}

// apply is the one write of patients: it keeps the previous bed of those who move, writes
// them set-based and records each change (before and after) in the change log.
func (s *Service) apply(ctx context.Context, tx pgx.Tx, branch, by, source string, ins []Input, before map[string]Patient) ([]Patient, error) {
	if len(ins) == 0 {
		return nil, nil
	}
	var moving []int64
	hns := make([]string, len(ins))
	for i := range ins {
		in := &ins[i]
		hns[i] = in.HnID
		b, ok := before[in.HnID]
		if !ok {
			continue
		}
		in.previousRoomID = InputOf(b).previousRoomID
		if b.Room != nil && (in.RoomID == nil || *in.RoomID != b.Room.ID) {
			in.previousRoomID = &b.Room.ID
			moving = append(moving, b.id)
		}
	}
	if _, err := writePatients(ctx, tx, branch, by, source, ins, moving); err != nil {
		return nil, writeErr(err)
	}
	after, err := patientsByHn(ctx, tx, branch, hns)
	if err != nil {
		return nil, err
	}
	out := make([]Patient, len(ins))
	changes := make([]audit.Change, len(ins))
	for i, in := range ins {
		out[i] = after[in.HnID]
		c := audit.Change{BranchCode: branch, Entity: "patient", EntityID: in.HnID, Action: "create", After: out[i], By: by}
		if b, ok := before[in.HnID]; ok {
			b.Age = nil
			c.Action, c.Before = "update", b
		}
		changes[i] = c
	}
	if err := audit.WriteChanges(ctx, tx, changes); err != nil {
		return nil, err
	}
	return out, nil
}

// sameInput reports whether two normalised inputs say the same of a patient.
func sameInput(a, b Input) bool {
	a.Version, b.Version, a.UpdateBy, b.UpdateBy, a.previousRoomID, b.previousRoomID = 0, 0, "", "", nil, nil
	a.normalise()
	b.normalise()
	return fmt.Sprintf("%+v", deref(a)) == fmt.Sprintf("%+v", deref(b))
}

// deref answers the values of in's pointers, for comparing two inputs.
func deref(in Input) []any {
	s := func(p *string) any {
		if p == nil {
			return nil
		}
		return *p
	}
	n := func(p *int64) any {
		if p == nil {
			return nil
		}
		return *p
	}
	i := func(p *int) any {
		if p == nil {
			return nil
		}
		return *p
	}
	t := func(p *time.Time) any {
		if p == nil {
			return nil
		}
		return p.UTC().Format(time.RFC3339)
	}
	return []any{in.HnID, in.FirstNameTh, in.LastNameTh, in.FirstNameEn, in.LastNameEn, in.Gender, s(in.Birthday),
		in.Nationality, n(in.ReligionID), n(in.VegetarianID), in.PatientLanguage, in.CardLanguage, n(in.WardID),
		n(in.RoomID), s(in.AdmitDate), s(in.PlannedDischargeDate), in.VisitStatus, in.HospitalStatus, in.Diagnosis,
		in.AdditionalInfo, in.SpecialRequest, in.Remark, n(in.DietTypeID), in.TherapeuticIDs, in.AllergenIDs,
		in.RestrictedIDs, in.UnmappedAllergies, i(in.TextureDrink), i(in.TextureFood), t(in.NpoFrom), t(in.NpoTo),
		t(in.MedicalOrderStart), t(in.MedicalOrderEnd)}
}

// writeErr maps a constraint the database refuses to the caller's failure.
func writeErr(err error) error {
	if c, ok := db.IsUniqueViolation(err); ok && c == "patient_room_taken" {
		return fmt.Errorf("%w: %w", ErrRoomTaken, err)
	}
	if c, _, ok := db.IsForeignKeyViolation(err); ok {
		field := map[string]string{"patient_religion_fkey": "religionId", "patient_vegetarian_fkey": "vegetarianId",
			"patient_ward_fkey": "wardId", "patient_room_fkey": "roomId", "patient_diet_type_fkey": "dietTypeId",
			"patient_therapeutic_therapeutic_fkey": "therapeuticIds", "patient_allergen_allergen_fkey": "allergenIds",
			"patient_restricted_restricted_fkey": "restrictedIds"}[c]
		if field != "" {
			return fmt.Errorf("%w: %w", errs.Fields(map[string]string{field: "patients.refNotFound"}), err)
		}
	}
	return err
}

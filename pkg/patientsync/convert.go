package patientsync

import (
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"samrap/pkg/day"
	"samrap/pkg/hospital"
	"samrap/pkg/patients"
)

// Field kinds of an unmapped code this package adds to hospital's: a code the maps gave
// that the branch's master data does not have.
const fieldTexture = hospital.FieldTexture

// fullName joins a first and last name as the hospital's text.
func fullName(first, last string) string { return strings.TrimSpace(first + " " + last) }

// splitName splits the hospital's text at its first space into first and last name.
func splitName(name string) (string, string) {
	first, last, _ := strings.Cut(strings.TrimSpace(name), " ")
	return cut(first, patients.MaxName), cut(strings.TrimSpace(last), patients.MaxName)
}

func cut(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n])
}

// midnight is the Bangkok day of t at midnight; zero stays zero.
func midnight(t time.Time) time.Time {
	if t.IsZero() {
		return t
	}
	return day.Today(t)
}

// dateOf reads a stored YYYY-MM-DD at its midnight in Bangkok; none (or unreadable) is zero.
func dateOf(s *string) time.Time {
	if s == nil {
		return time.Time{}
	}
	t, err := day.Parse(*s)
	if err != nil {
		return time.Time{}
	}
	return t
}

func codes(rs []patients.Ref) []string {
	out := make([]string, len(rs))
	for i, r := range rs {
		out[i] = r.Code
	}
	slices.Sort(out)
	return out
}

func code(r *patients.Ref) string {
	if r == nil {
		return ""
	}
	return r.Code
}

// hospitalAllergies is what the hospital last said of a patient's allergies (stored).
type hospitalAllergies struct{ Codes, Texts []string }

// samrapPatient is a stored patient in the terms of hospital.Diff. Its hospital allergies
// are those stored that Samrap still holds: one a person has removed from the patient is
// gone from both lists.
func samrapPatient(p patients.Patient, h hospitalAllergies) hospital.Patient {
	out := hospital.Patient{HN: p.HnID, NameTh: fullName(p.FirstNameTh, p.LastNameTh),
		NameEn: fullName(p.FirstNameEn, p.LastNameEn), Gender: p.Gender, WardCode: code(p.Ward), RoomCode: code(p.Room),
		AdmitDate: dateOf(p.AdmitDate), VisitStatus: hospital.VisitStatus(p.VisitStatus), DietTypeCode: code(p.DietType),
		TherapeuticCodes: codes(p.Therapeutics), RestrictedCodes: codes(p.Restricted),
		Allergies: hospital.Allergies{Codes: codes(p.Allergens), Texts: slices.Clone(p.UnmappedAllergies)},
		Texture:   hospital.Texture{Drinks: p.TextureDrink, Foods: p.TextureFood}}
	if p.Birthday != nil {
		out.BirthDate = *p.Birthday
	}
	if p.PlannedDischargeDate != nil {
		t := dateOf(p.PlannedDischargeDate)
		out.PlannedEnd = &t
	}
	if p.NpoFrom != nil {
		out.NPO = &hospital.Period{From: *p.NpoFrom, To: p.NpoTo}
	}
	held := func(list, of []string) []string {
		var keep []string
		for _, x := range list {
			if slices.Contains(of, x) {
				keep = append(keep, x)
			}
		}
		return keep
	}
	out.HospitalAllergies = hospital.Allergies{Codes: held(h.Codes, out.Allergies.Codes), Texts: held(h.Texts, out.Allergies.Texts)}
	return out
}

// fit puts a mapped census patient in the shape Samrap can store, before the diff: a bed
// is Samrap's room (its code the hospital's bed, else its room); dates are Bangkok days; a
// partial birth date keeps Samrap's when it agrees, else is read as its first day; a code
// the branch's master data lacks, a bed of another ward and an IDDSI level outside Samrap's
// range are unmapped (an allergy keeps its text: none is dropped); an NPO window that ends
// before it starts stays open.
func fit(in hospital.Patient, before *hospital.Patient, c patients.Codes) hospital.Patient {
	p := in
	if p.BedCode != "" {
		p.RoomCode = p.BedCode
	}
	p.BedCode = ""
	unmapped := func(field, code string) {
		p.Unmapped = append(p.Unmapped, hospital.Unmapped{Field: field, Code: code})
	}
	if p.WardCode != "" {
		ward, ok := c.ID("ward", p.WardCode)
		switch {
		case !ok:
			unmapped(hospital.FieldWard, p.WardCode)
			p.WardCode, p.RoomCode = "", ""
		case p.RoomCode != "":
			if w, ok := c.WardOf(p.RoomCode); !ok || w != ward {
				unmapped(hospital.FieldBed, p.RoomCode)
				p.RoomCode = ""
			}
		}
	}
	p.AdmitDate = midnight(p.AdmitDate)
	if p.PlannedEnd != nil {
		t := midnight(*p.PlannedEnd)
		p.PlannedEnd = &t
		if !p.AdmitDate.IsZero() && t.Before(p.AdmitDate) {
			p.PlannedEnd = nil
		}
	}
	// the hospital may send a year or a year and month alone (FHIR partial dates)
	if b := p.BirthDate; b != "" && len(b) < len(time.DateOnly) {
		switch {
		case before != nil && strings.HasPrefix(before.BirthDate, b):
			p.BirthDate = before.BirthDate
		case len(b) == 4:
			p.BirthDate = b + "-01-01"
		case len(b) == 7:
			p.BirthDate = b + "-01"
		default:
			p.BirthDate = ""
		}
	}
	if p.BirthDate != "" && !day.Valid(p.BirthDate) {
		p.BirthDate = ""
	}
	if p.DietTypeCode != "" {
		if _, ok := c.ID("dietType", p.DietTypeCode); !ok {
			unmapped(hospital.FieldDiet, p.DietTypeCode)
			p.DietTypeCode = ""
		}
	}
	p.TherapeuticCodes = known(p.TherapeuticCodes, "therapeutic", hospital.FieldDiet, c, unmapped)
	p.RestrictedCodes = known(p.RestrictedCodes, "restricted", hospital.FieldIngredient, c, unmapped)
	var allergens, texts []string
	for _, a := range p.Allergies.Codes {
		if _, ok := c.ID("allergen", a); ok {
			allergens = append(allergens, a)
		} else {
			unmapped(hospital.FieldAllergy, a)
			texts = append(texts, a)
		}
	}
	for _, t := range p.Allergies.Texts {
		texts = append(texts, cut(t, 200))
	}
	slices.Sort(texts)
	p.Allergies = hospital.Allergies{Codes: allergens, Texts: slices.Compact(texts)}
	p.HospitalAllergies = p.Allergies
	if l := p.Texture.Foods; l != nil && (*l < 3 || *l > 7) {
		unmapped(fieldTexture, "IDDSI food level")
		p.Texture.Foods = nil
	}
	if l := p.Texture.Drinks; l != nil && (*l < 0 || *l > 4) {
		unmapped(hospital.FieldFluid, "IDDSI drink level")
		p.Texture.Drinks = nil
	}
	if p.NPO != nil && p.NPO.To != nil && !p.NPO.To.After(p.NPO.From) {
		p.NPO = &hospital.Period{From: p.NPO.From}
	}
	return p
}

func known(list []string, kind, field string, c patients.Codes, unmapped func(string, string)) []string {
	var out []string
	for _, x := range list {
		if _, ok := c.ID(kind, x); ok {
			out = append(out, x)
		} else {
			unmapped(field, x)
		}
	}
	return out
}

// input is what Apply writes for a patient after the sync: the stored patient (or a new
// one) with what the hospital owns and the food facts the diff merged. Samrap's own facts
// (language, special request, remark, diagnosis, ...) are the stored ones.
func input(after hospital.Patient, stored *patients.Patient, c patients.Codes) patients.Input {
	in := patients.Input{HnID: after.HN}
	th, en := "", ""
	if stored != nil {
		in = patients.InputOf(*stored)
		th, en = fullName(stored.FirstNameTh, stored.LastNameTh), fullName(stored.FirstNameEn, stored.LastNameEn)
	}
	if after.NameTh != th {
		in.FirstNameTh, in.LastNameTh = splitName(after.NameTh)
	}
	if after.NameEn != en {
		in.FirstNameEn, in.LastNameEn = splitName(after.NameEn)
	}
	if after.Gender != "" {
		in.Gender = after.Gender
	}
	in.Birthday = nil
	if after.BirthDate != "" {
		b := after.BirthDate
		in.Birthday = &b
	}
	if after.WardCode != "" {
		ward, _ := c.ID("ward", after.WardCode)
		in.WardID, in.RoomID = &ward, nil
		if after.RoomCode != "" {
			room, _ := c.ID("room", after.RoomCode)
			in.RoomID = &room
		}
	}
	in.AdmitDate, in.PlannedDischargeDate = nil, nil
	if !after.AdmitDate.IsZero() {
		s := after.AdmitDate.In(day.Bangkok).Format(time.DateOnly)
		in.AdmitDate = &s
	}
	if after.PlannedEnd != nil {
		s := after.PlannedEnd.In(day.Bangkok).Format(time.DateOnly)
		if in.AdmitDate == nil || s >= *in.AdmitDate {
			in.PlannedDischargeDate = &s
		}
	}
	in.VisitStatus = string(after.VisitStatus)
	switch after.VisitStatus {
	case hospital.Current:
		in.HospitalStatus = "IN_HOSPITAL"
	case hospital.Discharge:
		// gone home: the bed is free (and kept as the previous one)
		in.HospitalStatus, in.RoomID = "DISCHARGED", nil
	}
	in.DietTypeID = nil
	if after.DietTypeCode != "" {
		id, _ := c.ID("dietType", after.DietTypeCode)
		in.DietTypeID = &id
	}
	ids := func(kind string, list []string) []int64 {
		out := []int64{}
		for _, x := range list {
			if id, ok := c.ID(kind, x); ok {
				out = append(out, id)
			}
		}
		return out
	}
	in.TherapeuticIDs = ids("therapeutic", after.TherapeuticCodes)
	in.RestrictedIDs = ids("restricted", after.RestrictedCodes)
	in.AllergenIDs = ids("allergen", after.Allergies.Codes)
	in.UnmappedAllergies = slices.Clone(after.Allergies.Texts)
	in.TextureDrink, in.TextureFood = after.Texture.Drinks, after.Texture.Foods
	in.NpoFrom, in.NpoTo = nil, nil
	if after.NPO != nil {
		from := after.NPO.From
		in.NpoFrom, in.NpoTo = &from, after.NPO.To
	}
	return in
}

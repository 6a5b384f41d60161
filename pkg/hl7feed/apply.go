package hl7feed

import (
	"strings"

	"samrap/pkg/hl7"
	"samrap/pkg/hospital"
)

// Admission is what a message says of its patient in the census's terms (hospital codes),
// for the branch's maps (Maps.Apply) to turn into Samrap's, as a FHIR census is: PID's
// identity, PV1's location and admission, AL1's food allergies, and the diet orders that
// are not cancelled. Codes of SNOMED CT, under whatever name the sender gives it, take the
// system of the FHIR census, so the default allergen and IDDSI maps know them.
func Admission(ev hl7.Event) hospital.Admission {
	p := ev.Patient
	a := hospital.Admission{HN: p.HN, NameTh: p.NameTh, NameEn: p.NameEn, Gender: p.Gender(), BirthDate: p.BirthDate}
	if v := ev.Visit; v != nil {
		// an A04 registers a visit that is not an inpatient stay: its location is no bed
		if ev.Kind != hl7.KindRegister {
			a.Ward, a.Room, a.Bed = v.Location.PointOfCare, v.Location.Room, v.Location.Bed
		}
		if v.AdmitAt != nil {
			a.Admitted = *v.AdmitAt
		}
		a.PlannedEnd = v.ExpectedDischarge
	}
	if a.Admitted.IsZero() && ev.Kind == hl7.KindAdmit {
		a.Admitted = ev.SentAt // an admission without PV1-44: when it was recorded
	}
	for _, al := range ev.Allergies {
		if food(al.Type) {
			a.Allergies = append(a.Allergies, concept(al.Allergen))
		}
	}
	for _, o := range ev.Orders {
		if !cancels(o) {
			if d, ok := dietOrder(o); ok {
				a.Diets = append(a.Diets, d)
			}
		}
	}
	return a
}

// cancelled answers the diet orders a message cancels or discontinues (ORC-1 CA, DC, OC, OD
// or ORC-5 CA, DC), in the census's terms: an NPO among them ends the patient's fast.
func cancelled(ev hl7.Event) []hospital.DietOrder {
	var out []hospital.DietOrder
	for _, o := range ev.Orders {
		if cancels(o) {
			if d, ok := dietOrder(o); ok {
				out = append(out, d)
			}
		}
	}
	return out
}

func cancels(o hl7.DietOrder) bool {
	switch strings.ToUpper(o.Control) {
	case "CA", "DC", "OC", "OD", "CR", "DR":
		return true
	}
	switch strings.ToUpper(o.Status) {
	case "CA", "DC":
		return true
	}
	return false
}

// dietOrder reads an order's items: each ODS-3 code of a diet (ODS-1 D, or untyped) is a
// diet type (diet, texture or NPO: the maps tell which), each of a preference (P) a food to
// leave out (the maps' ingredients); supplements (S) are not read. HL7 v2 has no field of
// its own for a drink's consistency: a branch maps such a code in maps.textures, which
// reads it as a food level. The order's start and end bound it.
func dietOrder(o hl7.DietOrder) (hospital.DietOrder, bool) {
	d := hospital.DietOrder{From: o.Start, To: o.End}
	for _, it := range o.Items {
		switch strings.ToUpper(it.Type) {
		case "", "D":
			for _, c := range it.Codes {
				d.Types = append(d.Types, concept(c))
			}
		case "P":
			for _, c := range it.Codes {
				d.Excludes = append(d.Excludes, concept(c))
			}
		}
	}
	return d, len(d.Types) > 0 || len(d.Excludes) > 0
}

// food reports whether an AL1-2 type (HL7 table 0127) is a food allergy: FA, or none given
// (a sender that does not type its allergies must not lose one).
func food(t string) bool { return t == "" || strings.EqualFold(t, "FA") }

func concept(c hl7.Concept) hospital.Concept {
	out := hospital.Concept{Text: c.Text}
	for _, cd := range c.Codings {
		system := cd.System
		if cd.SNOMED() {
			system = hospital.SNOMED
		}
		out.Codings = append(out.Codings, hospital.Coding{System: system, Code: cd.Code, Display: cd.Text})
	}
	return out
}

// Plan is what a message does to its patient's stay.
type Plan int

const (
	// Stay: the patient is in hospital after the message (admit, transfer, and their
	// cancels' returns): admitted when unknown, readmitted when discharged.
	Stay Plan = iota
	// Leave: the patient has left (discharge, a cancelled admission).
	Leave
	// Update: what the message says of a known patient, whose stay it does not change (an
	// update, a registration, a diet order); a patient Samrap does not have is admitted
	// only when the message's visit is a current inpatient one.
	Update
)

// PlanOf answers the plan of a message.
func PlanOf(ev hl7.Event) Plan {
	switch ev.Kind {
	case hl7.KindAdmit, hl7.KindTransfer, hl7.KindCancelTransfer, hl7.KindCancelDischarge:
		return Stay
	case hl7.KindDischarge, hl7.KindCancelAdmit:
		return Leave
	}
	return Update
}

// inpatient reports whether the message's visit is a current inpatient stay (PV1-2 I, no
// discharge time).
func inpatient(ev hl7.Event) bool {
	return ev.Visit != nil && strings.EqualFold(ev.Visit.Class, "I") && ev.Visit.DischargeAt == nil && ev.Kind != hl7.KindRegister
}

// fill completes a fitted patient with what the message does not speak of, from Samrap's
// (before; nil for a patient Samrap does not have), so that the diff changes only what the
// message says: no AL1, no word on allergies; no diet order, no word on the diet, texture
// or NPO; a diet order that neither orders nor cancels an NPO leaves the fast as it is.
func fill(in *hospital.Patient, before *hospital.Patient, ev hl7.Event, cancelledNPO bool) {
	if before == nil {
		return
	}
	if len(ev.Allergies) == 0 {
		in.Allergies, in.HospitalAllergies = before.HospitalAllergies, before.HospitalAllergies
	}
	if in.NPO == nil && (ev.Kind != hl7.KindDietOrder || !cancelledNPO) {
		in.NPO = before.NPO
	}
}

// keepStay undoes what the diff did to the stay of a patient a message only updates: a
// discharged or pre-admitted patient is not readmitted, nor moved.
func keepStay(cs *hospital.ChangeSet) {
	var kept []hospital.Update
	for _, u := range cs.Updated {
		if u.Changes.Readmitted {
			u.After.VisitStatus, u.Changes.Readmitted = u.Before.VisitStatus, false
			u.After.WardCode, u.After.RoomCode, u.After.BedCode, u.Changes.Moved = u.Before.WardCode, u.Before.RoomCode, u.Before.BedCode, false
		}
		if u.Changes.Any() {
			kept = append(kept, u)
		} else {
			cs.Unchanged++
		}
	}
	cs.Updated = kept
}

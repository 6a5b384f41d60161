package hospital

import (
	"slices"
	"strings"
)

// ChangeSet is what a sync changes in a branch: every list is ordered by HN.
type ChangeSet struct {
	Admitted   []Patient // in the census, unknown to Samrap
	Updated    []Update  // in both, and something differs
	Discharged []Update  // Current in Samrap, absent from the census
	Unchanged  int
	Unmapped   []PatientUnmapped // every unmapped code of the census, kept and counted
}

// Update is one patient's change: Before is Samrap's row, After what to store. Changes says
// what differs, so that the caller records each change (SPEC.md's patient change log).
type Update struct {
	Before  Patient
	After   Patient
	Changes Changes
}

// Changes lists what differs between Before and After.
type Changes struct {
	Identity    bool // name, gender, birth date, admission or planned discharge
	Readmitted  bool // Samrap had the patient discharged or pre-admitted
	Moved       bool // ward, room or bed
	Discharged  bool
	Diet        bool // diet type or therapeutic foods
	Texture     bool
	NPO         bool
	Ingredients []string // restricted ingredient codes added
	// AllergiesAdded are the hospital's allergies Samrap did not hold. AllergiesNeedPerson
	// are allergies the hospital listed before and no longer does: kept, for a person to
	// confirm (see Allergies).
	AllergiesAdded      Allergies
	AllergiesNeedPerson Allergies
}

// Any reports whether anything changes.
func (c Changes) Any() bool {
	return c.Identity || c.Readmitted || c.Moved || c.Discharged || c.Diet || c.Texture || c.NPO ||
		len(c.Ingredients) > 0 || !c.AllergiesAdded.Empty() || !c.AllergiesNeedPerson.Empty()
}

// PatientUnmapped is an unmapped code with the patient it came from.
type PatientUnmapped struct {
	HN string
	Unmapped
}

// Counts are the change set's figures, for the sync's report.
type Counts struct {
	Admitted, Updated, Discharged, Unchanged     int
	Moved, Diet, Texture, NPO, AllergiesAdded    int
	AllergiesNeedPerson, Ingredients, Readmitted int
	Unmapped                                     int
}

// Counts counts patients per kind of change (and unmapped codes).
func (cs ChangeSet) Counts() Counts {
	n := Counts{Admitted: len(cs.Admitted), Updated: len(cs.Updated), Discharged: len(cs.Discharged),
		Unchanged: cs.Unchanged, Unmapped: len(cs.Unmapped)}
	for _, p := range cs.Admitted {
		if !p.Allergies.Empty() {
			n.AllergiesAdded++
		}
	}
	for _, u := range cs.Updated {
		c := u.Changes
		n.Moved += b2i(c.Moved)
		n.Diet += b2i(c.Diet)
		n.Texture += b2i(c.Texture)
		n.NPO += b2i(c.NPO)
		n.Readmitted += b2i(c.Readmitted)
		n.AllergiesAdded += b2i(!c.AllergiesAdded.Empty())
		n.AllergiesNeedPerson += b2i(!c.AllergiesNeedPerson.Empty())
		n.Ingredients += b2i(len(c.Ingredients) > 0)
	}
	return n
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Diff computes what a sync changes, given Samrap's patients of the branch (any visit status)
// and the mapped census (Maps.Apply). It is pure: it reads its arguments and returns new
// values. The rules, which split what the hospital owns from what Samrap owns:
//
//   - The hospital owns identity, admission, location and visit status: they follow the
//     census, except that a value the census lacks (an unmapped ward, a missing name) keeps
//     Samrap's.
//   - A patient in the census and not in Samrap is admitted; one Samrap has discharged or
//     pre-admitted is readmitted. A Current patient absent from the census is discharged;
//     PreAdmit patients are not (the census holds only stays in progress).
//   - Diet type, therapeutic foods and texture follow the hospital's diet order when it has
//     one and Samrap's value differs (the change is recorded, never silent); with no active
//     order, Samrap's stand. A diet order whose types are all unmapped leaves the diet as is,
//     and one that states no IDDSI level for drinks or foods leaves that level as is: a
//     texture restriction is never lifted by silence.
//   - NPO is a medical order: it follows the census, and ends when the hospital's does.
//   - Allergies and restricted ingredients are only ever added. An allergy the hospital no
//     longer lists is kept and reported as needing a person.
func Diff(samrap, census []Patient) ChangeSet {
	var cs ChangeSet
	known := make(map[string]int, len(samrap))
	for i, p := range samrap {
		known[p.HN] = i
	}
	seen := make(map[string]bool, len(census))
	for _, in := range census {
		if seen[in.HN] {
			continue // the same HN twice in a census: the first stay counts
		}
		seen[in.HN] = true
		for _, u := range in.Unmapped {
			cs.Unmapped = append(cs.Unmapped, PatientUnmapped{HN: in.HN, Unmapped: u})
		}
		i, ok := known[in.HN]
		if !ok {
			cs.Admitted = append(cs.Admitted, in)
			continue
		}
		u := update(samrap[i], in)
		if u.Changes.Any() {
			cs.Updated = append(cs.Updated, u)
		} else {
			cs.Unchanged++
		}
	}
	for _, p := range samrap {
		if p.VisitStatus != Current || seen[p.HN] {
			continue
		}
		after := clone(p)
		after.VisitStatus = Discharge
		cs.Discharged = append(cs.Discharged, Update{Before: p, After: after, Changes: Changes{Discharged: true}})
	}
	byHN := func(a, b Update) int { return strings.Compare(a.After.HN, b.After.HN) }
	slices.SortFunc(cs.Admitted, func(a, b Patient) int { return strings.Compare(a.HN, b.HN) })
	slices.SortFunc(cs.Updated, byHN)
	slices.SortFunc(cs.Discharged, byHN)
	slices.SortStableFunc(cs.Unmapped, func(a, b PatientUnmapped) int { return strings.Compare(a.HN, b.HN) })
	return cs
}

// update merges one census patient into Samrap's row.
func update(before, in Patient) Update {
	a := clone(before)
	var c Changes

	keep := func(dst *string, v string) {
		if v != "" && v != *dst {
			*dst = v
			c.Identity = true
		}
	}
	keep(&a.NameTh, in.NameTh)
	keep(&a.NameEn, in.NameEn)
	keep(&a.Gender, in.Gender)
	keep(&a.BirthDate, in.BirthDate)
	if !in.AdmitDate.IsZero() && !in.AdmitDate.Equal(a.AdmitDate) {
		a.AdmitDate, c.Identity = in.AdmitDate, true
	}
	if in.PlannedEnd != nil && !eqTime(in.PlannedEnd, a.PlannedEnd) {
		a.PlannedEnd, c.Identity = in.PlannedEnd, true
	}
	if a.VisitStatus != Current {
		a.VisitStatus, c.Readmitted = Current, true
	}
	if in.WardCode != "" && (in.WardCode != a.WardCode || in.RoomCode != a.RoomCode || in.BedCode != a.BedCode) {
		a.WardCode, a.RoomCode, a.BedCode, c.Moved = in.WardCode, in.RoomCode, in.BedCode, true
	}

	if in.HospitalDietOrdered {
		if in.DietTypeCode != "" && in.DietTypeCode != a.DietTypeCode {
			a.DietTypeCode, c.Diet = in.DietTypeCode, true
		}
		if (in.DietTypeCode != "" || len(in.TherapeuticCodes) > 0) && !slices.Equal(Union(in.TherapeuticCodes), Union(a.TherapeuticCodes)) {
			a.TherapeuticCodes, c.Diet = Union(in.TherapeuticCodes), true
		}
		// A level the order states replaces Samrap's; an order silent on texture leaves it.
		if in.Texture.Drinks != nil && !eqInt(in.Texture.Drinks, a.Texture.Drinks) {
			a.Texture.Drinks, c.Texture = in.Texture.Drinks, true
		}
		if in.Texture.Foods != nil && !eqInt(in.Texture.Foods, a.Texture.Foods) {
			a.Texture.Foods, c.Texture = in.Texture.Foods, true
		}
	}
	if !in.NPO.Equal(a.NPO) {
		a.NPO, c.NPO = in.NPO, true
	}

	held := Allergies{Codes: Union(a.Allergies.Codes), Texts: Union(a.Allergies.Texts)}
	now := Allergies{Codes: Union(in.Allergies.Codes), Texts: Union(in.Allergies.Texts)}
	was := Allergies{Codes: Union(a.HospitalAllergies.Codes), Texts: Union(a.HospitalAllergies.Texts)}
	c.AllergiesAdded = Allergies{Codes: minus(now.Codes, held.Codes), Texts: minus(now.Texts, held.Texts)}
	c.AllergiesNeedPerson = Allergies{Codes: minus(was.Codes, now.Codes), Texts: minus(was.Texts, now.Texts)}
	a.Allergies = Allergies{Codes: Union(held.Codes, now.Codes), Texts: Union(held.Texts, now.Texts)}
	a.HospitalAllergies = Allergies{Codes: Union(was.Codes, now.Codes), Texts: Union(was.Texts, now.Texts)}

	restricted := Union(a.RestrictedCodes)
	c.Ingredients = minus(Union(in.RestrictedCodes), restricted)
	a.RestrictedCodes = Union(restricted, in.RestrictedCodes)

	a.HospitalDietOrdered = in.HospitalDietOrdered
	a.Unmapped = in.Unmapped
	return Update{Before: before, After: a, Changes: c}
}

// clone copies a patient so that After never shares a slice with Before.
func clone(p Patient) Patient {
	p.TherapeuticCodes = slices.Clone(p.TherapeuticCodes)
	p.RestrictedCodes = slices.Clone(p.RestrictedCodes)
	p.Allergies = Allergies{Codes: slices.Clone(p.Allergies.Codes), Texts: slices.Clone(p.Allergies.Texts)}
	p.HospitalAllergies = Allergies{Codes: slices.Clone(p.HospitalAllergies.Codes), Texts: slices.Clone(p.HospitalAllergies.Texts)}
	p.Unmapped = slices.Clone(p.Unmapped)
	return p
}

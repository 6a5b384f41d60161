package hospital

import (
	"slices"
	"time"
)

// VisitStatus is a patient's stay as Samrap shows it (SPEC.md §4).
type VisitStatus string

const (
	Current   VisitStatus = "Current"
	PreAdmit  VisitStatus = "PreAdmit"
	Discharge VisitStatus = "Discharge"
)

// Patient is one patient of a branch in Samrap's terms: the fields a sync reads or writes.
// hnId and branchCode identify a patient; a Patient here is always of one branch, the one
// the caller is syncing. Samrap's own food facts (special request, remark, language) are
// not here: a sync never touches them.
type Patient struct {
	HN          string
	NameTh      string
	NameEn      string
	Gender      string // FHIR administrative gender
	BirthDate   string // YYYY, YYYY-MM or YYYY-MM-DD
	WardCode    string
	RoomCode    string
	BedCode     string
	AdmitDate   time.Time
	PlannedEnd  *time.Time // planned discharge
	VisitStatus VisitStatus

	DietTypeCode        string
	TherapeuticCodes    []string
	Allergies           Allergies
	RestrictedCodes     []string // restricted ingredient codes
	Texture             Texture
	NPO                 *Period
	HospitalAllergies   Allergies // see Allergies
	HospitalDietOrdered bool      // census only: the hospital has an active diet order
	Unmapped            []Unmapped
}

// Allergies are allergy codes (rows of the branch's Allergies master data) and the texts of
// allergies no code could be found for. On a Samrap patient, Patient.Allergies is what
// Samrap holds and Patient.HospitalAllergies the part of it that came from the hospital and
// that no person has reviewed since: a sync adds to both, and reports an entry of
// HospitalAllergies that the hospital no longer lists as needing a person. The person either
// removes the entry from both (the allergy is gone) or from HospitalAllergies only (keep it).
type Allergies struct {
	Codes []string
	Texts []string
}

// Empty reports whether there is no allergy.
func (a Allergies) Empty() bool { return len(a.Codes) == 0 && len(a.Texts) == 0 }

// Texture is the IDDSI level a patient needs (0–7), for drinks and for foods; nil is no
// restriction.
type Texture struct {
	Drinks *int
	Foods  *int
}

// Equal reports whether both levels are the same.
func (t Texture) Equal(o Texture) bool { return eqInt(t.Drinks, o.Drinks) && eqInt(t.Foods, o.Foods) }

// Period is an NPO (nothing by mouth) window; To nil is open-ended.
type Period struct {
	From time.Time
	To   *time.Time
}

// Equal reports whether two periods are the same instants.
func (p *Period) Equal(o *Period) bool {
	if p == nil || o == nil {
		return p == nil && o == nil
	}
	return p.From.Equal(o.From) && eqTime(p.To, o.To)
}

// Unmapped is a hospital code the branch's maps have no Samrap code for. It is kept (the
// text stays on the patient where it is an allergy) and counted, never dropped.
type Unmapped struct {
	Field   string // one of the Field* constants
	System  string
	Code    string
	Display string
	// Groups: an allergy's EU-14 groups the branch has no allergen for (its text is kept).
	Groups []string
}

// The fields an unmapped code can come from.
const (
	FieldWard    = "ward"
	FieldRoom    = "room"
	FieldBed     = "bed"
	FieldDiet    = "diet"
	FieldTexture = "texture"
	FieldFluid   = "fluid"
	FieldAllergy = "allergy"
	// FieldAllergyPart: an allergy partly mapped: the branch has allergens for some of the
	// groups its code names, not for Unmapped.Groups. Its codes and its text are kept.
	FieldAllergyPart = "allergyPart"
	FieldIngredient  = "ingredient"
)

func eqInt(a, b *int) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return *a == *b
}

func eqTime(a, b *time.Time) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return a.Equal(*b)
}

// Union answers the sorted, duplicate-free union of the lists, without empty strings.
func Union(lists ...[]string) []string {
	var out []string
	for _, l := range lists {
		for _, s := range l {
			if s != "" {
				out = append(out, s)
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// minus returns the entries of a not in b (both sorted sets).
func minus(a, b []string) []string {
	var out []string
	for _, s := range a {
		if _, found := slices.BinarySearch(b, s); !found {
			out = append(out, s)
		}
	}
	return out
}

package hospital

import (
	"fmt"
	"time"
)

// Maps translate a hospital's codes into Samrap's, per branch. A key is "system|code" or a
// bare code (matching any system); the first of the two that is present wins.
//
// Locations: when a location map is empty the hospital's codes are Samrap's (a branch whose
// wards were set up with the hospital's codes needs no map); once it has entries, a code
// without one is unmapped.
type Maps struct {
	Wards map[string]string `json:"wards,omitempty"`
	Rooms map[string]string `json:"rooms,omitempty"`
	Beds  map[string]string `json:"beds,omitempty"`
	// DietTypes and Therapeutic map oralDiet.type codes to Samrap diet type and therapeutic
	// food codes; one hospital code may be both.
	DietTypes   map[string]string `json:"dietTypes,omitempty"`
	Therapeutic map[string]string `json:"therapeutic,omitempty"`
	// NPO lists the oralDiet.type codes that mean nothing by mouth.
	NPO []string `json:"npo,omitempty"`
	// Textures maps texture, fluid consistency or diet codes to IDDSI levels (0–7), on top of
	// the SNOMED CT IDDSI concepts every branch gets.
	Textures map[string]int `json:"textures,omitempty"`
	// Allergens maps allergy codes, or EU-14 groups (GroupPeanuts, ...), to the branch's
	// Allergies master codes. SNOMED CT allergens reach their groups by default; a group
	// without an entry leaves its part of an allergy unmapped.
	Allergens map[string]string `json:"allergens,omitempty"`
	// Ingredients maps excludeFoodModifier codes to restricted ingredient codes.
	Ingredients map[string]string `json:"ingredients,omitempty"`
}

func (m Maps) validate(f map[string]string) {
	for name, mm := range map[string]map[string]string{
		"wards": m.Wards, "rooms": m.Rooms, "beds": m.Beds, "dietTypes": m.DietTypes,
		"therapeutic": m.Therapeutic, "allergens": m.Allergens, "ingredients": m.Ingredients,
	} {
		for k, v := range mm {
			if k == "" || v == "" {
				f["maps."+name] = "field.invalid"
			}
		}
	}
	for k, level := range m.Textures {
		if k == "" || level < 0 || level > 7 {
			f["maps.textures"] = "field.invalid"
		}
	}
	for _, k := range m.NPO {
		if k == "" {
			f["maps.npo"] = "field.invalid"
		}
	}
}

func lookup(m map[string]string, c Coding) (string, bool) {
	if v, ok := m[c.System+"|"+c.Code]; ok {
		return v, true
	}
	v, ok := m[c.Code]
	return v, ok
}

func (m Maps) npo(c Coding) bool {
	for _, k := range m.NPO {
		if k == c.System+"|"+c.Code || k == c.Code {
			return true
		}
	}
	return false
}

func (m Maps) iddsi(c Coding) (int, bool) {
	if v, ok := m.Textures[c.System+"|"+c.Code]; ok {
		return v, true
	}
	if v, ok := m.Textures[c.Code]; ok {
		return v, true
	}
	return defaultIDDSI(c.System, c.Code)
}

// allergens returns the branch's allergen codes for a coding: its own entry, else those of
// the coding's EU-14 groups; missing are the coding's groups the branch has no allergen for.
func (m Maps) allergens(c Coding) (codes, missing []string) {
	if v, ok := lookup(m.Allergens, c); ok {
		return []string{v}, nil
	}
	for _, g := range defaultAllergenGroups(c.System, c.Code) {
		if v, ok := m.Allergens[g]; ok {
			codes = append(codes, v)
		} else {
			missing = append(missing, g)
		}
	}
	return codes, missing
}

// AllergenGroups are the EU-14 groups, in the regulation's order. A group without a
// Maps.Allergens entry (or whose entry the branch's master data lacks) leaves its part of
// an allergy unmapped: the connector settings screen warns of them.
var AllergenGroups = []string{GroupGluten, GroupCrustaceans, GroupEggs, GroupFish, GroupPeanuts, GroupSoybeans,
	GroupMilk, GroupTreeNuts, GroupCelery, GroupMustard, GroupSesame, GroupSulphites, GroupLupin, GroupMolluscs}

// location maps one location code: identity when the map is empty.
func location(m map[string]string, code, field string, p *Patient) string {
	if code == "" {
		return ""
	}
	if len(m) == 0 {
		return code
	}
	if v, ok := m[code]; ok {
		return v
	}
	p.Unmapped = append(p.Unmapped, Unmapped{Field: field, Code: code})
	return ""
}

func unmapped(field string, c Concept) Unmapped {
	u := Unmapped{Field: field, Display: c.Label()}
	if len(c.Codings) > 0 {
		u.System, u.Code = c.Codings[0].System, c.Codings[0].Code
	}
	return u
}

// Apply turns the census into Samrap patients of the branch (VisitStatus Current). Every
// code without a map is kept in Patient.Unmapped; an allergy without one, or with a group
// the branch cannot place, also keeps its text in Allergies.Texts, so that no allergy, nor
// part of one, is lost. A patient's location stays empty when its
// ward is unmapped (the sync then keeps Samrap's).
func (m Maps) Apply(c Census) []Patient {
	out := make([]Patient, 0, len(c.Admissions))
	for _, a := range c.Admissions {
		p := Patient{
			HN: a.HN, NameTh: a.NameTh, NameEn: a.NameEn, Gender: a.Gender, BirthDate: a.BirthDate,
			AdmitDate: a.Admitted, PlannedEnd: a.PlannedEnd, VisitStatus: Current,
			HospitalDietOrdered: len(a.Diets) > 0,
		}
		p.WardCode = location(m.Wards, a.Ward, FieldWard, &p)
		p.RoomCode = location(m.Rooms, a.Room, FieldRoom, &p)
		p.BedCode = location(m.Beds, a.Bed, FieldBed, &p)
		if p.WardCode == "" {
			p.RoomCode, p.BedCode = "", ""
		}
		m.applyAllergies(a.Allergies, &p)
		for _, d := range a.Diets {
			m.applyDiet(d, a.Admitted, &p)
		}
		p.TherapeuticCodes = Union(p.TherapeuticCodes)
		p.RestrictedCodes = Union(p.RestrictedCodes)
		out = append(out, p)
	}
	return out
}

// applyAllergies maps each allergy to the branch's allergen codes. An allergy nothing maps
// keeps its text (unmapped); one whose code names several groups, some of which the branch
// has no allergen for (shellfish: crustaceans and molluscs), keeps the codes it has and its
// text as well, listed as a part unmapped (FieldAllergyPart with the groups missing): no
// part of an allergy is dropped, and the text blocks orders until a person confirms.
func (m Maps) applyAllergies(list []Concept, p *Patient) {
	var codes, texts []string
	for _, c := range list {
		var found, missing []string
		u := unmapped(FieldAllergy, c)
		for _, cd := range c.Codings {
			got, miss := m.allergens(cd)
			found = append(found, got...)
			if len(miss) > 0 && len(missing) == 0 {
				u.System, u.Code = cd.System, cd.Code
			}
			missing = append(missing, miss...)
		}
		u.Groups = Union(missing)
		if len(found) > 0 && len(missing) > 0 {
			u.Field = FieldAllergyPart
		}
		if len(found) == 0 || len(missing) > 0 {
			texts = append(texts, c.Label())
			p.Unmapped = append(p.Unmapped, u)
		}
		codes = append(codes, found...)
	}
	p.Allergies = Allergies{Codes: Union(codes), Texts: Union(texts)}
	p.HospitalAllergies = p.Allergies
}

// applyDiet reads one diet order. Each oralDiet.type concept may give a diet type, a
// therapeutic food, an IDDSI food level and NPO; a concept that gives none is unmapped.
// Where several orders or concepts give a level, the most restrictive wins: the lowest for
// foods, the thickest for drinks.
func (m Maps) applyDiet(d DietOrder, admitted time.Time, p *Patient) {
	for _, c := range d.Types {
		known := false
		for _, cd := range c.Codings {
			if m.npo(cd) {
				known = true
				from := admitted
				if d.From != nil {
					from = *d.From
				}
				p.NPO = &Period{From: from, To: d.To}
			}
			if v, ok := lookup(m.DietTypes, cd); ok {
				known = true
				if p.DietTypeCode == "" {
					p.DietTypeCode = v
				}
			}
			if v, ok := lookup(m.Therapeutic, cd); ok {
				known = true
				p.TherapeuticCodes = append(p.TherapeuticCodes, v)
			}
			if level, ok := m.iddsi(cd); ok {
				known = true
				p.Texture.Foods = lowest(p.Texture.Foods, level)
			}
		}
		if !known {
			p.Unmapped = append(p.Unmapped, unmapped(FieldDiet, c))
		}
	}
	m.levels(d.Textures, FieldTexture, p, func(level int) { p.Texture.Foods = lowest(p.Texture.Foods, level) })
	m.levels(d.Fluids, FieldFluid, p, func(level int) { p.Texture.Drinks = highest(p.Texture.Drinks, level) })
	for _, c := range d.Excludes {
		known := false
		for _, cd := range c.Codings {
			if v, ok := lookup(m.Ingredients, cd); ok {
				known = true
				p.RestrictedCodes = append(p.RestrictedCodes, v)
			}
		}
		if !known {
			p.Unmapped = append(p.Unmapped, unmapped(FieldIngredient, c))
		}
	}
}

func (m Maps) levels(list []Concept, field string, p *Patient, use func(int)) {
	for _, c := range list {
		known := false
		for _, cd := range c.Codings {
			if level, ok := m.iddsi(cd); ok {
				known = true
				use(level)
				break
			}
		}
		if !known {
			p.Unmapped = append(p.Unmapped, unmapped(field, c))
		}
	}
}

func lowest(cur *int, level int) *int {
	if cur != nil && *cur <= level {
		return cur
	}
	return &level
}

func highest(cur *int, level int) *int {
	if cur != nil && *cur >= level {
		return cur
	}
	return &level
}

// String shows an unmapped code for logs and the sync report.
func (u Unmapped) String() string {
	if len(u.Groups) > 0 {
		return fmt.Sprintf("%s %s|%s (%s) %v", u.Field, u.System, u.Code, u.Display, u.Groups)
	}
	return fmt.Sprintf("%s %s|%s (%s)", u.Field, u.System, u.Code, u.Display)
}

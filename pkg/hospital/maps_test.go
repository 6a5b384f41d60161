package hospital

import (
	"slices"
	"testing"
)

func concepts(cs ...Coding) []Concept {
	var out []Concept
	for _, c := range cs {
		out = append(out, Concept{Codings: []Coding{c}})
	}
	return out
}

func TestApplyLocations(t *testing.T) {
	t.Parallel()
	census := Census{Admissions: []Admission{
		{HN: "A", Ward: "5N", Room: "5N-01", Bed: "5N-01-A"},
		{HN: "B", Ward: "ICU", Room: "ICU-1", Bed: "ICU-1-1"},
	}}
	// No location maps: the hospital's codes are Samrap's.
	got := Maps{}.Apply(census)
	same(t, "identity", []string{got[0].WardCode, got[0].RoomCode, got[0].BedCode}, []string{"5N", "5N-01", "5N-01-A"})

	// With maps, a code without an entry is unmapped; an unmapped ward empties the location.
	m := Maps{Wards: map[string]string{"5N": "W05"}, Rooms: map[string]string{"5N-01": "R501", "ICU-1": "R901"},
		Beds: map[string]string{"5N-01-A": "B501A"}}
	got = m.Apply(census)
	same(t, "mapped", []string{got[0].WardCode, got[0].RoomCode, got[0].BedCode}, []string{"W05", "R501", "B501A"})
	same(t, "unmapped ward", []string{got[1].WardCode, got[1].RoomCode, got[1].BedCode}, []string{"", "", ""})
	same(t, "unmapped codes", got[1].Unmapped, []Unmapped{{Field: FieldWard, Code: "ICU"}, {Field: FieldBed, Code: "ICU-1-1"}})
}

func TestApplyDietOrders(t *testing.T) {
	t.Parallel()
	local := func(code string) Coding { return Coding{System: "urn:his:diet", Code: code} }
	admitted := at("2026-11-20T08:00:00+07:00")
	m := Maps{
		DietTypes:   map[string]string{"SOFT": "DT02", "urn:his:diet|LIQ": "DT03", "LIQ": "DT09"},
		Therapeutic: map[string]string{"DM": "TF01", "LOWNA": "TF02"},
		NPO:         []string{"urn:his:diet|NPO"},
		Textures:    map[string]int{"urn:his:texture|MINCED": 5},
		Ingredients: map[string]string{"PORK": "RI01"},
	}
	census := Census{Admissions: []Admission{{HN: "A", Admitted: admitted, Diets: []DietOrder{
		{Types: concepts(local("LIQ"), local("DM"), sct("1255825005", "Pureed Level 4 food")),
			Fluids: concepts(sct("1237442003", "Mildly Thick Level 2"))},
		{Types: concepts(local("SOFT"), local("LOWNA")),
			Textures: concepts(Coding{System: "urn:his:texture", Code: "MINCED"}),
			Fluids:   concepts(sct("439031000124108", "honey thick liquid"), Coding{Code: "GEL"}),
			Excludes: append(concepts(Coding{Code: "PORK"}), Concept{Text: "ผักชี"})},
		{Types: concepts(local("NPO"))}, // no bounds: from admission
	}}}}
	got := m.Apply(census)[0]
	// The system|code entry beats the bare code; the first order's diet type stands; the
	// most restrictive levels win (pureed 4 over minced 5; honey-thick 3 over mildly 2).
	same(t, "diet", []any{got.DietTypeCode, got.TherapeuticCodes, got.Texture, got.RestrictedCodes, got.NPO},
		[]any{"DT03", []string{"TF01", "TF02"}, Texture{Drinks: ptr(3), Foods: ptr(4)}, []string{"RI01"}, &Period{From: admitted}})
	same(t, "unmapped", got.Unmapped, []Unmapped{{Field: FieldFluid, Code: "GEL", Display: "GEL"}, {Field: FieldIngredient, Display: "ผักชี"}})
	if !got.HospitalDietOrdered {
		t.Error("the diet order is not marked")
	}

	from, to := at("2026-11-24T00:00:00+07:00"), at("2026-11-24T12:00:00+07:00")
	got = m.Apply(Census{Admissions: []Admission{{HN: "B", Admitted: admitted,
		Diets: []DietOrder{{Types: concepts(local("NPO")), From: &from, To: &to}}}}})[0]
	same(t, "npo window", got.NPO, &Period{From: from, To: &to})
	same(t, "npo only", []any{got.DietTypeCode, got.Unmapped}, []any{"", []Unmapped(nil)})

	got = m.Apply(Census{Admissions: []Admission{{HN: "C"}}})[0]
	if got.HospitalDietOrdered || got.NPO != nil || got.Texture.Foods != nil {
		t.Errorf("no order = %+v", got)
	}
}

func TestApplyAllergies(t *testing.T) {
	t.Parallel()
	m := Maps{Allergens: map[string]string{GroupCrustaceans: "AL01", GroupMolluscs: "AL07", GroupPeanuts: "AL02",
		"urn:his:allergen|A-17": "AL17", SNOMED + "|762952008": "AL99"}}
	census := Census{Admissions: []Admission{{HN: "A", Allergies: []Concept{
		{Codings: []Coding{sct("735029006", "Shellfish")}},              // two groups
		{Codings: []Coding{sct("762952008", "Peanut")}},                 // the branch's own entry beats the group
		{Codings: []Coding{{System: "urn:his:allergen", Code: "A-17"}}}, // a local code
		{Codings: []Coding{sct("51905005", "Mustard")}},                 // a group the branch has no row for
		{Text: "แพ้ผงชูรส"},                                             // text only
	}}}}
	got := m.Apply(census)[0]
	same(t, "allergies", got.Allergies, Allergies{Codes: []string{"AL01", "AL07", "AL17", "AL99"}, Texts: []string{"Mustard", "แพ้ผงชูรส"}})
	same(t, "hospital allergies", got.HospitalAllergies, got.Allergies)
	same(t, "unmapped", got.Unmapped, []Unmapped{
		{Field: FieldAllergy, System: SNOMED, Code: "51905005", Display: "Mustard", Groups: []string{GroupMustard}},
		{Field: FieldAllergy, Display: "แพ้ผงชูรส"}})
}

// A code that names several groups keeps every part: the groups the branch has an allergen
// for as codes, the rest as the allergy's text (which blocks orders until a person
// confirms), listed as a part unmapped.
func TestApplyAllergiesKeepsEveryPart(t *testing.T) {
	t.Parallel()
	m := Maps{Allergens: map[string]string{GroupCrustaceans: "AL01", GroupPeanuts: "AL02"}}
	census := Census{Admissions: []Admission{{HN: "A", Allergies: []Concept{
		{Codings: []Coding{sct("300913006", "Allergy to shellfish")}},           // crustaceans and molluscs
		{Codings: []Coding{sct("91934008", "Allergy to nut")}, Text: "แพ้ถั่ว"}, // tree nuts and peanuts
	}}}}
	got := m.Apply(census)[0]
	same(t, "allergies", got.Allergies, Allergies{Codes: []string{"AL01", "AL02"}, Texts: []string{"Allergy to shellfish", "แพ้ถั่ว"}})
	same(t, "unmapped", got.Unmapped, []Unmapped{
		{Field: FieldAllergyPart, System: SNOMED, Code: "300913006", Display: "Allergy to shellfish", Groups: []string{GroupMolluscs}},
		{Field: FieldAllergyPart, System: SNOMED, Code: "91934008", Display: "แพ้ถั่ว", Groups: []string{GroupTreeNuts}}})

	// with every group placed, nothing is left over
	m.Allergens[GroupMolluscs], m.Allergens[GroupTreeNuts] = "AL14", "AL08"
	got = m.Apply(census)[0]
	same(t, "all placed", []any{got.Allergies, got.Unmapped}, []any{Allergies{Codes: []string{"AL01", "AL02", "AL08", "AL14"}}, nil})
	if len(AllergenGroups) != 14 || len(slices.Compact(slices.Sorted(slices.Values(AllergenGroups)))) != 14 {
		t.Errorf("EU-14 groups = %v", AllergenGroups)
	}
}

func TestDefaultMaps(t *testing.T) {
	t.Parallel()
	// Every EU-14 group is reached by at least one default code.
	groups := map[string]bool{}
	for _, code := range []string{"89811004", "412071004", "420174000", "735977009", "735029006", "300913006",
		"770326002", "102263004", "303300008", "213020009", "735971005", "417532002", "762952008", "91935009",
		"91934008", "7791007", "782594005", "3718001", "264295007", "782555009", "256326004", "712843002",
		"51905005", "260167008", "767406000", "710179004", "719108000", "782575000"} {
		gs := defaultAllergenGroups(SNOMED, code)
		if len(gs) == 0 {
			t.Errorf("%s has no group", code)
		}
		for _, g := range gs {
			groups[g] = true
		}
	}
	if len(groups) != 14 {
		t.Errorf("groups reached = %d, want 14: %v", len(groups), groups)
	}
	if gs := defaultAllergenGroups("urn:other", "762952008"); gs != nil {
		t.Errorf("another system's code reached %v", gs)
	}
	for code, want := range map[string]int{"1231508001": 0, "1237442003": 2, "1237447009": 4, "1237448004": 5,
		"1237449007": 6, "1237451006": 7, "1255823003": 5, "1255825005": 4, "439081000124109": 0,
		"439021000124105": 2, "439031000124108": 3, "439041000124103": 4} {
		if got, ok := defaultIDDSI(SNOMED, code); !ok || got != want {
			t.Errorf("IDDSI %s = %d %v, want %d", code, got, ok, want)
		}
	}
	if _, ok := defaultIDDSI(SNOMED, "182922004"); ok {
		t.Error("a diet that is no IDDSI level has a level")
	}
}

func TestUnmappedString(t *testing.T) {
	t.Parallel()
	u := Unmapped{Field: FieldDiet, System: "urn:his", Code: "K", Display: "Keto"}
	if got := u.String(); got != "diet urn:his|K (Keto)" {
		t.Errorf("String = %q", got)
	}
}

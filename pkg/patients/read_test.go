package patients

import (
	"slices"
	"testing"

	"samrap/pkg/day"
	"samrap/pkg/imports"
)

// importRefs are a branch's codes as loadRefCodes answers them: rooms 301-1 in W01, 501-1 in W02.
var importRefs = refCodes{
	"religion":     {"RE01": {id: 1}},
	"vegetarian":   {"VG01": {id: 2}},
	"dietType":     {"DT01": {id: 3}},
	"ward":         {"W01": {id: 10, wardID: 10}, "W02": {id: 20, wardID: 20}},
	"room":         {"301-1": {id: 100, wardID: 10}, "501-1": {id: 200, wardID: 20}},
	"therapeutic":  {"TF01": {id: 30}, "TF02": {id: 31}},
	"restricted":   {"RI01": {id: 40}},
	"allergen":     {"AL01": {id: 50}},
	"allergenName": {"peanut": {id: 51}},
}

// A row with every cell bad is refused for one of them, always the same: mending the one it
// names, it is refused for the next, in this order, until it reads. The HN is read before
// any refusal (the import marks it seen).
func TestReadRowFirstBadCell(t *testing.T) {
	t.Parallel()
	cells := map[string]string{"hnId": " ", "firstNameTh": "สมศรี", "gender": "ญ",
		"birthday": "yesterday", "admitDate": "2026-13-01", "plannedDischargeDate": "soon",
		"npoFrom": "2026-03-01", "npoTo": "tonight", "medicalOrderStart": "now", "medicalOrderEnd": "later",
		"textureDrink": "thick", "textureFood": "4.5",
		"religionCode": "RE99", "vegetarianCode": "VG99", "dietTypeCode": "DT99", "wardCode": "W99",
		"roomCode": "999", "therapeuticCodes": "TF01, TF99", "restrictedCodes": "RI99", "allergies": "AL01, Peanut, กุ้ง"}
	steps := []struct {
		field, key, mend string
	}{
		{"hnId", "field.required", "HN1"},
		{"birthday", "patients.dateInvalid", "2501-04-12"},
		{"admitDate", "patients.dateInvalid", "1/3/2026"},
		{"plannedDischargeDate", "patients.dateInvalid", ""},
		{"npoFrom", "patients.dateTimeInvalid", "2026-03-01 18:00"},
		{"npoTo", "patients.dateTimeInvalid", "2026-03-02 06:00"},
		{"medicalOrderStart", "patients.dateTimeInvalid", "01/03/2026 08:00"},
		{"medicalOrderEnd", "patients.dateTimeInvalid", ""},
		{"textureDrink", "patients.textureDrinkInvalid", ""},
		{"textureFood", "patients.textureFoodInvalid", "4"},
		{"religionCode", "patients.codeNotFound", "RE01"},
		{"vegetarianCode", "patients.codeNotFound", ""},
		{"dietTypeCode", "patients.codeNotFound", "DT01"},
		{"wardCode", "patients.codeNotFound", "W01"},
		{"roomCode", "patients.codeNotFound", "501-1"},
		{"roomCode", "patients.roomNotInWard", "301-1"},
		{"therapeuticCodes", "patients.codeNotFound", "TF02,TF01"},
		{"restrictedCodes", "patients.codeNotFound", "RI01"},
	}
	for _, s := range steps {
		in, field, key := readRow(imports.Row{Line: 2, Cells: cells}, nil, importRefs)
		if field != s.field || key != s.key {
			t.Fatalf("refused for %s %s, want %s %s (cells %v)", field, key, s.field, s.key, cells)
		}
		if want := cells["hnId"]; field != "hnId" && in.HnID != want {
			t.Fatalf("refused for %s with HN %q, want %q", field, in.HnID, want)
		}
		cells[s.field] = s.mend
	}
	in, field, key := readRow(imports.Row{Line: 2, Cells: cells}, nil, importRefs)
	if field != "" || key != "" {
		t.Fatalf("the mended row is refused for %s %s", field, key)
	}
	if in.HnID != "HN1" || in.FirstNameTh != "สมศรี" || in.Gender != "female" || *in.Birthday != "1958-04-12" ||
		*in.AdmitDate != "2026-03-01" || in.PlannedDischargeDate != nil || in.MedicalOrderEnd != nil ||
		in.NpoFrom.In(day.Bangkok).Format("2006-01-02 15:04") != "2026-03-01 18:00" ||
		in.MedicalOrderStart.In(day.Bangkok).Format("2006-01-02 15:04") != "2026-03-01 08:00" ||
		in.TextureDrink != nil || *in.TextureFood != 4 || *in.ReligionID != 1 || in.VegetarianID != nil ||
		*in.DietTypeID != 3 || *in.WardID != 10 || *in.RoomID != 100 ||
		!slices.Equal(in.TherapeuticIDs, []int64{30, 31}) || !slices.Equal(in.RestrictedIDs, []int64{40}) ||
		!slices.Equal(in.AllergenIDs, []int64{50, 51}) || !slices.Equal(in.UnmappedAllergies, []string{"กุ้ง"}) ||
		in.PatientLanguage != "TH" || in.CardLanguage != "ALL" || in.VisitStatus != "Current" {
		t.Fatalf("read: %+v", in)
	}
}

// Over a stored patient, a column the row leaves out keeps the stored value and an empty
// cell clears it; a room gives its ward.
func TestReadRowOverStored(t *testing.T) {
	t.Parallel()
	ward, room, diet := int64(20), int64(200), int64(3)
	stored := map[string]Patient{"HN1": {HnID: "HN1", FirstNameTh: "สมศรี", Diagnosis: "ไข้",
		Ward: &Ref{ID: ward}, Room: &Ref{ID: room}, DietType: &Ref{ID: diet}, Allergens: []Ref{{ID: 50}},
		UnmappedAllergies: []string{"กุ้ง"}}}
	in, field, _ := readRow(imports.Row{Cells: map[string]string{"hnId": "HN1", "diagnosis": " ไข้หวัด ", "dietTypeCode": ""}},
		stored, importRefs)
	if field != "" || in.FirstNameTh != "สมศรี" || in.Diagnosis != "ไข้หวัด" || in.DietTypeID != nil ||
		*in.WardID != ward || *in.RoomID != room || !slices.Equal(in.AllergenIDs, []int64{50}) ||
		!slices.Equal(in.UnmappedAllergies, []string{"กุ้ง"}) {
		t.Fatalf("kept: %s %+v", field, in)
	}
	in, field, _ = readRow(imports.Row{Cells: map[string]string{"hnId": "HN1", "roomCode": "301-1", "allergies": ""}},
		stored, importRefs)
	if field != "" || *in.WardID != 10 || *in.RoomID != 100 || len(in.AllergenIDs) != 0 || len(in.UnmappedAllergies) != 0 {
		t.Fatalf("moved: %s %+v", field, in)
	}
}

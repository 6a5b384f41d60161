package hospital

import (
	"context"
	"testing"
)

// TestSyncOfTheRecordedCensus runs the whole chain a sync runs: the recorded census, mapped
// with the branch's maps, diffed with what Samrap holds.
func TestSyncOfTheRecordedCensus(t *testing.T) {
	t.Parallel()
	h := newRecorded(t)
	s := testSettings(h.base)
	c, err := connect(t, s, Credentials{}, &waits{}).Census(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	census := s.Maps.Apply(c)

	same(t, "mapped census", census, []Patient{
		{HN: "HN001", NameTh: "สมชาย ใจดี", NameEn: "Somchai Jaidee", Gender: "male", BirthDate: "1958-03-14",
			WardCode: "W01", RoomCode: "R101", BedCode: "B1011", AdmitDate: at("2026-11-20T09:30:00+07:00"),
			PlannedEnd: ptr(at("2026-11-28T12:00:00+07:00")), VisitStatus: Current,
			DietTypeCode: "DT01", TherapeuticCodes: []string{"TF01"},
			Allergies: Allergies{Codes: []string{"AL02"}}, HospitalAllergies: Allergies{Codes: []string{"AL02"}},
			HospitalDietOrdered: true},
		{HN: "HN002", NameTh: "มาลี ศรีสุข", WardCode: "W02", AdmitDate: at("2026-11-18T00:00:00+07:00"), VisitStatus: Current,
			Allergies: Allergies{Codes: []string{"AL01"}}, HospitalAllergies: Allergies{Codes: []string{"AL01"}},
			NPO:                 &Period{From: at("2026-11-24T00:00:00+07:00"), To: ptr(at("2026-11-24T14:00:00+07:00"))},
			HospitalDietOrdered: true},
		{HN: "HN003", NameEn: "John Smith", Gender: "male", BirthDate: "1971", WardCode: "W01",
			AdmitDate: at("2026-11-21T22:05:00+07:00"), VisitStatus: Current,
			Allergies:           Allergies{Texts: []string{"ปลาร้า (fermented fish sauce)"}},
			HospitalAllergies:   Allergies{Texts: []string{"ปลาร้า (fermented fish sauce)"}},
			HospitalDietOrdered: true,
			Unmapped: []Unmapped{
				{Field: FieldAllergy, System: his + "allergen", Code: "TH-FOOD-0412", Display: "ปลาร้า (fermented fish sauce)"},
				{Field: FieldDiet, System: his + "diet", Code: "DIET-KETO", Display: "Ketogenic diet"},
				{Field: FieldIngredient, System: his + "ingredient", Code: "ING-MSG", Display: "ผงชูรส"},
			}},
		{HN: "HN004", NameTh: "บุญมี รักษ์ไทย", NameEn: "Boonmee Rakthai", Gender: "female", BirthDate: "1940-07",
			WardCode: "W02", RoomCode: "R201", BedCode: "B2013", AdmitDate: at("2026-11-24T06:45:00+07:00"),
			VisitStatus: Current, DietTypeCode: "DT04",
			Allergies: Allergies{Codes: []string{"AL04"}}, HospitalAllergies: Allergies{Codes: []string{"AL04"}},
			RestrictedCodes: []string{"RI01"}, Texture: Texture{Drinks: ptr(2), Foods: ptr(4)},
			HospitalDietOrdered: true},
	})

	samrap := []Patient{
		{HN: "HN001", NameTh: "สมชาย ใจดี", NameEn: "Somchai Jaidee", Gender: "male", BirthDate: "1958-03-14",
			WardCode: "W01", RoomCode: "R101", BedCode: "B1011", AdmitDate: at("2026-11-20T09:30:00+07:00"),
			PlannedEnd: ptr(at("2026-11-28T12:00:00+07:00")), VisitStatus: Current, DietTypeCode: "DT02"},
		{HN: "HN002", NameTh: "มาลี ศรีสุข", NameEn: "Malee Srisuk", Gender: "female", BirthDate: "1962-01-05",
			WardCode: "W01", RoomCode: "R102", BedCode: "B1022", AdmitDate: at("2026-11-18T00:00:00+07:00"),
			VisitStatus: Current, DietTypeCode: "DT01",
			Allergies: Allergies{Codes: []string{"AL03"}}, HospitalAllergies: Allergies{Codes: []string{"AL03"}}},
		{HN: "HN003", NameEn: "John Smith", Gender: "male", BirthDate: "1971", WardCode: "W01",
			AdmitDate: at("2026-11-21T22:05:00+07:00"), VisitStatus: Current, DietTypeCode: "DT01",
			Texture: Texture{Foods: ptr(6)}},
		{HN: "HN009", NameTh: "ประยุทธ ออกแล้ว", WardCode: "W02", VisitStatus: Current},
		{HN: "HN010", NameTh: "รอ รับเข้า", VisitStatus: PreAdmit},
	}
	cs := Diff(samrap, census)

	same(t, "admitted", cs.Admitted, census[3:4])
	if len(cs.Updated) != 3 {
		t.Fatalf("updated = %d, want 3", len(cs.Updated))
	}
	// HN001: the diet order changed the diet; the peanut allergy is new.
	same(t, "HN001 changes", cs.Updated[0].Changes, Changes{Diet: true, AllergiesAdded: Allergies{Codes: []string{"AL02"}}})
	same(t, "HN001 after", cs.Updated[0].After.TherapeuticCodes, []string{"TF01"})
	// HN002: moved to W02 (no room or bed given), NPO, shrimp added, the milk allergy the
	// hospital no longer lists kept for a person; names and birth date the census lacks kept.
	u := cs.Updated[1]
	same(t, "HN002 changes", u.Changes, Changes{Moved: true, NPO: true,
		AllergiesAdded: Allergies{Codes: []string{"AL01"}}, AllergiesNeedPerson: Allergies{Codes: []string{"AL03"}}})
	same(t, "HN002 after", []any{u.After.WardCode, u.After.RoomCode, u.After.BedCode, u.After.NameEn, u.After.BirthDate,
		u.After.DietTypeCode, u.After.Allergies, u.After.HospitalAllergies},
		[]any{"W02", "", "", "Malee Srisuk", "1962-01-05", "DT01",
			Allergies{Codes: []string{"AL01", "AL03"}}, Allergies{Codes: []string{"AL01", "AL03"}}})
	// HN003: unknown diet and no texture in the order: Samrap's diet and texture stand; the
	// unmapped allergy is added by its text.
	u = cs.Updated[2]
	same(t, "HN003 changes", u.Changes, Changes{AllergiesAdded: Allergies{Texts: []string{"ปลาร้า (fermented fish sauce)"}}})
	same(t, "HN003 after", []any{u.After.DietTypeCode, u.After.Texture}, []any{"DT01", Texture{Foods: ptr(6)}})
	// HN009 left; HN010 is pre-admitted and stays.
	if len(cs.Discharged) != 1 || cs.Discharged[0].After.HN != "HN009" || cs.Discharged[0].After.VisitStatus != Discharge {
		t.Errorf("discharged = %+v", cs.Discharged)
	}
	same(t, "counts", cs.Counts(), Counts{Admitted: 1, Updated: 3, Discharged: 1, Moved: 1, Diet: 1, NPO: 1,
		AllergiesAdded: 4, AllergiesNeedPerson: 1, Unmapped: 3})
}

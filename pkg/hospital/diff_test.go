package hospital

import (
	"testing"
)

// pt is a current patient in W01/R1/B1 on diet DT01; change applies the case's differences.
func pt(hn string, change ...func(*Patient)) Patient {
	p := Patient{HN: hn, NameTh: "ผู้ป่วย " + hn, NameEn: "Patient " + hn, Gender: "female", BirthDate: "1950-01-01",
		WardCode: "W01", RoomCode: "R1", BedCode: "B1", AdmitDate: at("2026-11-20T08:00:00+07:00"),
		VisitStatus: Current, DietTypeCode: "DT01"}
	for _, c := range change {
		c(&p)
	}
	return p
}

// ordered marks a census patient as having an active diet order.
func ordered(p *Patient) { p.HospitalDietOrdered = true }

func TestDiff(t *testing.T) {
	t.Parallel()
	npo := &Period{From: at("2026-11-24T00:00:00+07:00"), To: ptr(at("2026-11-24T12:00:00+07:00"))}
	tests := []struct {
		name    string
		samrap  []Patient
		census  []Patient
		changes Changes // of the one updated patient; zero: none updated
		after   func(t *testing.T, cs ChangeSet)
	}{
		{name: "unchanged", samrap: []Patient{pt("A")}, census: []Patient{pt("A")},
			after: func(t *testing.T, cs ChangeSet) {
				same(t, "counts", cs.Counts(), Counts{Unchanged: 1})
			}},
		{name: "admitted", samrap: nil, census: []Patient{pt("B"), pt("A")},
			after: func(t *testing.T, cs ChangeSet) {
				same(t, "admitted", []string{cs.Admitted[0].HN, cs.Admitted[1].HN}, []string{"A", "B"})
			}},
		{name: "discharged: only Current patients absent from the census",
			samrap: []Patient{pt("A"), pt("B", func(p *Patient) { p.VisitStatus = PreAdmit }),
				pt("C", func(p *Patient) { p.VisitStatus = Discharge })},
			after: func(t *testing.T, cs ChangeSet) {
				if len(cs.Discharged) != 1 || cs.Discharged[0].Before.HN != "A" || cs.Discharged[0].After.VisitStatus != Discharge ||
					!cs.Discharged[0].Changes.Discharged || cs.Discharged[0].Before.VisitStatus != Current {
					t.Errorf("discharged = %+v", cs.Discharged)
				}
			}},
		{name: "readmitted", samrap: []Patient{pt("A", func(p *Patient) { p.VisitStatus = Discharge })},
			census: []Patient{pt("A")}, changes: Changes{Readmitted: true},
			after: func(t *testing.T, cs ChangeSet) {
				if cs.Updated[0].After.VisitStatus != Current {
					t.Errorf("status = %s", cs.Updated[0].After.VisitStatus)
				}
			}},
		{name: "moved to another bed of the room", samrap: []Patient{pt("A")},
			census: []Patient{pt("A", func(p *Patient) { p.BedCode = "B2" })}, changes: Changes{Moved: true},
			after: func(t *testing.T, cs ChangeSet) {
				same(t, "bed", cs.Updated[0].After.BedCode, "B2")
			}},
		{name: "an unmapped ward keeps Samrap's location", samrap: []Patient{pt("A")},
			census: []Patient{pt("A", func(p *Patient) {
				p.WardCode, p.RoomCode, p.BedCode = "", "", ""
				p.Unmapped = []Unmapped{{Field: FieldWard, Code: "ICU-9"}}
			})},
			after: func(t *testing.T, cs ChangeSet) {
				same(t, "counts", cs.Counts(), Counts{Unchanged: 1, Unmapped: 1})
				same(t, "unmapped", cs.Unmapped, []PatientUnmapped{{HN: "A", Unmapped: Unmapped{Field: FieldWard, Code: "ICU-9"}}})
			}},
		{name: "identity follows the hospital; what it lacks is kept",
			samrap:  []Patient{pt("A")},
			census:  []Patient{pt("A", func(p *Patient) { p.NameEn, p.BirthDate, p.NameTh = "", "", "สมศรี ใหม่" })},
			changes: Changes{Identity: true},
			after: func(t *testing.T, cs ChangeSet) {
				a := cs.Updated[0].After
				same(t, "names", []string{a.NameTh, a.NameEn, a.BirthDate}, []string{"สมศรี ใหม่", "Patient A", "1950-01-01"})
			}},
		{name: "planned discharge set", samrap: []Patient{pt("A")},
			census:  []Patient{pt("A", func(p *Patient) { p.PlannedEnd = ptr(at("2026-11-30T10:00:00+07:00")) })},
			changes: Changes{Identity: true}},
		{name: "diet order changes the diet", samrap: []Patient{pt("A")},
			census:  []Patient{pt("A", ordered, func(p *Patient) { p.DietTypeCode = "DT03" })},
			changes: Changes{Diet: true},
			after: func(t *testing.T, cs ChangeSet) {
				same(t, "diet", []string{cs.Updated[0].Before.DietTypeCode, cs.Updated[0].After.DietTypeCode}, []string{"DT01", "DT03"})
			}},
		{name: "no diet order: Samrap's diet, therapeutic foods and texture stand",
			samrap: []Patient{pt("A", func(p *Patient) { p.TherapeuticCodes = []string{"TF01"}; p.Texture.Foods = ptr(5) })},
			census: []Patient{pt("A", func(p *Patient) { p.DietTypeCode = "" })}},
		{name: "an order of unmapped types leaves the diet",
			samrap: []Patient{pt("A", func(p *Patient) { p.TherapeuticCodes = []string{"TF01"} })},
			census: []Patient{pt("A", ordered, func(p *Patient) { p.DietTypeCode = "" })}},
		{name: "therapeutic foods follow the order",
			samrap:  []Patient{pt("A", func(p *Patient) { p.TherapeuticCodes = []string{"TF01"} })},
			census:  []Patient{pt("A", ordered, func(p *Patient) { p.TherapeuticCodes = []string{"TF02", "TF03"} })},
			changes: Changes{Diet: true},
			after: func(t *testing.T, cs ChangeSet) {
				same(t, "therapeutic", cs.Updated[0].After.TherapeuticCodes, []string{"TF02", "TF03"})
			}},
		{name: "texture the order states replaces Samrap's",
			samrap:  []Patient{pt("A", func(p *Patient) { p.Texture = Texture{Drinks: ptr(1), Foods: ptr(7)} })},
			census:  []Patient{pt("A", ordered, func(p *Patient) { p.Texture = Texture{Foods: ptr(4)} })},
			changes: Changes{Texture: true},
			after: func(t *testing.T, cs ChangeSet) {
				same(t, "texture", cs.Updated[0].After.Texture, Texture{Drinks: ptr(1), Foods: ptr(4)})
			}},
		{name: "an order silent on texture never lifts a restriction",
			samrap: []Patient{pt("A", func(p *Patient) { p.Texture = Texture{Drinks: ptr(2), Foods: ptr(4)} })},
			census: []Patient{pt("A", ordered)}},
		{name: "NPO starts", samrap: []Patient{pt("A")},
			census: []Patient{pt("A", ordered, func(p *Patient) { p.NPO = npo })}, changes: Changes{NPO: true},
			after: func(t *testing.T, cs ChangeSet) {
				same(t, "npo", cs.Updated[0].After.NPO, npo)
			}},
		{name: "NPO ends with the hospital's order", samrap: []Patient{pt("A", func(p *Patient) { p.NPO = npo })},
			census: []Patient{pt("A")}, changes: Changes{NPO: true},
			after: func(t *testing.T, cs ChangeSet) {
				if cs.Updated[0].After.NPO != nil {
					t.Errorf("npo = %+v", cs.Updated[0].After.NPO)
				}
			}},
		{name: "the same NPO is no change",
			samrap: []Patient{pt("A", func(p *Patient) {
				p.NPO = &Period{From: at("2026-11-23T17:00:00Z"), To: ptr(at("2026-11-24T05:00:00Z"))}
			})},
			census: []Patient{pt("A", func(p *Patient) { p.NPO = npo })}},
		{name: "allergies are added, never removed",
			samrap: []Patient{pt("A", func(p *Patient) {
				p.Allergies = Allergies{Codes: []string{"AL03", "AL05"}, Texts: []string{"ปลาร้า"}}
				p.HospitalAllergies = Allergies{Codes: []string{"AL03"}, Texts: []string{"ปลาร้า"}}
			})},
			census: []Patient{pt("A", func(p *Patient) {
				p.Allergies = Allergies{Codes: []string{"AL01", "AL05"}}
				p.HospitalAllergies = p.Allergies
			})},
			// AL05 was entered by a person: the hospital not listing it is not news.
			changes: Changes{AllergiesAdded: Allergies{Codes: []string{"AL01"}},
				AllergiesNeedPerson: Allergies{Codes: []string{"AL03"}, Texts: []string{"ปลาร้า"}}},
			after: func(t *testing.T, cs ChangeSet) {
				a := cs.Updated[0].After
				same(t, "allergies", a.Allergies, Allergies{Codes: []string{"AL01", "AL03", "AL05"}, Texts: []string{"ปลาร้า"}})
				same(t, "hospital allergies", a.HospitalAllergies, Allergies{Codes: []string{"AL01", "AL03", "AL05"}, Texts: []string{"ปลาร้า"}})
			}},
		{name: "restricted ingredients are added, never removed",
			samrap:  []Patient{pt("A", func(p *Patient) { p.RestrictedCodes = []string{"RI03"} })},
			census:  []Patient{pt("A", ordered, func(p *Patient) { p.RestrictedCodes = []string{"RI01"} })},
			changes: Changes{Ingredients: []string{"RI01"}},
			after: func(t *testing.T, cs ChangeSet) {
				same(t, "restricted", cs.Updated[0].After.RestrictedCodes, []string{"RI01", "RI03"})
			}},
		{name: "the same HN twice: the first stay counts", samrap: nil,
			census: []Patient{pt("A"), pt("A", func(p *Patient) { p.WardCode = "W09" })},
			after: func(t *testing.T, cs ChangeSet) {
				if len(cs.Admitted) != 1 || cs.Admitted[0].WardCode != "W01" {
					t.Errorf("admitted = %+v", cs.Admitted)
				}
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			cs := Diff(tt.samrap, tt.census)
			if tt.changes.Any() {
				if len(cs.Updated) != 1 {
					t.Fatalf("updated = %+v, want one", cs.Updated)
				}
				same(t, "changes", cs.Updated[0].Changes, tt.changes)
			} else if len(cs.Updated) != 0 {
				t.Errorf("updated = %+v, want none", cs.Updated)
			}
			if tt.after != nil {
				tt.after(t, cs)
			}
		})
	}
}

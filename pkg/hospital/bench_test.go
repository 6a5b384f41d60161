package hospital

import (
	"fmt"
	"testing"
	"time"
)

// benchCensus is a 1,000-patient census in hospital codes, with the branch's maps, and what
// Samrap holds: most patients known, some moved, some with new allergies or diets, a few
// discharged and admitted.
func benchCensus(n int) (Census, Maps, []Patient) {
	m := Maps{
		DietTypes:   map[string]string{},
		Therapeutic: map[string]string{"DM": "TF01"},
		NPO:         []string{"NPO"},
		Allergens:   map[string]string{GroupPeanuts: "AL02", GroupMilk: "AL03", GroupEggs: "AL04", "ALG-SHRIMP": "AL01"},
		Ingredients: map[string]string{"PORK": "RI01"},
	}
	for i := range 8 {
		m.DietTypes[fmt.Sprintf("D%d", i)] = fmt.Sprintf("DT0%d", i)
	}
	var c Census
	var samrap []Patient
	admitted := time.Date(2026, 11, 20, 8, 0, 0, 0, time.UTC)
	for i := range n {
		a := Admission{HN: fmt.Sprintf("HN%06d", i), NameTh: fmt.Sprintf("ผู้ป่วย %d", i), NameEn: fmt.Sprintf("Patient %d", i),
			Gender: "female", BirthDate: "1950-01-01", Ward: fmt.Sprintf("W%02d", i%20),
			Room: fmt.Sprintf("R%03d", i%200), Bed: fmt.Sprintf("B%04d", i), Admitted: admitted,
			Allergies: []Concept{{Codings: []Coding{sct("762952008", "Peanut")}}},
			Diets: []DietOrder{{Types: []Concept{{Codings: []Coding{{System: "urn:his", Code: fmt.Sprintf("D%d", i%8)}}},
				{Codings: []Coding{{System: "urn:his", Code: "DM"}}}},
				Fluids: []Concept{{Codings: []Coding{sct("1237442003", "")}}}}},
		}
		if i%10 == 0 {
			a.Allergies = append(a.Allergies, Concept{Codings: []Coding{{Code: "LOCAL-9"}}, Text: "แพ้ปลาร้า"})
		}
		c.Admissions = append(c.Admissions, a)
		p := Patient{HN: a.HN, NameTh: a.NameTh, NameEn: a.NameEn, Gender: a.Gender, BirthDate: a.BirthDate,
			WardCode: a.Ward, RoomCode: a.Room, BedCode: a.Bed, AdmitDate: admitted, VisitStatus: Current,
			DietTypeCode: fmt.Sprintf("DT0%d", i%8), TherapeuticCodes: []string{"TF01"},
			Allergies: Allergies{Codes: []string{"AL02"}}, HospitalAllergies: Allergies{Codes: []string{"AL02"}},
			Texture: Texture{Drinks: ptr(2)}}
		switch i % 25 {
		case 1:
			p.BedCode = "B9999" // moved
		case 2:
			p.DietTypeCode = "DT09" // diet changed
		case 3:
			p.Allergies.Codes = nil // allergy added
		case 4:
			p.HN = fmt.Sprintf("GONE%06d", i) // discharged, and the census one admitted
		}
		samrap = append(samrap, p)
	}
	return c, m, samrap
}

// BenchmarkMapAndDiff1000 maps and diffs a 1,000-patient census, as one sync of a large
// branch does after its fetch.
func BenchmarkMapAndDiff1000(b *testing.B) {
	c, m, samrap := benchCensus(1000)
	b.ReportAllocs()
	var cs ChangeSet
	for b.Loop() {
		cs = Diff(samrap, m.Apply(c))
	}
	n := cs.Counts()
	if n.Admitted != 40 || n.Discharged != 40 || n.Moved != 40 || n.Diet != 40 || n.Unmapped != 100 {
		b.Fatalf("counts = %+v", n)
	}
}

// TestBenchmarkCensusIsWhatItSays keeps the benchmark's figures honest under go test.
func TestBenchmarkCensusIsWhatItSays(t *testing.T) {
	t.Parallel()
	c, m, samrap := benchCensus(1000)
	n := Diff(samrap, m.Apply(c)).Counts()
	same(t, "counts", n, Counts{Admitted: 40, Updated: 220, Discharged: 40, Unchanged: 740, Moved: 40, Diet: 40,
		AllergiesAdded: 40 + 40 + 100, Unmapped: 100})
}

package hl7feed

import (
	"os"
	"testing"
	"time"

	"samrap/pkg/day"
	"samrap/pkg/hl7"
	"samrap/pkg/hospital"
)

func event(t *testing.T, file string) hl7.Event {
	t.Helper()
	raw, err := os.ReadFile("../hl7/testdata/" + file)
	if err != nil {
		t.Fatal(err)
	}
	m, err := hl7.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	ev, err := hl7.ReadEvent(m, day.Bangkok)
	if err != nil {
		t.Fatal(err)
	}
	return ev
}

// The senders' samples in the census's terms, through a branch's maps: food allergies only
// (SNOMED CT under its HL7 name reaching its EU-14 groups, an unknown one kept as text),
// the location, the NPO window of an OMD, an ORM's cancelled NPO apart from
// its new soft diet (v2.3 timing), preferences as foods left out.
func TestAdmissionOfTheSamples(t *testing.T) {
	maps := hospital.Maps{
		Allergens: map[string]string{hospital.GroupTreeNuts: "AL08", hospital.GroupCrustaceans: "AL01", hospital.GroupMolluscs: "AL14"},
		DietTypes: map[string]string{"DIET-DM": "DT02", "SOFT": "DT03"}, Therapeutic: map[string]string{"DIET-DM": "TF01"},
		NPO: []string{"99SRPDIET|NPO"}, Ingredients: map[string]string{"NO-PORK": "RI01"},
	}

	a01 := Admission(event(t, "adt-a01-mirth.hl7"))
	if a01.HN != "640012345" || a01.NameTh != "สมชาย ใจดี" || a01.NameEn != "SOMCHAI JAIDEE" || a01.Gender != "male" ||
		a01.BirthDate != "1965-04-12" || a01.Ward != "5N" || a01.Room != "502" || a01.Bed != "B" || a01.Admitted.IsZero() {
		t.Fatalf("A01: %+v", a01)
	}
	if len(a01.Allergies) != 2 || a01.Allergies[0].Codings[0].System != hospital.SNOMED {
		t.Fatalf("A01 allergies (the drug one left out, SCT as SNOMED CT): %+v", a01.Allergies)
	}
	p := maps.Apply(hospital.Census{Admissions: []hospital.Admission{a01}})[0]
	// shellfish (the local code and SNOMED CT) is crustaceans and molluscs; cashew, a tree
	// nut the default map does not know yet, is kept as text
	if want := []string{"AL01", "AL14"}; len(p.Allergies.Codes) != 2 || p.Allergies.Codes[0] != want[0] || p.Allergies.Codes[1] != want[1] ||
		len(p.Allergies.Texts) != 1 || p.Allergies.Texts[0] != "Cashew nuts" {
		t.Errorf("A01 allergies %v, want the codes %v and the cashew's text", p.Allergies, want)
	}

	omd := event(t, "omd-o03-npo.hl7")
	p = maps.Apply(hospital.Census{Admissions: []hospital.Admission{Admission(omd)}})[0]
	from, _ := time.ParseInLocation("2006-01-02 15:04", "2024-01-15 18:00", day.Bangkok)
	to := from.Add(12 * time.Hour)
	if p.NPO == nil || !p.NPO.From.Equal(from) || p.NPO.To == nil || !p.NPO.To.Equal(to) {
		t.Errorf("OMD NPO %+v, want %v–%v", p.NPO, from, to)
	}
	if p.DietTypeCode != "DT02" || len(p.TherapeuticCodes) != 1 || p.Texture.Foods == nil || *p.Texture.Foods != 5 ||
		len(p.RestrictedCodes) != 1 || p.RestrictedCodes[0] != "RI01" || !p.HospitalDietOrdered {
		t.Errorf("OMD diet: %+v", p)
	}

	orm := event(t, "orm-o01-diet.hl7")
	p = maps.Apply(hospital.Census{Admissions: []hospital.Admission{Admission(orm)}})[0]
	if p.NPO != nil || p.DietTypeCode != "DT03" || p.Texture.Foods == nil || *p.Texture.Foods != 6 {
		t.Errorf("ORM: the new order %+v", p)
	}
	gone := maps.Apply(hospital.Census{Admissions: []hospital.Admission{{HN: "x", Diets: cancelled(orm)}}})[0]
	if gone.NPO == nil {
		t.Error("ORM: the discontinued NPO is not seen as cancelled")
	}
}

// What a message does not speak of stays Samrap's.
func TestFillKeepsWhatAMessageDoesNotSay(t *testing.T) {
	npo := &hospital.Period{From: time.Date(2024, 1, 15, 18, 0, 0, 0, day.Bangkok)}
	before := &hospital.Patient{HN: "1", NPO: npo, HospitalAllergies: hospital.Allergies{Codes: []string{"AL02"}}}
	for _, tc := range []struct {
		name      string
		ev        hl7.Event
		cancelled bool
		keepNPO   bool
		keepAll   bool
	}{
		{"an A08 without AL1", hl7.Event{Kind: hl7.KindUpdate}, false, true, true},
		{"an A08 with AL1", hl7.Event{Kind: hl7.KindUpdate, Allergies: []hl7.Allergy{{Type: "FA"}}}, false, true, false},
		{"a diet order that does not cancel the NPO", hl7.Event{Kind: hl7.KindDietOrder}, false, true, true},
		{"a diet order that cancels the NPO", hl7.Event{Kind: hl7.KindDietOrder}, true, false, true},
	} {
		in := hospital.Patient{HN: "1"}
		fill(&in, before, tc.ev, tc.cancelled)
		if (in.NPO == npo) != tc.keepNPO || (len(in.Allergies.Codes) == 1) != tc.keepAll {
			t.Errorf("%s: NPO %v, allergies %v", tc.name, in.NPO, in.Allergies)
		}
	}
}

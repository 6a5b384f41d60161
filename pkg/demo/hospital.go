package demo

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"samrap/pkg/day"
	"samrap/pkg/hospital"
)

// The demo hospital's code systems (its own codes are Samrap's demo codes, mapped one to
// one by HospitalSettings).
const (
	demoDiet     = "urn:samrap:demo:diet"
	demoAllergen = "urn:samrap:demo:allergen"
	demoTexture  = "urn:samrap:demo:iddsi"
	snomed       = "http://snomed.info/sct"
)

// Branches are the demo branches.
func Branches() []string { return []string{Bangkok, ChiangMai} }

// HospitalSettings are the demo branches' connector settings: the demo hospital at baseURL
// (functions/local serves it), with maps from its codes to the demo master data.
func HospitalSettings(baseURL string) hospital.Settings {
	m := hospital.Maps{DietTypes: map[string]string{}, Therapeutic: map[string]string{}, Allergens: map[string]string{},
		Textures: map[string]int{}, NPO: []string{demoDiet + "|NPO"}}
	for _, c := range []string{"DT01", "DT02", "DT03", "DT04"} {
		m.DietTypes[demoDiet+"|"+c] = c
	}
	for _, c := range []string{"TF01", "TF02", "TF03", "TF04"} {
		m.Therapeutic[demoDiet+"|"+c] = c
	}
	for _, c := range []string{"AL01", "AL02", "AL03", "AL04", "AL05"} {
		m.Allergens[demoAllergen+"|"+c] = c
	}
	// every EU-14 group has an allergen of the branch: SNOMED CT codes reach them by default
	// (shellfish both AL01 and AL14, "allergy to nut" both AL02 and AL08)
	for g, c := range map[string]string{hospital.GroupCrustaceans: "AL01", hospital.GroupPeanuts: "AL02",
		hospital.GroupMilk: "AL03", hospital.GroupEggs: "AL04", hospital.GroupGluten: "AL05", hospital.GroupFish: "AL06",
		hospital.GroupSoybeans: "AL07", hospital.GroupTreeNuts: "AL08", hospital.GroupCelery: "AL09",
		hospital.GroupMustard: "AL10", hospital.GroupSesame: "AL11", hospital.GroupSulphites: "AL12",
		hospital.GroupLupin: "AL13", hospital.GroupMolluscs: "AL14"} {
		m.Allergens[g] = c
	}
	for l := 0; l <= 7; l++ {
		m.Textures[fmt.Sprintf("%s|F%d", demoTexture, l)] = l
		m.Textures[fmt.Sprintf("%s|D%d", demoTexture, l)] = l
	}
	return hospital.Settings{Kind: hospital.KindFHIR, BaseURL: baseURL, HNSystem: "urn:samrap:demo:hn", Maps: m}
}

// HospitalCensus is the demo hospital's census of a branch: its demo patients as the
// hospital would list them on the day of now, with what a sync should find: two patients
// gone home (…10011, …10026), a new admission in the bed one left, a pre-admitted patient
// now in (…10061), a move (…10004 to the other freed bed), a new diet order (…10005), a new
// peanut allergy (…10006, a SNOMED CT code), an NPO order tonight (…10007) and a diet code
// the branch has no map for (…10008).
func HospitalCensus(branch string, now time.Time) []hospital.Admission {
	census, _ := hospitalDay(branch, now)
	return census
}

// HospitalDischarged are the HNs of the demo patients HospitalCensus no longer lists (gone
// home), whom the demo hospital's HL7 v2 feed discharges (pkg/hl7feed).
func HospitalDischarged(branch string, now time.Time) []string {
	_, gone := hospitalDay(branch, now)
	return gone
}

// AdmissionOf is a patient, given as the patient import's cells (the demo's, the rush's of
// scripts/rush), as the demo hospital lists it: name, gender, birth, ward and bed, admission
// and planned discharge, allergies (AL codes, else text), diet type and therapeutic foods,
// IDDSI levels and an NPO window, in the codes of HospitalSettings' maps.
func AdmissionOf(c map[string]string) hospital.Admission {
	date := func(d string) time.Time { return bangkok(d + " 08:00") }
	a := hospital.Admission{HN: c["hnId"], NameTh: strings.TrimSpace(c["firstNameTh"] + " " + c["lastNameTh"]),
		NameEn: strings.TrimSpace(c["firstNameEn"] + " " + c["lastNameEn"]), Gender: c["gender"],
		BirthDate: c["birthday"], Ward: c["wardCode"], Bed: c["roomCode"], Admitted: date(c["admitDate"])}
	if d := c["plannedDischargeDate"]; d != "" {
		t := date(d)
		a.PlannedEnd = &t
	}
	for _, x := range strings.Split(c["allergies"], ",") {
		x = strings.TrimSpace(x)
		switch {
		case x == "":
		case strings.HasPrefix(x, "AL"):
			a.Allergies = append(a.Allergies, hospital.Concept{Codings: []hospital.Coding{{System: demoAllergen, Code: x}}})
		default:
			a.Allergies = append(a.Allergies, hospital.Concept{Text: x})
		}
	}
	diet := hospital.DietOrder{Types: []hospital.Concept{{Codings: []hospital.Coding{{System: demoDiet, Code: c["dietTypeCode"]}}}}}
	for _, t := range strings.Split(c["therapeuticCodes"], ",") {
		if t != "" {
			diet.Types = append(diet.Types, hospital.Concept{Codings: []hospital.Coding{{System: demoDiet, Code: t}}})
		}
	}
	if l, err := strconv.Atoi(c["textureFood"]); err == nil {
		diet.Textures = []hospital.Concept{{Codings: []hospital.Coding{{System: demoTexture, Code: fmt.Sprintf("F%d", l)}}}}
	}
	if l, err := strconv.Atoi(c["textureDrink"]); err == nil {
		diet.Fluids = []hospital.Concept{{Codings: []hospital.Coding{{System: demoTexture, Code: fmt.Sprintf("D%d", l)}}}}
	}
	a.Diets = []hospital.DietOrder{diet}
	if c["npoFrom"] != "" {
		from, to := bangkok(c["npoFrom"]), bangkok(c["npoTo"])
		a.Diets = append(a.Diets, hospital.DietOrder{From: &from, To: &to,
			Types: []hospital.Concept{{Codings: []hospital.Coding{{System: demoDiet, Code: "NPO"}}}}})
	}
	return a
}

// bangkok reads an import's "2006-01-02 15:04" in Asia/Bangkok.
func bangkok(d string) time.Time {
	t, _ := time.ParseInLocation("2006-01-02 15:04", d, day.Bangkok)
	return t
}

// hospitalDay is the demo hospital's census of a branch and the HNs gone home.
func hospitalDay(branch string, now time.Time) ([]hospital.Admission, []string) {
	now = now.In(day.Bangkok)
	rows := demoPatients(branch, now)
	var out []hospital.Admission
	var freed, gone []string
	for n, r := range rows {
		c := r.Cells
		if c["visitStatus"] == "Discharge" || (c["visitStatus"] == "PreAdmit" && n != 60) {
			continue
		}
		a := AdmissionOf(c)
		switch n {
		case 10, 25: // gone home
			freed = append(freed, c["roomCode"])
			gone = append(gone, a.HN)
			continue
		case 60: // pre-admitted, now in
			a.Admitted = now
		case 3: // moved to the bed …10026 left
			a.Ward, a.Bed = "W02", "W02-16"
		case 4: // the doctor changed the diet
			a.Diets[0].Types[0].Codings[0].Code = "DT02"
			if c["dietTypeCode"] == "DT02" {
				a.Diets[0].Types[0].Codings[0].Code = "DT03"
			}
		case 5: // a new allergy, in SNOMED CT
			a.Allergies = append(a.Allergies, hospital.Concept{Codings: []hospital.Coding{{System: snomed, Code: "762952008", Display: "Peanut"}}})
		case 6: // nothing by mouth tonight
			today := now.Format(time.DateOnly)
			from, to := bangkok(today+" 20:00"), bangkok(today+" 23:00").Add(7*time.Hour)
			a.Diets = append(a.Diets, hospital.DietOrder{From: &from, To: &to,
				Types: []hospital.Concept{{Codings: []hospital.Coding{{System: demoDiet, Code: "NPO"}}}}})
		case 7: // a diet the branch has no map for
			a.Diets[0].Types = append(a.Diets[0].Types, hospital.Concept{Text: "Ketogenic diet",
				Codings: []hospital.Coding{{System: demoDiet, Code: "KETO", Display: "Ketogenic diet"}}})
		}
		out = append(out, a)
	}
	if len(freed) > 0 {
		birth := now.AddDate(-47, -2, -3).Format("2006-01-02")
		out = append(out, hospital.Admission{HN: branch + "-HN20001", NameTh: "ประเสริฐ มีสุข", NameEn: "Prasert Meesuk",
			Gender: "male", BirthDate: birth, Ward: "W02", Bed: freed[0], Admitted: now,
			Diets:     []hospital.DietOrder{{Types: []hospital.Concept{{Codings: []hospital.Coding{{System: demoDiet, Code: "DT01"}}}}}},
			Allergies: []hospital.Concept{{Codings: []hospital.Coding{{System: demoAllergen, Code: "AL05"}}}}})
	}
	return out, gone
}

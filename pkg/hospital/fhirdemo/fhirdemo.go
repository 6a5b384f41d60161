// Package fhirdemo serves a demo hospital as FHIR R4: the census searches of the hospital
// connector (Encounter with the patients and locations its _include asks for,
// AllergyIntolerance, NutritionOrder, Patient and Location by _id), with paging, built from
// a list of admissions. It is what the local server mounts so that
// the patient sync works out of the box; it is read-only and holds no real patient.
package fhirdemo

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/samply/golang-fhir-models/fhir-models/fhir"

	"samrap/pkg/hospital"
)

// MaxCount caps a page, whatever _count asks.
const MaxCount = 500

// Handler serves the admissions as a FHIR R4 server whose base is where it is mounted. The
// census may not change while it serves (build a new handler for new admissions).
func Handler(admissions []hospital.Admission) http.Handler {
	s := &server{}
	for _, a := range admissions {
		s.build(a)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /Encounter", s.census)
	mux.HandleFunc("GET /AllergyIntolerance", s.byPatient(func(i int) []any { return s.allergies[i] }))
	mux.HandleFunc("GET /NutritionOrder", s.byPatient(func(i int) []any { return s.orders[i] }))
	patient := func(id string) (any, bool) {
		i := slices.IndexFunc(s.patients, func(p fhir.Patient) bool { return *p.Id == id })
		if i < 0 {
			return nil, false
		}
		return s.patients[i], true
	}
	location := func(id string) (any, bool) {
		for _, list := range s.locations {
			if i := slices.IndexFunc(list, func(l fhir.Location) bool { return *l.Id == id }); i >= 0 {
				return list[i], true
			}
		}
		return nil, false
	}
	mux.HandleFunc("GET /Patient", s.byID(patient))
	mux.HandleFunc("GET /Location", s.byID(location))
	// the read interaction every FHIR server has, beside the searches
	mux.HandleFunc("GET /Patient/{id}", read(patient))
	mux.HandleFunc("GET /Location/{id}", read(location))
	mux.HandleFunc("GET /metadata", s.metadata)
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		outcome(w, http.StatusNotFound, "not-supported", "this demo hospital serves only the census searches")
	})
	return mux
}

type server struct {
	patients   []fhir.Patient
	encounters []fhir.Encounter
	locations  [][]fhir.Location // per encounter: bed, room, ward (those it has)
	allergies  [][]any
	orders     [][]any
}

const mr = "http://terminology.hl7.org/CodeSystem/v2-0203"
const physical = "http://terminology.hl7.org/CodeSystem/location-physical-type"

// build turns one admission into its resources.
func (s *server) build(a hospital.Admission) {
	pid, eid := "p-"+a.HN, "e-"+a.HN
	p := fhir.Patient{Id: &pid, Identifier: []fhir.Identifier{{
		Type:   &fhir.CodeableConcept{Coding: []fhir.Coding{{System: str(mr), Code: str("MR")}}},
		System: str("urn:samrap:demo:hn"), Value: str(a.HN),
	}}}
	for _, n := range []struct{ lang, text string }{{"th", a.NameTh}, {"en", a.NameEn}} {
		if n.text != "" {
			p.Name = append(p.Name, fhir.HumanName{Text: str(n.text), Extension: []fhir.Extension{{
				Url: "http://hl7.org/fhir/StructureDefinition/language", ValueCode: str(n.lang)}}})
		}
	}
	if a.Gender != "" {
		var g fhir.AdministrativeGender
		if json.Unmarshal([]byte(strconv.Quote(a.Gender)), &g) == nil {
			p.Gender = &g
		}
	}
	if a.BirthDate != "" {
		p.BirthDate = str(a.BirthDate)
	}

	e := fhir.Encounter{Id: &eid, Status: fhir.EncounterStatusInProgress,
		Class:   fhir.Coding{System: str("http://terminology.hl7.org/CodeSystem/v3-ActCode"), Code: str("IMP")},
		Subject: &fhir.Reference{Reference: str("Patient/" + pid)},
	}
	if !a.Admitted.IsZero() {
		e.Period = &fhir.Period{Start: str(a.Admitted.Format(time.RFC3339))}
	}
	if a.PlannedEnd != nil {
		e.Extension = []fhir.Extension{{
			Url:           "http://hl7.org/fhir/5.0/StructureDefinition/extension-Encounter.plannedEndDate",
			ValueDateTime: str(a.PlannedEnd.Format(time.RFC3339)),
		}}
	}
	var locs []fhir.Location
	var parent *fhir.Reference
	for _, l := range []struct{ kind, code string }{{"wa", a.Ward}, {"ro", a.Room}, {"bd", a.Bed}} {
		if l.code == "" {
			continue
		}
		id := l.kind + "-" + l.code
		locs = append(locs, fhir.Location{Id: &id, Identifier: []fhir.Identifier{{Value: str(l.code)}},
			Name:         str(l.code),
			PhysicalType: &fhir.CodeableConcept{Coding: []fhir.Coding{{System: str(physical), Code: str(l.kind)}}},
			PartOf:       parent,
		})
		parent = &fhir.Reference{Reference: str("Location/" + id)}
	}
	if parent != nil { // the most precise place: the bed, else the room, else the ward
		status := fhir.EncounterLocationStatusActive
		e.Location = []fhir.EncounterLocation{{Location: *parent, Status: &status}}
	}

	var allergies []any
	for i, c := range a.Allergies {
		id := fmt.Sprintf("a-%s-%d", a.HN, i)
		allergies = append(allergies, fhir.AllergyIntolerance{Id: &id,
			ClinicalStatus: &fhir.CodeableConcept{Coding: []fhir.Coding{{
				System: str("http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical"), Code: str("active")}}},
			Category: []fhir.AllergyIntoleranceCategory{fhir.AllergyIntoleranceCategoryFood},
			Code:     concept(c),
			Patient:  fhir.Reference{Reference: str("Patient/" + pid)},
		})
	}
	var orders []any
	for i, d := range a.Diets {
		id := fmt.Sprintf("n-%s-%d", a.HN, i)
		o := fhir.NutritionOrder{Id: &id, Status: fhir.RequestStatusActive, Intent: fhir.RequestIntentOrder,
			Patient:   fhir.Reference{Reference: str("Patient/" + pid)},
			Encounter: &fhir.Reference{Reference: str("Encounter/" + eid)},
			DateTime:  a.Admitted.Format(time.RFC3339),
			OralDiet:  &fhir.NutritionOrderOralDiet{},
		}
		if d.From != nil {
			o.DateTime = d.From.Format(time.RFC3339)
			bounds := &fhir.Period{Start: str(d.From.Format(time.RFC3339))}
			if d.To != nil {
				bounds.End = str(d.To.Format(time.RFC3339))
			}
			o.OralDiet.Schedule = []fhir.Timing{{Repeat: &fhir.TimingRepeat{BoundsPeriod: bounds}}}
		}
		for _, c := range d.Types {
			o.OralDiet.Type = append(o.OralDiet.Type, *concept(c))
		}
		for _, c := range d.Textures {
			o.OralDiet.Texture = append(o.OralDiet.Texture, fhir.NutritionOrderOralDietTexture{Modifier: concept(c)})
		}
		for _, c := range d.Fluids {
			o.OralDiet.FluidConsistencyType = append(o.OralDiet.FluidConsistencyType, *concept(c))
		}
		for _, c := range d.Excludes {
			o.ExcludeFoodModifier = append(o.ExcludeFoodModifier, *concept(c))
		}
		orders = append(orders, o)
	}

	s.patients = append(s.patients, p)
	s.encounters = append(s.encounters, e)
	s.locations = append(s.locations, locs)
	s.allergies = append(s.allergies, allergies)
	s.orders = append(s.orders, orders)
}

// encounters answers the census search: in-progress inpatient encounters (every one here),
// with their patients (_include=Encounter:patient) and locations (_include=Encounter:location:
// the bed, room and ward) included, a page at a time.
func (s *server) census(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	if st := q.Get("status"); st != "" && !slices.Contains(strings.Split(st, ","), "in-progress") {
		write(w, bundle(r, 0, 0, 0, nil, nil))
		return
	}
	offset, count := paging(q)
	end := min(offset+count, len(s.encounters))
	withPatients := slices.Contains(q["_include"], "Encounter:patient")
	withLocations := slices.Contains(q["_include"], "Encounter:location")
	var match, include []any
	seen := map[string]bool{}
	for i := offset; i < end; i++ {
		match = append(match, s.encounters[i])
		if withPatients {
			include = append(include, s.patients[i])
		}
		for _, l := range s.locations[i] {
			if !withLocations {
				break
			}
			if !seen[*l.Id] {
				seen[*l.Id] = true
				include = append(include, l)
			}
		}
	}
	write(w, bundle(r, offset, count, len(s.encounters), match, include))
}

// byPatient answers a search by patient (patient=a,b,...), a page at a time.
func (s *server) byPatient(of func(i int) []any) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		var all []any
		for _, ref := range strings.Split(q.Get("patient"), ",") {
			id := ref[strings.LastIndex(ref, "/")+1:]
			if i := slices.IndexFunc(s.patients, func(p fhir.Patient) bool { return *p.Id == id }); i >= 0 {
				all = append(all, of(i)...)
			}
		}
		offset, count := paging(q)
		end := min(offset+count, len(all))
		var match []any
		if offset < end {
			match = all[offset:end]
		}
		write(w, bundle(r, offset, count, len(all), match, nil))
	}
}

// byID answers a search by id (_id=a,b,...), a page at a time; an unknown id is no match.
func (s *server) byID(find func(id string) (any, bool)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		var all []any
		for _, id := range strings.Split(q.Get("_id"), ",") {
			if res, ok := find(id); ok {
				all = append(all, res)
			}
		}
		offset, count := paging(q)
		end := min(offset+count, len(all))
		var match []any
		if offset < end {
			match = all[offset:end]
		}
		write(w, bundle(r, offset, count, len(all), match, nil))
	}
}

// read answers one resource by id (GET [base]/Type/id), 404 with an OperationOutcome when
// there is none.
func read(find func(id string) (any, bool)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		res, ok := find(r.PathValue("id"))
		if !ok {
			outcome(w, http.StatusNotFound, "not-found", "no such resource")
			return
		}
		w.Header().Set("Content-Type", "application/fhir+json")
		_ = json.NewEncoder(w).Encode(res)
	}
}

func (s *server) metadata(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "application/fhir+json")
	_, _ = w.Write([]byte(`{"resourceType":"CapabilityStatement","status":"active","kind":"instance",` +
		`"fhirVersion":"4.0.1","format":["json"],"software":{"name":"Samrap demo hospital"}}`))
}

// paging reads _count and _offset (the demo's page token).
func paging(q url.Values) (offset, count int) {
	count = 50
	if n, err := strconv.Atoi(q.Get("_count")); err == nil && n > 0 {
		count = min(n, MaxCount)
	}
	if n, err := strconv.Atoi(q.Get("_offset")); err == nil && n > 0 {
		offset = n
	}
	return offset, count
}

// bundle is a searchset page with self and next links on the URL the client used.
func bundle(r *http.Request, offset, count, total int, match, include []any) fhir.Bundle {
	b := fhir.Bundle{Type: fhir.BundleTypeSearchset, Total: &total}
	link := func(rel string, off int) fhir.BundleLink {
		q := r.URL.Query()
		q.Set("_offset", strconv.Itoa(off))
		if count > 0 {
			q.Set("_count", strconv.Itoa(count))
		}
		path, _, _ := strings.Cut(r.RequestURI, "?") // the path as sent, before any StripPrefix
		scheme := "http"
		if r.TLS != nil {
			scheme = "https"
		}
		return fhir.BundleLink{Relation: rel, Url: scheme + "://" + r.Host + path + "?" + q.Encode()}
	}
	b.Link = append(b.Link, link("self", offset))
	if count > 0 && offset+count < total {
		b.Link = append(b.Link, link("next", offset+count))
	}
	for _, mode := range []struct {
		list []any
		mode fhir.SearchEntryMode
	}{{match, fhir.SearchEntryModeMatch}, {include, fhir.SearchEntryModeInclude}} {
		for _, res := range mode.list {
			raw, _ := json.Marshal(res) // our own structs: cannot fail
			m := mode.mode
			b.Entry = append(b.Entry, fhir.BundleEntry{Resource: raw, Search: &fhir.BundleEntrySearch{Mode: &m}})
		}
	}
	return b
}

func write(w http.ResponseWriter, b fhir.Bundle) {
	w.Header().Set("Content-Type", "application/fhir+json")
	_ = json.NewEncoder(w).Encode(b)
}

func outcome(w http.ResponseWriter, status int, code, text string) {
	w.Header().Set("Content-Type", "application/fhir+json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{"resourceType": "OperationOutcome",
		"issue": []any{map[string]string{"severity": "error", "code": code, "diagnostics": text}}})
}

func concept(c hospital.Concept) *fhir.CodeableConcept {
	out := &fhir.CodeableConcept{}
	if c.Text != "" {
		out.Text = str(c.Text)
	}
	for _, cd := range c.Codings {
		coding := fhir.Coding{Code: str(cd.Code)}
		if cd.System != "" {
			coding.System = str(cd.System)
		}
		if cd.Display != "" {
			coding.Display = str(cd.Display)
		}
		out.Coding = append(out.Coding, coding)
	}
	return out
}

func str(s string) *string { return &s }

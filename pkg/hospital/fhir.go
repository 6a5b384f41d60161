package hospital

import (
	"context"
	"crypto"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode"

	"github.com/samply/golang-fhir-models/fhir-models/fhir"
)

// FHIR is the HL7 FHIR R4 connector. Its census is three searches, each followed through
// its Bundle next links (patients a,b,... are at most patientsPerSearch at a time):
//
//	GET [base]/Encounter?status=in-progress&class=IMP,ACUTE,NONAC&_include=Encounter:patient&_include=Encounter:location&_count=N
//	GET [base]/AllergyIntolerance?patient=a,b,...&clinical-status=active&category=food&_count=N
//	GET [base]/NutritionOrder?patient=a,b,...&status=active&_count=N
//
// The answers are also filtered here, for servers that ignore a search parameter.
type FHIR struct {
	s      Settings
	base   *url.URL
	creds  Credentials
	signer crypto.Signer
	o      Options

	mu    sync.Mutex // guards token
	token bearer
}

// Options are the connector's collaborators; the zero value is right outside tests.
type Options struct {
	// HTTP sends the requests; nil: a client of its own, which connects only to the
	// addresses network.go allows. The per-request timeout of the settings applies either way.
	HTTP Doer
	// Loopback lets the connector's own client reach this machine's addresses: the local
	// stage only (the demo hospital at http://127.0.0.1:$PORT/dev/fhir/<branch>).
	Loopback bool
	// Now is the clock (token expiry, probe timing); nil: time.Now.
	Now func() time.Time
	// Wait waits before a retry; nil: a timer that ends early when ctx does. Tests pass one
	// that records the delay and returns at once.
	Wait func(ctx context.Context, d time.Duration) error
	// Zone reads FHIR dates without a time (a date-only admission); nil: UTC.
	Zone *time.Location
}

var _ Connector = (*FHIR)(nil)

// NewFHIR returns the connector for valid settings and their credentials.
func NewFHIR(s Settings, c Credentials, o Options) (*FHIR, error) {
	if err := s.Validate(); err != nil {
		return nil, fmt.Errorf("hospital.new: %w", err)
	}
	base, err := url.Parse(strings.TrimRight(s.BaseURL, "/"))
	if err != nil {
		return nil, fmt.Errorf("hospital.new: %w", err)
	}
	f := &FHIR{s: s, base: base, creds: c, o: o}
	if s.TokenURL != "" && c.PrivateKey != "" {
		if f.signer, err = c.signer(); err != nil {
			return nil, fmt.Errorf("hospital.new: %w", err)
		}
	}
	if f.o.HTTP == nil {
		f.o.HTTP = reach{loopback: o.Loopback, private: s.PrivateNetwork}.client()
	}
	if f.o.Now == nil {
		f.o.Now = time.Now
	}
	if f.o.Wait == nil {
		f.o.Wait = sleep
	}
	if f.o.Zone == nil {
		f.o.Zone = time.UTC
	}
	return f, nil
}

func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// encounterSearch is the first page of the census search.
func (f *FHIR) encounterSearch(count int) string {
	q := url.Values{}
	q.Set("status", "in-progress")
	q.Set("class", "IMP,ACUTE,NONAC")
	q["_include"] = []string{"Encounter:patient", "Encounter:location"}
	q.Set("_count", fmt.Sprint(count))
	return f.base.String() + "/Encounter?" + q.Encode()
}

// inpatient are the v3 ActCode classes of an inpatient stay.
var inpatient = []string{"IMP", "ACUTE", "NONAC"}

// page is one search page, its resources sorted by type.
type page struct {
	encounters []fhir.Encounter
	patients   map[string]fhir.Patient
	locations  map[string]fhir.Location
	allergies  []fhir.AllergyIntolerance
	orders     []fhir.NutritionOrder
	total      *int
	next       string
	skipped    []Skipped
}

// Census reads every inpatient stay in progress.
func (f *FHIR) Census(ctx context.Context) (Census, error) {
	var c Census
	patients := map[string]fhir.Patient{}
	locations := map[string]fhir.Location{}
	var encounters []fhir.Encounter
	if err := f.follow(ctx, &c, f.encounterSearch(f.s.pageSize()), func(p page) {
		encounters = append(encounters, p.encounters...)
		maps.Copy(patients, p.patients)
		maps.Copy(locations, p.locations)
	}); err != nil {
		return Census{}, fmt.Errorf("hospital.census: %w", err)
	}
	encounters = slices.DeleteFunc(encounters, func(e fhir.Encounter) bool {
		return e.Status != fhir.EncounterStatusInProgress || !slices.Contains(inpatient, deref(e.Class.Code))
	})
	if err := f.include(ctx, &c, encounters, patients, locations); err != nil {
		return Census{}, fmt.Errorf("hospital.census: %w", err)
	}

	// One stay per patient: the encounters, in order, with a readable patient and HN.
	type stay struct {
		enc fhir.Encounter
		pat fhir.Patient
		hn  string
	}
	var stays []stay
	byPatient := map[string]int{}
	for _, e := range encounters {
		name := "Encounter/" + deref(e.Id)
		if e.Subject == nil {
			c.Skipped = append(c.Skipped, Skipped{name, "no patient"})
			continue
		}
		pid := refID(*e.Subject, "Patient")
		pat, ok := patients[pid]
		if !ok {
			c.Skipped = append(c.Skipped, Skipped{name, "patient " + pid + " not found"})
			continue
		}
		hn := f.hn(pat)
		if hn == "" {
			c.Skipped = append(c.Skipped, Skipped{name, "patient " + pid + " has no HN"})
			continue
		}
		if _, dup := byPatient[pid]; dup {
			c.Skipped = append(c.Skipped, Skipped{name, "a second stay of patient " + pid})
			continue
		}
		byPatient[pid] = len(stays)
		stays = append(stays, stay{e, pat, hn})
	}

	allergies := map[string][]Concept{}
	diets := map[string][]DietOrder{}
	for start := 0; start < len(stays); start += idsPerSearch {
		var ids []string
		for _, s := range stays[start:min(start+idsPerSearch, len(stays))] {
			ids = append(ids, deref(s.pat.Id))
		}
		if err := f.follow(ctx, &c, f.search("AllergyIntolerance", "patient", ids, "clinical-status", "active", "category", "food"), func(p page) {
			for _, a := range p.allergies {
				if foodAllergy(a) {
					pid := refID(a.Patient, "Patient")
					allergies[pid] = append(allergies[pid], concept(a.Code))
				}
			}
		}); err != nil {
			return Census{}, fmt.Errorf("hospital.census: %w", err)
		}
		if err := f.follow(ctx, &c, f.search("NutritionOrder", "patient", ids, "status", "active"), func(p page) {
			for _, o := range p.orders {
				pid := refID(o.Patient, "Patient")
				i, ok := byPatient[pid]
				if !ok || o.Status != fhir.RequestStatusActive {
					continue
				}
				if o.Encounter != nil && refID(*o.Encounter, "Encounter") != deref(stays[i].enc.Id) {
					continue // an order of an earlier stay
				}
				diets[pid] = append(diets[pid], f.diet(o))
			}
		}); err != nil {
			return Census{}, fmt.Errorf("hospital.census: %w", err)
		}
	}

	for _, s := range stays {
		pid := deref(s.pat.Id)
		a := Admission{HN: s.hn, PatientID: pid, EncounterID: deref(s.enc.Id),
			Allergies: allergies[pid], Diets: diets[pid]}
		a.NameTh, a.NameEn = names(s.pat.Name)
		if s.pat.Gender != nil {
			a.Gender = s.pat.Gender.Code()
		}
		a.BirthDate = deref(s.pat.BirthDate)
		if s.enc.Period != nil {
			if t, ok := f.when(s.enc.Period.Start); ok {
				a.Admitted = t
			}
		}
		a.PlannedEnd = f.plannedEnd(s.enc)
		var missing []string
		a.Ward, a.Room, a.Bed, missing = place(s.enc, locations)
		for _, id := range missing {
			c.Warnings = append(c.Warnings, Warning{HN: s.hn, Kind: WarnLocationNotFound, Resource: "Location/" + id})
		}
		c.Admissions = append(c.Admissions, a)
	}
	return c, nil
}

// idsPerSearch bounds the ids of one search (patient=a,b,... or _id=a,b,...), so that its
// URL stays within what servers and proxies accept (about 2 kB of ids).
const idsPerSearch = 50

// search is the first page of a search of resources whose param (patient, _id) is one of ids.
func (f *FHIR) search(resource, param string, ids []string, params ...string) string {
	q := url.Values{}
	q.Set(param, strings.Join(ids, ","))
	for i := 0; i+1 < len(params); i += 2 {
		q.Set(params[i], params[i+1])
	}
	q.Set("_count", fmt.Sprint(f.s.pageSize()))
	return f.base.String() + "/" + resource + "?" + q.Encode()
}

// include reads what the encounter pages did not include: FHIR lets a server ignore
// _include, in part or altogether. The encounters' patients missing are read by
// Patient?_id=a,b,..., their current locations (and those locations' partOf parents, a
// level at a time) by Location?_id=..., idsPerSearch at a time, through the same paging and
// retries. A resource still missing afterwards is the caller's to report.
func (f *FHIR) include(ctx context.Context, c *Census, encounters []fhir.Encounter, patients map[string]fhir.Patient, locations map[string]fhir.Location) error {
	var want []string
	for _, e := range encounters {
		if e.Subject != nil {
			want = append(want, refID(*e.Subject, "Patient"))
		}
	}
	if err := f.byID(ctx, c, "Patient", absent(want, patients), func(p page) { maps.Copy(patients, p.patients) }); err != nil {
		return err
	}
	want = nil
	for _, e := range encounters {
		for _, el := range current(e) {
			want = append(want, refID(el.Location, "Location"))
		}
	}
	asked := map[string]bool{}
	for depth := 0; depth <= maxPartOf && len(want) > 0; depth++ {
		var ask []string
		for _, id := range absent(want, locations) {
			if !asked[id] {
				asked[id] = true
				ask = append(ask, id)
			}
		}
		if err := f.byID(ctx, c, "Location", ask, func(p page) { maps.Copy(locations, p.locations) }); err != nil {
			return err
		}
		var parents []string
		for _, id := range want {
			if l, ok := locations[id]; ok && l.PartOf != nil {
				parents = append(parents, refID(*l.PartOf, "Location"))
			}
		}
		want = parents
	}
	return nil
}

// absent are the ids (not empty, once each, in order) that have no entry in m.
func absent[T any](ids []string, m map[string]T) []string {
	var out []string
	seen := map[string]bool{}
	for _, id := range ids {
		if _, ok := m[id]; !ok && id != "" && !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

// byID reads resources by id, idsPerSearch at a time; only those asked for are kept (a
// server may ignore _id as it may any parameter). A server that refuses the search (it need
// not support _id with several values, or _id at all) is asked for each resource by the
// read interaction every FHIR server has (GET [base]/Type/id); one it does not have stays
// missing, for the caller to report.
func (f *FHIR) byID(ctx context.Context, c *Census, resource string, ids []string, use func(page)) error {
	for start := 0; start < len(ids); start += idsPerSearch {
		batch := ids[start:min(start+idsPerSearch, len(ids))]
		keep := func(p page) {
			maps.DeleteFunc(p.patients, func(id string, _ fhir.Patient) bool { return !slices.Contains(batch, id) })
			maps.DeleteFunc(p.locations, func(id string, _ fhir.Location) bool { return !slices.Contains(batch, id) })
			use(p)
		}
		err := f.follow(ctx, c, f.search(resource, "_id", batch), keep)
		if !errors.Is(err, ErrBadResponse) {
			if err != nil {
				return err
			}
			continue
		}
		for _, id := range batch {
			body, err := f.get(ctx, f.base.String()+"/"+resource+"/"+url.PathEscape(id))
			if errors.Is(err, ErrBadResponse) {
				continue // not there (404, 410) or not readable: reported as missing
			}
			if err != nil {
				return err
			}
			p := page{patients: map[string]fhir.Patient{}, locations: map[string]fhir.Location{}}
			if err := p.add(body); err != nil {
				c.Skipped = append(c.Skipped, Skipped{resource + "/" + id, err.Error()})
				continue
			}
			c.Pages++
			keep(p)
		}
	}
	return nil
}

// follow reads a search through its next links, handing each page to use.
func (f *FHIR) follow(ctx context.Context, c *Census, next string, use func(page)) error {
	for next != "" {
		p, err := f.page(ctx, next)
		if err != nil {
			return err
		}
		c.Pages++
		c.Skipped = append(c.Skipped, p.skipped...)
		use(p)
		next = p.next
	}
	return nil
}

// Probe fetches the first page of the census search (at most ten encounters), reads what
// it did not include of those encounters' patients and locations, and says what it found.
func (f *FHIR) Probe(ctx context.Context) (ProbeResult, error) {
	start := f.o.Now()
	p, err := f.page(ctx, f.encounterSearch(min(10, f.s.pageSize())))
	if err != nil {
		return ProbeResult{}, fmt.Errorf("hospital.probe: %w", err)
	}
	if err := f.include(ctx, &Census{}, p.encounters, p.patients, p.locations); err != nil {
		return ProbeResult{}, fmt.Errorf("hospital.probe: %w", err)
	}
	r := ProbeResult{Total: p.total, Encounters: len(p.encounters), HasNext: p.next != ""}
	for _, e := range p.encounters {
		if e.Subject != nil {
			if pat, ok := p.patients[refID(*e.Subject, "Patient")]; ok && f.hn(pat) != "" {
				r.Patients++
			}
		}
		if ward, _, _, _ := place(e, p.locations); ward != "" {
			r.Locations++
		}
	}
	r.Elapsed = f.o.Now().Sub(start)
	return r, nil
}

// page fetches and reads one search Bundle. A resource that cannot be read is skipped, not
// fatal; a next link to another server is refused (the token must not leave the hospital).
func (f *FHIR) page(ctx context.Context, u string) (page, error) {
	body, err := f.get(ctx, u)
	if err != nil {
		return page{}, err
	}
	var head struct {
		ResourceType string `json:"resourceType"`
	}
	if err := json.Unmarshal(body, &head); err != nil || head.ResourceType != "Bundle" {
		return page{}, fmt.Errorf("%w: %s answered %q", ErrBadResponse, redact(u), head.ResourceType)
	}
	var b fhir.Bundle
	if err := json.Unmarshal(body, &b); err != nil {
		return page{}, fmt.Errorf("%w: %s: %v", ErrBadResponse, redact(u), err)
	}
	p := page{patients: map[string]fhir.Patient{}, locations: map[string]fhir.Location{}, total: b.Total}
	for _, l := range b.Link {
		if l.Relation == "next" {
			next, err := f.sameServer(l.Url)
			if err != nil {
				return page{}, err
			}
			p.next = next
		}
	}
	for i, e := range b.Entry {
		if len(e.Resource) == 0 {
			continue // an entry without a resource (a deleted one in a history) says nothing
		}
		if err := p.add(e.Resource); err != nil {
			name := deref(e.FullUrl)
			if name == "" {
				name = fmt.Sprintf("entry %d of %s", i, redact(u))
			}
			p.skipped = append(p.skipped, Skipped{name, err.Error()})
		}
	}
	return p, nil
}

func (p *page) add(raw json.RawMessage) error {
	var head struct {
		ResourceType string  `json:"resourceType"`
		ID           *string `json:"id"`
	}
	if err := json.Unmarshal(raw, &head); err != nil {
		return err
	}
	var err error
	switch head.ResourceType {
	case "Encounter":
		var r fhir.Encounter
		if err = json.Unmarshal(raw, &r); err == nil {
			p.encounters = append(p.encounters, r)
		}
	case "Patient":
		var r fhir.Patient
		if err = json.Unmarshal(raw, &r); err == nil {
			p.patients[deref(r.Id)] = r
		}
	case "Location":
		var r fhir.Location
		if err = json.Unmarshal(raw, &r); err == nil {
			p.locations[deref(r.Id)] = r
		}
	case "AllergyIntolerance":
		var r fhir.AllergyIntolerance
		if err = json.Unmarshal(raw, &r); err == nil {
			p.allergies = append(p.allergies, r)
		}
	case "NutritionOrder":
		var r fhir.NutritionOrder
		if err = json.Unmarshal(raw, &r); err == nil {
			p.orders = append(p.orders, r)
		}
	}
	// Other resources (an OperationOutcome of warnings) are not ours to read.
	if err != nil {
		return fmt.Errorf("%s/%s: %v", head.ResourceType, deref(head.ID), err)
	}
	return nil
}

// sameServer resolves a next link and accepts it only on the base URL's server.
func (f *FHIR) sameServer(link string) (string, error) {
	u, err := f.base.Parse(link)
	if err != nil || u.Scheme != f.base.Scheme || u.Host != f.base.Host {
		return "", fmt.Errorf("%w: a next link leaves the hospital's server: %s", ErrBadResponse, redact(link))
	}
	return u.String(), nil
}

// redact drops the query of a URL for messages: it names patients.
func redact(u string) string {
	before, _, _ := strings.Cut(u, "?")
	return before
}

// hn is the patient's hospital number.
func (f *FHIR) hn(p fhir.Patient) string {
	if f.s.HNSystem != "" {
		for _, id := range p.Identifier {
			if deref(id.System) == f.s.HNSystem {
				return deref(id.Value)
			}
		}
		return ""
	}
	for _, id := range p.Identifier {
		if id.Type != nil {
			for _, c := range id.Type.Coding {
				if deref(c.Code) == "MR" {
					return deref(id.Value)
				}
			}
		}
	}
	if len(p.Identifier) > 0 {
		return deref(p.Identifier[0].Value)
	}
	return ""
}

// languageExt marks the language of a name (the core language extension).
const languageExt = "http://hl7.org/fhir/StructureDefinition/language"

// plannedEndExt is R5's Encounter.plannedEndDate carried to R4 as a cross-version extension.
const plannedEndExt = "http://hl7.org/fhir/5.0/StructureDefinition/extension-Encounter.plannedEndDate"

// names picks the Thai and the English name: by the name's language extension, else by its
// script. Official names win over others; an old name (period ended) is not used.
func names(list []fhir.HumanName) (th, en string) {
	rank := func(n fhir.HumanName) int {
		if n.Use != nil && n.Use.Code() == "official" {
			return 0
		}
		return 1
	}
	sorted := slices.Clone(list)
	slices.SortStableFunc(sorted, func(a, b fhir.HumanName) int { return rank(a) - rank(b) })
	for _, n := range sorted {
		if n.Use != nil && (n.Use.Code() == "old" || n.Use.Code() == "maiden") {
			continue
		}
		text := deref(n.Text)
		if text == "" {
			text = strings.TrimSpace(strings.Join(append(slices.Clone(n.Given), deref(n.Family)), " "))
		}
		if text == "" {
			continue
		}
		lang := ""
		for _, x := range n.Extension {
			if x.Url == languageExt {
				lang = strings.ToLower(deref(x.ValueCode))
			}
		}
		if lang == "" {
			lang = "en"
			if strings.IndexFunc(text, func(r rune) bool { return unicode.In(r, unicode.Thai) }) >= 0 {
				lang = "th"
			}
		}
		switch {
		case strings.HasPrefix(lang, "th") && th == "":
			th = text
		case strings.HasPrefix(lang, "en") && en == "":
			en = text
		}
	}
	return th, en
}

// maxPartOf bounds the walk up a location's partOf chain (bed, room, ward, wing).
const maxPartOf = 3

// current are the encounter's locations now: not completed, not ended.
func current(e fhir.Encounter) []fhir.EncounterLocation {
	var out []fhir.EncounterLocation
	for _, el := range e.Location {
		if el.Status != nil && el.Status.Code() == "completed" {
			continue
		}
		if el.Period != nil && el.Period.End != nil {
			continue
		}
		out = append(out, el)
	}
	return out
}

// place finds the ward, room and bed of the stay: the encounter's current locations, each
// typed by its physicalType (wa, ro, bd) and completed through the locations' partOf chain
// (a bed's room, a room's ward). missing are the ids of locations referenced and not found.
func place(e fhir.Encounter, locations map[string]fhir.Location) (ward, room, bed string, missing []string) {
	put := func(kind, code string) {
		switch kind {
		case "wa":
			if ward == "" {
				ward = code
			}
		case "ro":
			if room == "" {
				room = code
			}
		case "bd":
			if bed == "" {
				bed = code
			}
		}
	}
	for _, el := range current(e) {
		id := refID(el.Location, "Location")
		loc, found := locations[id]
		kind := code(el.PhysicalType)
		if kind == "" && found {
			kind = code(loc.PhysicalType)
		}
		switch {
		case found:
			put(kind, locationCode(loc))
		case el.Location.Identifier != nil:
			put(kind, deref(el.Location.Identifier.Value))
		case id != "":
			missing = append(missing, id)
		}
		for depth := 0; found && loc.PartOf != nil && depth < maxPartOf; depth++ {
			parent := refID(*loc.PartOf, "Location")
			if loc, found = locations[parent]; found {
				put(code(loc.PhysicalType), locationCode(loc))
			} else if parent != "" {
				missing = append(missing, parent)
			}
		}
	}
	return ward, room, bed, missing
}

// locationCode is the hospital's code of a location: its first identifier, else its id.
func locationCode(l fhir.Location) string {
	for _, id := range l.Identifier {
		if v := deref(id.Value); v != "" {
			return v
		}
	}
	return deref(l.Id)
}

// code is the first code of a concept.
func code(c *fhir.CodeableConcept) string {
	if c == nil {
		return ""
	}
	for _, cd := range c.Coding {
		if v := deref(cd.Code); v != "" {
			return v
		}
	}
	return ""
}

// foodAllergy keeps active (or status-less), not refuted, food allergies.
func foodAllergy(a fhir.AllergyIntolerance) bool {
	if len(a.Category) > 0 && !slices.ContainsFunc(a.Category, func(c fhir.AllergyIntoleranceCategory) bool {
		return c == fhir.AllergyIntoleranceCategoryFood
	}) {
		return false
	}
	if s := code(a.ClinicalStatus); s != "" && s != "active" {
		return false
	}
	switch code(a.VerificationStatus) {
	case "refuted", "entered-in-error":
		return false
	}
	return a.Code != nil
}

func (f *FHIR) diet(o fhir.NutritionOrder) DietOrder {
	var d DietOrder
	for _, c := range o.ExcludeFoodModifier {
		d.Excludes = append(d.Excludes, concept(&c))
	}
	if od := o.OralDiet; od != nil {
		for _, c := range od.Type {
			d.Types = append(d.Types, concept(&c))
		}
		for _, t := range od.Texture {
			if t.Modifier != nil {
				d.Textures = append(d.Textures, concept(t.Modifier))
			}
		}
		for _, c := range od.FluidConsistencyType {
			d.Fluids = append(d.Fluids, concept(&c))
		}
		for _, s := range od.Schedule {
			if s.Repeat != nil && s.Repeat.BoundsPeriod != nil {
				if t, ok := f.when(s.Repeat.BoundsPeriod.Start); ok && d.From == nil {
					d.From = &t
				}
				if t, ok := f.when(s.Repeat.BoundsPeriod.End); ok && d.To == nil {
					d.To = &t
				}
			}
		}
	}
	if d.From == nil {
		if t, ok := f.when(&o.DateTime); ok {
			d.From = &t
		}
	}
	return d
}

func (f *FHIR) plannedEnd(e fhir.Encounter) *time.Time {
	for _, x := range e.Extension {
		if x.Url == plannedEndExt {
			if t, ok := f.when(x.ValueDateTime); ok {
				return &t
			}
		}
	}
	return nil
}

// when reads a FHIR date or dateTime; a date alone is midnight in the connector's zone.
func (f *FHIR) when(s *string) (time.Time, bool) {
	if s == nil || *s == "" {
		return time.Time{}, false
	}
	if t, err := time.Parse(time.RFC3339Nano, *s); err == nil {
		return t, true
	}
	for _, layout := range []string{"2006-01-02", "2006-01", "2006"} {
		if t, err := time.ParseInLocation(layout, *s, f.o.Zone); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}

func concept(c *fhir.CodeableConcept) Concept {
	if c == nil {
		return Concept{}
	}
	out := Concept{Text: deref(c.Text)}
	for _, cd := range c.Coding {
		out.Codings = append(out.Codings, Coding{System: deref(cd.System), Code: deref(cd.Code), Display: deref(cd.Display)})
	}
	return out
}

// refID is the id a reference names: "Patient/123", "https://h/fhir/Patient/123" and
// "Patient/123/_history/2" all give "123".
func refID(r fhir.Reference, resource string) string {
	ref := deref(r.Reference)
	if i := strings.Index(ref, "/_history/"); i >= 0 {
		ref = ref[:i]
	}
	if i := strings.LastIndex(ref, resource+"/"); i >= 0 {
		return ref[i+len(resource)+1:]
	}
	return ""
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// errStatus describes an answer that is neither a success nor a retryable failure.
func errStatus(kind error, u string, status int) error {
	return fmt.Errorf("%w: %s answered %d", kind, redact(u), status)
}

// IsConfig reports whether err means the settings or credentials must change (rather than
// the hospital being down): the caller's "test connection" shows it as such.
func IsConfig(err error) bool {
	return errors.Is(err, ErrUnauthorized) || errors.Is(err, ErrForbidden) || errors.Is(err, ErrBadResponse)
}

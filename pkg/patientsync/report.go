package patientsync

import (
	"samrap/pkg/hospital"
)

// Report is what a finished sync changed, as checkProcessApiPatient answers it: the counts,
// and the patients of each kind of change (by HN).
type Report struct {
	Census     int    `json:"census"`     // patients the hospital listed
	Skipped    int    `json:"skipped"`    // hospital resources that could not be read
	Admitted   []Item `json:"admitted"`   // new to Samrap
	Readmitted []Item `json:"readmitted"` // discharged or pre-admitted in Samrap, back in the census
	Moved      []Item `json:"moved"`      // ward or bed changed
	Discharged []Item `json:"discharged"` // current in Samrap, absent from the census
	Identity   []Item `json:"identity"`   // name, gender, birth date, admission or planned discharge
	Diet       []Item `json:"diet"`       // diet type or therapeutic foods
	Texture    []Item `json:"texture"`    // IDDSI levels
	NPO        []Item `json:"npo"`
	// Ingredients: restricted ingredients added; AllergiesAdded: allergies added (codes and
	// texts in Item.Allergies); AllergiesNeedPerson: allergies the hospital no longer lists,
	// kept for a person to confirm.
	Ingredients         []Item `json:"ingredients"`
	AllergiesAdded      []Item `json:"allergiesAdded"`
	AllergiesNeedPerson []Item `json:"allergiesNeedPerson"`
	// BedsTaken: the hospital's bed is taken by another patient of Samrap: the patient is
	// stored in the ward without a bed.
	BedsTaken []Item         `json:"bedsTaken"`
	Unmapped  []UnmappedCode `json:"unmapped"` // codes without a map or a master row: kept, counted
	// Warnings: what the sync could not complete of a patient, for a person to look at.
	Warnings  []Warning       `json:"warnings"`
	Unchanged int             `json:"unchanged"`
	Counts    map[string]int  `json:"counts"`
	Resources []SkippedSource `json:"skippedResources"`
}

// Item is one patient of a kind of change.
type Item struct {
	HnID      string              `json:"hnId"`
	NameTh    string              `json:"nameTh"`
	NameEn    string              `json:"nameEn"`
	Ward      string              `json:"ward,omitempty"` // codes after the sync
	Room      string              `json:"room,omitempty"`
	Allergies *hospital.Allergies `json:"allergies,omitempty"`
}

// UnmappedCode is a hospital code Samrap could not map.
type UnmappedCode struct {
	HnID    string   `json:"hnId"`
	Field   string   `json:"field"`
	System  string   `json:"system"`
	Code    string   `json:"code"`
	Display string   `json:"display"`
	Groups  []string `json:"groups,omitempty"` // an allergy's EU-14 groups the branch has no allergen for
}

// Warning is one thing a sync could not complete of a patient.
type Warning struct {
	HnID string `json:"hnId"`
	Kind string `json:"kind"` // one of the Warn* constants
	// Code is the location (the hospital's Location/id, or its code) or the allergy's code.
	Code    string   `json:"code"`
	Display string   `json:"display,omitempty"`
	Groups  []string `json:"groups,omitempty"` // WarnAllergyPart: the groups the branch has no allergen for
}

// The kinds of warning.
const (
	// WarnLocationNotFound: the hospital names a location it does not give (included or
	// read by id): the patient has no ward or bed from it.
	WarnLocationNotFound = hospital.WarnLocationNotFound
	// WarnLocationNotMapped: the hospital's ward, room or bed has no map or master row: the
	// patient keeps Samrap's ward, or is stored without the bed.
	WarnLocationNotMapped = "locationNotMapped"
	// WarnAllergyPart: an allergy partly mapped (shellfish with no molluscs allergen): its
	// text is kept as an unmapped allergy, which blocks orders until a person confirms.
	WarnAllergyPart = "allergyPart"
)

// SkippedSource is a hospital resource the connector could not read.
type SkippedSource struct {
	Resource string `json:"resource"`
	Reason   string `json:"reason"`
}

func item(p hospital.Patient) Item {
	return Item{HnID: p.HN, NameTh: p.NameTh, NameEn: p.NameEn, Ward: p.WardCode, Room: p.RoomCode}
}

// NewReport describes the change set (bedsTaken: HNs stored without their hospital bed): a
// sync's report, and an HL7 v2 message's (pkg/hl7feed).
func NewReport(c hospital.Census, cs hospital.ChangeSet, bedsTaken map[string]bool) Report {
	r := Report{Census: len(c.Admissions), Skipped: len(c.Skipped), Unchanged: cs.Unchanged,
		Admitted: []Item{}, Readmitted: []Item{}, Moved: []Item{}, Discharged: []Item{}, Identity: []Item{},
		Diet: []Item{}, Texture: []Item{}, NPO: []Item{}, Ingredients: []Item{}, AllergiesAdded: []Item{},
		AllergiesNeedPerson: []Item{}, BedsTaken: []Item{}, Unmapped: []UnmappedCode{}, Warnings: []Warning{},
		Resources: []SkippedSource{}}
	for _, p := range cs.Admitted {
		r.Admitted = append(r.Admitted, item(p))
		if !p.Allergies.Empty() {
			a := p.Allergies
			it := item(p)
			it.Allergies = &a
			r.AllergiesAdded = append(r.AllergiesAdded, it)
		}
		if bedsTaken[p.HN] {
			r.BedsTaken = append(r.BedsTaken, item(p))
		}
	}
	for _, u := range cs.Updated {
		c, it := u.Changes, item(u.After)
		add := func(yes bool, list *[]Item) {
			if yes {
				*list = append(*list, it)
			}
		}
		add(c.Readmitted, &r.Readmitted)
		add(c.Moved, &r.Moved)
		add(c.Identity, &r.Identity)
		add(c.Diet, &r.Diet)
		add(c.Texture, &r.Texture)
		add(c.NPO, &r.NPO)
		add(len(c.Ingredients) > 0, &r.Ingredients)
		add(bedsTaken[u.After.HN], &r.BedsTaken)
		if !c.AllergiesAdded.Empty() {
			a := c.AllergiesAdded
			x := it
			x.Allergies = &a
			r.AllergiesAdded = append(r.AllergiesAdded, x)
		}
		if !c.AllergiesNeedPerson.Empty() {
			a := c.AllergiesNeedPerson
			x := it
			x.Allergies = &a
			r.AllergiesNeedPerson = append(r.AllergiesNeedPerson, x)
		}
	}
	for _, u := range cs.Discharged {
		r.Discharged = append(r.Discharged, item(u.After))
	}
	for _, w := range c.Warnings {
		r.Warnings = append(r.Warnings, Warning{HnID: w.HN, Kind: w.Kind, Code: w.Resource})
	}
	for _, u := range cs.Unmapped {
		r.Unmapped = append(r.Unmapped, UnmappedCode{HnID: u.HN, Field: u.Field, System: u.System, Code: u.Code,
			Display: u.Display, Groups: u.Groups})
		switch u.Field {
		case hospital.FieldWard, hospital.FieldRoom, hospital.FieldBed:
			r.Warnings = append(r.Warnings, Warning{HnID: u.HN, Kind: WarnLocationNotMapped, Code: u.Code})
		case hospital.FieldAllergyPart:
			r.Warnings = append(r.Warnings, Warning{HnID: u.HN, Kind: WarnAllergyPart, Code: u.System + "|" + u.Code,
				Display: u.Display, Groups: u.Groups})
		}
	}
	for _, s := range c.Skipped {
		r.Resources = append(r.Resources, SkippedSource{Resource: s.Resource, Reason: s.Reason})
	}
	r.Counts = map[string]int{"admitted": len(r.Admitted), "readmitted": len(r.Readmitted), "moved": len(r.Moved),
		"discharged": len(r.Discharged), "identity": len(r.Identity), "diet": len(r.Diet), "texture": len(r.Texture),
		"npo": len(r.NPO), "ingredients": len(r.Ingredients), "allergiesAdded": len(r.AllergiesAdded),
		"allergiesNeedPerson": len(r.AllergiesNeedPerson), "bedsTaken": len(r.BedsTaken), "unmapped": len(r.Unmapped),
		"unchanged": r.Unchanged, "updated": len(cs.Updated), "skipped": r.Skipped, "warnings": len(r.Warnings)}
	return r
}

// MergeReports is what several reports changed together, in the order they were applied (an
// HL7 v2 feed's day: a report per message, pkg/hl7feed): each kind of change lists a patient
// once (its last item: the ward and bed it ended in; the allergies of all), the warnings and
// unmapped codes once each, the census and unchanged summed; "updated" counts the patients of
// any change but an admission or a discharge.
func MergeReports(rs []Report) Report {
	var out Report
	lists := func(r *Report) []*[]Item {
		return []*[]Item{&r.Admitted, &r.Readmitted, &r.Moved, &r.Discharged, &r.Identity, &r.Diet, &r.Texture, &r.NPO,
			&r.Ingredients, &r.AllergiesAdded, &r.AllergiesNeedPerson, &r.BedsTaken}
	}
	into := lists(&out)
	for _, l := range into {
		*l = []Item{}
	}
	out.Unmapped, out.Warnings, out.Resources = []UnmappedCode{}, []Warning{}, []SkippedSource{}
	seenWarning, seenUnmapped := map[string]bool{}, map[string]bool{}
	for i := range rs {
		r := &rs[i]
		out.Census += r.Census
		out.Skipped += r.Skipped
		out.Unchanged += r.Unchanged
		for k, from := range lists(r) {
			for _, it := range *from {
				*into[k] = mergeItem(*into[k], it)
			}
		}
		for _, w := range r.Warnings {
			key := w.HnID + "\x00" + w.Kind + "\x00" + w.Code
			if !seenWarning[key] {
				seenWarning[key] = true
				out.Warnings = append(out.Warnings, w)
			}
		}
		for _, u := range r.Unmapped {
			key := u.HnID + "\x00" + u.Field + "\x00" + u.System + "\x00" + u.Code
			if !seenUnmapped[key] {
				seenUnmapped[key] = true
				out.Unmapped = append(out.Unmapped, u)
			}
		}
		out.Resources = append(out.Resources, r.Resources...)
	}
	updated := map[string]bool{}
	for _, l := range []([]Item){out.Readmitted, out.Moved, out.Identity, out.Diet, out.Texture, out.NPO, out.Ingredients,
		out.AllergiesAdded, out.AllergiesNeedPerson, out.BedsTaken} {
		for _, it := range l {
			updated[it.HnID] = true
		}
	}
	for _, it := range out.Admitted {
		delete(updated, it.HnID) // an admission's allergies and bed are the admission's
	}
	out.Counts = map[string]int{"admitted": len(out.Admitted), "readmitted": len(out.Readmitted), "moved": len(out.Moved),
		"discharged": len(out.Discharged), "identity": len(out.Identity), "diet": len(out.Diet), "texture": len(out.Texture),
		"npo": len(out.NPO), "ingredients": len(out.Ingredients), "allergiesAdded": len(out.AllergiesAdded),
		"allergiesNeedPerson": len(out.AllergiesNeedPerson), "bedsTaken": len(out.BedsTaken), "unmapped": len(out.Unmapped),
		"unchanged": out.Unchanged, "updated": len(updated), "skipped": out.Skipped, "warnings": len(out.Warnings)}
	return out
}

// mergeItem puts it in list: a patient already there takes its place (where it is now) with
// the allergies of both.
func mergeItem(list []Item, it Item) []Item {
	for i := range list {
		if list[i].HnID != it.HnID {
			continue
		}
		if a, b := list[i].Allergies, it.Allergies; a != nil && b != nil {
			it.Allergies = &hospital.Allergies{Codes: hospital.Union(a.Codes, b.Codes), Texts: hospital.Union(a.Texts, b.Texts)}
		} else if b == nil {
			it.Allergies = a
		}
		list[i] = it
		return list
	}
	return append(list, it)
}

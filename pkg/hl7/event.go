package hl7

import (
	"strings"
	"time"
	"unicode"
)

// Kind is what a message asks of Samrap.
type Kind string

const (
	KindUnknown         Kind = "unknown"          // any other message: read, not applied
	KindAdmit           Kind = "admit"            // ADT^A01
	KindTransfer        Kind = "transfer"         // ADT^A02
	KindDischarge       Kind = "discharge"        // ADT^A03
	KindRegister        Kind = "register"         // ADT^A04: not an inpatient
	KindUpdate          Kind = "update"           // ADT^A08
	KindCancelAdmit     Kind = "cancel-admit"     // ADT^A11
	KindCancelTransfer  Kind = "cancel-transfer"  // ADT^A12
	KindCancelDischarge Kind = "cancel-discharge" // ADT^A13
	KindMerge           Kind = "merge"            // ADT^A40
	KindDietOrder       Kind = "diet-order"       // ORM^O01, OMD^O03
)

var adtKinds = map[string]Kind{
	"A01": KindAdmit, "A02": KindTransfer, "A03": KindDischarge, "A04": KindRegister,
	"A08": KindUpdate, "A11": KindCancelAdmit, "A12": KindCancelTransfer,
	"A13": KindCancelDischarge, "A40": KindMerge,
}

// Event is what one ADT or diet-order message says, in the hospital's own codes: mapping
// them to the branch's wards, diets and allergens is the apply step's.
type Event struct {
	MessageControlID string // MSH-10
	Type             string // MSH-9.1: ADT, ORM, OMD, …
	Trigger          string // MSH-9.2, else EVN-1
	Kind             Kind
	// SentAt orders a patient's messages: EVN-2 (recorded date/time) when present, else
	// MSH-7. A time written without an offset is in the zone given to ReadEvent.
	SentAt time.Time

	SendingApplication   string // MSH-3.1
	SendingFacility      string // MSH-4.1
	ReceivingApplication string // MSH-5.1
	ReceivingFacility    string // MSH-6.1
	Version              string // MSH-12.1, as sent (not checked)
	Charset              string // MSH-18 as sent; the text is read as UTF-8 whatever it says

	Patient   Patient     // PID (the first); zero when the message has none
	Visit     *Visit      // PV1 (and PV2); nil without PV1
	Allergies []Allergy   // AL1, in order
	Merge     *Merge      // MRG, for A40
	Orders    []DietOrder // ORC groups, for diet orders
}

// Patient is the PID segment.
type Patient struct {
	HN          string       // the PID-3 identifier typed MR
	Identifiers []Identifier // PID-3, every repetition
	NameTh      string       // PID-5: the first usable name in Thai script
	NameEn      string       // PID-5: the first usable name in another script
	Names       []Name       // PID-5, every repetition
	BirthDate   string       // PID-7 as YYYY, YYYY-MM or YYYY-MM-DD
	Sex         string       // PID-8, HL7 table 0001: F, M, O, U, A, N
}

// Gender is Sex as a FHIR administrative gender (male, female, other, unknown), the census's
// term; "" when PID-8 is empty or unknown to table 0001.
func (p Patient) Gender() string {
	switch p.Sex {
	case "M":
		return "male"
	case "F":
		return "female"
	case "O", "A":
		return "other"
	case "U", "N":
		return "unknown"
	}
	return ""
}

// Identifier is one CX: PID-3, MRG-1.
type Identifier struct {
	ID        string // CX.1
	Type      string // CX.5, HL7 table 0203: MR medical record (the HN), NI/NNTHA national, …
	Authority string // CX.4.1, the assigning authority's namespace
}

// Name is one XPN of PID-5.
type Name struct {
	Family string // XPN.1.1
	Given  string // XPN.2
	Middle string // XPN.3
	Prefix string // XPN.5
	Type   string // XPN.7, HL7 table 0200: L legal, D display, M maiden, A alias, …
}

// Text is the name as the census writes it: given, middle and family names (no prefix).
func (n Name) Text() string {
	var parts []string
	for _, p := range []string{n.Given, n.Middle, n.Family} {
		if p = strings.TrimSpace(p); p != "" {
			parts = append(parts, p)
		}
	}
	return strings.Join(parts, " ")
}

// Visit is the PV1 segment (and PV2-9).
type Visit struct {
	Class             string     // PV1-2, HL7 table 0004: I inpatient, O, E, P preadmit, …
	Location          Location   // PV1-3, the assigned location
	PriorLocation     Location   // PV1-6, the location before a transfer
	VisitNumber       string     // PV1-19.1
	AdmitAt           *time.Time // PV1-44
	DischargeAt       *time.Time // PV1-45
	ExpectedDischarge *time.Time // PV2-9
}

// Location is one PL: point of care^room^bed^facility^status^type^building^floor^description.
type Location struct {
	PointOfCare string // PL.1, the ward
	Room        string // PL.2
	Bed         string // PL.3
	Facility    string // PL.4.1
	Building    string // PL.7
	Floor       string // PL.8
	Description string // PL.9
}

// Allergy is one AL1 segment. Every type is kept (the apply step takes food allergies).
type Allergy struct {
	Type      string   // AL1-2.1, HL7 table 0127: FA food, DA drug, MA miscellaneous, …
	Allergen  Concept  // AL1-3
	Severity  string   // AL1-4.1, HL7 table 0128: SV, MO, MI, U
	Reactions []string // AL1-5, every repetition
}

// Merge is the MRG segment of an A40: the identifiers of the patient merged into PID's.
type Merge struct {
	PriorHN    string       // the MRG-1 identifier typed MR
	Prior      []Identifier // MRG-1
	PriorVisit string       // MRG-5.1
}

// DietOrder is one order group: an ORC with its timing (TQ1) and its ODS segments.
type DietOrder struct {
	Control      string // ORC-1: NW new, CA cancel, DC discontinue, XO change, …
	PlacerNumber string // ORC-2.1
	FillerNumber string // ORC-3.1
	Status       string // ORC-5
	// Start and End bound the order: TQ1-7 and TQ1-8, else ORC-7.4 and ORC-7.5 (the TQ of
	// v2.3 senders); Start else ORC-15. For an NPO diet they are the fast's window.
	Start *time.Time
	End   *time.Time
	Items []DietItem // ODS
}

// DietItem is one ODS segment.
type DietItem struct {
	Type  string    // ODS-1: D diet, S supplement, P preference
	Meals []Concept // ODS-2, the service periods
	Codes []Concept // ODS-3, every repetition: diet, texture, NPO, supplement codes
	Text  []string  // ODS-4, instructions
}

// Concept is one coded element (CE, CWE): its codings (identifier^text^coding system, then
// the alternate triplet) and a text.
type Concept struct {
	Codings []Coding
	Text    string // CWE-9 original text, else the first coding's text
}

// Coding is one code of a coding system, as sent: "SCT", "SNM", "L", "99LOCAL", a URI, ….
type Coding struct {
	Code   string
	Text   string
	System string
}

// SNOMED reports whether the coding system is SNOMED CT, under any name senders use.
func (c Coding) SNOMED() bool {
	switch strings.ToUpper(c.System) {
	case "SCT", "SNM", "SNOMED", "SNOMEDCT", "SNOMED CT", "SNOMED-CT", "HTTP://SNOMED.INFO/SCT", "2.16.840.1.113883.6.96":
		return true
	}
	return false
}

// ReadEvent reads what an ADT or diet-order message says. Segments it does not use (NK1,
// DG1, OBX, IN1, NTE, Z-segments, …) are ignored.
//
// Errors are *Error, located at the segment and field (an AE), and come with the event as
// far as it was read: MSH-10 missing, or both MSH-7 and EVN-2; a date/time that cannot be
// read; no PID, or no PID-3 identifier typed MR; for A40, no MRG or no MRG-1 typed MR; for a
// diet order, no ORC or ODS. A message of another type or trigger is Kind unknown and, past
// its MSH-10 and time, never an error: it holds what its PID, PV1 and AL1 could give.
func ReadEvent(m *Message, zone *time.Location) (Event, error) {
	msh, _ := m.Segment("MSH")
	evn, _ := m.Segment("EVN")
	typ := msh.Field(9).Rep(0)
	ev := Event{
		MessageControlID:     msh.Value(10),
		Type:                 typ.Comp(1),
		Trigger:              typ.Comp(2),
		SendingApplication:   msh.Value(3),
		SendingFacility:      msh.Value(4),
		ReceivingApplication: msh.Value(5),
		ReceivingFacility:    msh.Value(6),
		Version:              msh.Value(12),
		Charset:              msh.Value(18),
	}
	if ev.Trigger == "" {
		ev.Trigger = evn.Value(1)
	}
	ev.Kind = kindOf(m, ev.Type, ev.Trigger)
	if ev.MessageControlID == "" {
		return ev, msh.Err(10, CodeRequiredField, "no message control ID")
	}
	sent, err := timeAt(evn, 2, evn.Value(2), zone)
	if err == nil && sent == nil {
		sent, err = timeAt(msh, 7, msh.Value(7), zone)
	}
	if err != nil {
		return ev, err
	}
	if sent == nil {
		return ev, msh.Err(7, CodeRequiredField, "no message date/time")
	}
	ev.SentAt = *sent
	if err := ev.read(m, zone); err != nil && ev.Kind != KindUnknown {
		return ev, err
	}
	return ev, nil
}

// read reads the segments after the header into ev, up to the first error.
func (ev *Event) read(m *Message, zone *time.Location) error {
	pid, ok := m.Segment("PID")
	if !ok {
		return &Error{Segment: "PID", Code: CodeSegmentSequence, Reason: "no PID segment"}
	}
	var err error
	if ev.Patient, err = readPatient(pid); err != nil {
		return err
	}
	if ev.Patient.HN == "" {
		return pid.Err(3, CodeRequiredField, "no patient identifier typed MR")
	}
	if pv1, ok := m.Segment("PV1"); ok {
		pv2, _ := m.Segment("PV2")
		if ev.Visit, err = readVisit(pv1, pv2, zone); err != nil {
			return err
		}
	}
	for _, al1 := range m.Segments("AL1") {
		if a := readAllergy(al1); len(a.Allergen.Codings) > 0 || a.Allergen.Text != "" {
			ev.Allergies = append(ev.Allergies, a)
		}
	}
	switch ev.Kind {
	case KindMerge:
		mrg, ok := m.Segment("MRG")
		if !ok {
			return &Error{Segment: "MRG", Code: CodeSegmentSequence, Reason: "a merge without an MRG segment"}
		}
		ev.Merge = &Merge{Prior: identifiers(mrg.Field(1)), PriorVisit: mrg.Value(5)}
		ev.Merge.PriorHN = hn(ev.Merge.Prior)
		if ev.Merge.PriorHN == "" {
			return mrg.Err(1, CodeRequiredField, "no prior identifier typed MR")
		}
	case KindDietOrder:
		if ev.Orders, err = readOrders(m, zone); err != nil {
			return err
		}
	}
	return nil
}

// kindOf tells what a message is. ORM^O01 orders anything; it is a diet order unless it
// carries another service's order detail.
func kindOf(m *Message, typ, trigger string) Kind {
	switch {
	case typ == "ADT":
		if k, ok := adtKinds[trigger]; ok {
			return k
		}
	case typ == "OMD" && trigger == "O03":
		return KindDietOrder
	case typ == "ORM" && trigger == "O01":
		for _, other := range []string{"OBR", "RXO", "RXE", "RQD", "RQ1"} {
			if _, ok := m.Segment(other); ok {
				return KindUnknown
			}
		}
		return KindDietOrder
	}
	return KindUnknown
}

func readPatient(pid Segment) (Patient, error) {
	p := Patient{
		Identifiers: identifiers(pid.Field(3)),
		Sex:         pid.Value(8),
	}
	p.HN = hn(p.Identifiers)
	for _, r := range pid.Field(5) {
		p.Names = append(p.Names, Name{
			Family: r.Comp(1), Given: r.Comp(2), Middle: r.Comp(3), Prefix: r.Comp(5), Type: r.Comp(7),
		})
	}
	p.NameTh, p.NameEn = names(p.Names)
	if b := pid.Value(7); b != "" {
		if _, err := ParseTime(b, time.UTC); err != nil {
			return p, pid.Err(7, CodeDataType, "the birth date is not an HL7 date")
		}
		switch {
		case len(b) >= 8:
			p.BirthDate = b[:4] + "-" + b[4:6] + "-" + b[6:8]
		case len(b) >= 6:
			p.BirthDate = b[:4] + "-" + b[4:6]
		default:
			p.BirthDate = b[:4]
		}
	}
	return p, nil
}

func identifiers(f Field) []Identifier {
	var ids []Identifier
	for _, r := range f {
		if id := r.Comp(1); id != "" {
			ids = append(ids, Identifier{ID: id, Type: r.Comp(5), Authority: r.Comp(4)})
		}
	}
	return ids
}

// hn picks the identifier typed MR, wherever it stands in the list. Only when the sender
// types none of its identifiers is the first one the HN.
func hn(ids []Identifier) string {
	typed := false
	for _, id := range ids {
		if strings.EqualFold(id.Type, "MR") {
			return id.ID
		}
		typed = typed || id.Type != ""
	}
	if len(ids) > 0 && !typed {
		return ids[0].ID
	}
	return ""
}

// names picks the Thai and the English name, as the FHIR census does: a legal name (L)
// before the others, a maiden (M) or bad (BAD) name never; the language is the script (a
// name with Thai letters is Thai, any other English).
func names(list []Name) (th, en string) {
	for _, legal := range []bool{true, false} {
		for _, n := range list {
			if (n.Type == "L") != legal || n.Type == "M" || n.Type == "BAD" {
				continue
			}
			text := n.Text()
			switch {
			case text == "":
			case strings.IndexFunc(text, func(r rune) bool { return unicode.In(r, unicode.Thai) }) >= 0:
				if th == "" {
					th = text
				}
			case en == "":
				en = text
			}
		}
	}
	return th, en
}

func readVisit(pv1, pv2 Segment, zone *time.Location) (*Visit, error) {
	v := &Visit{
		Class:         pv1.Value(2),
		Location:      location(pv1.Field(3).Rep(0)),
		PriorLocation: location(pv1.Field(6).Rep(0)),
		VisitNumber:   pv1.Value(19),
	}
	var err error
	if v.AdmitAt, err = timeAt(pv1, 44, pv1.Value(44), zone); err != nil {
		return nil, err
	}
	if v.DischargeAt, err = timeAt(pv1, 45, pv1.Value(45), zone); err != nil {
		return nil, err
	}
	if v.ExpectedDischarge, err = timeAt(pv2, 9, pv2.Value(9), zone); err != nil {
		return nil, err
	}
	return v, nil
}

func location(r Rep) Location {
	return Location{
		PointOfCare: r.Comp(1), Room: r.Comp(2), Bed: r.Comp(3), Facility: r.Comp(4),
		Building: r.Comp(7), Floor: r.Comp(8), Description: r.Comp(9),
	}
}

func readAllergy(al1 Segment) Allergy {
	a := Allergy{
		Type:     al1.Value(2),
		Allergen: concept(al1.Field(3).Rep(0)),
		Severity: al1.Value(4),
	}
	for _, r := range al1.Field(5) {
		if t := r.Comp(1); t != "" {
			a.Reactions = append(a.Reactions, t)
		}
	}
	return a
}

// concept reads a CE or CWE: identifier^text^system^alternate identifier^alternate
// text^alternate system, and CWE-9 original text.
func concept(r Rep) Concept {
	var c Concept
	for _, i := range []int{1, 4} {
		if code := r.Comp(i); code != "" {
			c.Codings = append(c.Codings, Coding{Code: code, Text: r.Comp(i + 1), System: r.Comp(i + 2)})
		}
	}
	for _, i := range []int{9, 2, 5} {
		if c.Text == "" {
			c.Text = r.Comp(i)
		}
	}
	return c
}

func concepts(f Field) []Concept {
	var out []Concept
	for _, r := range f {
		if c := concept(r); len(c.Codings) > 0 || c.Text != "" {
			out = append(out, c)
		}
	}
	return out
}

// readOrders groups the order segments: an ORC starts an order, the TQ1 and ODS after it
// are its own. An ODS before any ORC makes an order of its own, so that it is not lost.
func readOrders(m *Message, zone *time.Location) ([]DietOrder, error) {
	type group struct {
		orc, tq1 Segment
		ods      []Segment
	}
	var groups []*group
	for _, s := range m.All() {
		switch s.Name {
		case "ORC":
			groups = append(groups, &group{orc: s})
		case "TQ1", "ODS":
			if len(groups) == 0 {
				groups = append(groups, &group{})
			}
			g := groups[len(groups)-1]
			if s.Name == "ODS" {
				g.ods = append(g.ods, s)
			} else if g.tq1.Name == "" {
				g.tq1 = s
			}
		}
	}
	if len(groups) == 0 {
		return nil, &Error{Segment: "ORC", Code: CodeSegmentSequence, Reason: "a diet order without ORC or ODS"}
	}
	var orders []DietOrder
	for _, g := range groups {
		o := DietOrder{
			Control:      g.orc.Value(1),
			PlacerNumber: g.orc.Value(2),
			FillerNumber: g.orc.Value(3),
			Status:       g.orc.Value(5),
		}
		var err error
		tq := g.orc.Field(7).Rep(0)
		if o.Start, err = firstTime(zone, at{g.tq1, 7, g.tq1.Value(7)}, at{g.orc, 7, tq.Comp(4)}, at{g.orc, 15, g.orc.Value(15)}); err != nil {
			return nil, err
		}
		if o.End, err = firstTime(zone, at{g.tq1, 8, g.tq1.Value(8)}, at{g.orc, 7, tq.Comp(5)}); err != nil {
			return nil, err
		}
		for _, ods := range g.ods {
			item := DietItem{Type: ods.Value(1), Meals: concepts(ods.Field(2)), Codes: concepts(ods.Field(3))}
			for _, r := range ods.Field(4) {
				if t := r.Comp(1); t != "" {
					item.Text = append(item.Text, t)
				}
			}
			o.Items = append(o.Items, item)
		}
		orders = append(orders, o)
	}
	return orders, nil
}

// at is a date/time value and where it was read.
type at struct {
	seg   Segment
	field int
	value string
}

// firstTime reads the first of the values that is not empty.
func firstTime(zone *time.Location, list ...at) (*time.Time, error) {
	for _, a := range list {
		if a.value != "" {
			return timeAt(a.seg, a.field, a.value, zone)
		}
	}
	return nil, nil
}

// timeAt reads a date/time found at field n of seg: nil when empty.
func timeAt(seg Segment, n int, v string, zone *time.Location) (*time.Time, error) {
	if v == "" {
		return nil, nil
	}
	t, err := ParseTime(v, zone)
	if err != nil {
		return nil, seg.Err(n, CodeDataType, "not an HL7 date/time")
	}
	return &t, nil
}

package hl7feed

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"samrap/pkg/hospital"
)

// Sender writes the HL7 v2 messages a hospital's interface engine would send of its
// census: the demo hospital's feed (functions/local, scripts/hl7-post) and the tests that
// send one census as FHIR and as HL7. Messages are ER7 with |^~\& and \r, UTF-8.
type Sender struct {
	Facility string // MSH-6, the receiving facility (the branch code)
	Prefix   string // of each MSH-10, followed by a number
	n        int
}

// ADT writes an ADT message (trigger A01, A02, A03, A08, …) of an admission at t: PID,
// PV1 (and PV2-9 for the planned discharge), an AL1 per allergy.
func (s *Sender) ADT(trigger string, a hospital.Admission, t time.Time) string {
	var b strings.Builder
	structure := map[string]string{"A02": "ADT_A02", "A03": "ADT_A03", "A11": "ADT_A09", "A12": "ADT_A12"}[trigger]
	if structure == "" {
		structure = "ADT_A01"
	}
	s.header(&b, "ADT^"+trigger+"^"+structure, t)
	fmt.Fprintf(&b, "EVN|%s|%s\r", trigger, ts(t))
	b.WriteString(pid(a))
	b.WriteString(pv1(a))
	if a.PlannedEnd != nil {
		fmt.Fprintf(&b, "PV2|||||||||%s\r", a.PlannedEnd.Format("20060102"))
	}
	for i, c := range a.Allergies {
		fmt.Fprintf(&b, "AL1|%d|FA|%s\r", i+1, ce(c))
	}
	return b.String()
}

// DietOrder writes an OMD^O03 of the admission's diet orders at t: an ORC (control, NW
// new or DC discontinued), TQ1 with the order's start and end, ODS D with its diet,
// texture and NPO codes, ODS P with the foods it leaves out.
func (s *Sender) DietOrder(control string, a hospital.Admission, t time.Time) string {
	var b strings.Builder
	s.header(&b, "OMD^O03^OMD_O03", t)
	b.WriteString(pid(a))
	b.WriteString(pv1(a))
	for i, d := range a.Diets {
		fmt.Fprintf(&b, "ORC|%s|%s-%d\r", control, a.HN, i+1)
		if d.From != nil || d.To != nil {
			fmt.Fprintf(&b, "TQ1|1||||||%s|%s\r", tsp(d.From), tsp(d.To))
		}
		var codes []string
		for _, c := range append(append([]hospital.Concept{}, d.Types...), d.Textures...) {
			codes = append(codes, ce(c))
		}
		if len(codes) > 0 {
			fmt.Fprintf(&b, "ODS|D||%s\r", strings.Join(codes, "~"))
		}
		codes = codes[:0]
		for _, c := range d.Excludes {
			codes = append(codes, ce(c))
		}
		if len(codes) > 0 {
			fmt.Fprintf(&b, "ODS|P||%s\r", strings.Join(codes, "~"))
		}
	}
	return b.String()
}

func (s *Sender) header(b *strings.Builder, typ string, t time.Time) {
	s.n++
	fmt.Fprintf(b, "MSH|^~\\&|HIS|HOSPITAL|SAMRAP|%s|%s||%s|%s%06d|P|2.5.1|||AL|NE|THA|UNICODE UTF-8\r",
		esc(s.Facility), ts(t), typ, esc(s.Prefix), s.n)
}

func pid(a hospital.Admission) string {
	var names []string
	for _, n := range []string{a.NameTh, a.NameEn} {
		if n == "" {
			continue
		}
		given, family, _ := strings.Cut(n, " ")
		names = append(names, esc(family)+"^"+esc(given)+"^^^^^L")
	}
	birth := strings.ReplaceAll(a.BirthDate, "-", "")
	return fmt.Sprintf("PID|1||%s^^^HOSPITAL^MR||%s||%s|%s\r", esc(a.HN), strings.Join(names, "~"), birth, sex(a.Gender))
}

func pv1(a hospital.Admission) string {
	f := make([]string, 45)
	f[1], f[2] = "1", "I"
	if a.Ward != "" || a.Room != "" || a.Bed != "" {
		f[3] = esc(a.Ward) + "^" + esc(a.Room) + "^" + esc(a.Bed)
	}
	if !a.Admitted.IsZero() {
		f[44] = ts(a.Admitted)
	}
	return "PV1|" + strings.Join(f[1:], "|") + "\r"
}

func sex(gender string) string {
	switch gender {
	case "male":
		return "M"
	case "female":
		return "F"
	case "other":
		return "O"
	case "unknown":
		return "U"
	}
	return ""
}

// ce writes a concept as code^text^system (SNOMED CT as SCT), its alternate coding after.
func ce(c hospital.Concept) string {
	var parts []string
	for i, cd := range c.Codings {
		if i == 2 {
			break
		}
		system := cd.System
		if system == hospital.SNOMED {
			system = "SCT"
		}
		text := cd.Display
		if text == "" && i == 0 {
			text = c.Text
		}
		parts = append(parts, esc(cd.Code), esc(text), esc(system))
	}
	if len(parts) == 0 {
		return "^" + esc(c.Text)
	}
	return strings.Join(parts, "^")
}

func ts(t time.Time) string { return t.Format("20060102150405-0700") }

func tsp(t *time.Time) string {
	if t == nil {
		return ""
	}
	return ts(*t)
}

// esc escapes the delimiters |^~\& and line ends of a value.
func esc(s string) string {
	if !strings.ContainsAny(s, "|^~\\&\r\n") {
		return s
	}
	r := strings.NewReplacer("\\", `\E\`, "|", `\F\`, "^", `\S\`, "~", `\R\`, "&", `\T\`, "\r", `\.br\`, "\n", `\.br\`)
	return r.Replace(s)
}

// Batch wraps messages in a FHS/BHS batch file with its counts.
func Batch(msgs []string) string {
	var b strings.Builder
	b.WriteString("FHS|^~\\&|HIS|HOSPITAL\rBHS|^~\\&|HIS|HOSPITAL\r")
	for _, m := range msgs {
		b.WriteString(m)
	}
	b.WriteString("BTS|" + strconv.Itoa(len(msgs)) + "\rFTS|1\r")
	return b.String()
}

// Day writes a day of a hospital's feed whose census is list: an A03 for each patient of
// gone (gone home), then per admission an A01 and, with diet orders, an OMD^O03; the
// messages' times run a minute apart up to now, so each patient's come in order.
func (s *Sender) Day(list []hospital.Admission, gone []string, now time.Time) []string {
	n := len(gone) + 2*len(list)
	at := func(i int) time.Time { return now.Add(-time.Duration(n-i) * time.Minute) }
	var out []string
	for _, hn := range gone {
		out = append(out, s.ADT("A03", hospital.Admission{HN: hn}, at(len(out))))
	}
	for _, a := range list {
		out = append(out, s.ADT("A01", a, at(len(out))))
		if len(a.Diets) > 0 {
			out = append(out, s.DietOrder("NW", a, at(len(out))))
		}
	}
	return out
}

package hl7

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"
)

var bangkok = time.FixedZone("Asia/Bangkok", 7*60*60)

func at7(s string) time.Time {
	t, err := time.ParseInLocation("2006-01-02 15:04:05", s, bangkok)
	if err != nil {
		panic(err)
	}
	return t
}

func ptr(t time.Time) *time.Time { return &t }

func readSample(t *testing.T, name string) Event {
	t.Helper()
	ev, err := ReadEvent(mustParse(t, sample(t, name)), bangkok)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return ev
}

func TestEventAdmitFromMirth(t *testing.T) {
	t.Parallel()
	ev := readSample(t, "adt-a01-mirth.hl7")
	want := Event{
		MessageControlID: "MSG00001", Type: "ADT", Trigger: "A01", Kind: KindAdmit,
		SentAt:             at7("2024-01-15 08:30:00"), // EVN-2 wins over MSH-7
		SendingApplication: "HOSxP", SendingFacility: "SRP-HOSP", ReceivingApplication: "SAMRAP", ReceivingFacility: "SRP01",
		Version: "2.5.1", Charset: "UNICODE UTF-8",
		Patient: Patient{
			HN: "640012345", // the second identifier: picked by its type, not its place
			Identifiers: []Identifier{
				{ID: "3100501234567", Type: "NNTHA", Authority: "MOPH"},
				{ID: "640012345", Type: "MR", Authority: "SRPHOSP"},
			},
			NameTh: "สมชาย ใจดี", NameEn: "SOMCHAI JAIDEE",
			Names: []Name{
				{Family: "ใจดี", Given: "สมชาย", Prefix: "นาย", Type: "L"},
				{Family: "JAIDEE", Given: "SOMCHAI", Prefix: "MR.", Type: "L"},
			},
			BirthDate: "1965-04-12", Sex: "M",
		},
		Visit: &Visit{
			Class:       "I",
			Location:    Location{PointOfCare: "5N", Room: "502", Bed: "B", Facility: "SRP01", Building: "MAIN", Floor: "5", Description: "Ward 5 North"},
			VisitNumber: "V24011500123",
			AdmitAt:     ptr(at7("2024-01-15 08:15:00")),
			// PV2-9 without an offset is in the hospital's zone.
			ExpectedDischarge: ptr(at7("2024-01-20 00:00:00")),
		},
		Allergies: []Allergy{
			{Type: "FA", Allergen: Concept{Codings: []Coding{{"227493005", "Cashew nuts", "SCT"}}, Text: "Cashew nuts"},
				Severity: "SV", Reactions: []string{"Anaphylaxis", "Urticaria"}},
			{Type: "FA", Allergen: Concept{Codings: []Coding{{"ALG-SHRIMP", "กุ้ง", "L"}, {"300913006", "Shellfish", "SCT"}}, Text: "กุ้ง"},
				Severity: "MO", Reactions: []string{"ผื่นคัน"}},
			{Type: "DA", Allergen: Concept{Codings: []Coding{{"387207008", "Ibuprofen", "SCT"}}, Text: "Ibuprofen"},
				Severity: "MI", Reactions: []string{"Rash"}},
		},
	}
	if !reflect.DeepEqual(ev, want) {
		t.Errorf("got  %+v\nwant %+v", ev, want)
	}
	if ev.Patient.Gender() != "male" {
		t.Errorf("gender %q", ev.Patient.Gender())
	}
	if !ev.Allergies[1].Allergen.Codings[1].SNOMED() || ev.Allergies[1].Allergen.Codings[0].SNOMED() {
		t.Error("SNOMED systems told apart wrongly")
	}
}

func TestEvents(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		file  string
		check func(t *testing.T, ev Event)
	}{
		{"adt-a02-rhapsody.hl7", func(t *testing.T, ev Event) {
			// \r\n terminators; no EVN-2, so MSH-7, with fractions and no offset: Bangkok.
			if ev.Kind != KindTransfer || ev.MessageControlID != "RH-20240116-000042" {
				t.Errorf("kind %s, id %s", ev.Kind, ev.MessageControlID)
			}
			if want := at7("2024-01-16 14:30:05").Add(123400 * time.Microsecond); !ev.SentAt.Equal(want) {
				t.Errorf("sent %v, want %v", ev.SentAt, want)
			}
			// Two display names, told apart by their script.
			if ev.Patient.NameTh != "สมชาย ใจดี" || ev.Patient.NameEn != "SOMCHAI JAIDEE" || ev.Patient.BirthDate != "1965-04" {
				t.Errorf("patient %+v", ev.Patient)
			}
			v := ev.Visit
			if v.Location.PointOfCare != "ICU" || v.Location.Room != "01" || v.Location.Bed != "A" ||
				v.PriorLocation.PointOfCare != "5N" || v.PriorLocation.Bed != "B" {
				t.Errorf("visit %+v", v)
			}
		}},
		{"adt-a03-cloverleaf.hl7", func(t *testing.T, ev Event) {
			// \n terminators and blank lines, no EVN, no names, no MSH-18, minutes only.
			if ev.Kind != KindDischarge || !ev.SentAt.Equal(at7("2024-01-18 10:00:00")) || ev.Charset != "" || ev.Version != "2.4" {
				t.Errorf("%+v", ev)
			}
			p := ev.Patient
			if p.HN != "640077777" || p.NameTh != "" || p.NameEn != "" || p.BirthDate != "" || p.Sex != "" || p.Gender() != "" {
				t.Errorf("patient %+v", p)
			}
			v := ev.Visit
			if v.Location.PointOfCare != "6S" || v.Location.Bed != "1" || v.AdmitAt != nil ||
				v.DischargeAt == nil || !v.DischargeAt.Equal(at7("2024-01-18 09:55:00")) {
				t.Errorf("visit %+v", v)
			}
			if ev.Allergies != nil || ev.Orders != nil || ev.Merge != nil {
				t.Error("read what is not there")
			}
		}},
		{"adt-a08-escapes.hl7", func(t *testing.T, ev Event) {
			if ev.Kind != KindUpdate {
				t.Errorf("kind %s", ev.Kind)
			}
			// \T\ in a name, a Thai letter written as \Xhh\ bytes.
			if ev.Patient.NameEn != "JOHN O&BRIEN" || ev.Patient.NameTh != "สมชาย ใจดี" {
				t.Errorf("names %q %q", ev.Patient.NameEn, ev.Patient.NameTh)
			}
			a := ev.Allergies[0]
			if len(a.Allergen.Codings) != 0 || a.Allergen.Text != "Peanut & tree nut (R^T)" {
				t.Errorf("allergen %+v", a.Allergen)
			}
			want := []string{"Hives|swelling\ncall the doctor", `\H\severe\N\ C:\temp~`}
			if !reflect.DeepEqual(a.Reactions, want) {
				t.Errorf("reactions %q, want %q", a.Reactions, want)
			}
		}},
		{"adt-a31-unknown.hl7", func(t *testing.T, ev Event) {
			// An unknown trigger: no error, the patient read, Kind unknown.
			if ev.Kind != KindUnknown || ev.Trigger != "A31" || ev.Patient.HN != "640055555" ||
				ev.Patient.NameTh != "มานี รักไทย" || ev.Patient.NameEn != "MANEE RAKTHAI" || ev.Patient.Gender() != "female" {
				t.Errorf("%+v", ev)
			}
		}},
		{"adt-a40-merge.hl7", func(t *testing.T, ev Event) {
			m := ev.Merge
			if ev.Kind != KindMerge || ev.Patient.HN != "640012345" || m == nil || m.PriorHN != "640099999" ||
				len(m.Prior) != 2 || m.PriorVisit != "V24011400077" {
				t.Errorf("%+v, merge %+v", ev, m)
			}
		}},
		{"mllp-a04.hl7", func(t *testing.T, ev Event) {
			if ev.Kind != KindRegister || ev.Visit.Class != "O" || ev.Patient.BirthDate != "1972" || ev.Patient.NameTh != "วันดี ศรีสุข" {
				t.Errorf("%+v", ev)
			}
		}},
		{"omd-o03-npo.hl7", func(t *testing.T, ev Event) {
			want := []DietOrder{
				{
					Control: "NW", PlacerNumber: "DO-1001",
					Start: ptr(at7("2024-01-15 18:00:00")), End: ptr(at7("2024-01-16 06:00:00")),
					Items: []DietItem{{
						Type:  "D",
						Meals: []Concept{{Codings: []Coding{{"B", "Breakfast", "99MEAL"}}, Text: "Breakfast"}, {Codings: []Coding{{"L", "Lunch", "99MEAL"}}, Text: "Lunch"}},
						Codes: []Concept{{Codings: []Coding{{"NPO", "Nothing by mouth", "99SRPDIET"}}, Text: "Nothing by mouth"}},
						Text:  []string{"งดน้ำงดอาหารหลังเที่ยงคืน"},
					}},
				},
				{
					Control: "NW", PlacerNumber: "DO-1002", Start: ptr(at7("2024-01-16 06:00:00")),
					Items: []DietItem{
						{Type: "D", Codes: []Concept{
							{Codings: []Coding{{"DIET-DM", "Diabetic diet", "99SRPDIET"}}, Text: "Diabetic diet"},
							{Codings: []Coding{{"1255823003", "Minced and moist level 5 food", "SCT"}}, Text: "Minced and moist level 5 food"},
						}},
						{Type: "S", Codes: []Concept{{Codings: []Coding{{"ENSURE", "Ensure 250 ml", "99SRPSUP"}}, Text: "Ensure 250 ml"}}},
						{Type: "P", Codes: []Concept{{Codings: []Coding{{"NO-PORK", "No pork", "99SRPPREF"}}, Text: "No pork"}}, Text: []string{"Halal"}},
					},
				},
			}
			if ev.Kind != KindDietOrder || ev.Patient.HN != "640012345" || !reflect.DeepEqual(ev.Orders, want) {
				t.Errorf("kind %s, orders\n got  %+v\n want %+v", ev.Kind, ev.Orders, want)
			}
		}},
		{"orm-o01-diet.hl7", func(t *testing.T, ev Event) {
			// v2.3: timing in ORC-7, times without offset in Bangkok; ORC-15 not used when ORC-7.4 is there.
			o := ev.Orders
			if ev.Kind != KindDietOrder || len(o) != 2 {
				t.Fatalf("kind %s, %d orders", ev.Kind, len(o))
			}
			if o[0].Control != "DC" || o[0].FillerNumber != "F-778" || o[0].Status != "CM" ||
				!o[0].Start.Equal(at7("2024-01-15 18:00:00")) || !o[0].End.Equal(at7("2024-01-17 07:00:00")) {
				t.Errorf("first order %+v", o[0])
			}
			if o[1].Control != "NW" || !o[1].Start.Equal(at7("2024-01-17 08:00:00")) || o[1].End != nil ||
				len(o[1].Items[0].Codes) != 2 || o[1].Items[0].Codes[1].Codings[0].Code != "1237449007" {
				t.Errorf("second order %+v", o[1])
			}
		}},
	} {
		t.Run(tc.file, func(t *testing.T) {
			t.Parallel()
			tc.check(t, readSample(t, tc.file))
		})
	}
}

func TestEventBatchCancels(t *testing.T) {
	t.Parallel()
	msgs, err := Split(sample(t, "batch-fhs.hl7"))
	if err != nil {
		t.Fatal(err)
	}
	var kinds []Kind
	for _, b := range msgs {
		ev, err := ReadEvent(mustParse(t, b), bangkok)
		if err != nil {
			t.Fatal(err)
		}
		kinds = append(kinds, ev.Kind)
	}
	if want := []Kind{KindCancelAdmit, KindCancelTransfer, KindCancelDischarge}; !reflect.DeepEqual(kinds, want) {
		t.Errorf("kinds %v, want %v", kinds, want)
	}
}

func TestEventErrors(t *testing.T) {
	t.Parallel()
	const (
		msh = "MSH|^~\\&|HIS|H|SAMRAP|SRP01|20240115083012+0700||ADT^A01|M1|P|2.5.1\r"
		pid = "PID|1||640012345^^^H^MR\r"
	)
	for _, tc := range []struct {
		name string
		body string
		want *Error // nil: no error
	}{
		{"no control id", strings.Replace(msh, "|M1|", "||", 1) + pid, &Error{Segment: "MSH", Sequence: 1, Field: 10, Code: 101}},
		{"no time at all", strings.Replace(msh, "20240115083012+0700", "", 1) + pid, &Error{Segment: "MSH", Sequence: 1, Field: 7, Code: 101}},
		{"EVN-2 instead of MSH-7", strings.Replace(msh, "20240115083012+0700", "", 1) + "EVN|A01|20240115\r" + pid, nil},
		{"bad MSH-7", strings.Replace(msh, "20240115083012+0700", "2024-01-15", 1) + pid, &Error{Segment: "MSH", Sequence: 1, Field: 7, Code: 102}},
		{"bad EVN-2", msh + "EVN|A01|20241315\r" + pid, &Error{Segment: "EVN", Sequence: 1, Field: 2, Code: 102}},
		{"no PID", msh, &Error{Segment: "PID", Code: 100}},
		{"no MR", msh + "PID|1||3100501234567^^^MOPH^NNTHA\r", &Error{Segment: "PID", Sequence: 1, Field: 3, Code: 101}},
		{"untyped identifier is the HN", msh + "PID|1||640012345\r", nil},
		{"bad birth date", msh + "PID|1||640012345^^^H^MR||X^Y||19650230\r", &Error{Segment: "PID", Sequence: 1, Field: 7, Code: 102}},
		{"bad admit time", msh + pid + "PV1|1|I|5N" + strings.Repeat("|", 41) + "yesterday\r", &Error{Segment: "PV1", Sequence: 1, Field: 44, Code: 102}},
		{"bad TQ1 end", strings.Replace(msh, "ADT^A01", "OMD^O03", 1) + pid + "ORC|NW|1\rTQ1|1||||||20240115|2024011\rODS|D||NPO\r", &Error{Segment: "TQ1", Sequence: 1, Field: 8, Code: 102}},
		{"diet order without ORC", strings.Replace(msh, "ADT^A01", "OMD^O03", 1) + pid, &Error{Segment: "ORC", Code: 100}},
		{"merge without MRG", strings.Replace(msh, "ADT^A01", "ADT^A40", 1) + pid, &Error{Segment: "MRG", Code: 100}},
		{"merge without prior MR", strings.Replace(msh, "ADT^A01", "ADT^A40", 1) + pid + "MRG|123^^^MOPH^NNTHA\r", &Error{Segment: "MRG", Sequence: 1, Field: 1, Code: 101}},
		// Not ours, but not an error: read, Kind unknown, acknowledged and not applied.
		{"lab result without PID", strings.Replace(msh, "ADT^A01", "ORU^R01", 1) + "OBX|1|NM|GLU\r", nil},
		{"lab order", strings.Replace(msh, "ADT^A01", "ORM^O01", 1) + pid + "ORC|NW|1\rOBR|1|1||GLU\r", nil},
		{"unknown trigger without PID", strings.Replace(msh, "ADT^A01", "ADT^A20", 1) + "NPU|5N^502^B|C\r", nil},
		{"unknown trigger, bad birth date", strings.Replace(msh, "ADT^A01", "ADT^A31", 1) + "PID|1||640012345^^^H^MR||X^Y||19650230\r", nil},
		{"unknown trigger, no MSH-10", strings.Replace(strings.Replace(msh, "ADT^A01", "ADT^A31", 1), "|M1|", "||", 1) + pid, &Error{Segment: "MSH", Sequence: 1, Field: 10, Code: 101}},
	} {
		ev, err := ReadEvent(mustParse(t, []byte(tc.body)), bangkok)
		if tc.want == nil {
			if err != nil {
				t.Errorf("%s: %v", tc.name, err)
			}
			continue
		}
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("%s: error %v, want %+v", tc.name, err, *tc.want)
			continue
		}
		if e.Segment != tc.want.Segment || e.Sequence != tc.want.Sequence || e.Field != tc.want.Field || e.Code != tc.want.Code {
			t.Errorf("%s: %+v, want %+v", tc.name, *e, *tc.want)
		}
		if ev.MessageControlID == "" && tc.want.Field != 10 {
			t.Errorf("%s: the event lost its control id", tc.name)
		}
	}
}

func TestNames(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name   string
		list   []Name
		th, en string
	}{
		{"legal before display", []Name{{Given: "Som", Type: "D"}, {Given: "Somchai", Family: "Jaidee", Type: "L"}}, "", "Somchai Jaidee"},
		{"maiden never", []Name{{Given: "มานี", Family: "เดิม", Type: "M"}, {Given: "มานี", Family: "ใหม่"}}, "มานี ใหม่", ""},
		{"script decides", []Name{{Given: "สมชาย", Type: "L"}, {Given: "Somchai", Type: "L"}}, "สมชาย", "Somchai"},
		{"middle name", []Name{{Given: "John", Middle: "Q", Family: "Public"}}, "", "John Q Public"},
		{"empty", []Name{{Prefix: "นาย"}}, "", ""},
	} {
		th, en := names(tc.list)
		if th != tc.th || en != tc.en {
			t.Errorf("%s: %q %q, want %q %q", tc.name, th, en, tc.th, tc.en)
		}
	}
}

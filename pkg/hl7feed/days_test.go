package hl7feed_test

import (
	"net/http"
	"testing"
	"time"

	"samrap/pkg/apitest"
	"samrap/pkg/day"
	"samrap/pkg/hl7feed"
	"samrap/pkg/hospital"
)

// The Controller's report of a feed day (the patients screen's "Last syncs"): the day's
// messages by outcome, and what they changed together — admitted, moved, discharged, an
// allergy gained, each patient once — with the messages that failed and why; another
// branch's days are not the Controller's.
func TestFeedDayReport(t *testing.T) {
	t.Parallel()
	f := newFeed(t)
	now := f.s.Clock.Now().Add(-10 * time.Minute)
	a, b := newcomer("HL7-0700", now), newcomer("HL7-0701", now)
	movedA := a
	movedA.Ward = "W02"
	allergicA := movedA
	allergicA.Allergies = []hospital.Concept{{Codings: []hospital.Coding{{System: hospital.SNOMED, Code: "762952008", Display: "Peanut"}}}}
	refused := newcomer("HL7-0702", now)
	refused.BirthDate = now.AddDate(0, 0, 2).Format(time.DateOnly)
	msgs := []string{
		f.out.ADT("A01", a, now), f.out.ADT("A01", b, now),
		f.out.ADT("A02", movedA, now.Add(time.Minute)),
		f.out.ADT("A08", allergicA, now.Add(2*time.Minute)),
		f.out.ADT("A03", b, now.Add(3*time.Minute)),
		f.out.ADT("A01", refused, now),
	}
	for _, m := range msgs {
		f.post(t, m)
	}
	f.post(t, msgs[0]) // a duplicate
	f.wait(t)

	bct := f.s.TokenAs("controller@samrap.local", "SRP01", "BCT")
	today := day.TodayString(f.s.Clock.Now())
	var days []hl7feed.Day
	f.s.Do(apitest.Request{Method: "GET", Path: "/api/data-patient/hl7Days?branchCode=SRP01", Token: bct}).Into(t, &days)
	want := hl7feed.Day{Day: today, Received: 7, Applied: 5, Failed: 1, Duplicate: 1, Patients: 2}
	if len(days) != 1 || days[0] != want {
		t.Fatalf("the feed's days: %+v, want [%+v]", days, want)
	}

	var rep hl7feed.DayReport
	f.s.Do(apitest.Request{Method: "GET", Path: "/api/data-patient/hl7Day?branchCode=SRP01&day=" + today, Token: bct, Lang: "en"}).Into(t, &rep)
	c := rep.Report.Counts
	if rep.Day != want || c["admitted"] != 2 || c["moved"] != 1 || c["discharged"] != 1 || c["allergiesAdded"] != 1 || c["updated"] != 0 {
		t.Fatalf("the day's report: %+v counts %v", rep.Day, c)
	}
	if m := rep.Report.Moved; len(m) != 1 || m[0].HnID != "HL7-0700" || m[0].Ward != "W02" {
		t.Errorf("moved: %+v", m)
	}
	if al := rep.Report.AllergiesAdded; len(al) != 1 || al[0].HnID != "HL7-0700" || al[0].Allergies == nil || len(al[0].Allergies.Codes) != 1 {
		t.Errorf("allergies added: %+v", al)
	}
	if rep.FailureCount != 1 || len(rep.Failures) != 1 || rep.Failures[0].HnID != "HL7-0702" ||
		rep.Failures[0].Reason != "Some patient data from the hospital is invalid, so no change was saved" {
		t.Errorf("failures: %d %+v", rep.FailureCount, rep.Failures)
	}

	// a day without messages: nothing; another branch's, the branch's Controller only
	var empty hl7feed.DayReport
	f.s.Do(apitest.Request{Method: "GET", Path: "/api/data-patient/hl7Day?branchCode=SRP01&day=2020-01-01", Token: bct}).Into(t, &empty)
	if empty.Received != 0 || empty.Report.Counts["admitted"] != 0 || len(empty.Failures) != 0 {
		t.Errorf("a day without messages: %+v", empty)
	}
	for _, path := range []string{"/api/data-patient/hl7Days?branchCode=SRP02", "/api/data-patient/hl7Day?branchCode=SRP02&day=" + today} {
		if res := f.s.Do(apitest.Request{Method: "GET", Path: path, Token: bct}); res.Status != http.StatusForbidden {
			t.Errorf("%s for SRP01's Controller: %d", path, res.Status)
		}
	}
	if res := f.s.Do(apitest.Request{Method: "GET", Path: "/api/data-patient/hl7Day?branchCode=SRP01&day=someday", Token: bct}); res.Status != http.StatusUnprocessableEntity {
		t.Errorf("a day that is no day: %d", res.Status)
	}
}

package hl7feed

import (
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5/pgtype"

	"samrap/pkg/day"
	"samrap/pkg/db/dbsqlc"
	"samrap/pkg/httpx"
	"samrap/pkg/i18n"
	"samrap/pkg/patientsync"
)

// The feed's days for the Controller (the patients screen's "Last syncs", beside each sync's
// report; docs/hl7.md "A feed day's report"): what the hospital's messages changed day by day.

// FeedDays is how far back the days go.
const FeedDays = 30

// MaxDayFailures bounds the failed messages a day's report lists (the total is given).
const MaxDayFailures = 50

// Day is a day of the feed (the day received, in Asia/Bangkok): its messages by outcome, and
// how many patients the applied ones changed.
type Day struct {
	Day       string `json:"day"`
	Received  int    `json:"received"`
	Applied   int    `json:"applied"`
	Failed    int    `json:"failed"`
	Stale     int    `json:"stale"`
	Skipped   int    `json:"skipped"`
	Duplicate int    `json:"duplicate"`
	Queued    int    `json:"queued"`
	Patients  int    `json:"patients"`
}

// DayReport is what a day's messages changed: the sync's report of them all together, and
// the messages that failed.
type DayReport struct {
	Day
	Report       patientsync.Report `json:"report"`
	Failures     []Failure          `json:"failures"`
	FailureCount int                `json:"failureCount"`
}

// Failure is a message that failed: what it was and why.
type Failure struct {
	ID          string    `json:"id"`
	ControlID   string    `json:"controlId"`
	MessageType string    `json:"messageType"`
	HnID        string    `json:"hnId"`
	Ack         string    `json:"ack"`
	ReceivedAt  time.Time `json:"receivedAt"`
	Reason      string    `json:"reason"` // the caller's language
	Error       string    `json:"error"`  // the location and reason, in English
}

func stamp(t time.Time) pgtype.Timestamptz { return pgtype.Timestamptz{Time: t, Valid: true} }

func (h handlers) daysSince(r *http.Request, branch string, since time.Time) ([]Day, error) {
	rows, err := queries.FeedDays(r.Context(), h.r.db, dbsqlc.FeedDaysParams{Branch: branch, Since: stamp(since)})
	if err != nil {
		return nil, fmt.Errorf("hl7Feed.days: %w", err)
	}
	out := make([]Day, len(rows))
	for i, v := range rows {
		out[i] = Day{Day: v.Day.Time.Format(time.DateOnly), Received: int(v.Received), Applied: int(v.Applied), Failed: int(v.Failed),
			Stale: int(v.Stale), Skipped: int(v.Skipped), Duplicate: int(v.Duplicate), Queued: int(v.Queued), Patients: int(v.Patients)}
	}
	return out, nil
}

// days: GET /api/data-patient/hl7Days?branchCode — the branch's days with messages of the
// last FeedDays, newest first.
func (h handlers) days(w http.ResponseWriter, r *http.Request) error {
	q := httpx.ReadQuery(r)
	q.Required("branchCode")
	if err := q.Err(); err != nil {
		return err
	}
	out, err := h.daysSince(r, httpx.Branch(r), day.Today(h.r.now()).AddDate(0, 0, 1-FeedDays))
	if err != nil {
		return err
	}
	return httpx.OK(w, r, out)
}

// day: GET /api/data-patient/hl7Day?branchCode&day — what the messages received that day
// changed (the sync's report of them together) and the ones that failed.
func (h handlers) day(w http.ResponseWriter, r *http.Request) error {
	q := httpx.ReadQuery(r)
	q.Required("branchCode")
	d := q.Day("day")
	if d == "" {
		q.Invalid("day", "field.required")
	}
	if err := q.Err(); err != nil {
		return err
	}
	branch := httpx.Branch(r)
	from, _ := day.Parse(d)
	to := from.AddDate(0, 0, 1)
	out := DayReport{Day: Day{Day: d}, Failures: []Failure{}}
	days, err := h.daysSince(r, branch, from)
	if err != nil {
		return err
	}
	for _, v := range days {
		if v.Day == d {
			out.Day = v
		}
	}
	changes, err := queries.FeedDayChanges(r.Context(), h.r.db, dbsqlc.FeedDayChangesParams{Branch: branch, Since: stamp(from), Until: stamp(to)})
	if err != nil {
		return fmt.Errorf("hl7Feed.day: %w", err)
	}
	reports := make([]patientsync.Report, 0, len(changes))
	for _, c := range changes {
		var rep patientsync.Report
		if err := json.Unmarshal(c, &rep); err != nil {
			return fmt.Errorf("hl7Feed.day: a message's changes: %w", err)
		}
		reports = append(reports, rep)
	}
	out.Report = patientsync.MergeReports(reports)
	failed, err := queries.FeedDayFailures(r.Context(), h.r.db, dbsqlc.FeedDayFailuresParams{Branch: branch, Since: stamp(from), Until: stamp(to),
		Lim: MaxDayFailures})
	if err != nil {
		return fmt.Errorf("hl7Feed.day: %w", err)
	}
	lang := httpx.Lang(r)
	for _, f := range failed {
		out.FailureCount = int(f.Total)
		v := Failure{ID: f.ID, ControlID: f.ControlID, MessageType: f.MessageType, HnID: f.PatientHn, Ack: f.Ack, ReceivedAt: f.ReceivedAt,
			Error: f.Error}
		if f.ErrorKey != "" {
			v.Reason = i18n.T(lang, f.ErrorKey)
		}
		out.Failures = append(out.Failures, v)
	}
	return httpx.OK(w, r, out)
}

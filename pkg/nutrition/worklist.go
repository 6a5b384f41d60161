package nutrition

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"samrap/pkg/audit"
	"samrap/pkg/day"
	"samrap/pkg/db"
	"samrap/pkg/db/dbsqlc"
	"samrap/pkg/errs"
	"samrap/pkg/i18n"
)

// Who is not eating (issue 27 §4, docs/nutrition.md "The dietitian's worklist"): the branch's
// patients in hospital with a reason for the Nutritionist to see them.

// The worklist's reasons.
const (
	ReasonLowIntake = "LOW_INTAKE" // under half the energy or protein minimum two days in a row
	ReasonRefused   = "REFUSED"    // three meals in a row refused or returned untouched
	ReasonNPO       = "NPO_48H"    // nil by mouth longer than 48 hours
	worklistDays    = 7            // the days up to the date the worklist reads
	maxSeenNote     = 1000
)

// WorkReason is why a patient is on the worklist, in the caller's language with its figures.
type WorkReason struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// Seen is the last time a patient was marked seen on the worklist.
type Seen struct {
	Reasons []string  `json:"reasons"`
	Note    string    `json:"note"`
	SeenBy  string    `json:"seenBy"`
	SeenAt  time.Time `json:"seenAt"`
}

// WorkItem is a patient of the worklist.
type WorkItem struct {
	HnID        string       `json:"hnId"`
	FirstNameTh string       `json:"firstNameTh"`
	LastNameTh  string       `json:"lastNameTh"`
	FirstNameEn string       `json:"firstNameEn"`
	LastNameEn  string       `json:"lastNameEn"`
	WardCode    string       `json:"wardCode"`
	WardNameTh  string       `json:"wardNameTh"`
	WardNameEn  string       `json:"wardNameEn"`
	RoomCode    string       `json:"roomCode"`
	Reasons     []WorkReason `json:"reasons"`
	LastSeen    *Seen        `json:"lastSeen"`

	patientID int64
}

// Worklist answers the branch's patients in hospital with a reason to be seen as of date (the
// days up to it, NPO as of now), by ward, bed and HN; wardID narrows to one ward (0: every ward).
func (s *Service) Worklist(ctx context.Context, lang i18n.Lang, branch, date string, wardID int64) ([]WorkItem, error) {
	out, err := s.worklist(ctx, lang, branch, date, "", wardID)
	if err != nil {
		return nil, fmt.Errorf("nutrition.worklist: %w", err)
	}
	return out, nil
}

// worklist: hn names one patient, listed with or without a reason ("" every patient with one).
func (s *Service) worklist(ctx context.Context, lang i18n.Lang, branch, date, hn string, wardID int64) ([]WorkItem, error) {
	to, err := day.Parse(date)
	if err != nil {
		return nil, errs.Fields(map[string]string{"dateOrder": "date.invalid"})
	}
	p := dbsqlc.NutritionPatientsParams{BranchCode: branch}
	if hn != "" {
		p.HnID = &hn
	}
	if wardID != 0 {
		p.WardID = &wardID
	}
	rows, err := queries.NutritionPatients(ctx, s.db, p)
	if err != nil {
		return nil, fmt.Errorf("patients: %w", err)
	}
	if len(rows) == 0 {
		if hn != "" {
			return nil, ErrPatientNotFound
		}
		return []WorkItem{}, nil
	}
	masters, err := s.masters(ctx, s.db, branch)
	if err != nil {
		return nil, err
	}
	// the patients with an energy or protein minimum: the others' days are never low, and their
	// intake days are not built
	targets := make(map[int64][]Target, len(rows))
	ids := make([]int64, len(rows))
	for i, r := range rows {
		var own []OwnTarget
		if err := json.Unmarshal(r.OwnTargets, &own); err != nil {
			return nil, fmt.Errorf("own targets of %s: %w", r.HnID, err)
		}
		ids[i] = r.ID
		t := resolve(masters, r.DietTypeID, r.TherapeuticIds, r.WeightKg, own)
		if slices.ContainsFunc(t, intakeMin) {
			targets[r.ID] = t
		}
	}
	span := day.Range{From: to.AddDate(0, 0, 1-worklistDays), To: to}
	trays, err := s.trayDays(ctx, branch, ids, span, intakeNutrients) // a low day reads these only
	if err != nil {
		return nil, err
	}
	days, err := intakeDays(trays, targets, span)
	if err != nil {
		return nil, err
	}
	// each patient's known outcomes, in meal order (the rows are by patient and day)
	outcomes := make(map[int64][]string, len(rows))
	for _, t := range trays {
		outcomes[t.PatientID] = append(outcomes[t.PatientID], t.Outcomes...)
	}
	seen, err := queries.NutritionLastSeen(ctx, s.db, dbsqlc.NutritionLastSeenParams{BranchCode: branch, PatientIds: ids})
	if err != nil {
		return nil, fmt.Errorf("last seen: %w", err)
	}
	lastSeen := map[int64]*Seen{}
	for _, x := range seen {
		lastSeen[x.PatientID] = &Seen{Reasons: x.Reasons, Note: x.Note, SeenBy: x.SeenBy, SeenAt: x.SeenAt}
	}
	now := s.now()
	out := []WorkItem{}
	for _, r := range rows {
		var reasons []WorkReason
		if a, b, ok := lowTwoDays(days[r.ID]); ok {
			reasons = append(reasons, WorkReason{Code: ReasonLowIntake, Message: i18n.T(lang, "nutrition.reasonLOW_INTAKE",
				day.Text(mustDay(a.Date), lang), shares(lang, a), day.Text(mustDay(b.Date), lang), shares(lang, b))})
		}
		if o := outcomes[r.ID]; len(o) >= 3 && !slices.Contains(o[len(o)-3:], "EATEN") {
			reasons = append(reasons, WorkReason{Code: ReasonRefused, Message: i18n.T(lang, "nutrition.reasonREFUSED")})
		}
		if r.NpoFrom != nil && now.Sub(*r.NpoFrom) > 48*time.Hour && (r.NpoTo == nil || r.NpoTo.After(now)) {
			reasons = append(reasons, WorkReason{Code: ReasonNPO, Message: i18n.T(lang, "nutrition.reasonNPO_48H",
				int(math.Floor(now.Sub(*r.NpoFrom).Hours())))})
		}
		if len(reasons) == 0 && hn == "" {
			continue
		}
		out = append(out, WorkItem{HnID: r.HnID, FirstNameTh: r.FirstNameTh, LastNameTh: r.LastNameTh, FirstNameEn: r.FirstNameEn,
			LastNameEn: r.LastNameEn, WardCode: str(r.WardCode), WardNameTh: str(r.WardNameTh), WardNameEn: str(r.WardNameEn),
			RoomCode: str(r.RoomCode), Reasons: append([]WorkReason{}, reasons...), LastSeen: lastSeen[r.ID], patientID: r.ID})
	}
	return out, nil
}

// lowTwoDays answers the last two days in a row whose recorded intake was under half the
// energy or protein minimum (a day with no tray collected is not known, never low).
func lowTwoDays(days []IntakeDay) (IntakeDay, IntakeDay, bool) {
	for i := len(days) - 1; i > 0; i-- {
		if days[i].Low() && days[i-1].Low() {
			return days[i-1], days[i], true
		}
	}
	return IntakeDay{}, IntakeDay{}, false
}

// shares writes a day's shares of the minimums: "energy 35%, protein 40%".
func shares(lang i18n.Lang, d IntakeDay) string {
	var parts []string
	for _, n := range intakeNutrients {
		if v, ok := d.Percent[n]; ok {
			parts = append(parts, fmt.Sprintf("%s %.0f%%", i18n.T(lang, "nutrition.nutrient."+n), v))
		}
	}
	return strings.Join(parts, ", ")
}

// mustDay reads a day the service wrote itself.
func mustDay(s string) time.Time {
	t, _ := day.Parse(s)
	return t
}

// SeenInput marks a patient of the worklist seen.
type SeenInput struct {
	BranchCode string `json:"branchCode"`
	HnID       string `json:"hnId"`
	Note       string `json:"note"`
	DateOrder  string `json:"dateOrder"` // the worklist's date (default today): the reasons kept are as of it
}

// MarkSeen records that the Nutritionist saw a patient of the worklist, with the reasons the
// patient is listed for now and a note: the row, its change-log row (entity nutrition_seen,
// key the HN) and the caller's activity act (nutrition.seen) in one transaction.
func (s *Service) MarkSeen(ctx context.Context, lang i18n.Lang, branch, by string, in SeenInput, act audit.Activity) (Seen, error) {
	in.HnID, in.Note = strings.TrimSpace(in.HnID), strings.TrimSpace(in.Note)
	bad := map[string]string{}
	if in.HnID == "" {
		bad["hnId"] = "field.required"
	}
	if len([]rune(in.Note)) > maxSeenNote {
		bad["note"] = "field.tooLong"
	}
	if in.DateOrder == "" {
		in.DateOrder = day.TodayString(s.now())
	} else if !day.Valid(in.DateOrder) {
		bad["dateOrder"] = "date.invalid"
	}
	if len(bad) > 0 {
		return Seen{}, errs.Fields(bad)
	}
	items, err := s.worklist(ctx, lang, branch, in.DateOrder, in.HnID, 0)
	if err != nil {
		return Seen{}, fmt.Errorf("nutrition.markSeen: %w", err)
	}
	it := items[0]
	codes := []string{}
	for _, r := range it.Reasons {
		codes = append(codes, r.Code)
	}
	var out Seen
	err = db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		row, err := queries.NutritionSeenAdd(ctx, tx, dbsqlc.NutritionSeenAddParams{BranchCode: branch, PatientID: it.patientID,
			Reasons: codes, Note: in.Note, SeenBy: by})
		if err != nil {
			return err
		}
		out = Seen{Reasons: row.Reasons, Note: row.Note, SeenBy: row.SeenBy, SeenAt: row.SeenAt}
		if err := audit.WriteChange(ctx, tx, audit.Change{BranchCode: branch, Entity: "nutrition_seen", EntityID: in.HnID,
			Action: "create", After: map[string]any{"hnId": in.HnID, "reasons": codes, "note": in.Note}, By: by}); err != nil {
			return err
		}
		act.Detail = map[string]any{"hnIds": []string{in.HnID}, "reasons": codes, "note": in.Note}
		return audit.WriteActivity(ctx, tx, act)
	})
	if err != nil {
		return Seen{}, fmt.Errorf("nutrition.markSeen: %w", err)
	}
	return out, nil
}

package nutrition

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"time"

	"github.com/jackc/pgx/v5/pgtype"

	"samrap/pkg/day"
	"samrap/pkg/db/dbsqlc"
	"samrap/pkg/menus"
)

// What the patient ate (issue 27 §3, docs/nutrition.md "What the patient ate"): per day, what
// the collected trays gave (each item's amounts × the fraction eaten) against the targets.

// IntakeDays is how the intake reads its days: the 14 days up to dateTo (today by default),
// from the admission when later, at most 31.
var IntakeDays = day.Span{Default: 14, Max: day.Month}

// intakeNutrients are the nutrients whose share of the target a day answers.
var intakeNutrients = []string{"energy", "protein"}

// IntakeDay is what a patient ate on a day: the served trays, how many were collected, what
// the collected ones gave (Eaten), and, for energy and protein, the share of the target's
// minimum eaten (Percent, in %; absent with no minimum or no tray collected).
type IntakeDay struct {
	Date      string             `json:"date"`
	Trays     int                `json:"trays"`
	Collected int                `json:"collected"`
	Eaten     menus.Amounts      `json:"eaten"`
	Percent   map[string]float64 `json:"percent"`
}

// Intake is a patient's intake over days, with the targets of energy and protein that hold.
type Intake struct {
	HnID     string      `json:"hnId"`
	DateFrom string      `json:"dateFrom"`
	DateTo   string      `json:"dateTo"`
	Targets  []Target    `json:"targets"`
	Days     []IntakeDay `json:"days"`
}

// Intake answers what a patient of the branch ate from..to ("" for the defaults: IntakeDays).
// The targets are the patient's now, for every day.
func (s *Service) Intake(ctx context.Context, branch, hn string, r day.Range, defaultFrom bool) (Intake, error) {
	rows, err := queries.NutritionPatients(ctx, s.db, dbsqlc.NutritionPatientsParams{BranchCode: branch, HnID: &hn})
	if err != nil {
		return Intake{}, fmt.Errorf("nutrition.intake: %w", err)
	}
	if len(rows) == 0 {
		return Intake{}, fmt.Errorf("nutrition.intake: %w", ErrPatientNotFound)
	}
	p := rows[0]
	if defaultFrom && p.AdmitDate.Valid {
		// the admission's day at midnight in Bangkok, as the range's days (a date scans as UTC)
		a := p.AdmitDate.Time
		admit := time.Date(a.Year(), a.Month(), a.Day(), 0, 0, 0, 0, day.Bangkok)
		if admit.After(r.From) && !admit.After(r.To) {
			r.From = admit
		}
	}
	var own []OwnTarget
	if err := json.Unmarshal(p.OwnTargets, &own); err != nil {
		return Intake{}, fmt.Errorf("nutrition.intake: own targets of %s: %w", hn, err)
	}
	masters, err := s.masters(ctx, s.db, branch)
	if err != nil {
		return Intake{}, fmt.Errorf("nutrition.intake: %w", err)
	}
	out := Intake{HnID: p.HnID, DateFrom: r.From.Format(time.DateOnly), DateTo: r.To.Format(time.DateOnly), Targets: []Target{},
		Days: []IntakeDay{}}
	mins := map[string]float64{}
	for _, t := range resolve(masters, p.DietTypeID, p.TherapeuticIds, p.WeightKg, own) {
		for _, n := range intakeNutrients {
			if t.Nutrient == n {
				out.Targets = append(out.Targets, t)
				if t.DailyMin != nil && *t.DailyMin > 0 {
					mins[n] = *t.DailyMin
				}
			}
		}
	}
	days, err := queries.NutritionIntakeDays(ctx, s.db, dbsqlc.NutritionIntakeDaysParams{BranchCode: branch, PatientID: p.ID,
		DateFrom: pgtype.Date{Time: r.From, Valid: true}, DateTo: pgtype.Date{Time: r.To, Valid: true}})
	if err != nil {
		return Intake{}, fmt.Errorf("nutrition.intake: %w", err)
	}
	byDate := map[string]dbsqlc.NutritionIntakeDaysRow{}
	for _, d := range days {
		byDate[d.OrderDate.Time.Format(time.DateOnly)] = d
	}
	for t := r.From; !t.After(r.To); t = t.AddDate(0, 0, 1) {
		date := t.Format(time.DateOnly)
		d := IntakeDay{Date: date, Eaten: menus.Amounts{}, Percent: map[string]float64{}}
		if row, ok := byDate[date]; ok {
			d.Trays, d.Collected = int(row.Trays), int(row.Collected)
			if err := json.Unmarshal(row.Eaten, &d.Eaten); err != nil {
				return Intake{}, fmt.Errorf("nutrition.intake: %s: %w", date, err)
			}
		}
		if d.Collected > 0 {
			for n, min := range mins {
				d.Percent[n] = math.Round(d.Eaten[n] / min * 100)
			}
		}
		out.Days = append(out.Days, d)
	}
	return out, nil
}

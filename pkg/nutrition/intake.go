package nutrition

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"slices"
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
// the collected ones gave (Eaten), for energy and protein the share of the target's minimum
// eaten (Percent, in %; absent with no minimum or no tray collected), and the day's state
// (State(), sent so that the screen says what Go decides: one definition of a low day).
type IntakeDay struct {
	Date      string             `json:"date"`
	Trays     int                `json:"trays"`
	Collected int                `json:"collected"`
	Eaten     menus.Amounts      `json:"eaten"`
	Percent   map[string]float64 `json:"percent"`
	StateCode string             `json:"state"` // State() of the day as answered
}

// Low: the day's recorded intake was under half the energy or protein minimum (a day with no
// tray collected is not known, never low).
func (d IntakeDay) Low() bool {
	if d.Collected == 0 {
		return false
	}
	for _, n := range intakeNutrients {
		if v, ok := d.Percent[n]; ok && v < 50 {
			return true
		}
	}
	return false
}

// The states of a day, as the patient's intake table and its export say them (sent as
// IntakeDay.StateCode).
const (
	DayNoTrays      = "NO_TRAYS"      // no tray served
	DayNotCollected = "NOT_COLLECTED" // served, none collected
	DayLow          = "LOW"           // under half the energy or protein minimum
	DayOK           = "OK"            // eating
)

// State is the day's state (DayNoTrays, DayNotCollected, DayLow or DayOK).
func (d IntakeDay) State() string {
	switch {
	case d.Trays == 0:
		return DayNoTrays
	case d.Collected == 0:
		return DayNotCollected
	case d.Low():
		return DayLow
	}
	return DayOK
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
	targets := resolve(masters, p.DietTypeID, p.TherapeuticIds, p.WeightKg, own)
	for _, t := range targets {
		if slices.Contains(intakeNutrients, t.Nutrient) {
			out.Targets = append(out.Targets, t)
		}
	}
	trays, err := s.trayDays(ctx, branch, []int64{p.ID}, r, menus.Nutrients)
	if err != nil {
		return Intake{}, fmt.Errorf("nutrition.intake: %w", err)
	}
	days, err := intakeDays(trays, map[int64][]Target{p.ID: targets}, r)
	if err != nil {
		return Intake{}, fmt.Errorf("nutrition.intake: %w", err)
	}
	out.Days = days[p.ID]
	return out, nil
}

// intakeMin: t is a minimum an intake's share is read against (energy or protein).
func intakeMin(t Target) bool {
	return slices.Contains(intakeNutrients, t.Nutrient) && t.DailyMin != nil && *t.DailyMin > 0
}

// trayDays reads the patients' days from..to (NutritionTrayDays): each day's served and
// collected trays, what the collected ones gave of nutrients (every one for the patient's
// intake, energy and protein for the worklist) and the known outcomes of its trays, by patient
// and day; one statement whatever the number of patients.
func (s *Service) trayDays(ctx context.Context, branch string, ids []int64, r day.Range, nutrients []string) ([]dbsqlc.NutritionTrayDaysRow, error) {
	rows, err := queries.NutritionTrayDays(ctx, s.db, dbsqlc.NutritionTrayDaysParams{BranchCode: branch, PatientIds: ids,
		DateFrom: pgtype.Date{Time: r.From, Valid: true}, DateTo: pgtype.Date{Time: r.To, Valid: true}, Nutrients: nutrients})
	if err != nil {
		return nil, fmt.Errorf("tray days: %w", err)
	}
	return rows, nil
}

// intakeDays answers, for each patient of patients (by id, with the targets that hold), every
// day from..to with what was eaten, from the patients' tray days (rows).
func intakeDays(rows []dbsqlc.NutritionTrayDaysRow, patients map[int64][]Target, r day.Range) (map[int64][]IntakeDay, error) {
	mins := map[int64]map[string]float64{}
	for id, targets := range patients {
		mins[id] = map[string]float64{}
		for _, t := range targets {
			if intakeMin(t) {
				mins[id][t.Nutrient] = *t.DailyMin
			}
		}
	}
	type key struct {
		id   int64
		date string
	}
	byDay := map[key]dbsqlc.NutritionTrayDaysRow{}
	for _, d := range rows {
		if _, ok := patients[d.PatientID]; ok {
			byDay[key{d.PatientID, d.OrderDate.Time.Format(time.DateOnly)}] = d
		}
	}
	out := make(map[int64][]IntakeDay, len(patients))
	for id := range patients {
		days := []IntakeDay{}
		for t := r.From; !t.After(r.To); t = t.AddDate(0, 0, 1) {
			date := t.Format(time.DateOnly)
			d := IntakeDay{Date: date, Eaten: menus.Amounts{}, Percent: map[string]float64{}}
			if row, ok := byDay[key{id, date}]; ok {
				d.Trays, d.Collected = int(row.Trays), int(row.Collected)
				eatenOf(row, d.Eaten)
			}
			if d.Collected > 0 {
				for n, min := range mins[id] {
					d.Percent[n] = math.Round(d.Eaten[n] / min * 100)
				}
			}
			d.StateCode = d.State()
			days = append(days, d)
		}
		out[id] = days
	}
	return out, nil
}

// eatenOf adds to eaten the nutrients a tray day answers (NaN: not asked, or no collected tray
// gave it).
func eatenOf(row dbsqlc.NutritionTrayDaysRow, eaten menus.Amounts) {
	for _, c := range [...]struct {
		nutrient string
		amount   float64
	}{{"energy", row.Energy}, {"protein", row.Protein}, {"fat", row.Fat}, {"carbohydrate", row.Carbohydrate},
		{"sodium", row.Sodium}, {"sugar", row.Sugar}, {"fiber", row.Fiber}} {
		if !math.IsNaN(c.amount) {
			eaten[c.nutrient] = c.amount
		}
	}
}

package nutrition

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/jackc/pgx/v5"

	"samrap/pkg/db/dbsqlc"
	"samrap/pkg/errs"
	"samrap/pkg/menus"
)

// ErrCycleNotFound: no such round in the branch.
var ErrCycleNotFound = errs.WithCode(errs.NotFound, "NOT_FOUND", "nutrition.cycleNotFound")

// Limits a planned day is checked against (the analysis also names days under a minimum).
const LimitDailyMin = "DAILY_MIN"

// CycleMeal is a meal of a planned day: what its alternative trays give on average, and the
// lightest and heaviest of them, per nutrient.
type CycleMeal struct {
	MealTimeID   int64         `json:"mealTimeId"`
	MealTimeCode string        `json:"mealTimeCode"`
	NameTh       string        `json:"mealTimeNameTh"`
	NameEn       string        `json:"mealTimeNameEn"`
	Trays        int           `json:"trays"` // alternatives: the meal's dishes together, each set
	Average      menus.Amounts `json:"average"`
	Min          menus.Amounts `json:"min"`
	Max          menus.Amounts `json:"max"`
}

// OutOfRange is a planned day (or one of its meals) outside a target: its average against the
// bound.
type OutOfRange struct {
	Nutrient   string  `json:"nutrient"`
	Unit       string  `json:"unit"`
	Limit      string  `json:"limit"` // DAILY_MIN, DAILY_MAX or MEAL_MAX
	Bound      float64 `json:"bound"`
	Value      float64 `json:"value"`
	MealTimeID int64   `json:"mealTimeId,omitempty"`
}

// CycleDay is a day of the round for the diet: the sum of its meals' averages (Average), and
// the lightest and heaviest day a patient could be served (Min, Max: the meals' extremes).
type CycleDay struct {
	DayNo      int           `json:"dayNo"`
	Meals      []CycleMeal   `json:"meals"`
	Average    menus.Amounts `json:"average"`
	Min        menus.Amounts `json:"min"`
	Max        menus.Amounts `json:"max"`
	OutOfRange []OutOfRange  `json:"outOfRange"`
}

// CycleAnalysis is a menu round planned against a diet's targets: each day, and over the
// round the average of the days and the lowest and highest day, per nutrient; OutOfRangeDays
// are the days with a figure outside a target.
type CycleAnalysis struct {
	CycleID        int64         `json:"cycleId"`
	Code           string        `json:"code"`
	NameTh         string        `json:"nameTh"`
	NameEn         string        `json:"nameEn"`
	RoundType      string        `json:"roundType"`
	DayCount       int           `json:"dayCount"`
	Targets        []Target      `json:"targets"`
	Days           []CycleDay    `json:"days"`
	Average        menus.Amounts `json:"average"`
	Min            menus.Amounts `json:"min"`
	Max            menus.Amounts `json:"max"`
	OutOfRangeDays []int         `json:"outOfRangeDays"`
}

// AnalyseCycle answers a round against the targets of a diet type (and a therapeutic food):
// three statements (the round, its trays for the diet, the branch's targets).
func (s *Service) AnalyseCycle(ctx context.Context, branch string, cycleID, dietTypeID int64, therapeuticID *int64) (CycleAnalysis, error) {
	c, err := queries.NutritionCycle(ctx, s.db, dbsqlc.NutritionCycleParams{BranchCode: branch, ID: cycleID})
	if errors.Is(err, pgx.ErrNoRows) {
		return CycleAnalysis{}, ErrCycleNotFound
	}
	if err != nil {
		return CycleAnalysis{}, fmt.Errorf("nutrition.analyseCycle: %w", err)
	}
	if dietTypeID == 0 {
		return CycleAnalysis{}, errs.Fields(map[string]string{"dietTypeId": "field.required"})
	}
	rows, err := queries.NutritionCycleTrays(ctx, s.db, dbsqlc.NutritionCycleTraysParams{BranchCode: branch, CycleID: cycleID,
		DietTypeID: dietTypeID, TherapeuticID: therapeuticID})
	if err != nil {
		return CycleAnalysis{}, fmt.Errorf("nutrition.analyseCycle: trays: %w", err)
	}
	masters, err := s.masters(ctx, s.db, branch)
	if err != nil {
		return CycleAnalysis{}, fmt.Errorf("nutrition.analyseCycle: %w", err)
	}
	var therapeutics []int64
	if therapeuticID != nil {
		therapeutics = []int64{*therapeuticID}
	}
	out := CycleAnalysis{CycleID: c.ID, Code: c.Code, NameTh: c.NameTh, NameEn: c.NameEn, RoundType: c.RoundType,
		DayCount: int(c.DayCount), Targets: resolve(masters, &dietTypeID, therapeutics, nil, nil), Days: []CycleDay{},
		Average: menus.Amounts{}, Min: menus.Amounts{}, Max: menus.Amounts{}, OutOfRangeDays: []int{}}

	// trays[day][meal][alternative] = amounts, in the rows' order (day, meal time)
	type mealKey struct {
		day  int
		meal int64
	}
	trays := map[mealKey]map[int64]menus.Amounts{}
	var order []mealKey
	names := map[int64]dbsqlc.NutritionCycleTraysRow{}
	for _, r := range rows {
		k := mealKey{int(r.DayNo), r.MealTimeID}
		if trays[k] == nil {
			trays[k] = map[int64]menus.Amounts{}
			order = append(order, k)
		}
		if trays[k][r.Alternative] == nil {
			trays[k][r.Alternative] = menus.Amounts{}
		}
		trays[k][r.Alternative][r.Nutrient] = r.Amount
		names[r.MealTimeID] = r
	}
	for d := 1; d <= int(c.DayCount); d++ {
		day := CycleDay{DayNo: d, Meals: []CycleMeal{}, Average: menus.Amounts{}, Min: menus.Amounts{}, Max: menus.Amounts{}, OutOfRange: []OutOfRange{}}
		for _, k := range order {
			if k.day != d {
				continue
			}
			n := names[k.meal]
			m := CycleMeal{MealTimeID: k.meal, MealTimeCode: n.MealTimeCode, NameTh: n.MealTimeNameTh, NameEn: n.MealTimeNameEn,
				Trays: len(trays[k]), Average: menus.Amounts{}, Min: menus.Amounts{}, Max: menus.Amounts{}}
			for _, nu := range menus.Nutrients {
				var vals []float64
				for _, t := range trays[k] {
					vals = append(vals, t[nu]) // a tray that states none of it gives none
				}
				if !slices.ContainsFunc(vals, func(v float64) bool { return v != 0 }) {
					continue
				}
				sum := 0.0
				for _, v := range vals {
					sum += v
				}
				m.Average[nu], m.Min[nu], m.Max[nu] = round1(sum/float64(len(vals))), round1(slices.Min(vals)), round1(slices.Max(vals))
				day.Average[nu], day.Min[nu], day.Max[nu] = day.Average[nu]+m.Average[nu], day.Min[nu]+m.Min[nu], day.Max[nu]+m.Max[nu]
			}
			for _, w := range over(out.Targets, m.Average, LimitMealMax) {
				day.OutOfRange = append(day.OutOfRange, OutOfRange{Nutrient: w.Nutrient, Unit: w.Unit, Limit: LimitMealMax,
					Bound: w.Max, Value: w.Total, MealTimeID: k.meal})
			}
			day.Meals = append(day.Meals, m)
		}
		for nu, v := range day.Average {
			day.Average[nu], day.Min[nu], day.Max[nu] = round1(v), round1(day.Min[nu]), round1(day.Max[nu])
		}
		for _, t := range out.Targets {
			v := day.Average[t.Nutrient]
			if t.DailyMin != nil && v < *t.DailyMin {
				day.OutOfRange = append(day.OutOfRange, OutOfRange{Nutrient: t.Nutrient, Unit: t.Unit, Limit: LimitDailyMin, Bound: *t.DailyMin, Value: v})
			}
			if t.DailyMax != nil && v > *t.DailyMax {
				day.OutOfRange = append(day.OutOfRange, OutOfRange{Nutrient: t.Nutrient, Unit: t.Unit, Limit: LimitDailyMax, Bound: *t.DailyMax, Value: v})
			}
		}
		if len(day.OutOfRange) > 0 {
			out.OutOfRangeDays = append(out.OutOfRangeDays, d)
		}
		out.Days = append(out.Days, day)
	}
	// over the round: the days' averages, their mean, lowest and highest
	for _, nu := range menus.Nutrients {
		if !slices.ContainsFunc(out.Days, func(d CycleDay) bool { _, ok := d.Average[nu]; return ok }) {
			continue
		}
		lo, hi, sum := math.Inf(1), math.Inf(-1), 0.0
		for _, d := range out.Days {
			v := d.Average[nu]
			lo, hi, sum = math.Min(lo, v), math.Max(hi, v), sum+v
		}
		out.Average[nu], out.Min[nu], out.Max[nu] = round1(sum/float64(len(out.Days))), lo, hi
	}
	return out, nil
}

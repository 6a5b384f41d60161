package nutrition

import (
	"math"
	"slices"

	"samrap/pkg/menus"
)

// Bases of a patient's own target: a day's amount, or an amount per kilogram of weight per day.
const (
	BasisDay = "DAY"
	BasisKg  = "KG"
)

// Limits of the targets (docs/nutrition.md).
const (
	LimitDailyMax = "DAILY_MAX"
	LimitMealMax  = "MEAL_MAX"
	maxAmount     = 1e8 // numeric(10, 2)
	maxWeight     = 400 // kg
)

// Bounds is a range of one nutrient: a day's and one meal's, each end optional.
type Bounds struct {
	DailyMin *float64 `json:"dailyMin"`
	DailyMax *float64 `json:"dailyMax"`
	MealMin  *float64 `json:"mealMin"`
	MealMax  *float64 `json:"mealMax"`
}

func (b Bounds) empty() bool {
	return b.DailyMin == nil && b.DailyMax == nil && b.MealMin == nil && b.MealMax == nil
}

// OwnTarget is a patient's own target of a nutrient, set by the Nutritionist: it replaces the
// diet's range of that nutrient. Basis KG: the day's bounds are per kilogram of weight
// (energy and protein only).
type OwnTarget struct {
	Nutrient string `json:"nutrient"`
	Basis    string `json:"basis"`
	Bounds
}

// From names a master row a range comes from: a diet type or a therapeutic food.
type From struct {
	Kind   string `json:"kind"` // DIET_TYPE or THERAPEUTIC
	Code   string `json:"code"`
	NameTh string `json:"nameTh"`
	NameEn string `json:"nameEn"`
}

// Target is the range of a nutrient that holds for a patient, in its base unit: the strictest
// of the ranges of the patient's diet type and therapeutic foods (the highest minimum, the
// lowest maximum), or the patient's own, worked out from the weight when it is per kilogram.
type Target struct {
	Nutrient string `json:"nutrient"`
	Unit     string `json:"unit"`
	Bounds
	Own   bool    `json:"own"`             // the patient's own target
	Basis string  `json:"basis,omitempty"` // an own target's basis
	PerKg *Bounds `json:"perKg,omitempty"` // an own target per kilogram, as set
	From  []From  `json:"from"`            // the diet type and therapeutic foods that set it
}

// master is a target of the branch's master data.
type master struct {
	DietTypeID, TherapeuticID *int64
	Nutrient                  string
	Bounds
	From From
}

// resolve answers the targets of a patient with a diet type, therapeutic foods, a weight and
// own targets, in the order of menus.Nutrients; a nutrient nothing bounds is left out. An own
// target per kilogram needs the weight: without one, the diet's range holds.
func resolve(masters []master, diet *int64, therapeutics []int64, weight *float64, own []OwnTarget) []Target {
	var out []Target
	for _, n := range menus.Nutrients {
		t := Target{Nutrient: n, Unit: menus.BaseUnit(n), From: []From{}}
		for _, m := range masters {
			if m.Nutrient != n {
				continue
			}
			applies := m.DietTypeID != nil && diet != nil && *m.DietTypeID == *diet ||
				m.TherapeuticID != nil && slices.Contains(therapeutics, *m.TherapeuticID)
			if !applies {
				continue
			}
			t.DailyMin, t.DailyMax = higher(t.DailyMin, m.DailyMin), lower(t.DailyMax, m.DailyMax)
			t.MealMin, t.MealMax = higher(t.MealMin, m.MealMin), lower(t.MealMax, m.MealMax)
			t.From = append(t.From, m.From)
		}
		if i := slices.IndexFunc(own, func(o OwnTarget) bool { return o.Nutrient == n }); i >= 0 {
			o := own[i]
			switch {
			case o.Basis == BasisKg && weight != nil:
				perKg := o.Bounds
				t.Bounds = Bounds{DailyMin: times(o.DailyMin, *weight), DailyMax: times(o.DailyMax, *weight)}
				t.Own, t.Basis, t.PerKg = true, BasisKg, &perKg
			case o.Basis != BasisKg:
				t.Bounds, t.Own, t.Basis = o.Bounds, true, BasisDay
			}
		}
		if !t.empty() {
			out = append(out, t)
		}
	}
	if out == nil {
		out = []Target{}
	}
	return out
}

func higher(a, b *float64) *float64 {
	if a == nil || b != nil && *b > *a {
		return b
	}
	return a
}

func lower(a, b *float64) *float64 {
	if a == nil || b != nil && *b < *a {
		return b
	}
	return a
}

func times(v *float64, w float64) *float64 {
	if v == nil {
		return nil
	}
	r := round1(*v * w)
	return &r
}

func round1(v float64) float64 { return math.Round(v*10) / 10 }

// Warning is a limit a day or a tray goes over, with the figures: the total (the day's, or
// the tray's for a meal's limit) and the maximum.
type Warning struct {
	Nutrient string  `json:"nutrient"`
	Unit     string  `json:"unit"`
	Limit    string  `json:"limit"` // DAILY_MAX or MEAL_MAX
	Max      float64 `json:"max"`
	Total    float64 `json:"total"`
}

// over answers the maximums of kind limit (LimitDailyMax: a day's totals; LimitMealMax: a
// tray's) that amounts go over.
func over(targets []Target, amounts menus.Amounts, limit string) []Warning {
	out := []Warning{}
	for _, t := range targets {
		top := t.DailyMax
		if limit == LimitMealMax {
			top = t.MealMax
		}
		if top != nil && amounts[t.Nutrient] > *top {
			out = append(out, Warning{Nutrient: t.Nutrient, Unit: t.Unit, Limit: limit, Max: *top, Total: amounts[t.Nutrient]})
		}
	}
	return out
}

// add answers a + b, by nutrient, rounded to a tenth.
func add(a, b menus.Amounts) menus.Amounts {
	out := menus.Amounts{}
	for n, v := range a {
		out[n] += v
	}
	for n, v := range b {
		out[n] += v
	}
	for n, v := range out {
		out[n] = round1(v)
	}
	return out
}

// checkOwn checks a patient's own targets and weight; it answers field → message key, the
// field of a target named targets.<nutrient>.<bound>.
func checkOwn(weight *float64, own []OwnTarget) map[string]string {
	bad := map[string]string{}
	if weight != nil && (*weight <= 0 || *weight > maxWeight || math.IsNaN(*weight)) {
		bad["weightKg"] = "nutrition.weightRange"
	}
	seen := map[string]bool{}
	for _, o := range own {
		f := "targets." + o.Nutrient
		if !slices.Contains(menus.Nutrients, o.Nutrient) {
			bad["targets"] = "nutrition.nutrientInvalid"
			continue
		}
		if seen[o.Nutrient] {
			bad[f] = "nutrition.nutrientTwice"
			continue
		}
		seen[o.Nutrient] = true
		switch o.Basis {
		case BasisDay:
		case BasisKg:
			if o.Nutrient != "energy" && o.Nutrient != "protein" {
				bad[f+".basis"] = "nutrition.perKgNutrient"
			} else if o.MealMin != nil || o.MealMax != nil {
				bad[f+".basis"] = "nutrition.perKgMeal"
			} else if weight == nil {
				bad["weightKg"] = "nutrition.weightRequired"
			}
		default:
			bad[f+".basis"] = "field.invalid"
		}
		if o.empty() {
			bad[f+".dailyMax"] = "nutrition.unbounded"
		}
		for name, v := range map[string]*float64{"dailyMin": o.DailyMin, "dailyMax": o.DailyMax, "mealMin": o.MealMin, "mealMax": o.MealMax} {
			if v != nil && (*v < 0 || *v >= maxAmount || math.IsNaN(*v)) {
				bad[f+"."+name] = "nutrition.amountRange"
			}
		}
		if o.DailyMin != nil && o.DailyMax != nil && *o.DailyMin > *o.DailyMax {
			bad[f+".dailyMax"] = "nutrition.maxBelowMin"
		}
		if o.MealMin != nil && o.MealMax != nil && *o.MealMin > *o.MealMax {
			bad[f+".mealMax"] = "nutrition.maxBelowMin"
		}
	}
	return bad
}

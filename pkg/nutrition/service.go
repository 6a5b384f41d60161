package nutrition

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"samrap/pkg/audit"
	"samrap/pkg/day"
	"samrap/pkg/db"
	"samrap/pkg/db/dbsqlc"
	"samrap/pkg/errs"
	"samrap/pkg/menus"
)

// The statements are in pkg/db/dbsqlc/nutrition.sql.
var queries = dbsqlc.New()

// The area's failures.
var (
	ErrPatientNotFound = errs.WithCode(errs.NotFound, "NOT_FOUND", "patients.notFound")
)

// MaxItems is the most dishes and sets a tray check takes (an order's limit).
const MaxItems = 10

// Service holds the rules of nutrition: a patient's targets, and what a day and a tray give.
type Service struct {
	db  *db.Pool
	now func() time.Time
}

// NewService builds the service.
func NewService(pool *db.Pool, now func() time.Time) *Service { return &Service{db: pool, now: now} }

// Meal is an order a day counts, with what its tray gives.
type Meal struct {
	OrderID      string        `json:"orderId"`
	MealTimeID   int64         `json:"mealTimeId"`
	MealTimeCode string        `json:"mealTimeCode"`
	NameTh       string        `json:"mealTimeNameTh"`
	NameEn       string        `json:"mealTimeNameEn"`
	Status       string        `json:"status"`
	Nutrients    menus.Amounts `json:"nutrients"`
}

// PatientDay is a patient's day against the targets: what the day's trays give (Totals),
// the targets that hold, and the daily maximums the totals go over.
type PatientDay struct {
	HnID        string        `json:"hnId"`
	FirstNameTh string        `json:"firstNameTh"`
	LastNameTh  string        `json:"lastNameTh"`
	FirstNameEn string        `json:"firstNameEn"`
	LastNameEn  string        `json:"lastNameEn"`
	WardCode    string        `json:"wardCode"`
	WardNameTh  string        `json:"wardNameTh"`
	WardNameEn  string        `json:"wardNameEn"`
	RoomCode    string        `json:"roomCode"`
	DateOrder   string        `json:"dateOrder"`
	WeightKg    *float64      `json:"weightKg"`
	Targets     []Target      `json:"targets"`
	Totals      menus.Amounts `json:"totals"`
	Over        []Warning     `json:"over"`
	Meals       []Meal        `json:"meals"` // one patient's day only (an empty list in a branch's)

	patientID int64
}

// DayFilter narrows the patients of a branch's day: one ward (0: every ward), a criteria on
// HN or names, a page (Limit 0: every patient).
type DayFilter struct {
	WardID        int64
	Criteria      string
	Limit, Offset int
}

// Days answers the day of the branch's patients in hospital, by ward, bed and HN, and how
// many there are: three statements whatever the number of patients.
func (s *Service) Days(ctx context.Context, branch, date string, f DayFilter) ([]PatientDay, int, error) {
	p := dbsqlc.NutritionPatientsParams{BranchCode: branch, Pattern: db.Contains(f.Criteria), Off: int32(f.Offset)}
	if f.WardID != 0 {
		p.WardID = &f.WardID
	}
	if f.Limit > 0 {
		lim := int32(f.Limit)
		p.Lim = &lim
	}
	days, total, err := s.days(ctx, s.db, branch, date, p)
	if err != nil {
		return nil, 0, fmt.Errorf("nutrition.days: %w", err)
	}
	return days, total, nil
}

// Day answers one patient's day, with its meals.
func (s *Service) Day(ctx context.Context, branch, hn, date string) (PatientDay, error) {
	d, err := s.day(ctx, s.db, branch, hn, date)
	if err != nil {
		return PatientDay{}, fmt.Errorf("nutrition.day: %w", err)
	}
	return d, nil
}

func (s *Service) day(ctx context.Context, q db.DBTX, branch, hn, date string) (PatientDay, error) {
	days, _, err := s.days(ctx, q, branch, date, dbsqlc.NutritionPatientsParams{BranchCode: branch, HnID: &hn})
	if err != nil {
		return PatientDay{}, err
	}
	if len(days) == 0 {
		return PatientDay{}, ErrPatientNotFound
	}
	return days[0], nil
}

func (s *Service) days(ctx context.Context, q db.DBTX, branch, date string, p dbsqlc.NutritionPatientsParams) ([]PatientDay, int, error) {
	d, err := day.Parse(date)
	if err != nil {
		return nil, 0, errs.Fields(map[string]string{"dateOrder": "date.invalid"})
	}
	rows, err := queries.NutritionPatients(ctx, q, p)
	if err != nil {
		return nil, 0, fmt.Errorf("patients: %w", err)
	}
	total := 0
	if len(rows) > 0 {
		total = int(rows[0].Total)
	}
	masters, err := s.masters(ctx, q, branch)
	if err != nil {
		return nil, 0, err
	}
	ids := make([]int64, len(rows))
	out := make([]PatientDay, len(rows))
	byID := make(map[int64]int, len(rows))
	for i, r := range rows {
		var own []OwnTarget
		if err := json.Unmarshal(r.OwnTargets, &own); err != nil {
			return nil, 0, fmt.Errorf("own targets of %s: %w", r.HnID, err)
		}
		ids[i], byID[r.ID] = r.ID, i
		out[i] = PatientDay{HnID: r.HnID, FirstNameTh: r.FirstNameTh, LastNameTh: r.LastNameTh, FirstNameEn: r.FirstNameEn,
			LastNameEn: r.LastNameEn, WardCode: str(r.WardCode), WardNameTh: str(r.WardNameTh), WardNameEn: str(r.WardNameEn),
			RoomCode: str(r.RoomCode), DateOrder: date, WeightKg: r.WeightKg, Totals: menus.Amounts{}, Meals: []Meal{},
			Targets: resolve(masters, r.DietTypeID, r.TherapeuticIds, r.WeightKg, own), patientID: r.ID}
	}
	if len(rows) > 0 {
		totals, err := queries.NutritionDayTotals(ctx, q, dbsqlc.NutritionDayTotalsParams{BranchCode: branch,
			OrderDate: pgtype.Date{Time: d, Valid: true}, PatientIds: ids})
		if err != nil {
			return nil, 0, fmt.Errorf("day totals: %w", err)
		}
		for _, t := range totals {
			out[byID[t.PatientID]].Totals[t.Nutrient] = t.Amount
		}
	}
	if p.HnID != nil && len(rows) == 1 { // one patient: the day's meals, each with its tray
		orders, err := queries.NutritionDayOrders(ctx, q, dbsqlc.NutritionDayOrdersParams{BranchCode: branch,
			OrderDate: pgtype.Date{Time: d, Valid: true}, PatientID: rows[0].ID})
		if err != nil {
			return nil, 0, fmt.Errorf("day orders: %w", err)
		}
		for _, o := range orders {
			m := Meal{OrderID: o.ID, MealTimeID: o.MealTimeID, MealTimeCode: o.MealTimeCode, NameTh: o.MealTimeNameTh,
				NameEn: o.MealTimeNameEn, Status: o.Status, Nutrients: menus.Amounts{}}
			if err := json.Unmarshal(o.Nutrients, &m.Nutrients); err != nil {
				return nil, 0, fmt.Errorf("order %s: nutrients: %w", o.ID, err)
			}
			out[0].Meals = append(out[0].Meals, m)
		}
	}
	for i := range out {
		out[i].Over = over(out[i].Targets, out[i].Totals, LimitDailyMax)
	}
	return out, total, nil
}

func (s *Service) masters(ctx context.Context, q db.DBTX, branch string) ([]master, error) {
	rows, err := queries.NutritionTargets(ctx, q, branch)
	if err != nil {
		return nil, fmt.Errorf("targets: %w", err)
	}
	out := make([]master, len(rows))
	for i, r := range rows {
		kind := "DIET_TYPE"
		if r.TherapeuticID != nil {
			kind = "THERAPEUTIC"
		}
		out[i] = master{DietTypeID: r.DietTypeID, TherapeuticID: r.TherapeuticID, Nutrient: r.Nutrient,
			Bounds: Bounds{DailyMin: r.DailyMin, DailyMax: r.DailyMax, MealMin: r.MealMin, MealMax: r.MealMax},
			From:   From{Kind: kind, Code: r.ForCode, NameTh: r.ForNameTh, NameEn: r.ForNameEn}}
	}
	return out, nil
}

// TrayItem is a dish or a set of a tray to check.
type TrayItem struct {
	MenuID    int64 `json:"menuId,omitempty"`
	MenuSetID int64 `json:"menuSetId,omitempty"`
}

// TrayInput is a tray about to be ordered for a patient's meal.
type TrayInput struct {
	BranchCode string     `json:"branchCode"`
	HnID       string     `json:"hnId"`
	DateOrder  string     `json:"dateOrder"`
	MealTimeID int64      `json:"mealTimeId"`
	Items      []TrayItem `json:"items"`
}

// TrayCheck is what a tray would give against the patient's targets: the day so far
// (Day: every order the day counts but the meal's own, which the tray replaces), the tray,
// the day with it, and the limits it takes the day (or the meal) over. Guidance: it never
// refuses an order.
type TrayCheck struct {
	Day      PatientDay    `json:"day"`
	Tray     menus.Amounts `json:"tray"`
	After    menus.Amounts `json:"after"`
	Warnings []Warning     `json:"warnings"`
}

// CheckTray answers what a tray would give a patient's day.
func (s *Service) CheckTray(ctx context.Context, branch string, in TrayInput) (TrayCheck, error) {
	in.HnID = strings.TrimSpace(in.HnID)
	bad := map[string]string{}
	if in.HnID == "" {
		bad["hnId"] = "field.required"
	}
	if !day.Valid(in.DateOrder) {
		bad["dateOrder"] = "date.invalid"
	}
	if in.MealTimeID <= 0 {
		bad["mealTimeId"] = "field.required"
	}
	if len(in.Items) > MaxItems {
		bad["items"] = "nutrition.tooManyItems"
	}
	menuIDs, setIDs := make([]int64, len(in.Items)), make([]int64, len(in.Items))
	for i, it := range in.Items {
		if (it.MenuID > 0) == (it.MenuSetID > 0) || it.MenuID < 0 || it.MenuSetID < 0 {
			bad["items"] = "nutrition.itemInvalid"
		}
		menuIDs[i], setIDs[i] = it.MenuID, it.MenuSetID
	}
	if len(bad) > 0 {
		return TrayCheck{}, errs.Fields(bad)
	}
	d, err := s.day(ctx, s.db, branch, in.HnID, in.DateOrder)
	if err != nil {
		return TrayCheck{}, fmt.Errorf("nutrition.checkTray: %w", err)
	}
	// the day so far: the meal's own order is the one the tray replaces
	d.Totals = menus.Amounts{}
	meals := d.Meals[:0:0]
	for _, m := range d.Meals {
		if m.MealTimeID == in.MealTimeID {
			continue
		}
		meals = append(meals, m)
		d.Totals = add(d.Totals, m.Nutrients)
	}
	d.Meals, d.Over = meals, over(d.Targets, d.Totals, LimitDailyMax)
	tray := menus.Amounts{}
	if len(in.Items) > 0 {
		rows, err := queries.NutritionItems(ctx, s.db, dbsqlc.NutritionItemsParams{BranchCode: branch, MenuIds: menuIDs, MenuSetIds: setIDs})
		if err != nil {
			return TrayCheck{}, fmt.Errorf("nutrition.checkTray: items: %w", err)
		}
		for _, r := range rows {
			tray[r.Nutrient] = r.Amount
		}
	}
	after := add(d.Totals, tray)
	warnings := append(over(d.Targets, after, LimitDailyMax), over(d.Targets, tray, LimitMealMax)...)
	return TrayCheck{Day: d, Tray: tray, After: after, Warnings: warnings}, nil
}

// Record is a patient's nutrition record as the Nutritionist keeps it: the weight and the
// patient's own targets, beside the targets that hold (with them).
type Record struct {
	HnID      string      `json:"hnId"`
	WeightKg  *float64    `json:"weightKg"`
	Own       []OwnTarget `json:"own"`
	Targets   []Target    `json:"targets"`
	DietOnly  []Target    `json:"dietTargets"` // the targets without the patient's own
	UpdatedAt *time.Time  `json:"updatedAt"`
	UpdatedBy string      `json:"updatedBy"`
}

// Get answers a patient's nutrition record.
func (s *Service) Get(ctx context.Context, branch, hn string) (Record, error) {
	rec, err := s.record(ctx, s.db, branch, hn)
	if err != nil {
		return Record{}, fmt.Errorf("nutrition.get: %w", err)
	}
	return rec, nil
}

func (s *Service) record(ctx context.Context, q db.DBTX, branch, hn string) (Record, error) {
	rows, err := queries.NutritionPatients(ctx, q, dbsqlc.NutritionPatientsParams{BranchCode: branch, HnID: &hn})
	if err != nil {
		return Record{}, err
	}
	if len(rows) == 0 {
		return Record{}, ErrPatientNotFound
	}
	r := rows[0]
	own := []OwnTarget{}
	if err := json.Unmarshal(r.OwnTargets, &own); err != nil {
		return Record{}, fmt.Errorf("own targets of %s: %w", hn, err)
	}
	masters, err := s.masters(ctx, q, branch)
	if err != nil {
		return Record{}, err
	}
	return Record{HnID: r.HnID, WeightKg: r.WeightKg, Own: own, UpdatedAt: r.NutritionUpdatedAt, UpdatedBy: str(r.NutritionUpdatedBy),
		Targets:  resolve(masters, r.DietTypeID, r.TherapeuticIds, r.WeightKg, own),
		DietOnly: resolve(masters, r.DietTypeID, r.TherapeuticIds, r.WeightKg, nil)}, nil
}

// RecordInput is a patient's weight and own targets to keep: every own target (one left out
// is removed).
type RecordInput struct {
	BranchCode string      `json:"branchCode"`
	HnID       string      `json:"hnId"`
	WeightKg   *float64    `json:"weightKg"`
	Targets    []OwnTarget `json:"targets"`
}

// Save keeps a patient's weight and own targets, with the change-log row (entity
// patient_nutrition, the patient's HN; before and after), in one transaction.
func (s *Service) Save(ctx context.Context, branch, by string, in RecordInput) (Record, error) {
	in.HnID = strings.TrimSpace(in.HnID)
	for i := range in.Targets {
		in.Targets[i].Nutrient = strings.ToLower(strings.TrimSpace(in.Targets[i].Nutrient))
		in.Targets[i].Basis = strings.ToUpper(strings.TrimSpace(in.Targets[i].Basis))
		if in.Targets[i].Basis == "" {
			in.Targets[i].Basis = BasisDay
		}
	}
	if in.WeightKg != nil {
		w := round1(*in.WeightKg)
		in.WeightKg = &w
	}
	bad := checkOwn(in.WeightKg, in.Targets)
	if in.HnID == "" {
		bad["hnId"] = "field.required"
	}
	if len(bad) > 0 {
		return Record{}, errs.Fields(bad)
	}
	var out Record
	err := db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		id, err := queries.NutritionLock(ctx, tx, dbsqlc.NutritionLockParams{BranchCode: branch, HnID: in.HnID, UpdatedBy: by})
		if errors.Is(err, pgx.ErrNoRows) {
			return ErrPatientNotFound
		}
		if err != nil {
			return fmt.Errorf("lock: %w", err)
		}
		before, err := queries.NutritionRecord(ctx, tx, dbsqlc.NutritionRecordParams{BranchCode: branch, PatientID: id})
		if err != nil {
			return fmt.Errorf("before: %w", err)
		}
		p := dbsqlc.NutritionSaveParams{BranchCode: branch, PatientID: id, WeightKg: in.WeightKg, UpdatedBy: by,
			Nutrients: []string{}, Bases: []string{}, DailyMins: []string{}, DailyMaxes: []string{}, MealMins: []string{}, MealMaxes: []string{}}
		for _, t := range in.Targets {
			p.Nutrients, p.Bases = append(p.Nutrients, t.Nutrient), append(p.Bases, t.Basis)
			p.DailyMins, p.DailyMaxes = append(p.DailyMins, text(t.DailyMin)), append(p.DailyMaxes, text(t.DailyMax))
			p.MealMins, p.MealMaxes = append(p.MealMins, text(t.MealMin)), append(p.MealMaxes, text(t.MealMax))
		}
		if err := queries.NutritionSave(ctx, tx, p); err != nil {
			return fmt.Errorf("save: %w", err)
		}
		out, err = s.record(ctx, tx, branch, in.HnID)
		if err != nil {
			return err
		}
		var beforeOwn []OwnTarget
		if err := json.Unmarshal(before.OwnTargets, &beforeOwn); err != nil {
			return err
		}
		return audit.WriteChange(ctx, tx, audit.Change{BranchCode: branch, Entity: "patient_nutrition", EntityID: in.HnID,
			Action: "update", By: by,
			Before: map[string]any{"hnId": in.HnID, "weightKg": before.WeightKg, "targets": beforeOwn},
			After:  map[string]any{"hnId": in.HnID, "weightKg": out.WeightKg, "targets": out.Own}})
	})
	if err != nil {
		return Record{}, fmt.Errorf("nutrition.save: %w", err)
	}
	return out, nil
}

// text is a bound as the save statement takes it: "" for none.
func text(v *float64) string {
	if v == nil {
		return ""
	}
	return strconv.FormatFloat(*v, 'g', -1, 64)
}

func str(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

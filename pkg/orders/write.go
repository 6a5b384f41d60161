package orders

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"samrap/pkg/audit"
	"samrap/pkg/day"
	"samrap/pkg/db/dbsqlc"
	"samrap/pkg/errs"
	"samrap/pkg/i18n"
)

// Writing orders: a submit (one patient's (date, meal type) pairs) and a meal round (one pair
// for each of a ward's patients) build their rows with ordersOf and write them with the same
// two statements, whatever the number of rows.

// newOrder is an order to write: a checked draft's columns for one (date, meal type) pair, in
// the form OrderInsert takes them ("" or 0 for NULL), with its items and the conflicts they
// were accepted with, its other items and remarks.
type newOrder struct {
	PatientID                                int64
	Caregiver                                bool
	CaregiverInfo                            string // JSON
	Date                                     string // YYYY-MM-DD
	MealTimeID                               int64
	OrderType, Status, FoodScope, CourseType string
	DietTypeID, TherapeuticID, CuisineTypeID int64
	Description, Remark                      string
	Charge                                   bool
	DysphagiaFoodType                        int16
	UnmappedAllergiesChecked                 bool
	FreeTextRules                            string // JSON: the rules a free text was acknowledged against
	Items                                    []checked
	OtherIDs, RemarkIDs                      []int64
}

// key names the order's live slot (the unique index meal_order_live).
func (o newOrder) key() string { return slotKey(o.PatientID, o.Caregiver, o.Date, o.MealTimeID) }

func slotKey(patientID int64, caregiver bool, date string, mealTimeID int64) string {
	return fmt.Sprintf("%d/%t/%s/%d", patientID, caregiver, date, mealTimeID)
}

func dateOf(d pgtype.Date) string { return d.Time.Format(time.DateOnly) }

// ordersOf answers the orders of a draft that passed the checks for person p, one per
// (date, meal type) pair, with the checked items: the one mapping of a draft to its rows. A
// reference id of 0 or less names no row (the foreign key would refuse it; 0 is NULL in
// OrderInsert's arrays): refused as the write refuses a reference of no such row.
func ordersOf(d Draft, p person, items []checked) ([]newOrder, error) {
	o := newOrder{PatientID: p.PatientID, Caregiver: d.Caregiver, OrderType: d.OrderType, Status: statusOfType[d.OrderType],
		FoodScope: d.FoodScope, CourseType: d.CourseType, Description: d.Description, Remark: d.Remark, Charge: d.Charge,
		UnmappedAllergiesChecked: d.UnmappedAllergiesChecked, Items: items, OtherIDs: d.OtherIDs, RemarkIDs: d.RemarkIDs}
	bad := map[string]string{}
	for _, r := range []struct {
		field string
		id    *int64
		to    *int64
	}{{"dietTypeId", d.DietTypeID, &o.DietTypeID}, {"therapeuticId", d.TherapeuticID, &o.TherapeuticID},
		{"cuisineTypeId", d.CuisineTypeID, &o.CuisineTypeID}} {
		switch {
		case r.id == nil:
		case *r.id <= 0:
			bad[r.field] = "orders.refNotFound"
		default:
			*r.to = *r.id
		}
	}
	if len(bad) > 0 {
		return nil, errs.Fields(bad)
	}
	if d.DysphagiaFoodType != nil {
		o.DysphagiaFoodType = int16(*d.DysphagiaFoodType) // 3–7 (validate)
	}
	if d.CaregiverInfo != nil {
		raw, err := json.Marshal(d.CaregiverInfo)
		if err != nil {
			return nil, err
		}
		o.CaregiverInfo = string(raw)
	}
	rules, err := freeTextRecord(d, p)
	if err != nil {
		return nil, err
	}
	if rules != nil {
		o.FreeTextRules = *rules
	}
	dates, meals := d.pairs()
	out := make([]newOrder, len(dates))
	for i := range dates {
		out[i] = o
		out[i].Date, out[i].MealTimeID = dates[i], meals[i]
	}
	return out, nil
}

// insertArgs answers OrderInsert's parameters for the orders: one element of each array per
// order, its items flattened with the order's position (from 1). Pure: the one place a column
// of a new order is mapped to the statement.
func insertArgs(branch, by string, rows []newOrder) (dbsqlc.OrderInsertParams, error) {
	n := len(rows)
	a := dbsqlc.OrderInsertParams{Branch: branch, By: by, PatientIds: make([]int64, n), Caregivers: make([]bool, n),
		CaregiverInfos: make([]string, n), Dates: make([]pgtype.Date, n), MealTimeIds: make([]int64, n),
		OrderTypes: make([]string, n), Statuses: make([]string, n), FoodScopes: make([]string, n),
		CourseTypes: make([]string, n), DietTypeIds: make([]int64, n), TherapeuticIds: make([]int64, n),
		CuisineTypeIds: make([]int64, n), Descriptions: make([]string, n), Remarks: make([]string, n),
		Charges: make([]bool, n), DysphagiaFoodTypes: make([]int16, n), UnmappedAllergiesChecked: make([]bool, n),
		FreeTextRules: make([]string, n), ItemRows: []int32{}, ItemMenuIds: []int64{}, ItemMenuSetIds: []int64{}}
	for i, o := range rows {
		t, err := day.Parse(o.Date) // checked with the draft
		if err != nil {
			return a, fmt.Errorf("order date %q: %w", o.Date, err)
		}
		a.PatientIds[i], a.Caregivers[i], a.CaregiverInfos[i] = o.PatientID, o.Caregiver, o.CaregiverInfo
		a.Dates[i], a.MealTimeIds[i] = pgtype.Date{Time: t, Valid: true}, o.MealTimeID
		a.OrderTypes[i], a.Statuses[i], a.FoodScopes[i], a.CourseTypes[i] = o.OrderType, o.Status, o.FoodScope, o.CourseType
		a.DietTypeIds[i], a.TherapeuticIds[i], a.CuisineTypeIds[i] = o.DietTypeID, o.TherapeuticID, o.CuisineTypeID
		a.Descriptions[i], a.Remarks[i], a.Charges[i] = o.Description, o.Remark, o.Charge
		a.DysphagiaFoodTypes[i], a.UnmappedAllergiesChecked[i], a.FreeTextRules[i] = o.DysphagiaFoodType, o.UnmappedAllergiesChecked, o.FreeTextRules
		for _, it := range o.Items {
			a.ItemRows = append(a.ItemRows, int32(i+1))
			a.ItemMenuIds, a.ItemMenuSetIds = append(a.ItemMenuIds, it.MenuID), append(a.ItemMenuSetIds, it.MenuSetID)
		}
	}
	return a, nil
}

// confirmArgs answers OrderConfirm's parameters for a review of order o that passed the
// checks as draft d for person p: the order takes the person's facts, each item (in the
// order's positions) the note and conflicts it was checked with, and the free-text record of
// d. Pure, as insertArgs.
func confirmArgs(branch, by string, o Order, d Draft, p person, items []checked) (dbsqlc.OrderConfirmParams, error) {
	arg := dbsqlc.OrderConfirmParams{ID: o.OrderID, Branch: branch, PatientID: p.PatientID, By: by,
		UnmappedAllergiesChecked: d.UnmappedAllergiesChecked, Positions: []int32{}, Notes: []string{}, Conflicts: []string{}}
	var err error
	if arg.FreeTextRules, err = freeTextRecord(d, p); err != nil {
		return arg, err
	}
	for i, it := range items {
		cs := it.Conflicts
		if cs == nil {
			cs = []Conflict{}
		}
		raw, err := json.Marshal(cs)
		if err != nil {
			return arg, err
		}
		arg.Positions = append(arg.Positions, int32(o.Items[i].Position))
		arg.Notes, arg.Conflicts = append(arg.Notes, it.AlternativeNote), append(arg.Conflicts, string(raw))
	}
	return arg, nil
}

// insertOrders writes the orders in one statement and answers each one's id, "" for one
// whose slot already has a live order (nothing written for it).
func insertOrders(ctx context.Context, tx pgx.Tx, branch, by string, rows []newOrder) ([]string, error) {
	ids := make([]string, len(rows))
	if len(rows) == 0 {
		return ids, nil
	}
	a, err := insertArgs(branch, by, rows)
	if err != nil {
		return nil, err
	}
	written, err := queries.OrderInsert(ctx, tx, a)
	if err != nil {
		return nil, writeErr(err)
	}
	byKey := make(map[string]string, len(written))
	for _, w := range written {
		byKey[slotKey(w.PatientID, w.Caregiver, dateOf(w.OrderDate), w.MealTimeID)] = w.ID
	}
	for i, o := range rows {
		ids[i] = byKey[o.key()]
	}
	return ids, nil
}

// partsArgs answers OrderInsertParts' parameters for the items, other items and remarks of
// the orders written (ids as insertOrders answers them; "" not written), and how many there
// are. Pure.
func partsArgs(branch string, rows []newOrder, ids []string) (dbsqlc.OrderInsertPartsParams, int, error) {
	a := dbsqlc.OrderInsertPartsParams{Branch: branch, ItemOrderIds: []string{}, Positions: []int32{}, MenuIds: []int64{},
		MenuSetIds: []int64{}, Notes: []string{}, Conflicts: []string{}, OtherOrderIds: []string{}, OtherIds: []int64{},
		RemarkOrderIds: []string{}, RemarkIds: []int64{}}
	parts := 0
	for i, o := range rows {
		id := ids[i]
		if id == "" {
			continue
		}
		for j, it := range o.Items {
			cs := it.Conflicts
			if cs == nil {
				cs = []Conflict{}
			}
			raw, err := json.Marshal(cs)
			if err != nil {
				return a, 0, err
			}
			a.ItemOrderIds, a.Positions = append(a.ItemOrderIds, id), append(a.Positions, int32(j+1))
			a.MenuIds, a.MenuSetIds = append(a.MenuIds, it.MenuID), append(a.MenuSetIds, it.MenuSetID)
			a.Notes, a.Conflicts = append(a.Notes, it.AlternativeNote), append(a.Conflicts, string(raw))
		}
		for _, x := range o.OtherIDs {
			a.OtherOrderIds, a.OtherIds = append(a.OtherOrderIds, id), append(a.OtherIds, x)
		}
		for _, x := range o.RemarkIDs {
			a.RemarkOrderIds, a.RemarkIds = append(a.RemarkOrderIds, id), append(a.RemarkIds, x)
		}
		parts += len(o.Items) + len(o.OtherIDs) + len(o.RemarkIDs)
	}
	return a, parts, nil
}

// insertParts writes the items, other items and remarks of the orders written (ids as
// insertOrders answers them) in one statement, none when there are none.
func insertParts(ctx context.Context, tx pgx.Tx, branch string, rows []newOrder, ids []string) error {
	a, parts, err := partsArgs(branch, rows, ids)
	if err != nil || parts == 0 {
		return err
	}
	if err := queries.OrderInsertParts(ctx, tx, a); err != nil {
		return writeErr(err)
	}
	return nil
}

// liveOrders answers the live orders of the slots of rows (the orders that kept a row from
// being written), by slot key.
func liveOrders(ctx context.Context, tx pgx.Tx, branch string, rows []newOrder) (map[string]string, error) {
	out := map[string]string{}
	if len(rows) == 0 {
		return out, nil
	}
	a := dbsqlc.OrderLiveForParams{Branch: branch}
	for _, o := range rows {
		t, err := day.Parse(o.Date)
		if err != nil {
			return nil, fmt.Errorf("order date %q: %w", o.Date, err)
		}
		a.PatientIds, a.Caregivers = append(a.PatientIds, o.PatientID), append(a.Caregivers, o.Caregiver)
		a.Dates, a.MealTimeIds = append(a.Dates, pgtype.Date{Time: t, Valid: true}), append(a.MealTimeIds, o.MealTimeID)
	}
	live, err := queries.OrderLiveFor(ctx, tx, a)
	if err != nil {
		return nil, fmt.Errorf("live orders: %w", err)
	}
	for _, l := range live {
		out[slotKey(l.PatientID, l.Caregiver, dateOf(l.OrderDate), l.MealTimeID)] = l.ID
	}
	return out, nil
}

// createChanges answers the change record of new orders.
func createChanges(branch, by string, written []Order) []audit.Change {
	changes := make([]audit.Change, len(written))
	for i, o := range written {
		changes[i] = audit.Change{BranchCode: branch, Entity: "meal_order", EntityID: o.OrderID, Action: "create", After: o, By: by}
	}
	return changes
}

// alreadyOrdered is the 409 of a draft a pair of which has a live order: the live orders.
func alreadyOrdered(existing []Order) error {
	return &errs.Error{Kind: ErrAlreadyOrdered.Kind, Code: ErrAlreadyOrdered.Code, Key: ErrAlreadyOrdered.Key,
		Data: map[string]any{"existing": existing}}
}

// refusedOf answers a patient as the ward calls answer one whose draft err refused (the
// problems of a check, else the failure's code and message, with the live orders of an
// ALREADY_ORDERED); false when err is no refusal but a failure of the call.
func refusedOf(lang i18n.Lang, hn string, err error) (RefusedPatient, bool) {
	e, isBusiness := errs.As(err)
	if !isBusiness || e.Kind == errs.Internal {
		return RefusedPatient{}, false
	}
	r := RefusedPatient{HnID: hn, Problems: []Problem{}}
	if p, ok := e.Data["problems"].([]Problem); ok {
		r.Problems = p
	} else {
		r.Problems = append(r.Problems, Problem{Code: e.Code, Field: "hnId", Message: i18n.T(lang, e.Key, e.Args...)})
		if ex, ok := e.Data["existing"].([]Order); ok {
			r.Existing = ex
		}
	}
	return r, true
}

// ordersByID reads orders by id, in one statement.
func ordersByID(ctx context.Context, tx pgx.Tx, branch string, ids []string) (map[string]Order, error) {
	list, err := Orders(ctx, tx, branch, ids)
	if err != nil {
		return nil, err
	}
	out := make(map[string]Order, len(list))
	for _, o := range list {
		out[o.OrderID] = o
	}
	return out, nil
}

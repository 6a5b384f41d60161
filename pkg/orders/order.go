package orders

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgtype"

	"samrap/pkg/db"
	"samrap/pkg/db/dbsqlc"
	"samrap/pkg/i18n"
	"samrap/pkg/menus"
)

// Order is an order as every reader sees it (docs/orders.md "One order"): read from the view
// order_detail (migrations 00020, 00021) by Orders (OrderDetails), by the reports' trays
// (OrderTrays) and finance, and by the serve list, each row mapped by FromRow. Its JSON is the order as the API answers it (getOrderDetails without the
// patient, the submits, cancel, review, the change log); the fields marked json:"-" are the
// tray's — the patient's facts as they are now, the names of its references, the dishes —
// which the reports, the kitchen workbook and board and the meal cards read.
type Order struct {
	OrderID                  string         `json:"orderId"`
	BranchCode               string         `json:"branchCode"`
	HnID                     string         `json:"hnId"`
	Caregiver                bool           `json:"caregiver"`
	CaregiverInfo            *CaregiverInfo `json:"caregiverInfo"`
	DateOrder                string         `json:"dateOrder"` // YYYY-MM-DD
	MealTimeID               int64          `json:"mealTimeId"`
	MealType                 MealTypeRef    `json:"mealType"`
	OrderType                string         `json:"orderType"`
	Status                   string         `json:"status"`
	FoodScope                string         `json:"foodScope"`
	CourseType               *string        `json:"courseType"` // nil unless an ORD
	DietTypeID               *int64         `json:"dietTypeId"`
	TherapeuticID            *int64         `json:"therapeuticId"`
	CuisineTypeID            *int64         `json:"cuisineTypeId"`
	Description              string         `json:"description"`
	Remark                   string         `json:"remark"`
	Charge                   bool           `json:"charge"`
	DysphagiaFoodType        *int           `json:"dysphagiaFoodType"`
	UnmappedAllergiesChecked bool           `json:"unmappedAllergiesChecked"`
	FreeTextRules            []Rule         `json:"freeTextRules"` // nil: no acknowledgement was needed
	OtherIDs                 []int64        `json:"otherIds"`
	RemarkIDs                []int64        `json:"remarkIds"`
	Items                    []OrderItem    `json:"items"`
	NeedsReview              bool           `json:"needsReview"`
	ReviewReasons            []string       `json:"reviewReasons"`
	OrderedBy                string         `json:"orderedBy"`
	OrderedAt                Time           `json:"orderedAt"`
	CancelledBy              *string        `json:"cancelledBy"`
	CancelledAt              *Time          `json:"cancelledAt"`
	CancelReason             *string        `json:"cancelReason"`
	CancelRemark             string         `json:"cancelRemark"`
	ReviewedBy               *string        `json:"reviewedBy"`
	ReviewedAt               *Time          `json:"reviewedAt"`
	Version                  int            `json:"version"`
	// Nutrients is what the tray gives: its dishes' per-serving nutrients (a set's dishes),
	// summed in base units (migration 00025; docs/nutrition.md)
	Nutrients menus.Amounts `json:"nutrients"`

	// Moved: the patient moved after the card was printed (and the tray is not served): the
	// card names PrintedWard and PrintedRoom (migration 00019).
	Moved       bool       `json:"-"`
	PrintedAt   *time.Time `json:"-"`
	PrintedWard *Named     `json:"-"`
	PrintedRoom *Named     `json:"-"`
	// the patient's, as now (a caregiver's order: no unmapped allergies, no textures)
	CardLanguage      string   `json:"-"`
	FirstNameTh       string   `json:"-"`
	LastNameTh        string   `json:"-"`
	FirstNameEn       string   `json:"-"`
	LastNameEn        string   `json:"-"`
	SpecialRequest    string   `json:"-"`
	UnmappedAllergies []string `json:"-"`
	TextureFood       *int     `json:"-"`
	TextureDrink      *int     `json:"-"`
	Ward              *Named   `json:"-"` // with its ward type
	Room              *Named   `json:"-"`
	Diet              *Named   `json:"-"`
	Therapeutic       *Named   `json:"-"`
	Cuisine           *Named   `json:"-"`
	// the patient's allergens and restricted ingredients, or a caregiver's stated ones
	Allergens  []Named `json:"-"`
	Restricted []Named `json:"-"`
}

// OrderItem is an ordered dish or set, with the conflicts it was accepted with and the note
// that let them through, and its dishes (the dish, or the set's in the set's order).
type OrderItem struct {
	Position        int        `json:"position"`
	MenuID          *int64     `json:"menuId"`
	MenuSetID       *int64     `json:"menuSetId"`
	Code            string     `json:"code"`
	NameTh          string     `json:"nameTh"`
	NameEn          string     `json:"nameEn"`
	AlternativeNote string     `json:"alternativeNote"`
	Conflicts       []Conflict `json:"conflicts"`
	Dishes          []Dish     `json:"-"`
}

// Named is a master row an order names (a ward, a bed, a diet type, an allergen…).
type Named struct {
	ID         int64  `json:"id"`
	Code       string `json:"code"`
	NameTh     string `json:"nameTh"`
	NameEn     string `json:"nameEn"`
	WardTypeID int64  `json:"wardTypeId,omitempty"`
}

// HNChanged reports whether a moved tray's card names the patient's ward and bed now: then
// what differs is the HN (moved is the card's ward, bed or HN not the patient's now; the HN
// printed is kept since migration 00030: an A40 merge, an HN corrected), not a move.
func (o *Order) HNChanged() bool {
	return o.Moved && sameNamed(o.PrintedWard, o.Ward) && sameNamed(o.PrintedRoom, o.Room)
}

func sameNamed(a, b *Named) bool {
	return (a == nil) == (b == nil) && (a == nil || a.ID == b.ID)
}

// Dish is a dish of an order's item.
type Dish struct {
	Named
	IddsiType  string `json:"iddsiType"` // FOOD or DRINK
	IddsiLevel int    `json:"iddsiLevel"`
	Cuisine    Named  `json:"cuisine"`
}

// Time is a moment as the API has always written an order's: PostgreSQL's JSON form
// (microseconds, trailing zeros dropped, "+00:00" for UTC).
type Time struct{ time.Time }

// MarshalJSON writes the moment in UTC as PostgreSQL's to_json does.
func (t Time) MarshalJSON() ([]byte, error) {
	return []byte(`"` + t.UTC().Format("2006-01-02T15:04:05.999999-07:00") + `"`), nil
}

func timeOf(t *time.Time) *Time {
	if t == nil {
		return nil
	}
	return &Time{*t}
}

// dysphagia: a FOOD of IDDSI 3–6 or a DRINK of 1–4 (docs/orders.md).
func (d Dish) dysphagia() bool {
	if d.IddsiType == "DRINK" {
		return d.IddsiLevel >= 1
	}
	return d.IddsiLevel <= 6
}

// Dysphagia says whether the order is a dysphagia tray: a dish of a dysphagia level, or a
// specific meal of a given texture.
func (o *Order) Dysphagia() bool {
	if o.DysphagiaFoodType != nil && *o.DysphagiaFoodType <= 6 {
		return true
	}
	for _, it := range o.Items {
		for _, d := range it.Dishes {
			if d.dysphagia() {
				return true
			}
		}
	}
	return false
}

// Name is the person's name: "ไทย / English" (either when the other is empty).
func (o *Order) Name() string {
	return i18n.Bilingual(strings.TrimSpace(o.FirstNameTh+" "+o.LastNameTh), strings.TrimSpace(o.FirstNameEn+" "+o.LastNameEn))
}

// Course answers the course type, "" for none.
func (o *Order) Course() string {
	if o.CourseType == nil {
		return ""
	}
	return *o.CourseType
}

// draft answers the order as a draft for date (copyOrders, confirmReview, the bedside).
func (o Order) draft(branch, date string) Draft {
	d := Draft{BranchCode: branch, HnID: o.HnID, Dates: []string{date}, MealTimeIDs: []int64{o.MealTimeID},
		Caregiver: o.Caregiver, CaregiverInfo: o.CaregiverInfo, OrderType: o.OrderType, FoodScope: o.FoodScope,
		CourseType: o.Course(), DietTypeID: o.DietTypeID, TherapeuticID: o.TherapeuticID, CuisineTypeID: o.CuisineTypeID,
		Description: o.Description, OtherIDs: o.OtherIDs, RemarkIDs: o.RemarkIDs, Remark: o.Remark, Charge: o.Charge,
		DysphagiaFoodType: o.DysphagiaFoodType, UnmappedAllergiesChecked: o.UnmappedAllergiesChecked,
		ackedRules: o.FreeTextRules}
	for _, it := range o.Items {
		i := Item{AlternativeNote: it.AlternativeNote}
		if it.MenuID != nil {
			i.MenuID = *it.MenuID
		}
		if it.MenuSetID != nil {
			i.MenuSetID = *it.MenuSetID
		}
		d.Items = append(d.Items, i)
	}
	return d
}

// FromRow maps a row of order_detail to its Order: the one mapping, for every query that
// reads the view (sqlc.embed(order_detail) where a query adds columns of its own).
func FromRow(r dbsqlc.OrderDetail) (Order, error) {
	o := Order{OrderID: r.ID, BranchCode: r.BranchCode, HnID: r.HnID, Caregiver: r.Caregiver, DateOrder: dateOf(r.OrderDate),
		MealTimeID: r.MealTimeID,
		MealType: MealTypeRef{ID: r.MealTimeID, Code: r.MealTimeCode, NameTh: r.MealTimeNameTh, NameEn: r.MealTimeNameEn,
			StartTime: r.MealTimeStart, EndTime: r.MealTimeEnd, Abbreviation: r.MealTimeAbbreviation,
			MealColor: r.MealTimeColor, TextColor: r.MealTimeTextColor},
		OrderType: r.OrderType, Status: r.Status, FoodScope: r.FoodScope, CourseType: r.CourseType,
		DietTypeID: r.DietTypeID, TherapeuticID: r.TherapeuticID, CuisineTypeID: r.CuisineTypeID,
		Description: r.Description, Remark: r.Remark, Charge: r.Charge, DysphagiaFoodType: intOf(r.DysphagiaFoodType),
		UnmappedAllergiesChecked: r.UnmappedAllergiesChecked, OtherIDs: nonNil(r.OtherIds), RemarkIDs: nonNil(r.RemarkIds),
		NeedsReview: r.NeedsReview, ReviewReasons: r.ReviewReasons, OrderedBy: r.OrderedBy, OrderedAt: Time{r.OrderedAt},
		CancelledBy: r.CancelledBy, CancelledAt: timeOf(r.CancelledAt), CancelReason: r.CancelReason,
		CancelRemark: r.CancelRemark, ReviewedBy: r.ReviewedBy, ReviewedAt: timeOf(r.ReviewedAt), Version: int(r.Version),
		Moved: r.Moved, PrintedAt: r.PrintedAt, CardLanguage: r.CardLanguage, FirstNameTh: r.FirstNameTh,
		LastNameTh: r.LastNameTh, FirstNameEn: r.FirstNameEn, LastNameEn: r.LastNameEn, SpecialRequest: r.SpecialRequest,
		UnmappedAllergies: r.UnmappedAllergies, TextureFood: intOf(r.TextureFood), TextureDrink: intOf(r.TextureDrink)}
	if o.ReviewReasons == nil {
		o.ReviewReasons = []string{}
	}
	if o.UnmappedAllergies == nil {
		o.UnmappedAllergies = []string{}
	}
	// the items with their dishes, which the API's answer leaves out
	var items []struct {
		OrderItem
		Dishes []Dish `json:"dishes"`
	}
	for _, c := range []struct {
		name string
		raw  []byte
		to   any
	}{{"caregiverInfo", r.CaregiverInfo, &o.CaregiverInfo}, {"freeTextRules", r.FreeTextRules, &o.FreeTextRules},
		{"items", r.Items, &items}, {"printedWard", r.PrintedWard, &o.PrintedWard},
		{"printedRoom", r.PrintedRoom, &o.PrintedRoom}, {"ward", r.Ward, &o.Ward}, {"room", r.Room, &o.Room},
		{"diet", r.Diet, &o.Diet}, {"therapeutic", r.Therapeutic, &o.Therapeutic}, {"cuisine", r.Cuisine, &o.Cuisine},
		{"allergens", r.Allergens, &o.Allergens}, {"restricted", r.Restricted, &o.Restricted},
		{"nutrients", r.Nutrients, &o.Nutrients}} {
		if len(c.raw) == 0 {
			continue // NULL
		}
		if err := json.Unmarshal(c.raw, c.to); err != nil {
			return Order{}, fmt.Errorf("order %s: %s: %w", r.ID, c.name, err)
		}
	}
	o.Items = make([]OrderItem, len(items))
	for i, it := range items {
		o.Items[i], o.Items[i].Dishes = it.OrderItem, it.Dishes
		if o.Items[i].Conflicts == nil {
			o.Items[i].Conflicts = []Conflict{}
		}
	}
	return o, nil
}

func ordersOfRows(rows []dbsqlc.OrderDetail) ([]Order, error) {
	out := make([]Order, len(rows))
	for i, r := range rows {
		var err error
		if out[i], err = FromRow(r); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Orders reads orders of branch by id, in date and meal order (none missing: fewer orders
// than ids).
func Orders(ctx context.Context, q db.DBTX, branch string, ids []string) ([]Order, error) {
	if len(ids) == 0 {
		return []Order{}, nil
	}
	rows, err := queries.OrderDetails(ctx, q, dbsqlc.OrderDetailsParams{Branch: branch, Ids: ids})
	if err != nil {
		return nil, fmt.Errorf("orders: %w", err)
	}
	return ordersOfRows(rows)
}

// Trays reads the trays of branch's date: its live ORD orders, patients' and caregivers', by
// ward, bed, HN, meal and caregiver (the reports, docs/reports.md).
func Trays(ctx context.Context, q db.DBTX, branch string, date time.Time) ([]Order, error) {
	rows, err := queries.OrderTrays(ctx, q, dbsqlc.OrderTraysParams{Branch: branch, OnDate: pgtype.Date{Time: date, Valid: true}})
	if err != nil {
		return nil, fmt.Errorf("trays: %w", err)
	}
	return ordersOfRows(rows)
}

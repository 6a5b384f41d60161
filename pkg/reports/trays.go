package reports

import (
	"context"
	"fmt"
	"strings"

	"samrap/pkg/day"
	"samrap/pkg/db"
	"samrap/pkg/db/dbsqlc"
	"samrap/pkg/mealcard"
	"samrap/pkg/orders"
)

// The statements are in pkg/db/dbsqlc/reports.sql.
var queries = dbsqlc.New()

// The trays of a date are orders as every reader sees them (orders.Order, read by
// orders.Trays from the view order_detail); the reports label their master rows bilingually.

// cardName is a master row's name as a meal card shows it.
func cardName(n *orders.Named) mealcard.Name {
	if n == nil {
		return mealcard.Name{}
	}
	return mealcard.Name{Th: n.NameTh, En: n.NameEn}
}

// label is a master row's name as the workbooks show it: "ไทย / English" (they are bilingual).
func label(n *orders.Named) string {
	if n == nil {
		return ""
	}
	return bi(n.NameTh, n.NameEn)
}

// mealLabel is the tray's meal type as the workbooks show it.
func mealLabel(t *orders.Order) string { return bi(t.MealType.NameTh, t.MealType.NameEn) }

// allergyNames lists the allergens, then the restricted ingredients, then the unmapped
// allergies.
func allergyNames(t *orders.Order) []string {
	var out []string
	for _, n := range append(append([]orders.Named{}, t.Allergens...), t.Restricted...) {
		out = append(out, label(&n))
	}
	return append(out, t.UnmappedAllergies...)
}

// texturesOf names the tray's IDDSI needs: the patient's, or a specific meal's level.
func texturesOf(t *orders.Order) []mealcard.IDDSI {
	var out []mealcard.IDDSI
	food := t.TextureFood
	if t.Course() == orders.CourseSpecific && t.DysphagiaFoodType != nil {
		food = t.DysphagiaFoodType
	}
	if food != nil {
		out = append(out, mealcard.IDDSI{Level: *food})
	}
	if t.TextureDrink != nil {
		out = append(out, mealcard.IDDSI{Drink: true, Level: *t.TextureDrink})
	}
	return out
}

// loadTrays reads the branch's trays of the filter's date that pass it, and apart those of
// them that need review.
func loadTrays(ctx context.Context, q db.DBTX, branch string, f Filter) (ok, held []*orders.Order, err error) {
	d, err := day.Parse(f.DateOrder)
	if err != nil {
		return nil, nil, fmt.Errorf("reports: trays: date %q: %w", f.DateOrder, err)
	}
	trays, err := orders.Trays(ctx, q, branch, d)
	if err != nil {
		return nil, nil, fmt.Errorf("reports: %w", err)
	}
	for i := range trays {
		t := &trays[i]
		if !f.matches(t) {
			continue
		}
		if t.NeedsReview {
			held = append(held, t)
		} else {
			ok = append(ok, t)
		}
	}
	return ok, held, nil
}

// Held is an order left out because it needs review (docs/orders.md): the answer lists
// them so that they are resolved first.
type Held struct {
	OrderID       string   `json:"orderId"`
	HnID          string   `json:"hnId"`
	Name          string   `json:"name"`
	Caregiver     bool     `json:"caregiver"`
	Ward          string   `json:"ward"`
	Room          string   `json:"room"`
	MealType      string   `json:"mealType"`
	ReviewReasons []string `json:"reviewReasons"`
}

func heldOf(ts []*orders.Order) []Held {
	out := make([]Held, len(ts))
	for i, t := range ts {
		out[i] = Held{OrderID: t.OrderID, HnID: t.HnID, Name: t.Name(), Caregiver: t.Caregiver, Ward: label(t.Ward),
			Room: label(t.Room), MealType: mealLabel(t), ReviewReasons: t.ReviewReasons}
	}
	return out
}

// card is the tray's meal card, with its QR token.
func card(t *orders.Order, token string) (mealcard.Card, error) {
	d, err := day.Parse(t.DateOrder)
	if err != nil {
		return mealcard.Card{}, fmt.Errorf("reports: card date %q: %w", t.DateOrder, err)
	}
	c := mealcard.Card{Lang: mealcard.LangOf(t.CardLanguage),
		PatientName: mealcard.Name{Th: strings.TrimSpace(t.FirstNameTh + " " + t.LastNameTh), En: strings.TrimSpace(t.FirstNameEn + " " + t.LastNameEn)},
		HN:          t.HnID, Ward: cardName(t.Ward), Caregiver: t.Caregiver,
		MealType: mealcard.Name{Th: t.MealType.NameTh, En: t.MealType.NameEn}, MealAbbr: t.MealType.Abbreviation, MealColor: t.MealType.MealColor,
		MealTextColor: t.MealType.TextColor, Date: d, Diet: cardName(t.Diet), IDDSI: texturesOf(t),
		UnmappedAllergies: t.UnmappedAllergies, SpecialRequest: t.SpecialRequest, Remark: t.Remark, QRToken: token}
	if t.Room != nil {
		// The bed's code: the card writes its own label before it ("เตียง / Bed W01-01"); a
		// room's name often says "bed" already ("เตียง W01-01"), which doubled the label.
		c.Bed = t.Room.Code
		if c.Bed == "" {
			c.Bed = label(t.Room)
		}
	}
	if t.Therapeutic != nil {
		c.Therapeutic = []mealcard.Name{cardName(t.Therapeutic)}
	}
	for _, n := range append(append([]orders.Named{}, t.Allergens...), t.Restricted...) {
		c.Allergies = append(c.Allergies, cardName(&n))
	}
	if t.Course() == orders.CourseSpecific {
		c.Dishes = append(c.Dishes, mealcard.Name{Th: t.Description, En: t.Description})
	}
	for _, it := range t.Items {
		if it.MenuSetID != nil { // the set, then its dishes
			c.Dishes = append(c.Dishes, mealcard.Name{Th: it.NameTh, En: it.NameEn})
			for _, d := range it.Dishes {
				c.Dishes = append(c.Dishes, mealcard.Name{Th: "  – " + d.NameTh, En: "  – " + d.NameEn})
			}
		} else {
			c.Dishes = append(c.Dishes, mealcard.Name{Th: it.NameTh, En: it.NameEn})
		}
		if it.AlternativeNote != "" {
			c.Dishes = append(c.Dishes, mealcard.Name{Th: "  (" + it.AlternativeNote + ")", En: "  (" + it.AlternativeNote + ")"})
		}
	}
	return c, nil
}

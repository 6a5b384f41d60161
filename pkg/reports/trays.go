package reports

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgtype"

	"samrap/pkg/day"
	"samrap/pkg/db"
	"samrap/pkg/db/dbsqlc"
	"samrap/pkg/mealcard"
)

// The statements are in pkg/db/dbsqlc/reports.sql.
var queries = dbsqlc.New()

// Named is a master row as the reports show it.
type Named struct {
	ID         int64  `json:"id"`
	Code       string `json:"code"`
	NameTh     string `json:"nameTh"`
	NameEn     string `json:"nameEn"`
	WardTypeID int64  `json:"wardTypeId,omitempty"`
}

func (n *Named) name() mealcard.Name {
	if n == nil {
		return mealcard.Name{}
	}
	return mealcard.Name{Th: n.NameTh, En: n.NameEn}
}

// label is the name in lang ("ไทย / English" for the workbooks, which are bilingual).
func (n *Named) label() string {
	if n == nil {
		return ""
	}
	return bi(n.NameTh, n.NameEn)
}

// Dish is a dish of a tray.
type Dish struct {
	Named
	IddsiType  string `json:"iddsiType"` // FOOD or DRINK
	IddsiLevel int    `json:"iddsiLevel"`
	Cuisine    Named  `json:"cuisine"`
}

// dysphagia: a FOOD of IDDSI 3–6 or a DRINK of 1–4 (docs/orders.md).
func (d Dish) dysphagia() bool {
	if d.IddsiType == "DRINK" {
		return d.IddsiLevel >= 1
	}
	return d.IddsiLevel <= 6
}

// Item is an ordered dish or set, with its dishes.
type Item struct {
	MenuID          *int64 `json:"menuId"`
	MenuSetID       *int64 `json:"menuSetId"`
	Code            string `json:"code"`
	NameTh          string `json:"nameTh"`
	NameEn          string `json:"nameEn"`
	AlternativeNote string `json:"alternativeNote"`
	Dishes          []Dish `json:"dishes"`
}

// MealType is the tray's meal.
type MealType struct {
	Named
	Abbreviation string `json:"abbreviation"`
	MealColor    string `json:"mealColor"`
	TextColor    string `json:"textColor"`
}

// Tray is one live ORD order: what every report reads (pkg/db/dbsqlc/reports.sql).
type Tray struct {
	OrderID           string   `json:"orderId"`
	HnID              string   `json:"hnId"`
	Caregiver         bool     `json:"caregiver"`
	DateOrder         string   `json:"dateOrder"`
	Status            string   `json:"status"`
	CourseType        string   `json:"courseType"`
	FoodScope         string   `json:"foodScope"`
	Description       string   `json:"description"`
	Remark            string   `json:"remark"`
	Charge            bool     `json:"charge"`
	DysphagiaFoodType *int     `json:"dysphagiaFoodType"`
	NeedsReview       bool     `json:"needsReview"`
	ReviewReasons     []string `json:"reviewReasons"`
	// Moved: the patient moved after the card was printed (and the tray is not served):
	// the card names PrintedWard and PrintedRoom (migration 00019)
	Moved             bool       `json:"moved"`
	PrintedAt         *time.Time `json:"printedAt"`
	PrintedWard       *Named     `json:"printedWard"`
	PrintedRoom       *Named     `json:"printedRoom"`
	CardLanguage      string     `json:"cardLanguage"`
	FirstNameTh       string     `json:"firstNameTh"`
	LastNameTh        string     `json:"lastNameTh"`
	FirstNameEn       string     `json:"firstNameEn"`
	LastNameEn        string     `json:"lastNameEn"`
	SpecialRequest    string     `json:"specialRequest"`
	UnmappedAllergies []string   `json:"unmappedAllergies"`
	TextureFood       *int       `json:"textureFood"`
	TextureDrink      *int       `json:"textureDrink"`
	MealType          MealType   `json:"mealType"`
	Ward              *Named     `json:"ward"`
	Room              *Named     `json:"room"`
	Diet              *Named     `json:"diet"`
	Therapeutic       *Named     `json:"therapeutic"`
	Cuisine           *Named     `json:"cuisine"`
	Allergens         []Named    `json:"allergens"`
	Restricted        []Named    `json:"restricted"`
	Items             []Item     `json:"items"`
}

// Dysphagia says whether the tray is a dysphagia tray: a dish of a dysphagia level, or a
// specific meal of a given texture.
func (t *Tray) Dysphagia() bool {
	if t.DysphagiaFoodType != nil && *t.DysphagiaFoodType <= 6 {
		return true
	}
	for _, it := range t.Items {
		for _, d := range it.Dishes {
			if d.dysphagia() {
				return true
			}
		}
	}
	return false
}

// Name is the person's name: "ไทย / English" (either when the other is empty).
func (t *Tray) Name() string {
	return bi(strings.TrimSpace(t.FirstNameTh+" "+t.LastNameTh), strings.TrimSpace(t.FirstNameEn+" "+t.LastNameEn))
}

// allergyNames lists the allergens, then the restricted ingredients, then the unmapped
// allergies.
func (t *Tray) allergyNames() []string {
	var out []string
	for _, n := range append(append([]Named{}, t.Allergens...), t.Restricted...) {
		out = append(out, n.label())
	}
	return append(out, t.UnmappedAllergies...)
}

// textures names the tray's IDDSI needs: the patient's, or a specific meal's level.
func (t *Tray) textures() []mealcard.IDDSI {
	var out []mealcard.IDDSI
	food := t.TextureFood
	if t.CourseType == "SPECIFIC" && t.DysphagiaFoodType != nil {
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
func loadTrays(ctx context.Context, q db.DBTX, branch string, f Filter) (ok, held []*Tray, err error) {
	d, err := day.Parse(f.DateOrder)
	if err != nil {
		return nil, nil, fmt.Errorf("reports: trays: date %q: %w", f.DateOrder, err)
	}
	docs, err := queries.ReportTrays(ctx, q, dbsqlc.ReportTraysParams{Branch: branch, OnDate: pgtype.Date{Time: d, Valid: true}})
	if err != nil {
		return nil, nil, fmt.Errorf("reports: trays: %w", err)
	}
	for _, doc := range docs {
		t := &Tray{}
		if err := json.Unmarshal(doc, t); err != nil {
			return nil, nil, fmt.Errorf("reports: tray: %w", err)
		}
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

func heldOf(ts []*Tray) []Held {
	out := make([]Held, len(ts))
	for i, t := range ts {
		out[i] = Held{OrderID: t.OrderID, HnID: t.HnID, Name: t.Name(), Caregiver: t.Caregiver, Ward: t.Ward.label(),
			Room: t.Room.label(), MealType: t.MealType.label(), ReviewReasons: t.ReviewReasons}
	}
	return out
}

// card is the tray's meal card, with its QR token.
func card(t *Tray, token string) (mealcard.Card, error) {
	d, err := day.Parse(t.DateOrder)
	if err != nil {
		return mealcard.Card{}, fmt.Errorf("reports: card date %q: %w", t.DateOrder, err)
	}
	c := mealcard.Card{Lang: mealcard.LangOf(t.CardLanguage),
		PatientName: mealcard.Name{Th: strings.TrimSpace(t.FirstNameTh + " " + t.LastNameTh), En: strings.TrimSpace(t.FirstNameEn + " " + t.LastNameEn)},
		HN:          t.HnID, Ward: t.Ward.name(), Caregiver: t.Caregiver,
		MealType: t.MealType.name(), MealAbbr: t.MealType.Abbreviation, MealColor: t.MealType.MealColor,
		MealTextColor: t.MealType.TextColor, Date: d, Diet: t.Diet.name(), IDDSI: t.textures(),
		UnmappedAllergies: t.UnmappedAllergies, SpecialRequest: t.SpecialRequest, Remark: t.Remark, QRToken: token}
	if t.Room != nil {
		// The bed's code: the card writes its own label before it ("เตียง / Bed W01-01"); a
		// room's name often says "bed" already ("เตียง W01-01"), which doubled the label.
		c.Bed = t.Room.Code
		if c.Bed == "" {
			c.Bed = t.Room.label()
		}
	}
	if t.Therapeutic != nil {
		c.Therapeutic = []mealcard.Name{t.Therapeutic.name()}
	}
	for _, n := range append(append([]Named{}, t.Allergens...), t.Restricted...) {
		c.Allergies = append(c.Allergies, n.name())
	}
	if t.CourseType == "SPECIFIC" {
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

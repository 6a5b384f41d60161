package reports

import (
	"cmp"
	"context"
	"fmt"
	"net/http"
	"slices"
	"time"

	"samrap/pkg/day"
	"samrap/pkg/db"
	"samrap/pkg/db/dbsqlc"
	"samrap/pkg/httpx"
	"samrap/pkg/orders"
)

// Moved is a tray whose patient moved (ward or bed) after its card was printed (migration
// 00019, docs/meal-cards.md "Printed and moved"), or whose HN changed (HnChanged): its card
// names the printed place, the patient is at Ward and Room now. A card to reprint.
type Moved struct {
	OrderID       string        `json:"orderId"`
	HnID          string        `json:"hnId"`
	Name          string        `json:"name"`
	Caregiver     bool          `json:"caregiver"`
	MealType      MealType      `json:"mealType"`
	Ward          *orders.Named `json:"ward"`        // the patient's now
	Room          *orders.Named `json:"room"`        // the patient's now
	PrintedWard   *orders.Named `json:"printedWard"` // the card's
	PrintedRoom   *orders.Named `json:"printedRoom"` // the card's
	PrintedAt     *time.Time    `json:"printedAt"`
	HnChanged     bool          `json:"hnChanged"`   // the card's bed is the patient's: its HN is not (orders.Order.HNChanged)
	NeedsReview   bool          `json:"needsReview"` // held from the cards until reviewed
	ReviewReasons []string      `json:"reviewReasons"`
}

// MealType is a tray's meal type as the reprint list shows it.
type MealType struct {
	ID           int64  `json:"id"`
	Code         string `json:"code"`
	NameTh       string `json:"nameTh"`
	NameEn       string `json:"nameEn"`
	Abbreviation string `json:"abbreviation"`
	MealColor    string `json:"mealColor"`
	TextColor    string `json:"textColor"`
}

// movedOf lists the moved trays among ts by ward, bed and HN now (each list in its order).
func movedOf(ts ...[]*orders.Order) []Moved {
	out := []Moved{}
	for _, list := range ts {
		for _, t := range list {
			if !t.Moved {
				continue
			}
			out = append(out, Moved{OrderID: t.OrderID, HnID: t.HnID, Name: t.Name(), Caregiver: t.Caregiver,
				MealType: MealType{ID: t.MealType.ID, Code: t.MealType.Code, NameTh: t.MealType.NameTh, NameEn: t.MealType.NameEn,
					Abbreviation: t.MealType.Abbreviation, MealColor: t.MealType.MealColor, TextColor: t.MealType.TextColor},
				Ward: t.Ward, Room: t.Room, PrintedWard: t.PrintedWard, PrintedRoom: t.PrintedRoom, PrintedAt: t.PrintedAt,
				HnChanged: t.HNChanged(), NeedsReview: t.NeedsReview, ReviewReasons: t.ReviewReasons})
		}
	}
	slices.SortStableFunc(out, func(a, b Moved) int {
		return cmp.Or(cmp.Compare(codeOf(a.Ward), codeOf(b.Ward)), cmp.Compare(codeOf(a.Room), codeOf(b.Room)), cmp.Compare(a.HnID, b.HnID))
	})
	return out
}

// codeOf is the row's code ("" for none).
func codeOf(n *orders.Named) string {
	if n == nil {
		return ""
	}
	return n.Code
}

// onlyMoved keeps the moved trays of ts.
func onlyMoved(ts []*orders.Order) []*orders.Order {
	var out []*orders.Order
	for _, t := range ts {
		if t.Moved {
			out = append(out, t)
		}
	}
	return out
}

// recordPrinted records the cards of trays as rendered for printing, each naming the ward
// and bed the tray's card shows; a moved order's card printed again is no longer moved.
func recordPrinted(ctx context.Context, q db.DBTX, branch string, trays []*orders.Order) error {
	p := dbsqlc.ReportCardsPrintedParams{Branch: branch, OrderIds: make([]string, len(trays)),
		WardIds: make([]int64, len(trays)), RoomIds: make([]int64, len(trays))}
	for i, t := range trays {
		p.OrderIds[i] = t.OrderID
		if t.Ward != nil {
			p.WardIds[i] = t.Ward.ID
		}
		if t.Room != nil {
			p.RoomIds[i] = t.Room.ID
		}
	}
	if err := queries.ReportCardsPrinted(ctx, q, p); err != nil {
		return fmt.Errorf("reports: record the printed cards: %w", err)
	}
	return nil
}

// Reprint is the card reprint list's answer: the date's moved trays.
type Reprint struct {
	DateOrder string  `json:"dateOrder"`
	Items     []Moved `json:"items"`
}

// reprintCards: GET /api/report/reprintCards?branchCode&dateOrder (ours; dateOrder default
// today): the cards to reprint, the date's trays whose patient moved since their card was
// printed. generatePDF with "reprint": true prints them.
func (h handlers) reprintCards(w http.ResponseWriter, r *http.Request) error {
	q := httpx.ReadQuery(r)
	date := q.Day("dateOrder")
	if date == "" {
		date = day.TodayString(h.now())
	}
	if err := q.Err(); err != nil {
		return err
	}
	f := Filter{DateOrder: date, MealTimeIDs: All, WardTypeIDs: All, WardIDs: All, RoomIDs: All, CuisineTypeIDs: All,
		DietTypeIDs: All, TherapeuticIDs: All, AllergenIDs: All, RestrictedIDs: All, FoodScope: "ALL", OrderType: "ALL"}
	trays, held, err := loadTrays(r.Context(), h.db, httpx.Branch(r), f)
	if err != nil {
		return err
	}
	return httpx.OK(w, r, Reprint{DateOrder: date, Items: movedOf(trays, held)})
}

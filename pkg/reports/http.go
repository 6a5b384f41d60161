// Package reports is the reports area (docs/reports.md): the Controller's printouts of a
// date's trays — meal cards (PDF), the kitchen workbook and the identification workbook —
// each written to the files bucket under reports/<branch>/ and answered as a signed link
// that expires in minutes.
package reports

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5"

	"samrap/pkg/audit"
	"samrap/pkg/db"
	"samrap/pkg/download"
	"samrap/pkg/errs"
	"samrap/pkg/httpx"
	"samrap/pkg/mealcard"
	"samrap/pkg/orders"
	"samrap/pkg/platform"
	"samrap/pkg/session"
	"samrap/pkg/surveys"
	"samrap/pkg/xlsx"
)

// MaxCards bounds a generatePDF request: above it the answer is 422 asking to narrow the
// filters. A branch's whole day (4,000 trays) is rendered in the request within API Gateway's
// 29 s with a wide margin on one core (docs/reports.md "Large requests").
var MaxCards = 5000 // a variable so that a test can lower it

// Mount adds the area's routes (functions/catalog.json, function "reports").
func Mount(env *platform.Env, rt *httpx.Router) {
	h := handlers{db: env.DB, now: env.Now, files: download.Files{Bucket: env.Files, Now: env.Now},
		keys: env.Keys, publicURL: env.Config.PublicURL}
	ctrl := httpx.Roles(session.Controller)
	rt.Handle("POST /api/download/generatePDF", ctrl, h.mealCards)
	rt.Handle("POST /api/download/excelCuisine", ctrl, h.kitchen)
	rt.Handle("POST /api/download/excelPatientIdentity", ctrl, h.identity)
	rt.Handle("POST /api/report/kitchenOrders", ctrl.Reads(), h.kitchenBoard)
	rt.Handle("GET /api/report/reprintCards", ctrl, h.reprintCards)
	rt.Handle("POST /api/report/finance", ctrl, h.finance)
	rt.Handle("POST /api/download/excelFinance", ctrl, h.financeWorkbook)
	admins := httpx.Roles(session.SuperAdmin, session.BranchAdmin)
	rt.Handle("GET /api/report/getCardSetting", admins, h.getCardSetting)
	rt.Handle("POST /api/report/updateCardSetting", admins.Limit(8<<10), h.saveCardSetting)
}

type handlers struct {
	db        *db.Pool
	now       func() time.Time
	files     download.Files // the reports' workbooks and PDFs, behind signed links
	keys      *session.Keys  // the cards' tray and survey seals
	publicURL string         // the survey links printed on the cards
}

// Link is a report's answer: the signed link to the file, and the orders left out because
// they need review. URL is empty when every matching order needs review.
type Link struct {
	download.Link
	Count       int    `json:"count"` // trays in the file
	NeedsReview []Held `json:"needsReview"`
	// NotInType: the kitchen workbook's trays of the filter that its type does not list
	// (type MENU_SET lists every tray)
	NotInType int `json:"notInType,omitempty"`
}

// mealCardBody is generatePDF's body: the filters and the layout; Reprint (ours) keeps
// only the cards to reprint, the trays whose patient moved since their card was printed.
type mealCardBody struct {
	Filter
	Layout  string `json:"layout"` // A4 or LABEL80
	Reprint bool   `json:"reprint"`
}

// logged: the meal cards' filter, named, and their layout.
func (b mealCardBody) logged(ctx context.Context, q db.DBTX, branch string) (any, error) {
	out, err := b.Filter.named(ctx, q, branch)
	if err != nil {
		return nil, err
	}
	out["layout"] = b.Layout
	if b.Reprint {
		out["reprint"] = true
	}
	return out, nil
}

// kitchenBody is excelCuisine's body: the filters and the kitchen report's type.
type kitchenBody struct {
	Filter
	Type string `json:"type"` // MENU, MENU_SET, SET, SPECIFIC
}

// logged: the kitchen workbook's filter, named, and its type (kitchenType: "type" is another
// detail's key).
func (b kitchenBody) logged(ctx context.Context, q db.DBTX, branch string) (any, error) {
	out, err := b.Filter.named(ctx, q, branch)
	if err != nil {
		return nil, err
	}
	out["kitchenType"] = b.Type
	return out, nil
}

// check refuses a missing or unknown kitchen type.
func (b *kitchenBody) check(bad map[string]string) {
	oneOf(bad, "type", b.Type, KitchenMenu, KitchenMenuSet, KitchenSet, KitchenSpecific)
}

// read decodes a body and checks its filters; extra checks the report's own fields.
func read(r *http.Request, body any, f *Filter, extra func(bad map[string]string)) error {
	if err := httpx.DecodeJSON(r, body); err != nil {
		return err
	}
	bad := f.problems()
	extra(bad)
	if len(bad) > 0 {
		return errs.Fields(bad)
	}
	return nil
}

func (h handlers) mealCards(w http.ResponseWriter, r *http.Request) error {
	var b mealCardBody
	err := read(r, &b, &b.Filter, func(bad map[string]string) {
		oneOf(bad, "layout", b.Layout, string(mealcard.A4), string(mealcard.Label80))
	})
	if err != nil {
		return err
	}
	ctx, branch := r.Context(), httpx.Branch(r)
	trays, held, err := loadTrays(ctx, h.db, branch, b.Filter)
	if err != nil {
		return err
	}
	if b.Reprint {
		trays, held = onlyMoved(trays), onlyMoved(held)
	}
	if len(trays) == 0 && len(held) == 0 {
		return httpx.NoContent(w)
	}
	if len(trays) > MaxCards {
		return errs.New(errs.Invalid, "reports.tooManyCards")
	}
	name := fmt.Sprintf("meal_cards_%s.pdf", b.DateOrder)
	var buf bytes.Buffer
	if len(trays) > 0 {
		key, err := orders.TokenKey(ctx, h.keys)
		if err != nil {
			return fmt.Errorf("reports: token key: %w", err)
		}
		surveyKey, err := surveys.TokenKey(ctx, h.keys)
		if err != nil {
			return fmt.Errorf("reports: survey key: %w", err)
		}
		setting, err := cardSetting(ctx, h.db, branch)
		if err != nil {
			return err
		}
		cards := make([]mealcard.Card, len(trays))
		for i, t := range trays {
			token, err := orders.SignToken(key, t.OrderID, branch, t.DateOrder, t.MealType.ID, t.HnID)
			if err != nil {
				return err
			}
			if cards[i], err = card(t, token); err != nil {
				return err
			}
			if setting.ShowNutrients {
				cards[i].Nutrients = cardNutrients(t.Nutrients)
			}
			// the second QR: the tray's satisfaction survey (docs/surveys.md), printed only
			// where Samrap knows its address (PUBLIC_URL): a path alone reads as nothing
			if h.publicURL != "" {
				survey, err := surveys.Token(surveyKey, t.OrderID)
				if err != nil {
					return err
				}
				cards[i].SurveyURL = surveys.URL(h.publicURL, survey)
			}
		}
		if err := mealcard.Render(&buf, cards, mealcard.Layout(b.Layout)); err != nil {
			return fmt.Errorf("reports: meal cards: %w", err)
		}
	}
	// once the file is stored: the cards are printed with the places they name
	printed := func(ctx context.Context, tx db.DBTX) error { return recordPrinted(ctx, tx, branch, trays) }
	return h.deliver(w, r, "meal-cards", name, "application/pdf", &buf, b.DateOrder, b, len(trays), held, 0, printed)
}

// readKitchen reads a kitchen body (excelCuisine's and kitchenOrders') and tallies its trays
// as the kitchen workbook lists them: the body, the tally and the filter's trays (held: those
// left out because they need review).
func (h handlers) readKitchen(r *http.Request) (b kitchenBody, k Kitchen, trays, held []*orders.Order, err error) {
	if err := read(r, &b, &b.Filter, b.check); err != nil {
		return b, k, nil, nil, err
	}
	trays, held, err = loadTrays(r.Context(), h.db, httpx.Branch(r), b.Filter)
	if err != nil {
		return b, k, nil, nil, err
	}
	return b, kitchenTally(trays, b.Type, b.CuisineTypeIDs), trays, held, nil
}

func (h handlers) kitchen(w http.ResponseWriter, r *http.Request) error {
	b, k, _, held, err := h.readKitchen(r)
	if err != nil {
		return err
	}
	if len(k.Rows) == 0 && len(held) == 0 && k.NotInType == 0 {
		return httpx.NoContent(w)
	}
	var buf bytes.Buffer
	if len(k.Rows) > 0 {
		if err := writeKitchen(&buf, b.Type, k.Rows); err != nil {
			return fmt.Errorf("reports: kitchen: %w", err)
		}
	}
	return h.deliver(w, r, "kitchen", "kitchen_report.xlsx", xlsx.ContentType, &buf, b.DateOrder, b, k.Trays, held, k.NotInType, nil)
}

// Board is the kitchen orders screen's answer: the kitchen workbook's lines on screen.
type Board struct {
	Rows        []KitchenRow `json:"rows"`
	Total       int          `json:"total"`
	NeedsReview []Held       `json:"needsReview"`
	NotInType   int          `json:"notInType"` // trays of the filter that the type does not list
	// Moved: the filter's trays whose patient moved since their card was printed (the
	// lines count them at the patient's ward now; their cards name the old place)
	Moved []Moved `json:"moved"`
}

// kitchenBoard answers the kitchen workbook's tally as JSON (the kitchen orders screen, our
// name): the same body, never 204 (an empty board is a board).
func (h handlers) kitchenBoard(w http.ResponseWriter, r *http.Request) error {
	_, k, trays, held, err := h.readKitchen(r)
	if err != nil {
		return err
	}
	board := Board{Rows: k.Rows, NeedsReview: heldOf(held), NotInType: k.NotInType, Moved: movedOf(trays, held)}
	for _, row := range board.Rows {
		board.Total += row.Count
	}
	return httpx.OK(w, r, board)
}

func (h handlers) identity(w http.ResponseWriter, r *http.Request) error {
	var b Filter
	if err := read(r, &b, &b, func(map[string]string) {}); err != nil {
		return err
	}
	trays, held, err := loadTrays(r.Context(), h.db, httpx.Branch(r), b)
	if err != nil {
		return err
	}
	if len(trays) == 0 && len(held) == 0 {
		return httpx.NoContent(w)
	}
	var buf bytes.Buffer
	if len(trays) > 0 {
		if err := writeIdentity(&buf, trays); err != nil {
			return fmt.Errorf("reports: identification: %w", err)
		}
	}
	return h.deliver(w, r, "identification", "identification_report.xlsx", xlsx.ContentType, &buf, b.DateOrder, b, len(trays), held, 0, nil)
}

// deliver stores the file (when there is one: buf empty means every matching order needs
// review) under the date's key, records it in the activity log (the filter with the names of
// the rows it chose, the file, count trays or orders in it) and answers the link. notInType:
// the kitchen workbook's trays that its type does not list (buf empty and nothing held: only those).
// stored, when not nil, runs once the file is stored (the meal cards record their printing),
// in the transaction of the activity entry: neither is kept without the other.
func (h handlers) deliver(w http.ResponseWriter, r *http.Request, kind, name, contentType string, buf *bytes.Buffer,
	date string, filter logged, count int, held []*orders.Order, notInType int, stored func(context.Context, db.DBTX) error) error {
	ctx, branch, c := r.Context(), httpx.Branch(r), httpx.Claims(r)
	link := Link{Link: download.Link{FileName: name}, NeedsReview: heldOf(held), NotInType: notInType}
	msg := "reports.allNeedReview"
	if len(held) == 0 {
		msg = "reports.noneOfType"
	}
	file := buf.Len() > 0 // (storing reads the buffer)
	if file {
		var err error
		if link.Link, err = h.files.Store(ctx, download.ReportKey(branch, date, kind, name), name, contentType, buf); err != nil {
			return fmt.Errorf("reports: %w", err)
		}
		link.Count, msg = count, "reports.ready"
		if len(held) > 0 {
			msg = "reports.readyHeld"
		}
	}
	shown, err := filter.logged(ctx, h.db, branch)
	if err != nil {
		return err
	}
	err = db.InTx(ctx, h.db, func(tx pgx.Tx) error {
		if file && stored != nil {
			if err := stored(ctx, tx); err != nil {
				return err
			}
		}
		return audit.WriteActivity(ctx, tx, audit.Activity{BranchCode: branch, UserID: c.UserID, Actor: c.EmployeeCode,
			Action: "reports." + kind, Address: httpx.ClientAddress(r),
			Detail: map[string]any{"filter": shown, "file": name, "trays": link.Count, "needsReview": len(held)}})
	})
	if err != nil {
		return err
	}
	return httpx.OKMsg(w, r, msg, link)
}

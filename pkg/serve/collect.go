package serve

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"samrap/pkg/audit"
	"samrap/pkg/day"
	"samrap/pkg/db"
	"samrap/pkg/db/dbsqlc"
	"samrap/pkg/errs"
	"samrap/pkg/orders"
)

// What the patient ate (issue 27 §3, docs/nutrition.md "What the patient ate"): when a served
// tray comes back, how much of it was eaten, for the tray and optionally per item.

// Eaten are the amounts a server records, each a number of quarters of the tray.
var Eaten = []string{"NONE", "QUARTER", "HALF", "THREE_QUARTERS", "ALL"}

// ErrNotServed refuses an intake for a tray that was not served.
var ErrNotServed = errs.WithCode(errs.Invalid, "NOT_SERVED", "serve.notServed")

// quarters answers the quarters of an amount eaten (any case), false for an unknown one.
func quarters(eaten string) (int16, bool) {
	i := slices.Index(Eaten, strings.ToUpper(strings.TrimSpace(eaten)))
	return int16(i), i >= 0
}

// ItemEaten is what was eaten of one item of the order (its position).
type ItemEaten struct {
	Position int    `json:"position"`
	Eaten    string `json:"eaten"`
}

// Intake is an intake record as the API answers it.
type Intake struct {
	OrderID    string      `json:"orderId"`
	Eaten      string      `json:"eaten"`
	Items      []ItemEaten `json:"items"` // the items recorded apart, by position
	Scanned    bool        `json:"scanned"`
	DeviceID   string      `json:"deviceId"`
	RecordedBy string      `json:"recordedBy"`
	RecordedAt orders.Time `json:"recordedAt"`
	Version    int         `json:"version"`
}

func intakeOf(r dbsqlc.TrayIntake) (Intake, error) {
	var byPos map[string]int16
	if err := json.Unmarshal(r.ItemQuarters, &byPos); err != nil {
		return Intake{}, fmt.Errorf("intake %s: items: %w", r.OrderID, err)
	}
	items := []ItemEaten{}
	for pos, q := range byPos {
		p, _ := strconv.Atoi(pos)
		items = append(items, ItemEaten{Position: p, Eaten: Eaten[q]})
	}
	slices.SortFunc(items, func(a, b ItemEaten) int { return a.Position - b.Position })
	return Intake{OrderID: r.OrderID, Eaten: Eaten[r.Quarters], Items: items, Scanned: r.Scanned, DeviceID: r.DeviceID,
		RecordedBy: r.RecordedBy, RecordedAt: orders.Time{Time: r.RecordedAt}, Version: int(r.Version)}, nil
}

// TrayRef names a tray: its card's token (scanned) or its order id (the list of trays not
// collected), exactly one.
type TrayRef struct {
	BranchCode string `json:"branchCode"`
	Token      string `json:"token"`
	OrderID    string `json:"orderId"`
}

// orderID answers the order the reference names: a forged token is 422 FORGED, another
// branch's 404.
func (s *Service) orderID(ctx context.Context, branch string, ref TrayRef) (string, error) {
	token, id := strings.TrimSpace(ref.Token), strings.TrimSpace(ref.OrderID)
	switch {
	case (token == "") == (id == ""):
		return "", errs.Fields(map[string]string{"token": "serve.tokenOrOrder"})
	case id != "":
		if !db.IsUUID(id) {
			return "", errs.Fields(map[string]string{"orderId": "field.invalid"})
		}
		return id, nil
	}
	key, err := s.key(ctx)
	if err != nil {
		return "", err
	}
	tok, err := orders.VerifyToken(key, token)
	if err != nil {
		return "", ErrBadToken
	}
	if tok.BranchCode != branch {
		return "", orders.ErrNotFound
	}
	return tok.OrderID, nil
}

// CollectTray is a tray as the collect step shows it: the order and its intake so far.
type CollectTray struct {
	Order  orders.Order `json:"order"`
	Intake *Intake      `json:"intake"` // none: not collected yet
}

// Tray answers the tray a card or an order id names with its intake (reads only).
func (s *Service) Tray(ctx context.Context, branch string, ref TrayRef) (CollectTray, error) {
	id, err := s.orderID(ctx, branch, ref)
	if err != nil {
		return CollectTray{}, fmt.Errorf("serve.tray: %w", err)
	}
	out, err := s.tray(ctx, s.db, branch, id)
	if err != nil {
		return CollectTray{}, fmt.Errorf("serve.tray: %w", err)
	}
	return out, nil
}

func (s *Service) tray(ctx context.Context, q db.DBTX, branch, id string) (CollectTray, error) {
	list, err := orders.Orders(ctx, q, branch, []string{id})
	if err != nil {
		return CollectTray{}, err
	}
	if len(list) == 0 {
		return CollectTray{}, orders.ErrNotFound
	}
	out := CollectTray{Order: list[0]}
	rows, err := queries.ServeIntake(ctx, q, dbsqlc.ServeIntakeParams{Branch: branch, OrderID: id})
	if err != nil {
		return CollectTray{}, err
	}
	if len(rows) > 0 {
		in, err := intakeOf(rows[0])
		if err != nil {
			return CollectTray{}, err
		}
		out.Intake = &in
	}
	return out, nil
}

// CollectInput is the body of collect: the tray and how much of it was eaten.
type CollectInput struct {
	TrayRef
	Eaten    string      `json:"eaten"`
	Items    []ItemEaten `json:"items"`
	DeviceID string      `json:"deviceId"`
}

// Collected is the answer of collect.
type Collected struct {
	CollectTray
	Corrected bool `json:"corrected"` // an earlier record was replaced
	Unchanged bool `json:"unchanged"` // the same as the record already kept: nothing written
}

// Collect records what was eaten of a served tray, or corrects the record kept: the intake
// row, its change-log row (entity tray_intake, key the order id; create, or update with the
// record before) and the caller's activity act (serve.collected) in one transaction. The same
// figures again write nothing.
func (s *Service) Collect(ctx context.Context, branch, by string, in CollectInput, act audit.Activity) (Collected, error) {
	bad := map[string]string{}
	q, ok := quarters(in.Eaten)
	if !ok {
		bad["eaten"] = "serve.eatenInvalid"
	}
	items := map[string]int16{}
	for _, it := range in.Items {
		iq, ok := quarters(it.Eaten)
		if !ok {
			bad["items"] = "serve.eatenInvalid"
		}
		key := strconv.Itoa(it.Position)
		if _, dup := items[key]; dup {
			bad["items"] = "serve.itemTwice"
		}
		items[key] = iq
	}
	in.DeviceID = strings.TrimSpace(in.DeviceID)
	if len([]rune(in.DeviceID)) > maxDeviceID {
		bad["deviceId"] = "field.tooLong"
	}
	if len(bad) > 0 {
		return Collected{}, errs.Fields(bad)
	}
	id, err := s.orderID(ctx, branch, in.TrayRef)
	if err != nil {
		return Collected{}, fmt.Errorf("serve.collect: %w", err)
	}
	var out Collected
	err = pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		status, err := queries.ServeLockOrder(ctx, tx, dbsqlc.ServeLockOrderParams{Branch: branch, ID: id})
		if errors.Is(err, pgx.ErrNoRows) {
			return orders.ErrNotFound
		}
		if err != nil {
			return err
		}
		if status != orders.StatusServed {
			return ErrNotServed
		}
		before, err := s.tray(ctx, tx, branch, id)
		if err != nil {
			return err
		}
		for pos := range items {
			p, _ := strconv.Atoi(pos)
			if !slices.ContainsFunc(before.Order.Items, func(i orders.OrderItem) bool { return i.Position == p }) {
				return errs.Fields(map[string]string{"items": "serve.itemUnknown"})
			}
		}
		itemJSON, err := json.Marshal(items)
		if err != nil {
			return err
		}
		if b := before.Intake; b != nil && b.Eaten == Eaten[q] && sameItems(b.Items, items) {
			out = Collected{CollectTray: before, Corrected: false, Unchanged: true}
			return nil
		}
		row, err := queries.ServeIntakeSave(ctx, tx, dbsqlc.ServeIntakeSaveParams{Branch: branch, OrderID: id, Quarters: q,
			ItemQuarters: string(itemJSON), Scanned: strings.TrimSpace(in.Token) != "", DeviceID: in.DeviceID, By: by})
		if err != nil {
			return err
		}
		after, err := intakeOf(row)
		if err != nil {
			return err
		}
		out = Collected{CollectTray: CollectTray{Order: before.Order, Intake: &after}, Corrected: before.Intake != nil}
		change := audit.Change{BranchCode: branch, Entity: "tray_intake", EntityID: id, Action: "create", After: after, By: by}
		if before.Intake != nil {
			change.Action, change.Before = "update", *before.Intake
		}
		if err := audit.WriteChange(ctx, tx, change); err != nil {
			return err
		}
		act.Detail = orders.Summary(before.Order)
		act.Detail["orderId"], act.Detail["eaten"], act.Detail["corrected"] = id, after.Eaten, out.Corrected
		if len(after.Items) > 0 {
			act.Detail["items"] = after.Items
		}
		return audit.WriteActivity(ctx, tx, act)
	})
	if err != nil {
		return Collected{}, fmt.Errorf("serve.collect: %w", err)
	}
	return out, nil
}

// sameItems answers whether a record's items are those of a body.
func sameItems(kept []ItemEaten, items map[string]int16) bool {
	if len(kept) != len(items) {
		return false
	}
	for _, k := range kept {
		if q, ok := items[strconv.Itoa(k.Position)]; !ok || Eaten[q] != k.Eaten {
			return false
		}
	}
	return true
}

// UncollectedFilter narrows the served trays not collected: a date (default today), a ward
// and a meal (0: all).
type UncollectedFilter struct {
	Date       string
	WardID     int64
	MealTimeID int64
}

// UncollectedList is the entry list of trays not collected, with the branch's meal types for
// its filter.
type UncollectedList struct {
	Items     []orders.Order       `json:"items"`
	MealTypes []orders.MealTypeRef `json:"mealTypes"`
}

// Uncollected answers the served trays of a date whose intake is not recorded (at most 500),
// by ward, bed, meal and HN: the entry list of trays not scanned on their way back.
func (s *Service) Uncollected(ctx context.Context, branch string, f UncollectedFilter) (UncollectedList, error) {
	if f.Date == "" {
		f.Date = day.TodayString(s.now())
	}
	date, _ := day.Parse(f.Date) // checked by the handler
	ids, err := queries.ServeUncollected(ctx, s.db, dbsqlc.ServeUncollectedParams{Branch: branch,
		OnDate: pgtype.Date{Time: date, Valid: true}, WardID: db.OptID(f.WardID), MealTimeID: db.OptID(f.MealTimeID)})
	if err != nil {
		return UncollectedList{}, fmt.Errorf("serve.uncollected: %w", err)
	}
	list, err := orders.Orders(ctx, s.db, branch, ids)
	if err != nil {
		return UncollectedList{}, fmt.Errorf("serve.uncollected: %w", err)
	}
	// in the list's order (ward, bed, meal, HN)
	slices.SortStableFunc(list, func(a, b orders.Order) int { return slices.Index(ids, a.OrderID) - slices.Index(ids, b.OrderID) })
	meals, err := s.mealTypes(ctx, branch)
	if err != nil {
		return UncollectedList{}, fmt.Errorf("serve.uncollected: %w", err)
	}
	return UncollectedList{Items: list, MealTypes: meals}, nil
}

// Package orders is the meal-ordering area (issue 14, docs/orders.md): the order list of a
// date, the choices, the day's menu filtered for a patient or caregiver with the conflicts
// of every dish, the checks, the submit (one transaction, every check re-run, a fixed
// number of statements), cancel, the needs-review confirmation and the tray's QR token.
package orders

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"samrap/pkg/audit"
	"samrap/pkg/day"
	"samrap/pkg/db"
	"samrap/pkg/db/dbsqlc"
	"samrap/pkg/errs"
	"samrap/pkg/httpx"
	"samrap/pkg/i18n"
	"samrap/pkg/menus"
	"samrap/pkg/patients"
)

// Service holds the ordering rules.
type Service struct {
	db  *db.Pool
	now func() time.Time
	key func(context.Context) ([]byte, error) // the QR token key
}

// NewService builds the service; key answers the QR token key.
func NewService(pool *db.Pool, now func() time.Time, key func(context.Context) ([]byte, error)) *Service {
	return &Service{db: pool, now: now, key: key}
}

func (s *Service) today() string { return day.TodayString(s.now()) }

// Submitted is the answer of a submit.
type Submitted struct {
	Orders []Order `json:"orders"`
}

// problemsErr is the 422 of a draft that fails a check: nothing is written.
func problemsErr(probs []Problem) error {
	fields := map[string]string{}
	for _, p := range probs {
		fields[p.Field] = "orders.checkFailed"
	}
	e := errs.Fields(fields)
	e.Data = map[string]any{"problems": probs}
	return e
}

// Check runs every check of a draft and writes nothing (checkerOrderTaker).
func (s *Service) Check(ctx context.Context, lang i18n.Lang, branch string, d Draft) ([]Problem, error) {
	d.BranchCode = branch
	d.normalise()
	if f := d.validate(s.today(), false); len(f) > 0 {
		return nil, errs.Fields(f)
	}
	p, err := loadPerson(ctx, s.db, branch, d.HnID, d.CaregiverInfo)
	if errors.Is(err, db.ErrNotFound) {
		return nil, fmt.Errorf("orders.check: %w", ErrPatientNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("orders.check: %w", err)
	}
	probs, _, err := s.checkDraft(ctx, s.db, lang, branch, d, p)
	if err != nil {
		return nil, fmt.Errorf("orders.check: %w", err)
	}
	if probs == nil {
		probs = []Problem{}
	}
	return probs, nil
}

// checkDraft reads what the checks need of the menus (two statements) and runs them.
func (s *Service) checkDraft(ctx context.Context, q db.DBTX, lang i18n.Lang, branch string, d Draft, p person) ([]Problem, []checked, error) {
	meals, cat, err := loadForCheck(ctx, q, branch, d)
	if err != nil {
		return nil, nil, err
	}
	probs, items := checkAll(lang, d, p, meals, cat)
	return probs, items, nil
}

// loadForCheck reads what the checks of a draft need of the branch's meal types and menus:
// the same for every patient of a ward's draft.
func loadForCheck(ctx context.Context, q db.DBTX, branch string, d Draft) (map[int64]mealType, catalogue, error) {
	meals, _, err := loadMealTypes(ctx, q, branch)
	if err != nil {
		return nil, catalogue{}, err
	}
	var keys []menus.DayKey
	if d.OrderType == TypeOrder && d.CourseType != CourseSpecific {
		for _, date := range d.Dates {
			for _, m := range d.MealTimeIDs {
				keys = append(keys, menus.DayKey{Date: date, MealTimeID: m})
			}
		}
	}
	var menuIDs, setIDs []int64
	for _, it := range d.Items {
		if it.MenuID != 0 {
			menuIDs = append(menuIDs, it.MenuID)
		} else {
			setIDs = append(setIDs, it.MenuSetID)
		}
	}
	cat, err := loadCatalogue(ctx, q, branch, keys, menuIDs, setIDs)
	return meals, cat, err
}

// checkAll runs every check of a draft for one person, the draft's own (one dish per meal
// component) with the person's (check).
func checkAll(lang i18n.Lang, d Draft, p person, meals map[int64]mealType, cat catalogue) ([]Problem, []checked) {
	probs, items := check(lang, d, p, meals, cat)
	// at most one dish per meal component
	seen := map[int64]bool{}
	for _, it := range d.Items {
		if m, ok := cat.dishes[it.MenuID]; ok && it.MenuID != 0 {
			if seen[m.MealComponentID] {
				probs = append(probs, Problem{Code: ProblemComponent, Field: "items", MenuID: m.ID,
					Message: i18n.T(lang, problemKeys[ProblemComponent], nameIn(lang, m.MealComponentNameTh, m.MealComponentNameEn))})
			}
			seen[m.MealComponentID] = true
		}
	}
	return atPair(d, probs), items
}

// Submit orders a draft for one patient or their caregiver: every (date, meal type) pair in
// one transaction, every check re-run with the patient row locked, and the caller's activity
// act (audit.Of) written in it with what was ordered. The same idempotency key from the same
// caller answers the first answer and writes nothing, no activity either.
func (s *Service) Submit(ctx context.Context, lang i18n.Lang, branch, by string, d Draft, act audit.Activity) (Submitted, error) {
	d.BranchCode = branch
	d.normalise()
	if f := d.validate(s.today(), false); len(f) > 0 {
		return Submitted{}, errs.Fields(f)
	}
	out, err := once(ctx, s.db, branch, by, d.IdempotencyKey, func(tx pgx.Tx) (Submitted, error) {
		orders, err := s.submitIn(ctx, tx, lang, branch, by, d)
		if err != nil {
			return Submitted{}, err
		}
		return Submitted{Orders: orders}, record(ctx, tx, act, Summary(orders...))
	})
	if err != nil {
		return Submitted{}, fmt.Errorf("orders.submit: %w", err)
	}
	return out, nil
}

// once runs write in one transaction under the caller's idempotency key: the first request
// with the key writes and keeps its answer; the same key from the same caller again answers
// that first answer and runs no write (its activity entry included). Without a key write
// just runs.
func once[T any](ctx context.Context, pool *db.Pool, branch, by, key string, write func(pgx.Tx) (T, error)) (T, error) {
	var out T
	err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		replayed, err := claimKey(ctx, tx, branch, by, key, &out)
		if err != nil || replayed {
			return err
		}
		if out, err = write(tx); err != nil {
			return err
		}
		return keepAnswer(ctx, tx, by, key, out)
	})
	return out, err
}

// claimKey claims the idempotency key for the caller in tx; when it was claimed before it
// reads the first answer into answer and reports a replay. A concurrent first request holds
// the key's row: this waits for it to commit.
func claimKey(ctx context.Context, tx pgx.Tx, branch, by, key string, answer any) (bool, error) {
	if key == "" {
		return false, nil
	}
	_, err := queries.OrderClaimKey(ctx, tx, dbsqlc.OrderClaimKeyParams{Caller: by, Key: key, Branch: branch})
	if err == nil {
		return false, nil
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return false, fmt.Errorf("idempotency key: %w", err)
	}
	raw, err := queries.OrderKeyAnswer(ctx, tx, dbsqlc.OrderKeyAnswerParams{Caller: by, Key: key})
	if err != nil || raw == nil {
		return false, ErrInProgress
	}
	return true, json.Unmarshal(raw, answer)
}

func keepAnswer(ctx context.Context, tx pgx.Tx, by, key string, answer any) error {
	if key == "" {
		return nil
	}
	raw, err := json.Marshal(answer)
	if err != nil {
		return err
	}
	return queries.OrderKeepAnswer(ctx, tx, dbsqlc.OrderKeepAnswerParams{Caller: by, Key: key, Answer: string(raw)})
}

// submitIn writes one patient's draft in tx: problems are a 422 and an already ordered pair
// a 409 ALREADY_ORDERED with the live orders (the caller rolls back what was written).
func (s *Service) submitIn(ctx context.Context, tx pgx.Tx, lang i18n.Lang, branch, by string, d Draft) ([]Order, error) {
	if _, err := queries.OrderLockPatient(ctx, tx, dbsqlc.OrderLockPatientParams{Branch: branch, HnID: d.HnID}); err != nil {
		if errors.Is(err, pgx.ErrNoRows) {
			return nil, ErrPatientNotFound
		}
		return nil, fmt.Errorf("lock patient: %w", err)
	}
	p, err := loadPerson(ctx, tx, branch, d.HnID, d.CaregiverInfo)
	if err != nil {
		return nil, err
	}
	probs, items, err := s.checkDraft(ctx, tx, lang, branch, d, p)
	if err != nil {
		return nil, err
	}
	if len(probs) > 0 {
		return nil, problemsErr(probs)
	}
	rows, err := ordersOf(d, p, items)
	if err != nil {
		return nil, err
	}
	ids, err := insertOrders(ctx, tx, branch, by, rows)
	if err != nil {
		return nil, err
	}
	var taken []newOrder // the pairs that have a live order: nothing of the draft is kept
	for i, id := range ids {
		if id == "" {
			taken = append(taken, rows[i])
		}
	}
	if len(taken) > 0 {
		live, err := liveOrders(ctx, tx, branch, taken)
		if err != nil {
			return nil, err
		}
		existing, err := Orders(ctx, tx, branch, slices.Collect(maps.Values(live)))
		if err != nil {
			return nil, err
		}
		return nil, alreadyOrdered(existing)
	}
	if err := insertParts(ctx, tx, branch, rows, ids); err != nil {
		return nil, err
	}
	written, err := Orders(ctx, tx, branch, ids)
	if err != nil {
		return nil, err
	}
	if err := audit.WriteChanges(ctx, tx, createChanges(branch, by, written)); err != nil {
		return nil, err
	}
	return written, nil
}

func nonNil(ids []int64) []int64 {
	if ids == nil {
		return []int64{}
	}
	return ids
}

// writeErr maps a reference the database refuses (a diet type, other item or remark of no
// such row of the branch) to a 422 naming the field.
func writeErr(err error) error {
	if c, _, ok := db.IsForeignKeyViolation(err); ok {
		field := map[string]string{"meal_order_diet_type_fkey": "dietTypeId", "meal_order_therapeutic_fkey": "therapeuticId",
			"meal_order_cuisine_type_fkey": "cuisineTypeId", "meal_order_other_item_fkey": "otherIds",
			"meal_order_remark_remark_fkey": "remarkIds", "meal_order_meal_time_fkey": "mealTimeIds"}[c]
		if field != "" {
			return fmt.Errorf("%w: %w", errs.Fields(map[string]string{field: "orders.refNotFound"}), err)
		}
	}
	return err
}

// freeTextRecord answers what a free-text order keeps of its acknowledgement: the rules that
// were acknowledged (the check let it through only so), or nil when none was needed.
func freeTextRecord(d Draft, p person) (*string, error) {
	if d.OrderType != TypeOrder || d.CourseType != CourseSpecific || len(p.Rules) == 0 {
		return nil, nil
	}
	raw, err := json.Marshal(p.Rules)
	if err != nil {
		return nil, err
	}
	out := string(raw)
	return &out, nil
}

// Outcome is the answer of the ward calls: who was ordered, who was refused and why.
type Outcome struct {
	Ordered []OrderedPatient `json:"ordered"`
	Refused []RefusedPatient `json:"refused"`
}

// OrderedPatient is a patient whose orders were written.
type OrderedPatient struct {
	HnID   string  `json:"hnId"`
	Orders []Order `json:"orders"`
}

// RefusedPatient is a patient none of whose orders were written.
type RefusedPatient struct {
	HnID     string    `json:"hnId"`
	Problems []Problem `json:"problems"`
	Existing []Order   `json:"existing,omitempty"`
}

// submitEach writes each draft on its own (a savepoint each: all of one patient's pairs or
// none), collecting the ordered and the refused. Every patient is locked first, in id order
// as a meal round locks them, so a ward call and a round over the same patients never
// deadlock.
func (s *Service) submitEach(ctx context.Context, tx pgx.Tx, lang i18n.Lang, branch, by string, drafts []Draft) (Outcome, error) {
	out := Outcome{Ordered: []OrderedPatient{}, Refused: []RefusedPatient{}}
	hns := make([]string, len(drafts))
	for i, d := range drafts {
		hns[i] = d.HnID
	}
	if err := queries.OrderLockPatients(ctx, tx, dbsqlc.OrderLockPatientsParams{Branch: branch, HnIds: hns}); err != nil {
		return out, fmt.Errorf("lock patients: %w", err)
	}
	for _, d := range drafts {
		var orders []Order
		err := pgx.BeginFunc(ctx, tx, func(sp pgx.Tx) error {
			var err error
			orders, err = s.submitIn(ctx, sp, lang, branch, by, d)
			return err
		})
		if err == nil {
			out.Ordered = append(out.Ordered, OrderedPatient{HnID: d.HnID, Orders: orders})
			continue
		}
		r, refused := refusedOf(lang, d.HnID, err)
		if !refused {
			return out, err
		}
		out.Refused = append(out.Refused, r)
	}
	return out, nil
}

// SubmitMany orders the same draft for several patients, each checked and written on its
// own (submitOrderMany), with the caller's activity act as Submit.
func (s *Service) SubmitMany(ctx context.Context, lang i18n.Lang, branch, by string, d Draft, act audit.Activity) (Outcome, error) {
	d.BranchCode = branch
	d.Caregiver, d.CaregiverInfo = false, nil
	d.normalise()
	if f := d.validate(s.today(), true); len(f) > 0 {
		return Outcome{}, errs.Fields(f)
	}
	out, err := once(ctx, s.db, branch, by, d.IdempotencyKey, func(tx pgx.Tx) (Outcome, error) {
		var drafts []Draft
		for _, hn := range d.patients() {
			drafts = append(drafts, d.forPatient(hn))
		}
		out, err := s.submitEach(ctx, tx, lang, branch, by, drafts)
		if err != nil {
			return out, err
		}
		return out, record(ctx, tx, act, outcomeSummary(out))
	})
	if err != nil {
		return Outcome{}, fmt.Errorf("orders.submitMany: %w", err)
	}
	return out, nil
}

// patients answers the HNs of a ward's draft, once each, in order.
func (d Draft) patients() []string {
	return slices.Compact(slices.Sorted(slices.Values(d.HnIDs)))
}

// forPatient answers a ward's draft for one of its patients, with the patient's version and
// the free-text acknowledgement given for that patient (never one for the whole ward).
func (d Draft) forPatient(hn string) Draft {
	one := d
	one.HnID, one.HnIDs, one.PatientVersion, one.PatientVersions = strings.TrimSpace(hn), nil, d.PatientVersions[hn], nil
	one.FreeTextAcknowledged, one.FreeTextAcknowledgedHnIDs = slices.Contains(d.FreeTextAcknowledgedHnIDs, hn), nil
	return one
}

// PatientCheck is one patient's problems with a ward's draft (none: it may be ordered).
type PatientCheck struct {
	HnID     string    `json:"hnId"`
	Problems []Problem `json:"problems"`
}

// CheckMany runs the checks of a ward's draft for each of its patients as SubmitMany would,
// and writes nothing (checkerOrderMany), in a fixed number of statements whatever the
// number of patients.
func (s *Service) CheckMany(ctx context.Context, lang i18n.Lang, branch string, d Draft) ([]PatientCheck, error) {
	d.BranchCode = branch
	d.Caregiver, d.CaregiverInfo = false, nil
	d.normalise()
	if f := d.validate(s.today(), true); len(f) > 0 {
		return nil, errs.Fields(f)
	}
	hns := d.patients()
	trimmed := make([]string, len(hns))
	for i, hn := range hns {
		trimmed[i] = strings.TrimSpace(hn)
	}
	persons, err := loadPersons(ctx, s.db, branch, trimmed)
	if err != nil {
		return nil, fmt.Errorf("orders.checkMany: %w", err)
	}
	meals, cat, err := loadForCheck(ctx, s.db, branch, d)
	if err != nil {
		return nil, fmt.Errorf("orders.checkMany: %w", err)
	}
	out := make([]PatientCheck, len(hns))
	for i, hn := range hns {
		one := d.forPatient(hn)
		out[i] = PatientCheck{HnID: one.HnID, Problems: []Problem{}}
		p, ok := persons[one.HnID]
		if !ok {
			out[i].Problems = append(out[i].Problems, Problem{Code: ErrPatientNotFound.Code, Field: "hnId",
				Message: i18n.T(lang, ErrPatientNotFound.Key)})
			continue
		}
		probs, _ := checkAll(lang, one, p, meals, cat)
		out[i].Problems = append(out[i].Problems, probs...)
	}
	return out, nil
}

// CopyInput is the body of copyOrders.
type CopyInput struct {
	BranchCode     string  `json:"branchCode"`
	WardID         int64   `json:"wardId"`
	FromDate       string  `json:"fromDate"`
	ToDate         string  `json:"toDate"`
	MealTimeIDs    []int64 `json:"mealTimeIds"`
	IdempotencyKey string  `json:"idempotencyKey"`
	// FreeTextAcknowledgedHnIDs: the patients whose free-text meal is acknowledged again
	// against their rules as now (a copy never carries the earlier day's acknowledgement).
	FreeTextAcknowledgedHnIDs []string `json:"freeTextAcknowledgedHnIds"`
}

// Copy orders again on toDate every live ORD of the ward's patients on fromDate, each
// checked as a submit (copyOrders), with the caller's activity act as Submit.
func (s *Service) Copy(ctx context.Context, lang i18n.Lang, branch, by string, in CopyInput, act audit.Activity) (Outcome, error) {
	f := map[string]string{}
	from, errFrom := day.Parse(in.FromDate)
	_, errTo := day.Parse(in.ToDate)
	if in.WardID <= 0 {
		f["wardId"] = "field.required"
	}
	if errFrom != nil {
		f["fromDate"] = "date.invalid"
	}
	if errTo != nil {
		f["toDate"] = "date.invalid"
	} else if in.ToDate < s.today() {
		f["toDate"] = "orders.datePast"
	}
	if in.IdempotencyKey != "" && !keyShape().MatchString(in.IdempotencyKey) {
		f["idempotencyKey"] = "field.invalid"
	}
	if len(f) > 0 {
		return Outcome{}, errs.Fields(f)
	}
	out, err := once(ctx, s.db, branch, by, in.IdempotencyKey, func(tx pgx.Tx) (Outcome, error) {
		rows, err := queries.OrderWardDay(ctx, tx, dbsqlc.OrderWardDayParams{Branch: branch,
			OnDate: pgtype.Date{Time: from, Valid: true}, WardID: &in.WardID, MealTimeIds: nonNil(in.MealTimeIDs)})
		if err != nil {
			return Outcome{}, err
		}
		ids := make([]string, len(rows))
		for i, r := range rows {
			ids[i] = r.ID
		}
		stored, err := Orders(ctx, tx, branch, ids)
		if err != nil {
			return Outcome{}, err
		}
		var drafts []Draft
		for _, o := range stored {
			d := o.draft(branch, in.ToDate)
			d.ackedRules, d.FreeTextAcknowledged = nil, slices.Contains(in.FreeTextAcknowledgedHnIDs, o.HnID)
			d.normalise()
			drafts = append(drafts, d)
		}
		out, err := s.submitEach(ctx, tx, lang, branch, by, drafts)
		if err != nil {
			return out, err
		}
		return out, record(ctx, tx, act, outcomeSummary(out))
	})
	if err != nil {
		return Outcome{}, fmt.Errorf("orders.copy: %w", err)
	}
	return out, nil
}

// CancelInput is the body of cancel.
type CancelInput struct {
	BranchCode   string `json:"branchCode"`
	OrderID      string `json:"orderId"`
	CancelReason string `json:"cancelReason"`
	Remark       string `json:"remark"`
}

// Cancel cancels a live order (a served one too) with a reason, and writes the caller's
// activity act (audit.Of) in the same transaction.
func (s *Service) Cancel(ctx context.Context, branch, by string, in CancelInput, act audit.Activity) (Order, error) {
	in.CancelReason = strings.ToUpper(strings.TrimSpace(in.CancelReason))
	f := map[string]string{}
	if in.CancelReason == "" {
		f["cancelReason"] = "orders.cancelReasonRequired"
	} else if !slices.Contains(cancelReasons, in.CancelReason) {
		f["cancelReason"] = "field.invalid"
	}
	if strings.TrimSpace(in.OrderID) == "" {
		f["orderId"] = "field.required"
	}
	if len([]rune(in.Remark)) > MaxText {
		f["remark"] = "field.tooLong"
	}
	if len(f) > 0 {
		return Order{}, errs.Fields(f)
	}
	if !uuidShape().MatchString(in.OrderID) {
		return Order{}, ErrNotFound
	}
	var out Order
	err := pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		before, err := Orders(ctx, tx, branch, []string{in.OrderID})
		if err != nil {
			return err
		}
		if len(before) == 0 {
			return ErrNotFound
		}
		_, err = queries.OrderCancel(ctx, tx, dbsqlc.OrderCancelParams{Branch: branch, ID: in.OrderID, By: by,
			CancelReason: in.CancelReason, CancelRemark: strings.TrimSpace(in.Remark)})
		if errors.Is(err, pgx.ErrNoRows) {
			return ErrCancelled
		}
		if err != nil {
			return err
		}
		after, err := Orders(ctx, tx, branch, []string{in.OrderID})
		if err != nil {
			return err
		}
		out = after[0]
		if err := audit.WriteChange(ctx, tx, audit.Change{BranchCode: branch, Entity: "meal_order", EntityID: in.OrderID,
			Action: "update", Before: before[0], After: out, By: by}); err != nil {
			return err
		}
		detail := Summary(out)
		detail["orderId"], detail["cancelReason"] = in.OrderID, in.CancelReason
		return record(ctx, tx, act, detail)
	})
	if err != nil {
		return Order{}, fmt.Errorf("orders.cancel: %w", err)
	}
	return out, nil
}

// ReviewInput is the body of confirmReview: the notes for the order's items (matched by
// dish or set) and the confirmation that unmapped allergies were checked.
type ReviewInput struct {
	BranchCode               string `json:"branchCode"`
	OrderID                  string `json:"orderId"`
	Items                    []Item `json:"items"`
	UnmappedAllergiesChecked *bool  `json:"unmappedAllergiesChecked"`
	// FreeTextAcknowledged: a free-text order acknowledged against the person's rules as
	// now (needed when a rule was gained since the order's acknowledgement).
	FreeTextAcknowledged bool `json:"freeTextAcknowledged"`
}

// ConfirmReview re-runs the checks of an order against the patient as now: passing, the
// order takes the patient's facts, its flag is cleared and the caller's activity act
// (audit.Of) is written in the same transaction; failing, 422 with the problems.
func (s *Service) ConfirmReview(ctx context.Context, lang i18n.Lang, branch, by string, in ReviewInput, act audit.Activity) (Order, error) {
	if strings.TrimSpace(in.OrderID) == "" {
		return Order{}, errs.Fields(map[string]string{"orderId": "field.required"})
	}
	if !uuidShape().MatchString(in.OrderID) {
		return Order{}, ErrNotFound
	}
	var out Order
	err := pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		// the patient first, then the order: the order a patient's edit locks them in
		if _, err := queries.OrderLockPatientOf(ctx, tx, dbsqlc.OrderLockPatientOfParams{Branch: branch, ID: in.OrderID}); err != nil {
			if errors.Is(err, pgx.ErrNoRows) {
				return ErrNotFound
			}
			return err
		}
		lock, err := queries.OrderLock(ctx, tx, dbsqlc.OrderLockParams{Branch: branch, ID: in.OrderID})
		if err != nil {
			return err
		}
		if !slices.Contains([]string{StatusWaiting, StatusFasting, StatusNoMeal}, lock.Status) {
			return ErrNotReviewable
		}
		before, err := Orders(ctx, tx, branch, []string{in.OrderID})
		if err != nil {
			return err
		}
		if len(before) == 0 {
			return ErrNotFound
		}
		o := before[0]
		d := o.draft(branch, o.DateOrder)
		for _, it := range in.Items {
			for i := range d.Items {
				if d.Items[i].MenuID == it.MenuID && d.Items[i].MenuSetID == it.MenuSetID {
					d.Items[i].AlternativeNote = it.AlternativeNote
				}
			}
		}
		if in.UnmappedAllergiesChecked != nil {
			d.UnmappedAllergiesChecked = *in.UnmappedAllergiesChecked
		}
		d.FreeTextAcknowledged = in.FreeTextAcknowledged
		d.normalise()
		for _, it := range d.Items {
			if len([]rune(it.AlternativeNote)) > MaxNote {
				return errs.Fields(map[string]string{"items": "field.tooLong"})
			}
		}
		p, err := loadPerson(ctx, tx, branch, d.HnID, d.CaregiverInfo)
		if err != nil {
			return err
		}
		probs, items, err := s.checkDraft(ctx, tx, lang, branch, d, p)
		if err != nil {
			return err
		}
		if len(probs) > 0 {
			return problemsErr(probs)
		}
		arg, err := confirmArgs(branch, by, o, d, p, items)
		if err != nil {
			return err
		}
		if err := queries.OrderConfirm(ctx, tx, arg); err != nil {
			return err
		}
		after, err := Orders(ctx, tx, branch, []string{in.OrderID})
		if err != nil {
			return err
		}
		out = after[0]
		if err := audit.WriteChange(ctx, tx, audit.Change{BranchCode: branch, Entity: "meal_order", EntityID: in.OrderID,
			Action: "update", Before: before[0], After: out, By: by}); err != nil {
			return err
		}
		detail := Summary(out)
		detail["orderId"] = in.OrderID
		return record(ctx, tx, act, detail)
	})
	if err != nil {
		return Order{}, fmt.Errorf("orders.confirmReview: %w", err)
	}
	return out, nil
}

// Detail is getOrderDetails' answer: the order with its patient.
type Detail struct {
	Order
	Patient patients.Patient `json:"patient"`
}

// Details answers one order with its patient (getOrderDetails).
func (s *Service) Details(ctx context.Context, branch, id string) (Detail, error) {
	if !uuidShape().MatchString(id) {
		return Detail{}, fmt.Errorf("orders.details: %w", ErrNotFound)
	}
	list, err := Orders(ctx, s.db, branch, []string{id})
	if err != nil {
		return Detail{}, fmt.Errorf("orders.details: %w", err)
	}
	if len(list) == 0 {
		return Detail{}, fmt.Errorf("orders.details: %w", ErrNotFound)
	}
	p, err := patients.NewService(s.db, s.now).Get(ctx, branch, list[0].HnID)
	if err != nil {
		return Detail{}, fmt.Errorf("orders.details: %w", err)
	}
	return Detail{Order: list[0], Patient: p}, nil
}

// SearchFilter narrows the order list.
type SearchFilter struct {
	Date     string
	Criteria string
	WardID   int64
	Status   string // ALL, NOT_ORDERED, NEEDS_REVIEW or a status
	// MealTimeID narrows Status to one meal type (0: any): NOT_ORDERED is no live patient
	// order of that meal, a status or NEEDS_REVIEW one of that meal's orders.
	MealTimeID int64
}

// SearchPage is the order list: a page of patient rows and the branch's meal types.
type SearchPage struct {
	Items     []ListRow     `json:"items"`
	Total     int           `json:"total"`
	Page      int           `json:"page"`
	Size      int           `json:"size"`
	MealTypes []MealTypeRef `json:"mealTypes"`
}

// MealTypeRef is a meal type as the lists show it.
type MealTypeRef struct {
	ID           int64  `json:"id"`
	Code         string `json:"code"`
	NameTh       string `json:"nameTh"`
	NameEn       string `json:"nameEn"`
	StartTime    string `json:"startTime"`
	EndTime      string `json:"endTime"`
	Abbreviation string `json:"abbreviation"`
	MealColor    string `json:"mealColor"`
	TextColor    string `json:"textColor"`
}

func refOf(m mealType) MealTypeRef {
	hm := func(d time.Duration) string { return fmt.Sprintf("%02d:%02d", int(d.Hours()), int(d.Minutes())%60) }
	return MealTypeRef{ID: m.ID, Code: m.Code, NameTh: m.NameTh, NameEn: m.NameEn, StartTime: hm(m.Start), EndTime: hm(m.End),
		Abbreviation: m.Abbreviation, MealColor: m.MealColor, TextColor: m.TextColor}
}

// Search lists the date's patients of the branch with each meal type's order.
func (s *Service) Search(ctx context.Context, branch string, f SearchFilter, p httpx.PageParams) (SearchPage, error) {
	if f.Date == "" {
		f.Date = s.today()
	}
	date, _ := day.Parse(f.Date) // checked by the handler
	arg := dbsqlc.OrderSearchParams{Branch: branch, OnDate: pgtype.Date{Time: date, Valid: true}, SortBy: p.SortBy,
		SortDesc: p.SortDesc, Status: f.Status, PageSize: int32(p.Size), PageOffset: int64(p.Offset()),
		WardID: db.OptID(f.WardID), MealTimeID: db.OptID(f.MealTimeID), Pattern: db.Contains(f.Criteria)}
	if arg.Status == "" {
		arg.Status = "ALL"
	}
	_, meals, err := loadMealTypes(ctx, s.db, branch)
	if err != nil {
		return SearchPage{}, fmt.Errorf("orders.search: %w", err)
	}
	rows, total, err := listPage(ctx, s.db, arg, meals)
	if err != nil {
		return SearchPage{}, fmt.Errorf("orders.search: %w", err)
	}
	out := SearchPage{Items: rows, Total: total, Page: p.Page, Size: p.Size, MealTypes: make([]MealTypeRef, len(meals))}
	for i, m := range meals {
		out.MealTypes[i] = refOf(m)
	}
	return out, nil
}

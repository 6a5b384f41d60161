// Package serve is the serving area (issue 16, docs/serve.md): the date's trays with their
// serve status, a patient's orders of a date, the bedside verification of a scanned tray
// card against a scanned wristband (the card's signature, the patient, the branch, the date,
// the order's state, and the orders area's checks re-run against the patient as now), the
// confirmation or rejection of a tray, and the branch's wristband setting.
package serve

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
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
	"samrap/pkg/orders"
	"samrap/pkg/patients"
)

var queries = dbsqlc.New()

var uuidShape = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)
})

// hnShape is what an HN may be (the patient table's check).
var hnShape = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^\S{1,30}$`) })

// Reason codes of a verification that does not match (docs/serve.md).
const (
	ReasonForged       = "FORGED"          // the card's code is not one of ours, or altered
	ReasonOtherBranch  = "OTHER_BRANCH"    // the card is another branch's
	ReasonBadWristband = "BAD_WRISTBAND"   // the wristband's content is not the branch's format
	ReasonWrongPatient = "WRONG_PATIENT"   // the card is another patient's
	ReasonOtherDate    = "OTHER_DATE"      // the card is not today's (Asia/Bangkok)
	ReasonNotFound     = "ORDER_NOT_FOUND" // the card's order no longer exists
	ReasonCancelled    = "CANCELLED"       // the order is cancelled
	ReasonNoFood       = "NO_FOOD"         // the order carries no food (fasting, no meal)
	ReasonServed       = "ALREADY_SERVED"  // the tray is already served
	ReasonNPO          = "NPO"             // the patient's NPO now covers the meal
	ReasonDischarged   = "DISCHARGED"      // the patient is discharged or not Current
	ReasonAllergy      = "ALLERGY"         // a dish contains an allergen or restriction of the patient, no accepted note
	ReasonTexture      = "TEXTURE"         // a dish's texture is above the patient's IDDSI level
	ReasonUnmapped     = "UNMAPPED_ALLERGY"
	ReasonNeedsReview  = "NEEDS_REVIEW" // the order is flagged for review
	ReasonHNChanged    = "HN_CHANGED"   // card and wristband name the order's patient by its HN before and after a merge (hnChanged)
	ActionServed       = "SERVED"
	ActionRejected     = "REJECTED"
	Code128, QR        = "CODE128", "QR"
	defaultPattern     = "{hn}"
	maxWristband       = 200
	maxRejectReason    = 500
	maxDeviceID        = 100
	maxPattern         = 60
)

// reasonKeys are the reasons' messages.
var reasonKeys = map[string]string{
	ReasonForged: "serve.reasonFORGED", ReasonOtherBranch: "serve.reasonOTHER_BRANCH",
	ReasonBadWristband: "serve.reasonBAD_WRISTBAND", ReasonWrongPatient: "serve.reasonWRONG_PATIENT", ReasonHNChanged: "serve.reasonHN_CHANGED",
	ReasonOtherDate: "serve.reasonOTHER_DATE", ReasonNotFound: "serve.reasonORDER_NOT_FOUND",
	ReasonCancelled: "serve.reasonCANCELLED", ReasonNoFood: "serve.reasonNO_FOOD", ReasonServed: "serve.reasonALREADY_SERVED",
	ReasonNPO: "serve.reasonNPO", ReasonDischarged: "serve.reasonDISCHARGED", ReasonAllergy: "serve.reasonALLERGY",
	ReasonTexture: "serve.reasonTEXTURE", ReasonUnmapped: "serve.reasonUNMAPPED_ALLERGY", ReasonNeedsReview: "serve.reasonNEEDS_REVIEW",
}

// ReasonKey answers the message key of a reason code ("" for an unknown code).
func ReasonKey(code string) string { return reasonKeys[code] }

// reasonOfProblem maps the orders area's bedside problems to reasons.
var reasonOfProblem = map[string]string{
	orders.ProblemNPO: ReasonNPO, orders.ProblemDischarged: ReasonDischarged, orders.ProblemConflict: ReasonAllergy,
	orders.ProblemTexture: ReasonTexture, orders.ProblemUnmapped: ReasonUnmapped,
	// a free-text meal whose person gained a rule since it was acknowledged: the ward reviews it
	orders.ProblemFreeText: ReasonNeedsReview,
}

var (
	ErrNoMatch        = errs.WithCode(errs.Conflict, "NO_MATCH", "serve.noMatch")
	ErrBadToken       = errs.WithCode(errs.Invalid, "FORGED", "serve.reasonFORGED")
	ErrPatientMissing = errs.WithCode(errs.NotFound, "NOT_FOUND", "patients.notFound")
)

// Service holds the serving rules.
type Service struct {
	db  *db.Pool
	now func() time.Time
	key func(context.Context) ([]byte, error) // the orders area's QR token key
}

// NewService builds the service; now answers the time (the Env's Now), key the QR token key
// (orders.TokenKey).
func NewService(pool *db.Pool, now func() time.Time, key func(context.Context) ([]byte, error)) *Service {
	return &Service{db: pool, now: now, key: key}
}

// Setting is a branch's wristband setting.
type Setting struct {
	BranchCode  string     `json:"branchCode"`
	Symbologies []string   `json:"symbologies"`
	Pattern     string     `json:"pattern"`
	Version     int        `json:"version"`
	UpdatedBy   string     `json:"updatedBy"`
	UpdatedAt   *time.Time `json:"updatedAt"`
}

func settingOf(r dbsqlc.ServeSettingRow) Setting {
	return Setting{BranchCode: r.BranchCode, Symbologies: r.Symbologies, Pattern: r.Pattern, Version: int(r.Version),
		UpdatedBy: r.UpdatedBy, UpdatedAt: r.UpdatedAt}
}

// HN answers the HN a wristband's content holds under the setting's pattern, or false.
func (st Setting) HN(content string) (string, bool) {
	content = strings.TrimSpace(content)
	pattern := st.Pattern
	if pattern == "" {
		pattern = defaultPattern
	}
	prefix, suffix, _ := strings.Cut(pattern, "{hn}")
	if len(content) < len(prefix)+len(suffix) || !strings.HasPrefix(strings.ToUpper(content), strings.ToUpper(prefix)) ||
		!strings.HasSuffix(strings.ToUpper(content), strings.ToUpper(suffix)) {
		return "", false
	}
	hn := strings.TrimSpace(content[len(prefix) : len(content)-len(suffix)])
	return hn, hnShape().MatchString(hn)
}

// GetSetting answers the branch's wristband setting (the defaults when it has none).
func (s *Service) GetSetting(ctx context.Context, branch string) (Setting, error) {
	r, err := queries.ServeSetting(ctx, s.db, branch)
	if err != nil {
		return Setting{}, fmt.Errorf("serve.setting: %w", db.NotFound("branch "+branch, err))
	}
	return settingOf(r), nil
}

// SettingInput is the body of updateSetting.
type SettingInput struct {
	BranchCode  string   `json:"branchCode"`
	Symbologies []string `json:"symbologies"`
	Pattern     string   `json:"pattern"`
}

// SaveSetting saves the branch's wristband setting.
func (s *Service) SaveSetting(ctx context.Context, branch, by string, in SettingInput) (Setting, error) {
	f := map[string]string{}
	var syms []string
	for _, sym := range in.Symbologies {
		sym = strings.ToUpper(strings.TrimSpace(sym))
		if sym != Code128 && sym != QR {
			f["symbologies"] = "field.invalid"
		} else if !slices.Contains(syms, sym) {
			syms = append(syms, sym)
		}
	}
	if len(syms) == 0 {
		f["symbologies"] = "field.required"
	}
	pattern := strings.TrimSpace(in.Pattern)
	if pattern == "" {
		pattern = defaultPattern
	}
	if strings.Count(pattern, "{hn}") != 1 || len([]rune(pattern)) > maxPattern {
		f["pattern"] = "serve.patternInvalid"
	}
	if len(f) > 0 {
		return Setting{}, errs.Fields(f)
	}
	var out Setting
	err := pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		before, err := queries.ServeSetting(ctx, tx, branch)
		if err != nil {
			return db.NotFound("branch "+branch, err)
		}
		if err := queries.ServeSettingSave(ctx, tx, dbsqlc.ServeSettingSaveParams{Branch: branch, Symbologies: syms,
			Pattern: pattern, By: by}); err != nil {
			return err
		}
		after, err := queries.ServeSetting(ctx, tx, branch)
		if err != nil {
			return err
		}
		out = settingOf(after)
		return audit.WriteChange(ctx, tx, audit.Change{BranchCode: branch, Entity: "serve_setting", EntityID: branch,
			Action: "update", Before: settingOf(before), After: out, By: by})
	})
	if err != nil {
		return Setting{}, fmt.Errorf("serve.saveSetting: %w", err)
	}
	return out, nil
}

// Scan is what the screen scanned: the tray card's token and the wristband's content (with
// its symbology when a camera read it: CODE128 or QR; empty for a keyboard-wedge scanner).
type Scan struct {
	BranchCode string `json:"branchCode"`
	Token      string `json:"token"`
	Wristband  string `json:"wristband"`
	Symbology  string `json:"symbology"`
	DeviceID   string `json:"deviceId"` // the screen's device id
}

// Reason is why a tray may not be given to the patient scanned.
type Reason struct {
	Code      string            `json:"code"`
	Message   string            `json:"message"`
	Detail    string            `json:"detail,omitempty"`
	Conflicts []orders.Conflict `json:"conflicts,omitempty"`
	// ReviewReasons are NEEDS_REVIEW's: the order's review reasons as codes (DIET, ALLERGY,
	// …), which the screens label in one place.
	ReviewReasons []string `json:"reviewReasons,omitempty"`
}

// Verdict is the answer of a verification.
type Verdict struct {
	Match       bool          `json:"match"`
	Reasons     []Reason      `json:"reasons"`
	OrderID     string        `json:"orderId,omitempty"`
	WristbandHn string        `json:"wristbandHn,omitempty"`
	Order       *orders.Order `json:"order,omitempty"`
	Patient     *Patient      `json:"patient,omitempty"`
}

// Patient is the tray's patient as a verification shows it.
type Patient struct{ patients.Brief }

// patientOf answers the patient of a scan context, nil when the branch has no such order.
// The row's columns come through LEFT JOINs: a row found has all of its NOT NULL columns.
func patientOf(r dbsqlc.ServeScanContextRow) *Patient {
	if r.HnID == nil {
		return nil
	}
	p := &Patient{patients.Brief{HnID: *r.HnID, FirstNameTh: *r.FirstNameTh, LastNameTh: *r.LastNameTh,
		FirstNameEn: *r.FirstNameEn, LastNameEn: *r.LastNameEn}}
	if r.WardID != nil {
		p.Ward = &patients.Ref{ID: *r.WardID, Code: *r.WardCode, NameTh: *r.WardNameTh, NameEn: *r.WardNameEn}
	}
	if r.RoomID != nil {
		p.Room = &patients.Ref{ID: *r.RoomID, Code: *r.RoomCode, NameTh: *r.RoomNameTh, NameEn: *r.RoomNameEn}
	}
	return p
}

// summary answers what the activity record keeps of the card's order (orders.Summary; none
// when the card named no order of the branch).
func (v Verdict) summary() map[string]any {
	if v.Order == nil {
		return orders.Summary()
	}
	return orders.Summary(*v.Order)
}

func (v *Verdict) add(lang i18n.Lang, code string, detail string, cs []orders.Conflict) {
	if slices.ContainsFunc(v.Reasons, func(r Reason) bool { return r.Code == code }) {
		return
	}
	v.Reasons = append(v.Reasons, Reason{Code: code, Message: i18n.T(lang, reasonKeys[code]), Detail: detail, Conflicts: cs})
}

func (v Verdict) codes() []string {
	out := make([]string, len(v.Reasons))
	for i, r := range v.Reasons {
		out[i] = r.Code
	}
	return out
}

// Verify answers whether the tray of the card may be given to the patient of the wristband.
// A no-match is recorded (serve_mismatch: the reasons, the order when the card is a true card
// of the branch, who, the device, when) for the work performance figures (docs/performance.md),
// and is the caller's activity act (audit.Of, serve.mismatch) with mismatchDetail, both in one
// transaction so that neither is kept without the other (issue 31): four statements more than
// a match (begin, the two rows, commit).
func (s *Service) Verify(ctx context.Context, lang i18n.Lang, branch, by string, in Scan, act audit.Activity) (Verdict, error) {
	v, err := s.verify(ctx, s.db, lang, branch, in)
	if err != nil {
		return Verdict{}, fmt.Errorf("serve.verify: %w", err)
	}
	if !v.Match {
		arg := dbsqlc.ServeMismatchAddParams{Branch: branch, Reasons: v.codes(), By: by, DeviceID: in.device()}
		if db.IsUUID(v.OrderID) {
			arg.OrderID = &v.OrderID
		}
		act.Detail = mismatchDetail(v, in)
		err := pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
			if err := queries.ServeMismatchAdd(ctx, tx, arg); err != nil {
				return err
			}
			return audit.WriteActivity(ctx, tx, act)
		})
		if err != nil {
			return Verdict{}, fmt.Errorf("serve.verify: record the mismatch: %w", err)
		}
	}
	return v, nil
}

// device answers the scan's device id as a mismatch records it (at most maxDeviceID characters).
func (in Scan) device() string { return truncate(strings.TrimSpace(in.DeviceID), maxDeviceID) }

// mismatchDetail answers the activity record's detail of a verification that did not match
// (serve.mismatch, docs/logs.md): the patient, day and meal of the card's order when it was
// read (orders.Summary, as serve.served's), the order's id when the card is a true card of
// the branch, the reason codes, the device and the wristband as scanned.
func mismatchDetail(v Verdict, in Scan) map[string]any {
	detail := map[string]any{}
	if v.Order != nil {
		detail = v.summary()
	}
	if db.IsUUID(v.OrderID) {
		detail["orderId"] = v.OrderID
	}
	detail["reasons"], detail["deviceId"] = v.codes(), in.device()
	detail["wristband"] = truncate(strings.TrimSpace(in.Wristband), maxWristband)
	return detail
}

// truncate cuts s to at most n characters.
func truncate(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n])
	}
	return s
}

// hnChanged reports whether a card and a wristband that do not agree both name the order's
// patient, one by an HN it had before (an A40 merge renamed it, or moved the order to it) and
// the other by that or its HN now (current): the same person, but the bedside check still
// refuses it (HN_CHANGED, not WRONG_PATIENT): a card must show the HN on the wristband.
func hnChanged(ctx context.Context, q db.DBTX, key []byte, branch string, tok orders.Token, wristband, current string) (bool, error) {
	former, err := queries.ServeFormerHns(ctx, q, dbsqlc.ServeFormerHnsParams{Branch: branch, OrderID: tok.OrderID, Hn: current})
	if err != nil || len(former) == 0 {
		return false, err
	}
	ids := append(former, current)
	card := slices.ContainsFunc(ids, func(hn string) bool { return tok.HNMatches(key, hn) })
	return card && slices.Contains(ids, wristband), nil
}

// verify runs the verification in q, in a fixed number of statements: the setting with the
// patient shown, and the order with its bedside check (orders.BedsideCheck, four at most).
func (s *Service) verify(ctx context.Context, q db.DBTX, lang i18n.Lang, branch string, in Scan) (Verdict, error) {
	v := Verdict{Reasons: []Reason{}}
	key, err := s.key(ctx)
	if err != nil {
		return v, err
	}
	tok, err := orders.VerifyToken(key, strings.TrimSpace(in.Token))
	if err != nil {
		v.add(lang, ReasonForged, "", nil)
		return v, nil
	}
	if tok.BranchCode != branch {
		v.add(lang, ReasonOtherBranch, "", nil)
		return v, nil
	}
	v.OrderID = tok.OrderID
	sc, err := queries.ServeScanContext(ctx, q, dbsqlc.ServeScanContextParams{Branch: branch, ID: tok.OrderID})
	if err != nil {
		return v, db.NotFound("branch "+branch, err)
	}
	st := Setting{Symbologies: sc.Symbologies, Pattern: sc.Pattern}
	hn, ok := st.HN(in.Wristband)
	sym := strings.ToUpper(strings.TrimSpace(in.Symbology))
	b, err := orders.BedsideCheck(ctx, q, lang, branch, tok.OrderID)
	found := err == nil
	if err != nil && !errors.Is(err, db.ErrNotFound) {
		return v, err
	}
	switch {
	case !ok, len(in.Wristband) > maxWristband, sym != "" && !slices.Contains(st.Symbologies, sym):
		v.add(lang, ReasonBadWristband, "", nil)
	case !tok.HNMatches(key, hn) || (found && b.HnID != hn): // the second not reached with a true token: its digest is the order's HN
		reason := ReasonWrongPatient
		if found {
			changed, err := hnChanged(ctx, q, key, branch, tok, hn, b.HnID)
			if err != nil {
				return v, err
			}
			if changed {
				reason = ReasonHNChanged
			}
		}
		v.add(lang, reason, "", nil)
	default:
		v.WristbandHn = hn
	}
	if tok.Date != day.TodayString(s.now()) {
		v.add(lang, ReasonOtherDate, tok.Date, nil)
	}
	if !found {
		v.add(lang, ReasonNotFound, "", nil)
		return v, nil
	}
	v.Order = &b.Order
	switch {
	case b.Status == orders.StatusCancelled:
		v.add(lang, ReasonCancelled, "", nil)
	case b.Status == orders.StatusServed:
		v.add(lang, ReasonServed, "", nil)
	case b.OrderType != orders.TypeOrder:
		v.add(lang, ReasonNoFood, "", nil)
	}
	for _, p := range b.Problems {
		v.add(lang, reasonOfProblem[p.Code], p.Message, p.Conflicts)
	}
	if b.NeedsReview && b.Status != orders.StatusCancelled && b.Status != orders.StatusServed {
		v.add(lang, ReasonNeedsReview, "", nil)
		v.Reasons[len(v.Reasons)-1].ReviewReasons = b.ReviewReasons
	}
	v.Patient = patientOf(sc)
	v.Match = len(v.Reasons) == 0
	return v, nil
}

// UpdateInput is the body of update: a scanned tray confirmed served or rejected.
type UpdateInput struct {
	Scan
	Action       string `json:"action"` // SERVED or REJECTED
	RejectReason string `json:"rejectReason"`
	RequestID    string `json:"requestId"` // the screen's id of this confirmation (a UUID)
}

// Recorded is the answer of update.
type Recorded struct {
	Record   Record   `json:"record"`
	Verdict  *Verdict `json:"verdict,omitempty"`
	Replayed bool     `json:"replayed"`
}

// Record is a serve record as the API answers it: update's record and getDataServe's records.
type Record struct {
	RecordID     int64       `json:"recordId"`
	OrderID      string      `json:"orderId"`
	Action       string      `json:"action"`
	Matched      bool        `json:"matched"`
	Reasons      []string    `json:"reasons"`
	RejectReason string      `json:"rejectReason"`
	ServedBy     string      `json:"servedBy"`
	ServedAt     orders.Time `json:"servedAt"`
	DeviceID     string      `json:"deviceId"`
	RequestID    string      `json:"requestId"`
}

// recordOf answers a serve_record row as the API shows it.
func recordOf(r dbsqlc.ServeRecord) Record {
	return Record{RecordID: r.ID, OrderID: r.OrderID, Action: r.Action, Matched: r.Matched, Reasons: r.Reasons,
		RejectReason: r.RejectReason, ServedBy: r.ServedBy, ServedAt: orders.Time{Time: r.ServedAt}, DeviceID: r.DeviceID,
		RequestID: r.RequestID}
}

// Update records a confirmation (the verification must match) or a rejection (whatever it
// answers) of a tray, re-verified with the order locked, and the caller's activity act
// (audit.Of: serve.served or serve.rejected) in the same transaction. The same requestId
// sent again answers the first record and writes nothing, no activity either.
func (s *Service) Update(ctx context.Context, lang i18n.Lang, branch, by string, in UpdateInput, act audit.Activity) (Recorded, error) {
	in.Action = strings.ToUpper(strings.TrimSpace(in.Action))
	in.RejectReason, in.DeviceID = strings.TrimSpace(in.RejectReason), strings.TrimSpace(in.DeviceID)
	f := map[string]string{}
	switch {
	case in.Action != ActionServed && in.Action != ActionRejected:
		f["action"] = "field.invalid"
	case in.Action == ActionRejected && in.RejectReason == "":
		f["rejectReason"] = "serve.rejectReasonRequired"
	}
	if len([]rune(in.RejectReason)) > maxRejectReason {
		f["rejectReason"] = "field.tooLong"
	}
	if len([]rune(in.DeviceID)) > maxDeviceID {
		f["deviceId"] = "field.tooLong"
	}
	if len(in.Wristband) > maxWristband {
		f["wristband"] = "field.tooLong"
	}
	if !uuidShape().MatchString(in.RequestID) {
		f["requestId"] = "field.invalid"
	}
	if strings.TrimSpace(in.Token) == "" {
		f["token"] = "field.required"
	}
	if len(f) > 0 {
		return Recorded{}, errs.Fields(f)
	}
	key, err := s.key(ctx)
	if err != nil {
		return Recorded{}, fmt.Errorf("serve.update: %w", err)
	}
	tok, err := orders.VerifyToken(key, strings.TrimSpace(in.Token))
	if err != nil {
		return Recorded{}, ErrBadToken
	}
	if tok.BranchCode != branch {
		return Recorded{}, fmt.Errorf("serve.update: %w", orders.ErrNotFound)
	}
	var out Recorded
	err = pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		if _, err := queries.ServeLockOrder(ctx, tx, dbsqlc.ServeLockOrderParams{Branch: branch, ID: tok.OrderID}); err != nil {
			if errors.Is(err, pgx.ErrNoRows) {
				return orders.ErrNotFound
			}
			return err
		}
		seen, err := queries.ServeRecordByRequest(ctx, tx, in.RequestID)
		if err != nil {
			return err
		}
		if len(seen) > 0 {
			if seen[0].BranchCode != branch || seen[0].OrderID != tok.OrderID || seen[0].Action != in.Action {
				return errs.WithCode(errs.Conflict, "CONFLICT", "serve.requestReused")
			}
			out = Recorded{Record: recordOf(seen[0]), Replayed: true}
			return nil
		}
		v, err := s.verify(ctx, tx, lang, branch, in.Scan)
		if err != nil {
			return err
		}
		if in.Action == ActionServed && !v.Match {
			e := *ErrNoMatch
			e.Data = map[string]any{"verdict": v}
			return &e
		}
		row, err := queries.ServeRecordAdd(ctx, tx, dbsqlc.ServeRecordAddParams{Branch: branch, OrderID: tok.OrderID,
			Action: in.Action, Matched: v.Match, Reasons: v.codes(), RejectReason: in.RejectReason,
			Wristband: strings.TrimSpace(in.Wristband), DeviceID: in.DeviceID, RequestID: in.RequestID, By: by})
		if err != nil {
			return err
		}
		rec := recordOf(row)
		changes := []audit.Change{{BranchCode: branch, Entity: "serve_record", EntityID: tok.OrderID, Action: "create",
			After: rec, By: by}}
		if in.Action == ActionServed {
			if err := queries.ServeMarkServed(ctx, tx, dbsqlc.ServeMarkServedParams{Branch: branch, ID: tok.OrderID}); err != nil {
				return err
			}
			changes = append(changes, audit.Change{BranchCode: branch, Entity: "meal_order", EntityID: tok.OrderID,
				Action: "update", Before: map[string]string{"status": orders.StatusWaiting},
				After: map[string]string{"status": orders.StatusServed}, By: by})
		}
		out = Recorded{Record: rec, Verdict: &v}
		if err := audit.WriteChanges(ctx, tx, changes); err != nil {
			return err
		}
		act.Detail = v.summary()
		act.Detail["orderId"], act.Detail["matched"], act.Detail["reasons"] = tok.OrderID, v.Match, v.codes()
		if in.Action == ActionRejected {
			act.Detail["rejectReason"] = in.RejectReason
		}
		return audit.WriteActivity(ctx, tx, act)
	})
	if err != nil {
		return Recorded{}, fmt.Errorf("serve.update: %w", err)
	}
	return out, nil
}

// SearchFilter narrows the tray list.
type SearchFilter struct {
	Date       string
	Criteria   string
	WardID     int64
	MealTimeID int64
	Status     string // ALL, WAITING, SERVED, REJECTED
}

// SearchPage is the tray list with the branch's meal types.
type SearchPage struct {
	httpx.Page[Tray]
	MealTypes []orders.MealTypeRef `json:"mealTypes"`
}

// Tray is a tray of the serve list (searchServe): the order as the list shows it, with its
// serve status and its last serve record.
type Tray struct {
	OrderID     string             `json:"orderId"`
	HnID        string             `json:"hnId"`
	Caregiver   bool               `json:"caregiver"`
	DateOrder   string             `json:"dateOrder"`
	FirstNameTh string             `json:"firstNameTh"`
	LastNameTh  string             `json:"lastNameTh"`
	FirstNameEn string             `json:"firstNameEn"`
	LastNameEn  string             `json:"lastNameEn"`
	Ward        *orders.Named      `json:"ward"` // without its ward type
	Room        *orders.Named      `json:"room"`
	MealType    orders.MealTypeRef `json:"mealType"`
	Status      string             `json:"status"`
	NeedsReview bool               `json:"needsReview"`
	// Moved: the patient moved after the card was printed; the card names PrintedWard and
	// PrintedRoom (migration 00019); HnChanged: the bed is the card's, the HN is not
	// (orders.Order.HNChanged).
	Moved       bool          `json:"moved"`
	HnChanged   bool          `json:"hnChanged"`
	PrintedWard *orders.Named `json:"printedWard"`
	PrintedRoom *orders.Named `json:"printedRoom"`
	ServeStatus string        `json:"serveStatus"` // WAITING, SERVED or REJECTED
	LastRecord  *LastRecord   `json:"lastRecord"`
}

// LastRecord is a tray's last serve record, five fields of a Record: the list's lastRecord
// has these keys only (web/src/features/serve/types.ts), and a Record answers its ten always
// (matched false, reasons, requestId), so the list keeps its own shape.
type LastRecord struct {
	Action       string      `json:"action"`
	RejectReason string      `json:"rejectReason"`
	ServedBy     string      `json:"servedBy"`
	ServedAt     orders.Time `json:"servedAt"`
	DeviceID     string      `json:"deviceId"`
}

// trayOf answers a row of ServeSearch as the list shows it.
func trayOf(r dbsqlc.ServeSearchRow) (Tray, error) {
	o, err := orders.FromRow(r.OrderDetail)
	if err != nil {
		return Tray{}, err
	}
	t := Tray{OrderID: o.OrderID, HnID: o.HnID, Caregiver: o.Caregiver, DateOrder: o.DateOrder, FirstNameTh: o.FirstNameTh,
		LastNameTh: o.LastNameTh, FirstNameEn: o.FirstNameEn, LastNameEn: o.LastNameEn, Room: o.Room, MealType: o.MealType,
		Status: o.Status, NeedsReview: o.NeedsReview, Moved: o.Moved, HnChanged: o.HNChanged(), PrintedWard: o.PrintedWard, PrintedRoom: o.PrintedRoom,
		ServeStatus: r.ServeStatus}
	if o.Ward != nil {
		w := *o.Ward
		w.WardTypeID = 0
		t.Ward = &w
	}
	if r.RecordAction != "" {
		t.LastRecord = &LastRecord{Action: r.RecordAction, RejectReason: r.RecordRejectReason, ServedBy: r.RecordServedBy,
			ServedAt: orders.Time{Time: r.RecordServedAt.Time}, DeviceID: r.RecordDeviceID}
	}
	return t, nil
}

// Search lists the date's trays of the branch.
func (s *Service) Search(ctx context.Context, branch string, f SearchFilter, p httpx.PageParams) (SearchPage, error) {
	if f.Date == "" {
		f.Date = day.TodayString(s.now())
	}
	date, _ := day.Parse(f.Date) // checked by the handler
	arg := dbsqlc.ServeSearchParams{Branch: branch, OnDate: pgtype.Date{Time: date, Valid: true}, SortBy: p.SortBy,
		SortDesc: p.SortDesc, Status: f.Status, WardID: db.OptID(f.WardID), MealTimeID: db.OptID(f.MealTimeID),
		Pattern: db.Contains(f.Criteria), PageSize: int32(p.Size), PageOffset: int64(p.Offset())}
	if arg.Status == "" {
		arg.Status = "ALL"
	}
	rows, err := queries.ServeSearch(ctx, s.db, arg)
	if err != nil {
		return SearchPage{}, fmt.Errorf("serve.search: %w", err)
	}
	meals, err := s.mealTypes(ctx, branch)
	if err != nil {
		return SearchPage{}, fmt.Errorf("serve.search: %w", err)
	}
	out := SearchPage{Page: httpx.Page[Tray]{Items: make([]Tray, len(rows)), Page: p.Page, Size: p.Size}, MealTypes: meals}
	for i, r := range rows {
		if out.Items[i], err = trayOf(r); err != nil {
			return SearchPage{}, fmt.Errorf("serve.search: %w", err)
		}
		out.Total = int(r.Total)
	}
	return out, nil
}

// mealTypes answers the branch's active meal types, for the lists' filters.
func (s *Service) mealTypes(ctx context.Context, branch string) ([]orders.MealTypeRef, error) {
	meals, err := queries.ServeMealTypes(ctx, s.db, branch)
	if err != nil {
		return nil, err
	}
	out := make([]orders.MealTypeRef, len(meals))
	for i, m := range meals {
		out[i] = orders.MealTypeRef{ID: m.ID, Code: m.Code, NameTh: m.NameTh, NameEn: m.NameEn, StartTime: m.StartTime,
			EndTime: m.EndTime, Abbreviation: m.Abbreviation, MealColor: m.MealColor, TextColor: m.TextColor}
	}
	return out, nil
}

// PatientData is the answer of getDataServe.
type PatientData struct {
	Patient any            `json:"patient"`
	Orders  []orders.Order `json:"orders"`
	Records []Record       `json:"records"` // in the order they were made
}

// PatientOrders answers a patient's orders of a date with their serve records.
func (s *Service) PatientOrders(ctx context.Context, branch, hn, date string) (PatientData, error) {
	d, _ := day.Parse(date) // checked by the handler
	r, err := queries.ServePatientOrders(ctx, s.db, dbsqlc.ServePatientOrdersParams{Branch: branch, HnID: hn,
		OnDate: pgtype.Date{Time: d, Valid: true}})
	if errors.Is(err, pgx.ErrNoRows) {
		return PatientData{}, fmt.Errorf("serve.patientOrders: %w", ErrPatientMissing)
	}
	if err != nil {
		return PatientData{}, fmt.Errorf("serve.patientOrders: %w", err)
	}
	docs, err := orders.Orders(ctx, s.db, branch, r.OrderIds)
	if err != nil {
		return PatientData{}, fmt.Errorf("serve.patientOrders: %w", err)
	}
	rows, err := queries.ServePatientRecords(ctx, s.db, dbsqlc.ServePatientRecordsParams{Branch: branch, PatientID: r.ID,
		OnDate: pgtype.Date{Time: d, Valid: true}})
	if err != nil {
		return PatientData{}, fmt.Errorf("serve.patientOrders: %w", err)
	}
	records := make([]Record, len(rows))
	for i, x := range rows {
		records[i] = recordOf(x)
	}
	p, err := patients.NewService(s.db, s.now).Get(ctx, branch, hn)
	if err != nil {
		return PatientData{}, fmt.Errorf("serve.patientOrders: %w", err)
	}
	return PatientData{Patient: p, Orders: docs, Records: records}, nil
}

package params

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"samrap/pkg/db"
	"samrap/pkg/errs"
	"samrap/pkg/i18n"
)

// The area's failures.
var (
	ErrBranchNotFound  = errs.New(errs.NotFound, "params.branchNotFound")
	ErrNotFound        = errs.New(errs.NotFound, "NOT_FOUND")
	ErrDuplicateCode   = &errs.Error{Kind: errs.Conflict, Key: "params.duplicateCode", Fields: map[string]string{"code": "params.duplicateCode"}}
	ErrAgeOverlap      = &errs.Error{Kind: errs.Conflict, Key: "params.ageOverlap", Fields: map[string]string{"startAge": "params.ageOverlap"}}
	ErrInUse           = errs.New(errs.Conflict, "params.inUse")
	ErrTargetHasData   = errs.New(errs.Conflict, "params.targetHasData")
	ErrDuplicateBranch = &errs.Error{Kind: errs.Conflict, Key: "params.duplicateBranch", Fields: map[string]string{"code": "params.duplicateBranch"}}

	errCopyFromNotFound = errs.Fields(map[string]string{"copyFrom": "params.branchNotFound"})
	errTimeZone         = errs.Fields(map[string]string{"timeZone": "params.timeZoneInvalid"})
	errOwnBranch        = &errs.Error{Kind: errs.Conflict, Key: "params.ownBranch", Fields: map[string]string{"active": "params.ownBranch"}}
	errLastBranch       = &errs.Error{Kind: errs.Conflict, Key: "params.lastBranch", Fields: map[string]string{"active": "params.lastBranch"}}
)

// Service holds the rules of master data.
type Service struct {
	db  *db.Pool
	log *slog.Logger
}

// NewService builds the service.
func NewService(pool *db.Pool, log *slog.Logger) *Service { return &Service{db: pool, log: log} }

// Input is a record to write, its fields typed: Text, Clock and Color as string, Bool as
// bool, Int as int64, Ref as int64 (0: unset).
type Input struct {
	ID        int64 // 0: create
	Code      string
	NameTh    string
	NameEn    string
	Active    bool
	StatusSet bool // false: keep the stored status (create: active)
	Values    map[string]any
	List      []int64
	ListSet   bool
}

// readOnly are record fields a client may send back unchanged; they are ignored.
var readOnly = map[string]bool{"updatedAt": true, "updatedBy": true, "createdAt": true, "createdBy": true}

// DecodeInput reads a JSON body into an Input for kind: field → message key for values of
// the wrong type and for a field the kind does not have (field.unknown, so that a misspelt
// field is not silently lost; a 422, as pkg/httpx answers for the other bodies).
func DecodeInput(k *Kind, raw map[string]json.RawMessage) (Input, string, map[string]string) {
	in := Input{Values: map[string]any{}}
	bad := map[string]string{}
	var branch string
	str := func(name string, dst *string) {
		if v, ok := raw[name]; ok && string(v) != "null" {
			if json.Unmarshal(v, dst) != nil {
				bad[name] = "field.invalid"
			}
		}
	}
	for name, v := range raw {
		switch name {
		case "id":
			if string(v) != "null" && json.Unmarshal(v, &in.ID) != nil {
				bad["id"] = "field.invalid"
			}
		case "branchCode":
			str(name, &branch)
		case "code":
			str(name, &in.Code)
		case "nameTh":
			str(name, &in.NameTh)
		case "nameEn":
			str(name, &in.NameEn)
		case "status":
			var s string
			str(name, &s)
			switch strings.ToUpper(strings.TrimSpace(s)) {
			case StatusActive:
				in.Active, in.StatusSet = true, true
			case StatusInactive:
				in.Active, in.StatusSet = false, true
			case "":
			default:
				bad["status"] = "field.invalid"
			}
		default:
			if readOnly[name] {
				continue
			}
			if l := k.List; l != nil && (name == l.JSON || name == l.Display) {
				if name == l.Display {
					continue
				}
				in.ListSet = true
				if string(v) != "null" && json.Unmarshal(v, &in.List) != nil {
					bad[name] = "field.invalid"
				}
				continue
			}
			f, ok := k.Field(name)
			if !ok {
				if isRefDisplay(k, name) {
					continue
				}
				bad[name] = "field.unknown"
				continue
			}
			val, key := jsonValue(f, v)
			if key != "" {
				bad[name] = key
				continue
			}
			in.Values[name] = val
		}
	}
	in.Code, in.NameTh, in.NameEn = strings.TrimSpace(in.Code), strings.TrimSpace(in.NameTh), strings.TrimSpace(in.NameEn)
	return in, branch, bad
}

func isRefDisplay(k *Kind, name string) bool {
	for _, f := range k.Fields {
		if f.Type == Ref {
			b := f.refBase()
			if name == b+"Code" || name == b+"NameTh" || name == b+"NameEn" {
				return true
			}
		}
	}
	return false
}

func jsonValue(f Field, v json.RawMessage) (any, string) {
	if string(v) == "null" {
		switch f.Type {
		case Ref:
			return int64(0), ""
		case Bool:
			return false, ""
		}
		return nil, ""
	}
	switch f.Type {
	case Bool:
		var b bool
		if json.Unmarshal(v, &b) != nil {
			return nil, "field.invalid"
		}
		return b, ""
	case Int, Ref:
		var n int64
		if json.Unmarshal(v, &n) != nil {
			return nil, "field.invalid"
		}
		return n, ""
	case Decimal:
		var n float64
		if json.Unmarshal(v, &n) != nil {
			return nil, "field.invalid"
		}
		return n, ""
	default:
		var s string
		if json.Unmarshal(v, &s) != nil {
			return nil, "field.invalid"
		}
		return strings.TrimSpace(s), ""
	}
}

// ParseCell reads a workbook cell of field f (references are codes, resolved later).
func ParseCell(f Field, s string) (any, string) {
	s = strings.TrimSpace(s)
	switch f.Type {
	case Bool:
		switch strings.ToLower(s) {
		case "", "n", "no", "false", "0", "ไม่ใช่", "ไม่":
			return false, ""
		case "y", "yes", "true", "1", "ใช่":
			return true, ""
		}
		return nil, "params.boolInvalid"
	case Int:
		if s == "" {
			return nil, ""
		}
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			if fl, err2 := strconv.ParseFloat(s, 64); err2 == nil && fl == float64(int64(fl)) {
				return int64(fl), ""
			}
			return nil, "params.intInvalid"
		}
		return n, ""
	case Decimal:
		if s == "" {
			return nil, ""
		}
		n, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return nil, "params.numberInvalid"
		}
		return n, ""
	case Clock:
		if len(s) == 8 && strings.HasSuffix(s, ":00") { // 07:00:00
			s = s[:5]
		}
		if len(s) == 4 && s[1] == ':' { // 7:00
			s = "0" + s
		}
		return s, ""
	case Color:
		if s != "" && s[0] != '#' {
			s = "#" + s
		}
		return s, ""
	default:
		return s, ""
	}
}

// Normalize puts in's values in the form they are stored, whether they came from the API
// or from a workbook: hex colours in upper case ("#ffcc00" → "#FFCC00") and a choice in lower
// case ("Energy" → "energy") and a number to two decimals, so that a colour
// is stored, exported and imported back as the same text. It rewrites in.Values.
func Normalize(k *Kind, in Input) Input {
	for _, f := range k.Fields {
		if s, ok := in.Values[f.JSON].(string); ok && f.Type == Color {
			in.Values[f.JSON] = strings.ToUpper(s)
		}
		if s, ok := in.Values[f.JSON].(string); ok && f.Type == Choice {
			in.Values[f.JSON] = strings.ToLower(s)
		}
		if n, ok := in.Values[f.JSON].(float64); ok && f.Type == Decimal {
			in.Values[f.JSON] = math.Round(n*100) / 100
		}
	}
	return in
}

// Validate checks in against the kind's rules and answers field → message key.
func Validate(k *Kind, in Input) map[string]string {
	bad := map[string]string{}
	switch {
	case in.Code == "":
		bad["code"] = "field.required"
	case !isCode(in.Code):
		bad["code"] = "params.codeInvalid"
	}
	if !k.NoName && strings.TrimSpace(in.NameTh) == "" {
		bad["nameTh"] = "params.nameThRequired"
	}
	if k.NameEn && strings.TrimSpace(in.NameEn) == "" {
		bad["nameEn"] = "params.nameEnRequired"
	}
	if utf8.RuneCountInString(in.NameTh) > 200 {
		bad["nameTh"] = "params.tooLong"
	}
	if utf8.RuneCountInString(in.NameEn) > 200 {
		bad["nameEn"] = "params.tooLong"
	}
	for _, f := range k.Fields {
		v, set := in.Values[f.JSON]
		if s, ok := v.(string); ok && s == "" {
			set = false
		}
		if id, ok := v.(int64); ok && f.Type == Ref && id == 0 {
			set = false
		}
		if v == nil {
			set = false
		}
		if !set {
			if f.Required {
				bad[f.JSON] = "field.required"
			}
			continue
		}
		switch f.Type {
		case Text:
			s := v.(string)
			max := f.Max
			if max == 0 {
				max = 500
			}
			if utf8.RuneCountInString(s) > max {
				bad[f.JSON] = "params.tooLong"
			} else if f.Pattern != "" && !matches(f.Pattern, s) {
				bad[f.JSON] = "params.abbreviationInvalid"
			}
		case Clock:
			if !isClock(v.(string)) {
				bad[f.JSON] = "params.timeInvalid"
			}
		case Color:
			if !isHexColor(v.(string)) {
				bad[f.JSON] = "params.colorInvalid"
			}
		case Choice:
			if !slices.Contains(f.Options, v.(string)) {
				bad[f.JSON] = "field.invalid"
			}
		case Decimal:
			// at least 0, below 10⁸ (rounded to two decimals by Normalize)
			if n := v.(float64); n < 0 || n >= 1e8 || math.IsNaN(n) {
				bad[f.JSON] = "params.numberRange"
			}
		}
	}
	if k.Check != nil && len(bad) == 0 {
		for f, key := range k.Check(in.Values) {
			bad[f] = key
		}
	}
	return bad
}

// Search answers a page of the kind's rows of branch.
func (s *Service) Search(ctx context.Context, k *Kind, branch string, f Filter) ([]Record, int, error) {
	if f.SortBy != "" {
		if _, ok := k.sql().query.sort[f.SortBy]; !ok {
			return nil, 0, errs.Fields(map[string]string{"sortBy": "field.invalid"})
		}
	}
	recs, total, err := selectRecords(ctx, s.db, k, branch, f)
	if err != nil {
		return nil, 0, fmt.Errorf("params.search%s: %w", k.Name, err)
	}
	return recs, total, nil
}

// Active answers the kind's active rows of branch, by code: the choices a screen offers.
func (s *Service) Active(ctx context.Context, k *Kind, branch string) ([]Record, error) {
	recs, _, err := selectRecords(ctx, s.db, k, branch, Filter{Status: StatusActive})
	if err != nil {
		return nil, fmt.Errorf("params.active%s: %w", k.Name, err)
	}
	if recs == nil {
		recs = []Record{}
	}
	return recs, nil
}

// All answers every row of the kind in branch, by code (exports).
func (s *Service) All(ctx context.Context, k *Kind, branch string) ([]Record, error) {
	recs, _, err := selectRecords(ctx, s.db, k, branch, Filter{})
	if err != nil {
		return nil, fmt.Errorf("params.all%s: %w", k.Name, err)
	}
	return recs, nil
}

// Save creates (in.ID == 0) or updates a row, with its change-log row, in one statement
// (write.go). A status or list left out of an update keeps its stored value.
func (s *Service) Save(ctx context.Context, k *Kind, branch, by string, in Input) (Record, error) {
	in = Normalize(k, in)
	if bad := Validate(k, in); len(bad) > 0 {
		return nil, errs.Fields(bad)
	}
	rec, err := saveRecord(ctx, s.db, k, branch, by, in.ID, in)
	if err != nil {
		return nil, fmt.Errorf("params.update%s: %w", k.Name, writeErr(k, err))
	}
	return rec, nil
}

// Delete removes a row unless something uses it (the database's foreign keys decide), with
// its change-log row, in one statement.
func (s *Service) Delete(ctx context.Context, k *Kind, branch, by string, id int64) error {
	if err := removeRecord(ctx, s.db, k, branch, by, id); err != nil {
		return fmt.Errorf("params.delete%s: %w", k.Name, deleteErr(err))
	}
	return nil
}

// InUse answers the failure for a delete refused because table references the row.
func InUse(table string) *errs.Error {
	key := usedInKey(table)
	if !i18n.Has(key) {
		key = ErrInUse.Key
	}
	return &errs.Error{Kind: errs.Conflict, Key: key, Data: map[string]any{"usedIn": strings.TrimPrefix(key, "params.usedIn.")}}
}

func deleteErr(err error) error {
	if errors.Is(err, db.ErrNotFound) {
		return fmt.Errorf("%w: %w", ErrNotFound, err)
	}
	if _, table, ok := db.IsForeignKeyViolation(err); ok {
		return fmt.Errorf("%w: %w", InUse(table), err)
	}
	return err
}

// writeErr maps a constraint violation of a write to the caller's failure.
func writeErr(k *Kind, err error) error {
	if errors.Is(err, db.ErrNotFound) {
		return fmt.Errorf("%w: %w", ErrNotFound, err)
	}
	if c, ok := db.IsUniqueViolation(err); ok && c == k.Table+"_code_key" {
		return fmt.Errorf("%w: %w", ErrDuplicateCode, err)
	}
	if c, ok := db.IsUniqueViolation(err); ok && k.Unique != nil && c == k.Unique.Constraint {
		return fmt.Errorf("%w: %w", &errs.Error{Kind: errs.Conflict, Key: k.Unique.Key,
			Fields: map[string]string{k.Unique.Field: k.Unique.Key}}, err)
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23P01" {
		return fmt.Errorf("%w: %w", ErrAgeOverlap, err)
	}
	if c, _, ok := db.IsForeignKeyViolation(err); ok {
		if f := fkField(k, c); f != "" {
			return fmt.Errorf("%w: %w", errs.Fields(map[string]string{f: "params.refNotFound"}), err)
		}
	}
	return err
}

// fkField answers the field whose foreign key is constraint.
func fkField(k *Kind, constraint string) string {
	for _, f := range k.Fields {
		if f.Type == Ref && constraint == k.Table+"_"+strings.TrimSuffix(f.Column, "_id")+"_fkey" {
			return f.JSON
		}
	}
	if l := k.List; l != nil && constraint == l.Table+"_"+strings.TrimSuffix(l.ItemColumn, "_id")+"_fkey" {
		return l.JSON
	}
	return ""
}

// CopyBranch copies every master-data row of from into to, which must have none, in one
// transaction: one INSERT … SELECT per kind (references and lists mapped by code).
func (s *Service) CopyBranch(ctx context.Context, from, to, by string) (map[string]int64, error) {
	var counts map[string]int64
	err := db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		var err error
		counts, err = copyMasterData(ctx, tx, from, to, by)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("params.copyBranch: %w", err)
	}
	return counts, nil
}

// copyMasterData copies inside tx every master-data row of from into to, which must have
// none, with the change log; ErrBranchNotFound when either branch does not exist.
func copyMasterData(ctx context.Context, tx pgx.Tx, from, to, by string) (map[string]int64, error) {
	var n int
	if err := tx.QueryRow(ctx, `SELECT count(*) FROM branch WHERE code IN ($1, $2)`, from, to).Scan(&n); err != nil {
		return nil, err
	}
	if n != 2 || from == to {
		return nil, ErrBranchNotFound
	}
	has, err := hasMasterData(ctx, tx, to)
	if err != nil {
		return nil, err
	}
	if has {
		return nil, ErrTargetHasData
	}
	counts := map[string]int64{}
	for _, k := range kinds {
		c, err := copyKind(ctx, tx, k, from, to, by)
		if err != nil {
			return nil, err
		}
		if err := copyLog(ctx, tx, k, to, by); err != nil {
			return nil, err
		}
		counts[k.Name] = c
	}
	return counts, nil
}

// DefaultTimeZone is a new branch's time zone when none is given (ARCHITECTURE.md §5).
const DefaultTimeZone = "Asia/Bangkok"

// NewBranch is a branch to add: its code, names and time zone, and optionally the branch
// whose master data it starts from.
type NewBranch struct {
	Code     string
	NameTh   string
	NameEn   string
	TimeZone string // "": DefaultTimeZone
	CopyFrom string // "": start empty
}

// CreatedBranch is a branch just added and, when it copied another branch's master data,
// the rows copied per kind.
type CreatedBranch struct {
	Branch
	CopiedFrom string           `json:"copiedFrom,omitempty"`
	Copied     map[string]int64 `json:"copied,omitempty"`
}

// ValidateBranch checks a branch to add and answers field → message key. The code follows
// the branch table's rule: 2 to 20 capital letters, digits, "-" or "_".
func ValidateBranch(b NewBranch) map[string]string {
	bad := map[string]string{}
	switch {
	case b.Code == "":
		bad["code"] = "field.required"
	case !isBranchCode(b.Code):
		bad["code"] = "params.branchCodeInvalid"
	}
	switch {
	case b.NameTh == "":
		bad["nameTh"] = "params.nameThRequired"
	case utf8.RuneCountInString(b.NameTh) > 200:
		bad["nameTh"] = "params.tooLong"
	}
	if utf8.RuneCountInString(b.NameEn) > 200 {
		bad["nameEn"] = "params.tooLong"
	}
	if len(b.TimeZone) > 64 {
		bad["timeZone"] = "params.timeZoneInvalid"
	}
	if b.CopyFrom != "" && !isBranchCode(b.CopyFrom) {
		bad["copyFrom"] = "params.branchNotFound"
	}
	return bad
}

// CreateBranch adds a branch (with its change-log row) and, when in.CopyFrom names one,
// copies that branch's master data into it, in one transaction: a failure writes nothing.
// The time zone must be one PostgreSQL knows by its IANA name.
func (s *Service) CreateBranch(ctx context.Context, in NewBranch, by string) (CreatedBranch, error) {
	in.Code, in.NameTh, in.NameEn = strings.TrimSpace(in.Code), strings.TrimSpace(in.NameTh), strings.TrimSpace(in.NameEn)
	in.TimeZone, in.CopyFrom = strings.TrimSpace(in.TimeZone), strings.TrimSpace(in.CopyFrom)
	if in.TimeZone == "" {
		in.TimeZone = DefaultTimeZone
	}
	if bad := ValidateBranch(in); len(bad) > 0 {
		return CreatedBranch{}, errs.Fields(bad)
	}
	var out CreatedBranch
	err := db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		b, err := insertBranch(ctx, tx, in, by)
		if err != nil {
			return err
		}
		out.Branch = b
		if in.CopyFrom == "" {
			return nil
		}
		counts, err := copyMasterData(ctx, tx, in.CopyFrom, b.Code, by)
		if errors.Is(err, ErrBranchNotFound) {
			return errCopyFromNotFound
		}
		out.CopiedFrom, out.Copied = in.CopyFrom, counts
		return err
	})
	if err != nil {
		return CreatedBranch{}, fmt.Errorf("params.createBranch: %w", err)
	}
	return out, nil
}

// patterns are the kinds' field patterns, compiled on first use rather than at package
// init (ARCHITECTURE.md §10: package init under 1 ms).
var patterns = sync.OnceValue(func() map[string]*regexp.Regexp {
	m := map[string]*regexp.Regexp{}
	for _, k := range kinds {
		for _, f := range k.Fields {
			if f.Pattern != "" {
				m[f.Pattern] = regexp.MustCompile(f.Pattern)
			}
		}
	}
	return m
})

func matches(pattern, s string) bool {
	re, ok := patterns()[pattern]
	return ok && re.MatchString(s)
}

// BranchUpdate is what a Super Admin changes of a branch; its code stays.
type BranchUpdate struct {
	Code     string
	NameTh   string
	NameEn   string
	TimeZone string // "": DefaultTimeZone
	Active   bool
}

// AllBranches answers every branch, inactive ones included.
func (s *Service) AllBranches(ctx context.Context) ([]BranchStatus, error) {
	list, err := allBranches(ctx, s.db)
	if err != nil {
		return nil, fmt.Errorf("params.allBranches: %w", err)
	}
	return list, nil
}

// UpdateBranch changes a branch, with its change-log row. Nobody deactivates the branch they
// are working in (current) — another Super Admin's session would do it — nor the group's
// last active branch. Deactivating ends the sessions working in the branch at their next
// request (the token check reads the branch's state).
func (s *Service) UpdateBranch(ctx context.Context, in BranchUpdate, current, by string) (BranchStatus, error) {
	in.Code, in.NameTh, in.NameEn, in.TimeZone = strings.TrimSpace(in.Code), strings.TrimSpace(in.NameTh), strings.TrimSpace(in.NameEn), strings.TrimSpace(in.TimeZone)
	if in.TimeZone == "" {
		in.TimeZone = DefaultTimeZone
	}
	if bad := ValidateBranch(NewBranch{Code: in.Code, NameTh: in.NameTh, NameEn: in.NameEn, TimeZone: in.TimeZone}); len(bad) > 0 {
		return BranchStatus{}, errs.Fields(bad)
	}
	if !in.Active && in.Code == current {
		return BranchStatus{}, errOwnBranch
	}
	var out BranchStatus
	err := db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		var err error
		out, err = updateBranch(ctx, tx, in, by)
		if err != nil {
			return err
		}
		if !in.Active {
			var n int
			if err := tx.QueryRow(ctx, `SELECT count(*) FROM branch WHERE active`).Scan(&n); err != nil {
				return fmt.Errorf("count active branches: %w", err)
			}
			if n == 0 {
				return errLastBranch
			}
		}
		return nil
	})
	if err != nil {
		return BranchStatus{}, fmt.Errorf("params.updateBranch: %w", err)
	}
	return out, nil
}

// Package performance is the work performance area (issue 17, docs/performance.md): figures
// of a date range from the orders and serve records — trays served on time per meal type,
// ward and date, scan mismatches by reason, trays rejected, orders needing review and their
// wait, orders taken and trays served per person — and their workbook.
package performance

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/jackc/pgx/v5/pgtype"

	"samrap/pkg/day"
	"samrap/pkg/db"
	"samrap/pkg/db/dbsqlc"
	"samrap/pkg/i18n"
	"samrap/pkg/serve"
	"samrap/pkg/session"
)

var queries = dbsqlc.New()

// Service reads the figures.
type Service struct {
	db  *db.Pool
	now func() time.Time
}

// NewService builds the service; now answers the time (the Env's Now).
func NewService(pool *db.Pool, now func() time.Time) *Service { return &Service{db: pool, now: now} }

// Filter selects the orders: order dates DateFrom to DateTo (YYYY-MM-DD, both included; Days
// once read), the wards (the patients' wards now) and meal types; nil is every one.
type Filter struct {
	DateFrom    string    `json:"dateFrom"`
	DateTo      string    `json:"dateTo"`
	Days        day.Range `json:"-"`
	WardIDs     []int64   `json:"wardIds"`
	MealTimeIDs []int64   `json:"mealTimeIds"`
	EntryBranch string    `json:"entryBranch,omitempty"`
}

// Counts are trays by serve time (docs/performance.md "on time"). OnTimePct is OnTime out of
// the trays whose end time has passed (OnTime + Late + NotServed), null when there are none.
type Counts struct {
	Trays     int64    `json:"trays"`
	OnTime    int64    `json:"onTime"`
	Late      int64    `json:"late"`
	NotServed int64    `json:"notServed"`
	Pending   int64    `json:"pending"`
	OnTimePct *float64 `json:"onTimePct"`
	// Collected: the served trays whose intake was recorded when they came back (issue 27
	// §3); CollectedPct is Collected out of the trays served (OnTime + Late), null when none was.
	Collected    int64    `json:"collected"`
	CollectedPct *float64 `json:"collectedPct"`
}

func (c *Counts) add(r dbsqlc.PerfTraysRow) {
	c.OnTime += r.OnTime
	c.Late += r.Late
	c.NotServed += r.NotServed
	c.Pending += r.Pending
	c.Collected += r.Collected
	c.Trays = c.OnTime + c.Late + c.NotServed + c.Pending
	c.OnTimePct = pct(c.OnTime, c.OnTime+c.Late+c.NotServed)
	c.CollectedPct = pct(c.Collected, c.OnTime+c.Late)
}

// pct is n out of of in % with one decimal, nil when of is 0.
func pct(n, of int64) *float64 {
	if of == 0 {
		return nil
	}
	p := math.Round(float64(n)*1000/float64(of)) / 10
	return &p
}

// MealGroup is the trays of one meal type.
type MealGroup struct {
	ID         int64  `json:"id"`
	BranchCode string `json:"branchCode"`
	Code       string `json:"code"`
	NameTh     string `json:"nameTh"`
	NameEn     string `json:"nameEn"`
	MealColor  string `json:"mealColor"`
	TextColor  string `json:"textColor"`
	StartTime  string `json:"startTime"`
	EndTime    string `json:"endTime"`
	Counts
}

// WardGroup is the trays of one ward (ID 0: patients without a ward).
type WardGroup struct {
	ID         int64  `json:"id"`
	BranchCode string `json:"branchCode"`
	Code       string `json:"code"`
	NameTh     string `json:"nameTh"`
	NameEn     string `json:"nameEn"`
	Counts
}

// DateGroup is the trays of one order date.
type DateGroup struct {
	Date string `json:"date"`
	Counts
}

// ReasonCount is a reason and how many times it was given.
type ReasonCount struct {
	Reason string `json:"reason"`
	Label  string `json:"label"`
	Count  int64  `json:"count"`
}

// Mismatches are the verifications that answered no match.
type Mismatches struct {
	Scans    int64         `json:"scans"`
	ByReason []ReasonCount `json:"byReason"`
}

// Rejections are the trays rejected at the bedside.
type Rejections struct {
	Records  int64         `json:"records"`
	Trays    int64         `json:"trays"`
	ByReason []ReasonCount `json:"byReason"`
}

// Review is the orders flagged "needs review" and their wait, in minutes.
type Review struct {
	Flagged              int64   `json:"flagged"`
	Reviewed             int64   `json:"reviewed"`
	MedianMinutes        float64 `json:"medianMinutes"`
	P90Minutes           float64 `json:"p90Minutes"`
	MaxMinutes           float64 `json:"maxMinutes"`
	Waiting              int64   `json:"waiting"`
	OldestWaitingMinutes float64 `json:"oldestWaitingMinutes"`
}

// Person is one person's count of orders taken or trays served.
type Person struct {
	Person string `json:"person"`
	NameTh string `json:"nameTh"`
	NameEn string `json:"nameEn"`
	Count  int64  `json:"count"`
	Other  int64  `json:"other"` // orders: cancelled among them; serve: rejections
}

// Figures is the answer of workPerformance.
type Figures struct {
	DateFrom    string      `json:"dateFrom"`
	DateTo      string      `json:"dateTo"`
	Orders      int64       `json:"orders"`
	Total       Counts      `json:"total"`
	ByMeal      []MealGroup `json:"byMeal"`
	ByWard      []WardGroup `json:"byWard"`
	ByDate      []DateGroup `json:"byDate"`
	Mismatches  Mismatches  `json:"mismatches"`
	Rejections  Rejections  `json:"rejections"`
	Review      Review      `json:"review"`
	OrderTakers []Person    `json:"orderTakers"`
	Servers     []Person    `json:"servers"`
	Choices     Choices     `json:"choices"`
}

// Choice is a ward or meal type the filters offer.
type Choice struct {
	ID         int64  `json:"id"`
	BranchCode string `json:"branchCode"`
	Code       string `json:"code"`
	NameTh     string `json:"nameTh"`
	NameEn     string `json:"nameEn"`
}

// Choices are the filters' lists of the scope (the Branch Admin's wards are not readable
// through the master data for a Super Admin of every branch; these are).
type Choices struct {
	Wards     []Choice `json:"wards"`
	MealTypes []Choice `json:"mealTypes"`
}

func date(t time.Time) pgtype.Date { return pgtype.Date{Time: t, Valid: true} }

func round1(v float64) float64 { return math.Round(v*10) / 10 }

// Figures reads the figures of f in the scope; reasons are labelled in lang. Each step
// reads one figure into out.
func (s *Service) Figures(ctx context.Context, sc session.Scope, f Filter, lang i18n.Lang) (Figures, error) {
	out := Figures{DateFrom: f.DateFrom, DateTo: f.DateTo, ByMeal: []MealGroup{}, ByWard: []WardGroup{}, ByDate: []DateGroup{},
		Mismatches: Mismatches{ByReason: []ReasonCount{}}, Rejections: Rejections{ByReason: []ReasonCount{}},
		OrderTakers: []Person{}, Servers: []Person{}, Choices: Choices{Wards: []Choice{}, MealTypes: []Choice{}}}
	if err := s.readTrays(ctx, sc, f, &out); err != nil {
		return out, fmt.Errorf("performance: trays: %w", err)
	}
	if err := s.readMismatches(ctx, sc, f, lang, &out.Mismatches); err != nil {
		return out, fmt.Errorf("performance: mismatches: %w", err)
	}
	if err := s.readRejections(ctx, sc, f, &out.Rejections); err != nil {
		return out, fmt.Errorf("performance: rejections: %w", err)
	}
	if err := s.readReview(ctx, sc, f, &out.Review); err != nil {
		return out, fmt.Errorf("performance: review: %w", err)
	}
	if err := s.readOrderTakers(ctx, sc, f, &out); err != nil {
		return out, fmt.Errorf("performance: order takers: %w", err)
	}
	if err := s.readServers(ctx, sc, f, &out.Servers); err != nil {
		return out, fmt.Errorf("performance: servers: %w", err)
	}
	if err := s.readChoices(ctx, sc, &out.Choices); err != nil {
		return out, fmt.Errorf("performance: choices: %w", err)
	}
	return out, nil
}

// readTrays reads the trays by serve time and counts them into out: in all, by meal type,
// by ward and by date.
func (s *Service) readTrays(ctx context.Context, sc session.Scope, f Filter, out *Figures) error {
	trays, err := queries.PerfTrays(ctx, s.db, dbsqlc.PerfTraysParams{Now: pgtype.Timestamptz{Time: s.now(), Valid: true},
		AllBranches: sc.All, Branch: sc.Current, EntryBranch: sc.Branch, DateFrom: date(f.Days.From), DateTo: date(f.Days.To),
		WardIds: f.WardIDs, MealTimeIds: f.MealTimeIDs})
	if err != nil {
		return err
	}
	countTrays(trays, out)
	return nil
}

// countTrays adds each row to the total and to the groups of its meal type, ward and date,
// each group in the order its first row comes; then the wards are ordered by compareWards.
func countTrays(trays []dbsqlc.PerfTraysRow, out *Figures) {
	type wardKey struct {
		branch string
		id     int64
	}
	meals, wards, dates := map[int64]int{}, map[wardKey]int{}, map[string]int{}
	for _, r := range trays {
		out.Total.add(r)
		i, ok := meals[r.MealTimeID]
		if !ok {
			i = len(out.ByMeal)
			meals[r.MealTimeID] = i
			out.ByMeal = append(out.ByMeal, MealGroup{ID: r.MealTimeID, BranchCode: r.BranchCode, Code: r.MealCode, NameTh: r.MealNameTh, NameEn: r.MealNameEn,
				MealColor: r.MealColor, TextColor: r.TextColor, StartTime: r.StartTime, EndTime: r.EndTime})
		}
		out.ByMeal[i].add(r)
		i, ok = wards[wardKey{r.BranchCode, r.WardID}]
		if !ok {
			i = len(out.ByWard)
			wards[wardKey{r.BranchCode, r.WardID}] = i
			out.ByWard = append(out.ByWard, WardGroup{ID: r.WardID, BranchCode: r.BranchCode, Code: r.WardCode, NameTh: r.WardNameTh, NameEn: r.WardNameEn})
		}
		out.ByWard[i].add(r)
		d := r.OrderDate.Time.Format(time.DateOnly)
		i, ok = dates[d]
		if !ok {
			i = len(out.ByDate)
			dates[d] = i
			out.ByDate = append(out.ByDate, DateGroup{Date: d})
		}
		out.ByDate[i].add(r)
	}
	slices.SortStableFunc(out.ByWard, compareWards)
}

// compareWards orders wards by branch and code, patients without a ward (no code) last.
func compareWards(a, b WardGroup) int {
	if c := cmp.Compare(a.BranchCode, b.BranchCode); c != 0 {
		return c
	}
	switch {
	case a.Code == b.Code:
		return 0
	case a.Code == "":
		return 1
	case b.Code == "":
		return -1
	}
	return cmp.Compare(a.Code, b.Code)
}

// readMismatches reads the scans that answered no match into mm: the scans, and how many
// gave each reason (labelled in lang).
func (s *Service) readMismatches(ctx context.Context, sc session.Scope, f Filter, lang i18n.Lang, mm *Mismatches) error {
	rows, err := queries.PerfMismatches(ctx, s.db, dbsqlc.PerfMismatchesParams{AllBranches: sc.All, Branch: sc.Current,
		EntryBranch: sc.Branch, DateFrom: date(f.Days.From), DateTo: date(f.Days.To), WardIds: f.WardIDs, MealTimeIds: f.MealTimeIDs})
	if err != nil {
		return err
	}
	for _, r := range rows {
		if r.Reason == "" {
			mm.Scans = r.N
			continue
		}
		mm.ByReason = append(mm.ByReason, ReasonCount{Reason: r.Reason, Label: reasonLabel(lang, r.Reason), Count: r.N})
	}
	return nil
}

// readRejections reads the trays rejected at the bedside into rj: the records and trays,
// and how many records gave each reason (as typed).
func (s *Service) readRejections(ctx context.Context, sc session.Scope, f Filter, rj *Rejections) error {
	rows, err := queries.PerfRejections(ctx, s.db, dbsqlc.PerfRejectionsParams{AllBranches: sc.All, Branch: sc.Current,
		EntryBranch: sc.Branch, DateFrom: date(f.Days.From), DateTo: date(f.Days.To), WardIds: f.WardIDs, MealTimeIds: f.MealTimeIDs})
	if err != nil {
		return err
	}
	for _, r := range rows {
		if r.Reason == "" {
			rj.Records, rj.Trays = r.N, r.Trays
			continue
		}
		rj.ByReason = append(rj.ByReason, ReasonCount{Reason: r.Reason, Label: r.Reason, Count: r.N})
	}
	return nil
}

// readReview reads the orders flagged for review and their wait into rv, the minutes to
// one decimal.
func (s *Service) readReview(ctx context.Context, sc session.Scope, f Filter, rv *Review) error {
	r, err := queries.PerfReview(ctx, s.db, dbsqlc.PerfReviewParams{Now: pgtype.Timestamptz{Time: s.now(), Valid: true},
		AllBranches: sc.All, Branch: sc.Current, EntryBranch: sc.Branch, DateFrom: date(f.Days.From), DateTo: date(f.Days.To),
		WardIds: f.WardIDs, MealTimeIds: f.MealTimeIDs})
	if err != nil {
		return err
	}
	*rv = Review{Flagged: r.Flagged, Reviewed: r.Reviewed, MedianMinutes: round1(r.MedianMinutes),
		P90Minutes: round1(r.P90Minutes), MaxMinutes: round1(r.MaxMinutes), Waiting: r.Waiting,
		OldestWaitingMinutes: round1(r.OldestWaitingMinutes)}
	return nil
}

// readOrderTakers reads the orders taken per person (cancelled among them) into out, and
// their sum as its orders.
func (s *Service) readOrderTakers(ctx context.Context, sc session.Scope, f Filter, out *Figures) error {
	rows, err := queries.PerfOrderTakers(ctx, s.db, dbsqlc.PerfOrderTakersParams{AllBranches: sc.All, Branch: sc.Current,
		EntryBranch: sc.Branch, DateFrom: date(f.Days.From), DateTo: date(f.Days.To), WardIds: f.WardIDs, MealTimeIds: f.MealTimeIDs})
	if err != nil {
		return err
	}
	for _, r := range rows {
		out.Orders += r.Orders
		out.OrderTakers = append(out.OrderTakers, Person{Person: r.Person, NameTh: r.NameTh, NameEn: r.NameEn, Count: r.Orders, Other: r.Cancelled})
	}
	return nil
}

// readServers reads the trays served per person (rejections among them) into servers.
func (s *Service) readServers(ctx context.Context, sc session.Scope, f Filter, servers *[]Person) error {
	rows, err := queries.PerfServers(ctx, s.db, dbsqlc.PerfServersParams{AllBranches: sc.All, Branch: sc.Current,
		EntryBranch: sc.Branch, DateFrom: date(f.Days.From), DateTo: date(f.Days.To), WardIds: f.WardIDs, MealTimeIds: f.MealTimeIDs})
	if err != nil {
		return err
	}
	for _, r := range rows {
		*servers = append(*servers, Person{Person: r.Person, NameTh: r.NameTh, NameEn: r.NameEn, Count: r.Served, Other: r.Rejected})
	}
	return nil
}

// readChoices reads the scope's wards and meal types, the filters' lists, into ch.
func (s *Service) readChoices(ctx context.Context, sc session.Scope, ch *Choices) error {
	rows, err := queries.PerfChoices(ctx, s.db, dbsqlc.PerfChoicesParams{AllBranches: sc.All, Branch: sc.Current, EntryBranch: sc.Branch})
	if err != nil {
		return err
	}
	for _, r := range rows {
		c := Choice{ID: r.ID, BranchCode: r.BranchCode, Code: r.Code, NameTh: r.NameTh, NameEn: r.NameEn}
		if r.Kind == "WARD" {
			ch.Wards = append(ch.Wards, c)
		} else {
			ch.MealTypes = append(ch.MealTypes, c)
		}
	}
	return nil
}

// reasonLabel is a mismatch reason's label: the serve area's message of the code.
func reasonLabel(lang i18n.Lang, code string) string {
	if key := serve.ReasonKey(code); key != "" {
		return i18n.T(lang, key)
	}
	return code
}

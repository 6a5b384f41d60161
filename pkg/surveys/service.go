// Package surveys is the patient satisfaction area (issue 17, docs/surveys.md): a short
// survey per tray, answered from the meal card's second QR code (a public link, no sign-in,
// one answer per order, rate limited, no personal data) or entered by staff for a patient,
// and its results by ward, meal type, dish and date for the branch's administrators.
package surveys

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
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
	"samrap/pkg/i18n"
	"samrap/pkg/session"
)

// The statements are in pkg/db/dbsqlc/surveys.sql.
var queries = dbsqlc.New()

// Failures the caller is told about.
var (
	ErrNotFound = errs.WithCode(errs.NotFound, "SURVEY_NOT_FOUND", "surveys.notFound")
	ErrExpired  = errs.WithCode(errs.Gone, "SURVEY_EXPIRED", "surveys.expired")
	ErrAnswered = errs.WithCode(errs.Conflict, "SURVEY_ANSWERED", "surveys.answered")
)

// Sources of an answer.
const (
	SourceQR    = "QR"
	SourceStaff = "STAFF"
)

// Questions is the survey: the keys, in order; each answer is a whole number 1 to 5. Their
// labels are the i18n messages "surveys.q.<key>".
var Questions = []string{"taste", "temperature", "portion", "onTime", "overall"}

// MaxComment is the longest comment, in characters.
const MaxComment = 500

// Limit is how many requests a key allows within Window; the request past them is refused
// (429 RATE_LIMITED) until Window has passed since.
type Limit struct {
	Requests int
	Window   time.Duration
}

// The public link's limits, counted in the database (auth_throttle, the sign-in throttle's
// table and statement) so that they hold across Lambdas. Not per address: the patients'
// phones on a hospital's guest Wi-Fi share one public address at meal times, and a limit of
// the address would turn one ward's answers away at the next's (issue 31).
//
// TokenLimit counts the requests of one link (GET and POST, from any address, keys
// "survey-token:<order id>"): a patient opens and answers their own tray's page a few times,
// and a token cannot be answered twice, so it only has to stop one link being hammered.
// GuessLimit counts, per client address ("survey-guess:<address>"), the requests whose token
// is not one of ours (the seal does not verify): nobody with a card's link sends one, and a
// token cannot be guessed (80-bit seal), so it only stops a flood of guesses, and an address
// past it still opens the links it really holds.
var (
	TokenLimit = Limit{Requests: 20, Window: 10 * time.Minute}
	GuessLimit = Limit{Requests: 30, Window: 10 * time.Minute}
)

// Service keeps the surveys.
type Service struct {
	db        *db.Pool
	now       func() time.Time
	key       func(context.Context) ([]byte, error)
	publicURL string
}

// NewService answers the service over pool; now answers the time (the Env's Now), key the
// token key (TokenKey); publicURL is where people open Samrap (the links).
func NewService(pool *db.Pool, now func() time.Time, key func(context.Context) ([]byte, error), publicURL string) *Service {
	return &Service{db: pool, now: now, key: key, publicURL: publicURL}
}

// Answers are one survey's scores, 1 to 5 each (nil: not answered).
type Answers struct {
	Taste       *int `json:"taste"`
	Temperature *int `json:"temperature"`
	Portion     *int `json:"portion"`
	OnTime      *int `json:"onTime"`
	Overall     *int `json:"overall"`
}

func (a Answers) fields() []*int {
	return []*int{a.Taste, a.Temperature, a.Portion, a.OnTime, a.Overall}
}

// problems adds the missing or out-of-range answers and a comment too long to bad.
func (a Answers) problems(comment string, bad map[string]string) {
	for i, v := range a.fields() {
		switch {
		case v == nil:
			bad["answers."+Questions[i]] = "field.required"
		case *v < 1 || *v > 5:
			bad["answers."+Questions[i]] = "surveys.answerRange"
		}
	}
	if len([]rune(comment)) > MaxComment {
		bad["comment"] = "field.tooLong"
	}
}

// Question is a question with its labels.
type Question struct {
	Key string `json:"key"`
	Th  string `json:"th"`
	En  string `json:"en"`
}

// MealType names a meal type.
type MealType struct {
	ID     int64  `json:"id,omitempty"`
	NameTh string `json:"nameTh"`
	NameEn string `json:"nameEn"`
	Color  string `json:"color"`
}

// Public is what the public page shows: no patient name, HN, ward or bed.
type Public struct {
	Date      string     `json:"date"`
	MealType  MealType   `json:"mealType"`
	Questions []Question `json:"questions"`
	Answered  bool       `json:"answered"`
}

// QuestionList answers the questions with their Thai and English labels.
func QuestionList() []Question {
	out := make([]Question, len(Questions))
	for i, k := range Questions {
		out[i] = Question{k, i18n.T(i18n.TH, "surveys.q."+k), i18n.T(i18n.EN, "surveys.q."+k)}
	}
	return out
}

func dateOf(d pgtype.Date) string { return d.Time.Format(time.DateOnly) }

// Admit counts one request of the public link against its limits and answers the order id
// the token names: against TokenLimit when the token's seal is ours (it names an order
// Samrap made; orders are never deleted), against the address's GuessLimit otherwise, which
// is then ErrNotFound. Past a limit: errs.Retry (429 RATE_LIMITED).
func (s *Service) Admit(ctx context.Context, token, address string) (string, error) {
	key, err := s.key(ctx)
	if err != nil {
		return "", fmt.Errorf("surveys: key: %w", err)
	}
	id, err := VerifyToken(key, token)
	if err != nil {
		if err := s.count(ctx, "survey-guess:"+address, GuessLimit); err != nil {
			return "", err
		}
		return "", ErrNotFound
	}
	// the order's id rather than the token: the token opens the survey, the id alone does not
	if err := s.count(ctx, "survey-token:"+id, TokenLimit); err != nil {
		return "", err
	}
	return id, nil
}

// count counts one request against key, with the sign-in throttle's atomic statement so
// that concurrent requests cannot all pass a check made before any of them is recorded.
func (s *Service) count(ctx context.Context, key string, l Limit) error {
	now := s.now()
	lock := now.Add(l.Window)
	until, err := queries.AuthThrottleHit(ctx, s.db, dbsqlc.AuthThrottleHitParams{Key: key, Now: now,
		WindowFrom: now.Add(-l.Window), MaxAttempts: int32(l.Requests), LockUntil: &lock})
	if err != nil {
		return fmt.Errorf("surveys: throttle: %w", err)
	}
	if until != nil && until.After(now) {
		e := errs.Retry(int(math.Ceil(until.Sub(now).Seconds())))
		e.Code = "RATE_LIMITED"
		return e
	}
	return nil
}

// liveOrder answers the live tray of orderID (Admit's answer), refusing an unknown or
// cancelled order (ErrNotFound) and a link past the end of the day after the tray's date
// (ErrExpired); before the tray's date the link is not open yet (ErrNotFound).
func (s *Service) liveOrder(ctx context.Context, orderID string) (dbsqlc.SurveyOrderRow, error) {
	o, err := queries.SurveyOrder(ctx, s.db, orderID)
	if errors.Is(err, pgx.ErrNoRows) || (err == nil && !o.Live) {
		return o, ErrNotFound
	}
	if err != nil {
		return o, fmt.Errorf("surveys: order: %w", err)
	}
	d := o.OrderDate.Time
	opens := time.Date(d.Year(), d.Month(), d.Day(), 0, 0, 0, 0, day.Bangkok)
	now := s.now()
	if now.Before(opens) {
		return o, ErrNotFound
	}
	if !now.Before(opens.AddDate(0, 0, 2)) {
		return o, ErrExpired
	}
	return o, nil
}

// PublicPage answers the page of a link, orderID being Admit's answer.
func (s *Service) PublicPage(ctx context.Context, orderID string) (Public, error) {
	o, err := s.liveOrder(ctx, orderID)
	if err != nil {
		return Public{}, err
	}
	return Public{Date: dateOf(o.OrderDate), MealType: MealType{NameTh: o.MealNameTh, NameEn: o.MealNameEn, Color: o.MealColor},
		Questions: QuestionList(), Answered: o.Answered}, nil
}

// Entry is one survey to record.
type Entry struct {
	Answers Answers `json:"answers"`
	Comment string  `json:"comment"`
	Lang    string  `json:"lang"`
}

// AnswerPublic records the answer of a link's tray (source QR, nobody signed in), orderID
// being Admit's answer.
func (s *Service) AnswerPublic(ctx context.Context, orderID string, e Entry, address string) error {
	o, err := s.liveOrder(ctx, orderID)
	if err != nil {
		return err
	}
	return s.insert(ctx, o, e, SourceQR, nil, address)
}

// AnswerStaff records the answer staff enter for a tray of their branch.
func (s *Service) AnswerStaff(ctx context.Context, by *session.Claims, branch, orderID string, e Entry, address string) error {
	if !uuidShape().MatchString(orderID) {
		return ErrNotFound
	}
	o, err := queries.SurveyOrder(ctx, s.db, strings.ToLower(orderID))
	if errors.Is(err, pgx.ErrNoRows) || (err == nil && (!o.Live || o.BranchCode != branch)) {
		return ErrNotFound
	}
	if err != nil {
		return fmt.Errorf("surveys: order: %w", err)
	}
	return s.insert(ctx, o, e, SourceStaff, by, address)
}

func (s *Service) insert(ctx context.Context, o dbsqlc.SurveyOrderRow, e Entry, source string, by *session.Claims, address string) error {
	a := e.Answers
	p := dbsqlc.SurveyInsertParams{BranchCode: o.BranchCode, OrderID: o.ID, WardID: o.WardID,
		Taste: int16(*a.Taste), Temperature: int16(*a.Temperature), Portion: int16(*a.Portion), OnTime: int16(*a.OnTime),
		Overall: int16(*a.Overall), Comment: strings.TrimSpace(e.Comment), Source: source, Lang: e.Lang}
	act := audit.Activity{BranchCode: o.BranchCode, Action: "surveys.answered", Address: address,
		Detail: map[string]any{"orderId": o.ID, "source": source}}
	if by != nil {
		p.EnteredBy, act.UserID, act.Actor = by.EmployeeCode, by.UserID, by.EmployeeCode
	}
	if p.Lang == "" {
		p.Lang = string(i18n.TH)
	}
	return db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		if _, err := queries.SurveyInsert(ctx, tx, p); errors.Is(err, pgx.ErrNoRows) {
			return ErrAnswered
		} else if err != nil {
			return fmt.Errorf("surveys: insert: %w", err)
		}
		return audit.WriteActivity(ctx, tx, act)
	})
}

// TrayFilter selects the trays staff enter surveys for.
type TrayFilter struct {
	Date       time.Time
	WardID     int64 // 0: all
	MealTimeID int64 // 0: all
	Q          string
}

// Tray is a tray staff may enter a survey for.
type Tray struct {
	OrderID   string   `json:"orderId"`
	HnID      string   `json:"hnId"`
	Name      string   `json:"name"`
	Caregiver bool     `json:"caregiver"`
	Ward      string   `json:"ward"`
	Room      string   `json:"room"`
	MealType  MealType `json:"mealType"`
	Status    string   `json:"status"`
	Answered  bool     `json:"answered"`
	SurveyURL string   `json:"surveyUrl"`
}

// label is a name in lang, else in the other language (i18n.Pick).
func label(th, en string, lang i18n.Lang) string { return i18n.Pick(lang, th, en) }

// Trays answers the branch's live trays of a date, with their survey links.
func (s *Service) Trays(ctx context.Context, branch string, f TrayFilter, lang i18n.Lang) ([]Tray, error) {
	p := dbsqlc.SurveyTraysParams{Branch: branch, OnDate: pgtype.Date{Time: f.Date, Valid: true},
		WardID: db.OptID(f.WardID), MealTimeID: db.OptID(f.MealTimeID), Pattern: db.Contains(f.Q)}
	rows, err := queries.SurveyTrays(ctx, s.db, p)
	if err != nil {
		return nil, fmt.Errorf("surveys: trays: %w", err)
	}
	key, err := s.key(ctx)
	if err != nil {
		return nil, fmt.Errorf("surveys: key: %w", err)
	}
	out := make([]Tray, 0, len(rows))
	for _, r := range rows {
		tok, err := Token(key, r.ID)
		if err != nil {
			return nil, err
		}
		name := i18n.PersonName(lang, r.FirstNameTh, r.LastNameTh, r.FirstNameEn, r.LastNameEn)
		out = append(out, Tray{OrderID: r.ID, HnID: r.HnID, Name: name, Caregiver: r.Caregiver,
			Ward: label(r.WardTh, r.WardEn, lang), Room: r.Room,
			MealType: MealType{ID: r.MealTimeID, NameTh: r.MealNameTh, NameEn: r.MealNameEn, Color: r.MealColor},
			Status:   r.Status, Answered: r.Answered, SurveyURL: URL(s.publicURL, tok)})
	}
	return out, nil
}

// Filter selects answers by the trays' dates DateFrom to DateTo (both included; Days once
// read), wards, meal types and dishes (empty: all).
type Filter struct {
	DateFrom    string    `json:"dateFrom"`
	DateTo      string    `json:"dateTo"`
	Days        day.Range `json:"-"`
	WardIDs     []int64   `json:"wardIds"`
	MealTimeIDs []int64   `json:"mealTimeIds"`
	MenuIDs     []int64   `json:"menuIds"`
	EntryBranch string    `json:"entryBranch"`
}

// answerDays: the answers' days, dateTo and the 30 before by default, a year at most.
var answerDays = day.Span{Default: 31, Max: day.Year}

// readDays reads the dates (pkg/day: dateTo, today by default, and the 30 days before it
// by default; 366 days at most), filling f's dates, and answers the problems by field.
func (f *Filter) readDays(now time.Time) map[string]string {
	days, bad := answerDays.Read(f.DateFrom, f.DateTo, now)
	if len(bad) == 0 {
		f.Days, f.DateFrom, f.DateTo = days, days.From.Format(time.DateOnly), days.To.Format(time.DateOnly)
	}
	return bad
}

// Averages are the mean score of each question, 2 decimals (null when nothing is counted).
type Averages struct {
	Taste       *float64 `json:"taste"`
	Temperature *float64 `json:"temperature"`
	Portion     *float64 `json:"portion"`
	OnTime      *float64 `json:"onTime"`
	Overall     *float64 `json:"overall"`
}

// tally sums a group's answers.
type tally struct {
	count int
	sum   [5]int
}

func (t *tally) add(r *dbsqlc.SurveyAnswersRow) {
	t.count++
	for i, v := range []int16{r.Taste, r.Temperature, r.Portion, r.OnTime, r.Overall} {
		t.sum[i] += int(v)
	}
}

func (t *tally) averages() Averages {
	if t.count == 0 {
		return Averages{}
	}
	avg := func(i int) *float64 {
		v := math.Round(float64(t.sum[i])/float64(t.count)*100) / 100
		return &v
	}
	return Averages{avg(0), avg(1), avg(2), avg(3), avg(4)}
}

// group is one group of the results being tallied: what names it (taken from its first
// answer) and the tally of its answers.
type group[F any] struct {
	first F
	tally tally
}

// groups tallies answers by key.
type groups[K comparable, F any] map[K]*group[F]

// add counts r in key's group; a new group is named by first.
func (g groups[K, F]) add(key K, first F, r *dbsqlc.SurveyAnswersRow) {
	x := g[key]
	if x == nil {
		x = &group[F]{first: first}
		g[key] = x
	}
	x.tally.add(r)
}

// sorted answers a result per group, made by result from the group's first and tally, in the
// order of compare.
func sorted[K comparable, F, R any](g groups[K, F], result func(F, *tally) R, compare func(a, b R) int) []R {
	out := make([]R, 0, len(g))
	for _, x := range g {
		out = append(out, result(x.first, &x.tally))
	}
	slices.SortFunc(out, compare)
	return out
}

// WardResult, MealTypeResult, DishResult and DateResult are the groups of the results. A
// ward and a meal type belong to one branch: the screen names it when several show.
type (
	WardResult struct {
		WardID     *int64   `json:"wardId"`
		BranchCode string   `json:"branchCode"`
		Name       string   `json:"name"`
		Count      int      `json:"count"`
		Averages   Averages `json:"averages"`
	}
	MealTypeResult struct {
		MealTimeID int64    `json:"mealTimeId"`
		BranchCode string   `json:"branchCode"`
		NameTh     string   `json:"nameTh"`
		NameEn     string   `json:"nameEn"`
		Color      string   `json:"color"`
		Count      int      `json:"count"`
		Averages   Averages `json:"averages"`
	}
	DishResult struct {
		MenuID   int64    `json:"menuId"`
		NameTh   string   `json:"nameTh"`
		NameEn   string   `json:"nameEn"`
		Count    int      `json:"count"`
		Averages Averages `json:"averages"`
	}
	DateResult struct {
		Date     string   `json:"date"`
		Count    int      `json:"count"`
		Averages Averages `json:"averages"`
	}
)

// Scores are one answer's scores.
type Scores struct {
	Taste       int `json:"taste"`
	Temperature int `json:"temperature"`
	Portion     int `json:"portion"`
	OnTime      int `json:"onTime"`
	Overall     int `json:"overall"`
}

// Row is one answer of the results' table.
type Row struct {
	ID         int64     `json:"id"`
	BranchCode string    `json:"branchCode"`
	AnsweredAt time.Time `json:"answeredAt"`
	Date       string    `json:"date"`
	Ward       string    `json:"ward"`
	MealType   MealType  `json:"mealType"`
	Source     string    `json:"source"`
	Answers    Scores    `json:"answers"`
	Comment    string    `json:"comment"`
}

// Results is the results screen's answer.
type Results struct {
	Count      int              `json:"count"`
	Averages   Averages         `json:"averages"`
	ByWard     []WardResult     `json:"byWard"`
	ByMealType []MealTypeResult `json:"byMealType"`
	ByDish     []DishResult     `json:"byDish"`
	ByDate     []DateResult     `json:"byDate"`
	Rows       struct {
		Items []Row `json:"items"`
		Total int   `json:"total"`
	} `json:"rows"`
}

// maxAnswers is the most answers one results or export reads.
const maxAnswers = 50000

func (s *Service) answers(ctx context.Context, sc session.Scope, f Filter) ([]dbsqlc.SurveyAnswersRow, error) {
	ids := func(v []int64) []int64 {
		if v == nil {
			return []int64{}
		}
		return v
	}
	rows, err := queries.SurveyAnswers(ctx, s.db, dbsqlc.SurveyAnswersParams{AllBranches: sc.All, Branch: sc.Current,
		EntryBranch: sc.Branch, DateFrom: pgtype.Date{Time: f.Days.From, Valid: true}, DateTo: pgtype.Date{Time: f.Days.To, Valid: true},
		WardIds: ids(f.WardIDs), MealTimeIds: ids(f.MealTimeIDs), MenuIds: ids(f.MenuIDs), MaxRows: maxAnswers})
	if err != nil {
		return nil, fmt.Errorf("surveys: answers: %w", err)
	}
	return rows, nil
}

type dish struct {
	ID     int64  `json:"id"`
	NameTh string `json:"nameTh"`
	NameEn string `json:"nameEn"`
}

func toRow(r *dbsqlc.SurveyAnswersRow, lang i18n.Lang) Row {
	return Row{ID: r.ID, BranchCode: r.BranchCode, AnsweredAt: r.AnsweredAt, Date: dateOf(r.OrderDate),
		Ward: label(r.WardTh, r.WardEn, lang), Source: r.Source, Comment: r.Comment,
		MealType: MealType{ID: r.MealTimeID, NameTh: r.MealNameTh, NameEn: r.MealNameEn, Color: r.MealColor},
		Answers:  Scores{int(r.Taste), int(r.Temperature), int(r.Portion), int(r.OnTime), int(r.Overall)}}
}

// Results answers the answers f selects, grouped, and a page of them (newest first).
func (s *Service) Results(ctx context.Context, sc session.Scope, f Filter, page, size int, lang i18n.Lang) (Results, error) {
	rows, err := s.answers(ctx, sc, f)
	if err != nil {
		return Results{}, err
	}
	var all tally
	wards, meals := groups[string, *dbsqlc.SurveyAnswersRow]{}, groups[int64, *dbsqlc.SurveyAnswersRow]{}
	dishes, dates := groups[int64, dish]{}, groups[string, string]{}
	for i := range rows {
		r := &rows[i]
		all.add(r)
		wk := r.BranchCode + " -"
		if r.WardID != nil {
			wk = fmt.Sprint(*r.WardID)
		}
		wards.add(wk, r, r)
		meals.add(r.MealTimeID, r, r)
		d := dateOf(r.OrderDate)
		dates.add(d, d, r)
		var ds []dish
		if err := json.Unmarshal(r.Dishes, &ds); err != nil {
			return Results{}, fmt.Errorf("surveys: dishes: %w", err)
		}
		for _, x := range ds {
			dishes.add(x.ID, x, r)
		}
	}
	out := Results{Count: all.count, Averages: all.averages()}
	out.ByWard = sorted(wards, func(r *dbsqlc.SurveyAnswersRow, t *tally) WardResult {
		return WardResult{WardID: r.WardID, BranchCode: r.BranchCode, Name: label(r.WardTh, r.WardEn, lang),
			Count: t.count, Averages: t.averages()}
	}, func(a, b WardResult) int {
		return cmp.Or(cmp.Compare(a.BranchCode, b.BranchCode), cmp.Compare(a.Name, b.Name))
	})
	out.ByMealType = sorted(meals, func(r *dbsqlc.SurveyAnswersRow, t *tally) MealTypeResult {
		return MealTypeResult{MealTimeID: r.MealTimeID, BranchCode: r.BranchCode, NameTh: r.MealNameTh, NameEn: r.MealNameEn,
			Color: r.MealColor, Count: t.count, Averages: t.averages()}
	}, func(a, b MealTypeResult) int {
		return cmp.Or(cmp.Compare(a.BranchCode, b.BranchCode), cmp.Compare(a.MealTimeID, b.MealTimeID))
	})
	out.ByDish = sorted(dishes, func(x dish, t *tally) DishResult {
		return DishResult{MenuID: x.ID, NameTh: x.NameTh, NameEn: x.NameEn, Count: t.count, Averages: t.averages()}
	}, func(a, b DishResult) int {
		return cmp.Or(cmp.Compare(b.Count, a.Count), cmp.Compare(a.MenuID, b.MenuID))
	})
	out.ByDate = sorted(dates, func(d string, t *tally) DateResult {
		return DateResult{Date: d, Count: t.count, Averages: t.averages()}
	}, func(a, b DateResult) int { return cmp.Compare(a.Date, b.Date) })
	out.Rows.Total, out.Rows.Items = len(rows), []Row{}
	for i := (page - 1) * size; i < len(rows) && i < page*size; i++ {
		out.Rows.Items = append(out.Rows.Items, toRow(&rows[i], lang))
	}
	return out, nil
}

var uuidShape = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)
})

// Package nutrition is the nutrition area (issue 27, docs/nutrition.md): a patient's targets
// (the Nutritionist's ranges per diet type and therapeutic food, kept as master data by
// pkg/params, and the patient's own) against what the day's trays give.
package nutrition

import (
	"bytes"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"

	"samrap/pkg/audit"
	"samrap/pkg/day"
	"samrap/pkg/db"
	"samrap/pkg/download"
	"samrap/pkg/httpx"
	"samrap/pkg/platform"
	"samrap/pkg/session"
	"samrap/pkg/xlsx"
)

// Who may call (docs/api.md, "Nutrition"): the Nutritionist keeps a patient's targets; the
// Controller and the Order Taker see a day against them where they order; a tray is checked
// by those who order it.
var (
	readers = httpx.Roles(session.Nutritionist, session.Controller, session.OrderTaker)
	takers  = httpx.Roles(session.Controller, session.OrderTaker)
	writers = httpx.Roles(session.Nutritionist)
)

// Mount adds the area's routes (functions/catalog.json, function "nutrition").
func Mount(env *platform.Env, rt *httpx.Router) {
	h := handlers{s: NewService(env.DB, env.Now), now: env.Now, db: env.DB, files: download.Files{Bucket: env.Files, Now: env.Now}}
	rt.Handle("GET /api/nutrition/days", readers, h.days)
	rt.Handle("GET /api/nutrition/day", readers, h.day)
	rt.Handle("POST /api/nutrition/checkTray", takers.Limit(16<<10).Reads(), h.checkTray)
	rt.Handle("GET /api/nutrition/patientTargets", readers, h.get)
	rt.Handle("POST /api/nutrition/updatePatientTargets", writers.Limit(16<<10), h.save)
	rt.Handle("GET /api/nutrition/cycleAnalysis", writers, h.cycle)
	rt.Handle("GET /api/nutrition/intake", readers, h.intake)
	rt.Handle("GET /api/nutrition/worklist", writers, h.worklist)
	rt.Handle("POST /api/nutrition/worklistSeen", writers.Limit(8<<10), h.seen)
	rt.Handle("GET /api/download/nutritionWorklist", writers, h.exportWorklist)
	rt.Handle("GET /api/download/nutritionIntake", readers, h.exportIntake)
}

// intake: ?branchCode&hnId&dateFrom&dateTo — what a patient ate per day (IntakeDays).
func (h handlers) intake(w http.ResponseWriter, r *http.Request) error {
	out, err := h.readIntake(r)
	if err != nil {
		return err
	}
	return httpx.OK(w, r, out)
}

// readIntake answers the intake a request asks for (?hnId&dateFrom&dateTo: IntakeDays; no
// dateFrom: from the admission when later), for the intake and its export.
func (h handlers) readIntake(r *http.Request) (Intake, error) {
	q := httpx.ReadQuery(r)
	hn := strings.TrimSpace(q.Required("hnId"))
	from := q.Text("dateFrom")
	span, bad := IntakeDays.Read(from, q.Text("dateTo"), h.now())
	for k, v := range bad {
		q.Invalid(k, v)
	}
	if err := q.Err(); err != nil {
		return Intake{}, err
	}
	return h.s.Intake(r.Context(), httpx.Branch(r), hn, span, from == "")
}

// exportIntake: ?branchCode&hnId&dateFrom&dateTo — what a patient ate per day as a workbook,
// the days of the intake (204 when none of them had a tray served).
func (h handlers) exportIntake(w http.ResponseWriter, r *http.Request) error {
	ctx, lang, branch := r.Context(), httpx.Lang(r), httpx.Branch(r)
	in, err := h.readIntake(r)
	if err != nil {
		return err
	}
	if !slices.ContainsFunc(in.Days, func(d IntakeDay) bool { return d.Trays > 0 }) {
		return httpx.NoContent(w)
	}
	var buf bytes.Buffer
	if err := writeIntake(&buf, lang, in); err != nil {
		return fmt.Errorf("nutrition: intake workbook: %w", err)
	}
	name := fmt.Sprintf("nutrition_intake_%s_%s_%s.xlsx", fileSafe().ReplaceAllString(in.HnID, "_"), in.DateFrom, in.DateTo)
	link, err := h.files.Store(ctx, download.ReportKey(branch, in.DateTo, "nutrition-intake", name), name, xlsx.ContentType, &buf)
	if err != nil {
		return fmt.Errorf("nutrition: %w", err)
	}
	act := audit.Of(r, "nutrition.exportIntake", map[string]any{"hnId": in.HnID, "dateFrom": in.DateFrom, "dateTo": in.DateTo, "file": name})
	if err := audit.WriteActivity(ctx, h.db, act); err != nil {
		return err
	}
	return httpx.OKMsg(w, r, "nutrition.intakeReady", link)
}

// fileSafe: the characters of an HN kept in a file's name (others become "_").
var fileSafe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`[^A-Za-z0-9_-]`) })

type handlers struct {
	s     *Service
	now   func() time.Time
	db    *db.Pool
	files download.Files
}

// worklist: ?branchCode&dateOrder&ward — the patients to see (the days up to dateOrder, today;
// one ward by id, or All).
func (h handlers) worklist(w http.ResponseWriter, r *http.Request) error {
	q := httpx.ReadQuery(r)
	date, ward := h.dateOf(q), q.IDOrAll("ward")
	if err := q.Err(); err != nil {
		return err
	}
	items, err := h.s.Worklist(r.Context(), httpx.Lang(r), httpx.Branch(r), date, ward)
	if err != nil {
		return err
	}
	return httpx.OK(w, r, map[string]any{"dateOrder": date, "items": items})
}

func (h handlers) seen(w http.ResponseWriter, r *http.Request) error {
	var in SeenInput
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	out, err := h.s.MarkSeen(r.Context(), httpx.Lang(r), httpx.Branch(r), httpx.Actor(r), in, audit.Of(r, "nutrition.seen", nil))
	if err != nil {
		return err
	}
	return httpx.OKMsg(w, r, "nutrition.seen", out)
}

// exportWorklist: ?branchCode&dateOrder&ward — the worklist as a workbook (204 when empty).
func (h handlers) exportWorklist(w http.ResponseWriter, r *http.Request) error {
	q := httpx.ReadQuery(r)
	date, ward := h.dateOf(q), q.IDOrAll("ward")
	if err := q.Err(); err != nil {
		return err
	}
	ctx, lang, branch := r.Context(), httpx.Lang(r), httpx.Branch(r)
	items, err := h.s.Worklist(ctx, lang, branch, date, ward)
	if err != nil {
		return err
	}
	if len(items) == 0 {
		return httpx.NoContent(w)
	}
	var buf bytes.Buffer
	if err := writeWorklist(&buf, lang, items); err != nil {
		return fmt.Errorf("nutrition: worklist workbook: %w", err)
	}
	name := fmt.Sprintf("nutrition_worklist_%s.xlsx", date)
	link, err := h.files.Store(ctx, download.ReportKey(branch, date, "nutrition-worklist", name), name, xlsx.ContentType, &buf)
	if err != nil {
		return fmt.Errorf("nutrition: %w", err)
	}
	act := audit.Of(r, "nutrition.exportWorklist", map[string]any{"dateOrder": date, "file": name, "patients": len(items)})
	if err := audit.WriteActivity(ctx, h.db, act); err != nil {
		return err
	}
	return httpx.OKMsg(w, r, "nutrition.worklistReady", link)
}

// dateOf reads dateOrder: today in Bangkok when absent.
func (h handlers) dateOf(q *httpx.Query) string {
	d := q.Day("dateOrder")
	if d == "" {
		d = day.TodayString(h.now())
	}
	return d
}

// days: ?branchCode&dateOrder&ward&criteria&page&size — the patients in hospital.
func (h handlers) days(w http.ResponseWriter, r *http.Request) error {
	q := httpx.ReadQuery(r)
	p := q.Page()
	date := h.dateOf(q)
	f := DayFilter{WardID: q.IDOrAll("ward"), Criteria: strings.TrimSpace(q.Text("criteria")), Limit: p.Size, Offset: p.Offset()}
	if err := q.Err(); err != nil {
		return err
	}
	items, total, err := h.s.Days(r.Context(), httpx.Branch(r), date, f)
	if err != nil {
		return err
	}
	return httpx.OK(w, r, httpx.Page[PatientDay]{Items: items, Total: total, Page: p.Page, Size: p.Size})
}

// day: ?branchCode&hnId&dateOrder — one patient's day, with its meals.
func (h handlers) day(w http.ResponseWriter, r *http.Request) error {
	q := httpx.ReadQuery(r)
	hn := strings.TrimSpace(q.Required("hnId"))
	date := h.dateOf(q)
	if err := q.Err(); err != nil {
		return err
	}
	d, err := h.s.Day(r.Context(), httpx.Branch(r), hn, date)
	if err != nil {
		return err
	}
	return httpx.OK(w, r, d)
}

func (h handlers) checkTray(w http.ResponseWriter, r *http.Request) error {
	var in TrayInput
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	out, err := h.s.CheckTray(r.Context(), httpx.Branch(r), in)
	if err != nil {
		return err
	}
	return httpx.OK(w, r, out)
}

// get: ?branchCode&hnId — a patient's weight and targets.
func (h handlers) get(w http.ResponseWriter, r *http.Request) error {
	q := httpx.ReadQuery(r)
	hn := strings.TrimSpace(q.Required("hnId"))
	if err := q.Err(); err != nil {
		return err
	}
	rec, err := h.s.Get(r.Context(), httpx.Branch(r), hn)
	if err != nil {
		return err
	}
	return httpx.OK(w, r, rec)
}

func (h handlers) save(w http.ResponseWriter, r *http.Request) error {
	var in RecordInput
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	rec, err := h.s.Save(r.Context(), httpx.Branch(r), httpx.Actor(r), in)
	if err != nil {
		return err
	}
	return httpx.OKMsg(w, r, "nutrition.saved", rec)
}

// cycle: ?branchCode&cycleId&dietTypeId&therapeuticId — a menu round against a diet's targets.
func (h handlers) cycle(w http.ResponseWriter, r *http.Request) error {
	q := httpx.ReadQuery(r)
	// the diet type is checked after the round is found: another branch's round is 404 whatever else
	cycle, diet := q.ID("cycleId"), q.IDOrAll("dietTypeId")
	var therapeutic *int64
	if t := q.IDOrAll("therapeuticId"); t != 0 {
		therapeutic = &t
	}
	if err := q.Err(); err != nil {
		return err
	}
	out, err := h.s.AnalyseCycle(r.Context(), httpx.Branch(r), cycle, diet, therapeutic)
	if err != nil {
		return err
	}
	return httpx.OK(w, r, out)
}

package patientsync

import (
	"net/http"
	"strings"

	"samrap/pkg/audit"
	"samrap/pkg/errs"
	"samrap/pkg/hospital"
	"samrap/pkg/httpx"
	"samrap/pkg/i18n"
	"samrap/pkg/platform"
	"samrap/pkg/session"
)

// Mount adds the area's routes (functions/catalog.json, function "patient-sync-api"): a
// Controller starts and follows the branch's sync (SPEC.md §7, /data-patient/*); a Super
// Admin keeps each branch's connector settings (branches are group-wide: the branch is
// named by code, as on the Branches screen).
func Mount(env *platform.Env, rt *httpx.Router) {
	h := handlers{s: NewService(env.DB, env.Queue(Queue), workerOf(env))}
	bct := httpx.Roles(session.Controller)
	sam := httpx.Roles(session.SuperAdmin)
	feedReaders := httpx.Roles(session.SuperAdmin, session.BranchAdmin)
	rt.Handle("POST /api/data-patient/importData", bct, h.start)
	rt.Handle("GET /api/data-patient/checkProcessApiPatient", bct, h.check)
	rt.Handle("GET /api/data-patient/syncHistory", bct, h.history)
	rt.Handle("GET /api/data-patient/hospitalSettings", sam, h.settings)
	rt.Handle("POST /api/data-patient/hospitalSettings", sam.Limit(256<<10), h.saveSettings)
	rt.Handle("POST /api/data-patient/testConnection", sam.Limit(256<<10), h.test)
	rt.Handle("GET /api/data-patient/hl7Feed", feedReaders, h.feed)
	rt.Handle("POST /api/data-patient/rotateFeedKey", sam, h.rotateFeedKey)
}

type handlers struct{ s *Service }

// jobView is a sync as the client follows it.
type jobView struct {
	Job
	Running    bool   `json:"running"`
	PhaseLabel string `json:"phaseLabel"`      // the phase in the caller's language
	Error      string `json:"error,omitempty"` // why a failed sync failed, in the caller's language
}

// phaseLabels are the phases' messages.
var phaseLabels = map[string]string{Queued: "patientSync.phaseQUEUED", PhaseImporting: "patientSync.phaseIMPORTING",
	PhaseFiltering: "patientSync.phaseFILTERING", PhaseFormatting: "patientSync.phaseFORMATTING",
	Done: "patientSync.phaseDONE", Failed: "patientSync.phaseFAILED"}

func view(r *http.Request, j Job) jobView {
	v := jobView{Job: j, Running: j.Running(), PhaseLabel: i18n.T(httpx.Lang(r), phaseLabels[j.Phase])}
	if j.ErrorKey != "" {
		v.Error = i18n.T(httpx.Lang(r), j.ErrorKey)
	}
	return v
}

// start: POST /api/data-patient/importData?branchCode&createBy (createBy is accepted for the
// spec's client; the token says who).
func (h handlers) start(w http.ResponseWriter, r *http.Request) error {
	q := httpx.ReadQuery(r)
	q.Required("branchCode")
	if err := q.Err(); err != nil {
		return err
	}
	j, started, err := h.s.Start(r.Context(), httpx.Branch(r), httpx.Actor(r))
	if err != nil {
		return err
	}
	if !started {
		return httpx.OKMsg(w, r, "patientSync.running", view(r, j))
	}
	return httpx.OKMsg(w, r, "patientSync.started", view(r, j))
}

// check: GET /api/data-patient/checkProcessApiPatient?branchCode — the latest sync, null
// when the branch has never synced.
func (h handlers) check(w http.ResponseWriter, r *http.Request) error {
	q := httpx.ReadQuery(r)
	q.Required("branchCode")
	if err := q.Err(); err != nil {
		return err
	}
	j, ok, err := h.s.Latest(r.Context(), httpx.Branch(r))
	if err != nil {
		return err
	}
	if !ok {
		return httpx.OK(w, r, nil)
	}
	return httpx.OK(w, r, view(r, j))
}

// history: GET /api/data-patient/syncHistory?branchCode&page&size (ours) — the branch's
// syncs, newest first, each as checkProcessApiPatient answers it (a finished one with its
// report: what it changed, of which patients, and its warnings), so a report is never lost
// with its dialog.
func (h handlers) history(w http.ResponseWriter, r *http.Request) error {
	q := httpx.ReadQuery(r)
	q.Required("branchCode")
	p := q.Page()
	if err := q.Err(); err != nil {
		return err
	}
	list, total, err := h.s.Jobs(r.Context(), httpx.Branch(r), p)
	if err != nil {
		return err
	}
	out := httpx.Page[jobView]{Items: make([]jobView, len(list)), Total: total, Page: p.Page, Size: p.Size}
	for i, j := range list {
		out.Items[i] = view(r, j)
	}
	return httpx.OK(w, r, out)
}

// settingsBody is a branch's connector settings as the API reads and answers them.
type settingsBody struct {
	Code     string             `json:"code"`
	Settings *hospital.Settings `json:"settings"`
}

// settingsView is the settings read: with the EU-14 allergen groups the settings give no
// allergen of the branch (a code of such a group stays an unmapped allergy text).
type settingsView struct {
	settingsBody
	MissingAllergenGroups []string `json:"missingAllergenGroups"`
}

func (h handlers) settings(w http.ResponseWriter, r *http.Request) error {
	q := httpx.ReadQuery(r)
	code := strings.TrimSpace(q.Required("code"))
	if err := q.Err(); err != nil {
		return err
	}
	s, missing, err := h.s.Settings(r.Context(), code)
	if err != nil {
		return err
	}
	return httpx.OK(w, r, settingsView{settingsBody{Code: code, Settings: &s}, missing})
}

func (h handlers) saveSettings(w http.ResponseWriter, r *http.Request) error {
	var b settingsBody
	if err := httpx.DecodeJSON(r, &b); err != nil {
		return err
	}
	b.Code = strings.TrimSpace(b.Code)
	if b.Code == "" || b.Settings == nil {
		f := map[string]string{}
		if b.Code == "" {
			f["code"] = "field.required"
		}
		if b.Settings == nil {
			f["settings"] = "field.required"
		}
		return errs.Fields(f)
	}
	if err := h.s.SaveSettings(r.Context(), b.Code, httpx.Actor(r), *b.Settings); err != nil {
		return err
	}
	return httpx.OKMsg(w, r, "patientSync.settingsSaved", b)
}

// probeView is what a test of the connection found.
type probeView struct {
	OK         bool   `json:"ok"`
	Error      string `json:"error,omitempty"` // why not, in the caller's language
	Total      *int   `json:"total"`           // the hospital's count of stays in progress, when given
	Encounters int    `json:"encounters"`      // on the first page
	Patients   int    `json:"patients"`        // of which with a patient and HN
	Locations  int    `json:"locations"`       // of which with a ward
	HasNext    bool   `json:"hasNext"`
	ElapsedMs  int64  `json:"elapsedMs"`
}

// test: POST /api/data-patient/testConnection {code, settings?} — settings given are tested
// before they are saved; without them, the branch's stored ones.
func (h handlers) test(w http.ResponseWriter, r *http.Request) error {
	var b settingsBody
	if err := httpx.DecodeJSON(r, &b); err != nil {
		return err
	}
	if b.Code = strings.TrimSpace(b.Code); b.Code == "" {
		return errs.Fields(map[string]string{"code": "field.required"})
	}
	p, err := h.s.Test(r.Context(), b.Code, b.Settings)
	if err != nil {
		return err
	}
	v := probeView{OK: p.ErrorKey == "", Total: p.Total, Encounters: p.Encounters, Patients: p.Patients,
		Locations: p.Locations, HasNext: p.HasNext, ElapsedMs: p.Elapsed.Milliseconds()}
	if p.ErrorKey != "" {
		v.Error = i18n.T(httpx.Lang(r), p.ErrorKey)
	}
	return httpx.OK(w, r, v)
}

// feed: GET /api/data-patient/hl7Feed?code — the branch's HL7 v2 feed: where the hospital
// posts, the facility its messages may name, when the key was rotated (never the key). The
// Super Admin's of any branch (code), the Branch Admin's of its own (FeedBranch).
func (h handlers) feed(w http.ResponseWriter, r *http.Request) error {
	code, err := FeedBranch(r, httpx.ReadQuery(r).Text("code"))
	if err != nil {
		return err
	}
	f, err := h.s.FeedOf(r.Context(), code)
	if err != nil {
		return err
	}
	return httpx.OK(w, r, f)
}

var errOtherBranchFeed = errs.New(errs.Forbidden, "auth.wrongBranch")

// FeedBranch answers the branch whose HL7 v2 feed a call is about: for the Super Admin the
// branch named (code, required: branches are group-wide, named as on the Branches screen);
// for a Branch Admin its current branch, code being that one or empty (another: 403).
func FeedBranch(r *http.Request, code string) (string, error) {
	code = strings.TrimSpace(code)
	if c := httpx.Claims(r); c != nil && c.Current != nil && c.Current.RoleCode == session.SuperAdmin {
		if code == "" {
			return "", errs.Fields(map[string]string{"code": "field.required"})
		}
		return code, nil
	}
	current := httpx.Branch(r)
	if current == "" || (code != "" && code != current) {
		return "", errOtherBranchFeed
	}
	return current, nil
}

// rotateFeedKey: POST /api/data-patient/rotateFeedKey {code, facility?} — a new feed key
// for the branch, answered once (the previous one stops working).
func (h handlers) rotateFeedKey(w http.ResponseWriter, r *http.Request) error {
	var b struct {
		Code     string `json:"code"`
		Facility string `json:"facility"`
	}
	if err := httpx.DecodeJSON(r, &b); err != nil {
		return err
	}
	if b.Code = strings.TrimSpace(b.Code); b.Code == "" {
		return errs.Fields(map[string]string{"code": "field.required"})
	}
	f, err := h.s.RotateFeedKey(r.Context(), b.Code, b.Facility, audit.Of(r, "", nil))
	if err != nil {
		return err
	}
	return httpx.OKMsg(w, r, "hl7Feed.keyRotated", f)
}

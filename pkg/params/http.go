// Package params is the parameter area: branches, roles, master data of SPEC.md §3, wards
// and rooms — the /parameter/* calls of SPEC.md §7. One generic engine (store.go,
// service.go, bulk.go) serves every kind described in kinds.go.
package params

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"samrap/pkg/audit"
	"samrap/pkg/db"
	"samrap/pkg/errs"
	"samrap/pkg/httpx"
	"samrap/pkg/i18n"
	"samrap/pkg/platform"
	"samrap/pkg/session"
)

// Who may call what (docs/api.md, "Master data"): the Nutritionist keeps master data; the
// roles whose screens offer its choices read it.
var (
	writers = httpx.Roles(session.Nutritionist)
	readers = httpx.Roles(session.Nutritionist, session.Controller, session.OrderTaker, session.Serve, session.BranchAdmin)
)

// Mount adds the area's routes (functions/catalog.json, function "params").
func Mount(env *platform.Env, rt *httpx.Router) {
	h := handlers{db: env.DB, s: NewService(env.DB, env.Log)}
	rt.Handle("GET /api/parameter/branches", httpx.SignedIn(), h.branches)
	rt.Handle("GET /api/parameter/roles", httpx.SignedIn(), h.roles)
	for _, k := range kinds {
		for _, name := range append([]string{k.Name}, k.Aliases...) {
			rt.Handle("GET /api/parameter/search"+name, readers, h.search(k))
			rt.Handle("POST /api/parameter/update"+name, writers.Limit(64<<10), h.update(k))
			rt.Handle("DELETE /api/parameter/delete"+name, writers, h.delete(k))
		}
	}
	rt.Handle("GET /api/parameter/wardType", readers, h.active(kindByName("WardType")))
	rt.Handle("GET /api/parameter/getMealClass", readers, h.active(kindByName("MealClass")))
	rt.Handle("GET /api/parameter/getRoomType", readers, h.active(kindByName("RoomType")))
	rt.Handle("GET /api/parameter/getTherapeutic", readers, h.active(kindByName("Therapeutic")))
	rt.Handle("POST /api/parameter/ward", readers.Limit(64<<10), h.wards)
	rt.Handle("POST /api/parameter/room", readers.Limit(64<<10), h.rooms)
	rt.Handle("POST /api/parameter/newRoom", readers.Limit(64<<10), h.newRoom)
	rt.Handle("GET /api/parameter/byKeys/{keys}", httpx.SignedIn(), h.byKeys)
	rt.Handle("GET /api/parameter/getLanguageOptions", httpx.SignedIn(), h.languageOptions)
	rt.Handle("POST /api/parameter/copyBranch", httpx.Roles(session.SuperAdmin).Limit(8<<10), h.copyBranch)
	rt.Handle("POST /api/parameter/createBranch", httpx.Roles(session.SuperAdmin).Limit(8<<10), h.createBranch)
	rt.Handle("GET /api/parameter/allBranches", httpx.Roles(session.SuperAdmin), h.allBranches)
	rt.Handle("POST /api/parameter/updateBranch", httpx.Roles(session.SuperAdmin).Limit(8<<10), h.updateBranch)
}

type handlers struct {
	db *db.Pool
	s  *Service
}

func (h handlers) branches(w http.ResponseWriter, r *http.Request) error {
	list, err := activeBranches(r.Context(), h.db)
	if err != nil {
		return fmt.Errorf("params.branches: %w", err)
	}
	return httpx.OK(w, r, list)
}

func (h handlers) roles(w http.ResponseWriter, r *http.Request) error {
	q := httpx.ReadQuery(r)
	branch := q.Required("branchCode")
	if err := q.Err(); err != nil {
		return err
	}
	list, err := rolesOfBranch(r.Context(), h.db, branch)
	if err != nil {
		return fmt.Errorf("params.roles: %w", err)
	}
	if len(list) == 0 {
		return ErrBranchNotFound
	}
	return httpx.OK(w, r, list)
}

func (h handlers) search(k *Kind) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		q := httpx.ReadQuery(r)
		p := q.Page()
		f := Filter{Criteria: strings.TrimSpace(q.Text("criteria")), Status: q.OneOf("status", StatusActive, StatusInactive, "ALL"),
			SortBy: p.SortBy, SortDesc: p.SortDesc, Limit: p.Size, Offset: p.Offset()}
		if err := q.Err(); err != nil {
			return err
		}
		recs, total, err := h.s.Search(r.Context(), k, httpx.Branch(r), f)
		if err != nil {
			return err
		}
		if recs == nil {
			recs = []Record{}
		}
		for _, rec := range recs { // a system author (the demo data) by its label
			by, _ := rec["updatedBy"].(string)
			rec["updatedBy"] = audit.ActorLabel(by, httpx.Lang(r))
		}
		return httpx.OK(w, r, httpx.Page[Record]{Items: recs, Total: total, Page: p.Page, Size: p.Size})
	}
}

func (h handlers) update(k *Kind) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		var raw map[string]json.RawMessage
		if err := httpx.DecodeJSON(r, &raw); err != nil {
			return err
		}
		in, branch, bad := DecodeInput(k, raw)
		if branch == "" {
			bad["branchCode"] = "field.required"
		}
		if len(bad) > 0 {
			return errs.Fields(bad)
		}
		rec, err := h.s.Save(r.Context(), k, branch, httpx.Actor(r), in)
		if err != nil {
			return err
		}
		return httpx.OKMsg(w, r, "params.saved", rec)
	}
}

func (h handlers) delete(k *Kind) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		q := httpx.ReadQuery(r)
		q.Required("branchCode")
		id := q.ID("id")
		if err := q.Err(); err != nil {
			return err
		}
		if err := h.s.Delete(r.Context(), k, httpx.Branch(r), httpx.Actor(r), id); err != nil {
			return err
		}
		return httpx.OKMsg(w, r, "params.deleted", nil)
	}
}

// option is a record offered as a choice: the record with value (its id) and text (its
// name in the caller's language).
func options(r *http.Request, recs []Record) []Record {
	lang := httpx.Lang(r)
	for _, rec := range recs {
		rec["value"] = rec["id"]
		text, _ := rec["nameTh"].(string)
		if en, _ := rec["nameEn"].(string); lang == i18n.EN && en != "" {
			text = en
		}
		rec["text"] = text
	}
	return recs
}

func (h handlers) active(k *Kind) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		recs, err := h.s.Active(r.Context(), k, httpx.Branch(r))
		if err != nil {
			return err
		}
		return httpx.OK(w, r, options(r, recs))
	}
}

// idList reads a JSON array of ids, or one id, or null.
type idList []int64

func (l *idList) UnmarshalJSON(b []byte) error {
	var one int64
	if json.Unmarshal(b, &one) == nil {
		*l = idList{one}
		return nil
	}
	var many []int64
	if err := json.Unmarshal(b, &many); err != nil {
		return err
	}
	*l = many
	return nil
}

type wardsRequest struct {
	BranchCode string `json:"branchCode"`
	WardType   idList `json:"wardType"`
}

// wards answers the active wards of the ward types asked (every ward when none is asked).
func (h handlers) wards(w http.ResponseWriter, r *http.Request) error {
	var req wardsRequest
	if err := httpx.DecodeJSON(r, &req); err != nil {
		return err
	}
	recs, err := h.activeOf(r, req.BranchCode, kindByName("Ward"), "wardTypeId", req.WardType)
	if err != nil {
		return err
	}
	return httpx.OK(w, r, recs)
}

type roomsRequest struct {
	BranchCode string `json:"branchCode"`
	Ward       idList `json:"ward"`
}

// rooms answers the active rooms of the wards asked (every room when none is asked).
func (h handlers) rooms(w http.ResponseWriter, r *http.Request) error {
	var req roomsRequest
	if err := httpx.DecodeJSON(r, &req); err != nil {
		return err
	}
	recs, err := h.activeOf(r, req.BranchCode, kindByName("Room"), "wardId", req.Ward)
	if err != nil {
		return err
	}
	return httpx.OK(w, r, recs)
}

// newRoom answers the rooms of a ward a patient may move to: its active rooms that no
// patient takes (a patient not discharged, the rule of the index patient_room_taken).
func (h handlers) newRoom(w http.ResponseWriter, r *http.Request) error {
	var req roomsRequest
	if err := httpx.DecodeJSON(r, &req); err != nil {
		return err
	}
	if len(req.Ward) != 1 {
		return errs.Fields(map[string]string{"ward": "field.required"})
	}
	recs, err := h.activeOf(r, req.BranchCode, kindByName("Room"), "wardId", req.Ward)
	if err != nil {
		return err
	}
	taken, err := takenRooms(r.Context(), h.db, req.BranchCode)
	if err != nil {
		return fmt.Errorf("params.newRoom: %w", err)
	}
	recs = slices.DeleteFunc(recs, func(rec Record) bool {
		return taken[rec.ID()]
	})
	return httpx.OK(w, r, recs)
}

func (h handlers) activeOf(r *http.Request, branch string, k *Kind, field string, ids []int64) ([]Record, error) {
	if branch == "" {
		return nil, errs.Fields(map[string]string{"branchCode": "field.required"})
	}
	recs, err := h.s.Active(r.Context(), k, branch)
	if err != nil {
		return nil, err
	}
	if len(ids) > 0 {
		recs = slices.DeleteFunc(recs, func(rec Record) bool {
			id, _ := rec[field].(int64)
			return !slices.Contains(ids, id)
		})
	}
	return options(r, recs), nil
}

func (h handlers) byKeys(w http.ResponseWriter, r *http.Request) error {
	lang := httpx.Lang(r)
	out := map[string][]Option{}
	for _, key := range strings.Split(r.PathValue("keys"), ",") {
		key = strings.TrimSpace(key)
		list, ok := optionLists[key]
		if !ok {
			return errs.Fields(map[string]string{"keys": "params.unknownKey"})
		}
		out[key] = localize(list, lang)
	}
	return httpx.OK(w, r, out)
}

func (h handlers) languageOptions(w http.ResponseWriter, r *http.Request) error {
	t := httpx.ReadQuery(r).Text("type")
	list, ok := languageOptions[t]
	if !ok {
		return errs.Fields(map[string]string{"type": "field.invalid"})
	}
	return httpx.OK(w, r, localize(list, httpx.Lang(r)))
}

type copyRequest struct {
	FromBranchCode string `json:"fromBranchCode"`
	ToBranchCode   string `json:"toBranchCode"`
}

func (h handlers) copyBranch(w http.ResponseWriter, r *http.Request) error {
	var req copyRequest
	if err := httpx.DecodeJSON(r, &req); err != nil {
		return err
	}
	bad := map[string]string{}
	if req.FromBranchCode == "" {
		bad["fromBranchCode"] = "field.required"
	}
	if req.ToBranchCode == "" {
		bad["toBranchCode"] = "field.required"
	}
	if len(bad) > 0 {
		return errs.Fields(bad)
	}
	counts, err := h.s.CopyBranch(r.Context(), req.FromBranchCode, req.ToBranchCode, httpx.Actor(r))
	if err != nil {
		return err
	}
	return httpx.OKMsg(w, r, "params.copied", counts)
}

type createBranchRequest struct {
	Code     string `json:"code"`
	NameTh   string `json:"nameTh"`
	NameEn   string `json:"nameEn"`
	TimeZone string `json:"timeZone"`
	CopyFrom string `json:"copyFrom"`
}

// createBranch adds a branch of the group (Super Admin), optionally starting from another
// branch's master data. Branches are group-wide: the body names no current branch.
func (h handlers) createBranch(w http.ResponseWriter, r *http.Request) error {
	var req createBranchRequest
	if err := httpx.DecodeJSON(r, &req); err != nil {
		return err
	}
	b, err := h.s.CreateBranch(r.Context(), NewBranch{Code: req.Code, NameTh: req.NameTh, NameEn: req.NameEn,
		TimeZone: req.TimeZone, CopyFrom: req.CopyFrom}, httpx.Actor(r))
	if err != nil {
		return err
	}
	key := "params.branchCreated"
	if b.CopiedFrom != "" {
		key = "params.branchCreatedCopied"
	}
	return httpx.OKMsg(w, r, key, b)
}

// allBranches lists every branch of the group, inactive ones included (Super Admin's
// Branches screen); GET /parameter/branches keeps to the active ones everyone chooses from.
func (h handlers) allBranches(w http.ResponseWriter, r *http.Request) error {
	list, err := h.s.AllBranches(r.Context())
	if err != nil {
		return err
	}
	return httpx.OK(w, r, list)
}

type updateBranchRequest struct {
	Code     string `json:"code"`
	NameTh   string `json:"nameTh"`
	NameEn   string `json:"nameEn"`
	TimeZone string `json:"timeZone"`
	Active   *bool  `json:"active"`
}

// updateBranch renames a branch or changes its time zone, and deactivates or reactivates
// it (Super Admin). A deactivated branch leaves every choice and sign-in; its data stays.
func (h handlers) updateBranch(w http.ResponseWriter, r *http.Request) error {
	var req updateBranchRequest
	if err := httpx.DecodeJSON(r, &req); err != nil {
		return err
	}
	if req.Active == nil {
		return errs.Fields(map[string]string{"active": "field.required"})
	}
	b, err := h.s.UpdateBranch(r.Context(), BranchUpdate{Code: req.Code, NameTh: req.NameTh, NameEn: req.NameEn,
		TimeZone: req.TimeZone, Active: *req.Active}, httpx.Claims(r).Current.BranchCode, httpx.Actor(r))
	if err != nil {
		return err
	}
	return httpx.OKMsg(w, r, "params.branchUpdated", b)
}

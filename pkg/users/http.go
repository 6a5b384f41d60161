package users

import (
	"bytes"
	"net/http"
	"strconv"
	"strings"

	"samrap/pkg/auth"
	"samrap/pkg/blob"
	"samrap/pkg/errs"
	"samrap/pkg/httpx"
	"samrap/pkg/platform"
	"samrap/pkg/session"
	"samrap/pkg/xlsx"
)

// ErrRoleNotAssignable answers a Branch Admin who tries to give the group-wide Super Admin
// role: only a Super Admin does that, on the account form.
var ErrRoleNotAssignable = errs.New(errs.Forbidden, "users.roleNotAssignable")

// Mount adds the area's routes (functions/catalog.json, function "users").
func Mount(env *platform.Env, rt *httpx.Router) {
	h := handlers{s: NewService(env.DB, auth.NewService(env))}
	sam := httpx.Roles(session.SuperAdmin)
	bam := httpx.Roles(session.BranchAdmin)
	rt.Handle("GET /api/auth/searchUsers", sam, h.search)
	rt.Handle("GET /api/auth/getUserById/{id}", sam, h.get)
	rt.Handle("POST /api/auth/createUser", sam.Limit(64<<10), h.create)
	rt.Handle("POST /api/auth/updateUser", sam.Limit(64<<10), h.update)
	rt.Handle("POST /api/auth/deleteUsers", sam.Limit(64<<10), h.delete)
	rt.Handle("POST /api/auth/inviteToUser", sam, h.invite)
	rt.Handle("GET /api/auth/inviteUsersByStatus", sam, h.inviteByStatus)
	rt.Handle("GET /api/auth/searchUserAccess", bam, h.searchAccess)
	rt.Handle("GET /api/auth/unAssignedUsers", bam, h.unassigned)
	rt.Handle("POST /api/auth/assign", bam.Limit(64<<10), h.assign)
	rt.Handle("POST /api/auth/unassign", bam.Limit(64<<10), h.unassign)
	rt.Handle("GET /api/download/templateUser", sam, h.template)
	rt.Handle("GET /api/download/userPermissionReport", bam, h.permissionReport)
	rt.Handle("GET /api/download/assigned-users-excel", bam, h.roleReport)
}

func (h handlers) template(w http.ResponseWriter, r *http.Request) error {
	var buf bytes.Buffer
	if err := WriteTemplate(&buf); err != nil {
		return err
	}
	return sendFile(w, "user_template.xlsx", &buf)
}

func (h handlers) permissionReport(w http.ResponseWriter, r *http.Request) error {
	return h.report(w, r, "", "user_permission_report.xlsx")
}

func (h handlers) roleReport(w http.ResponseWriter, r *http.Request) error {
	role := r.URL.Query().Get("roleCode")
	if role == "" {
		return errs.Fields(map[string]string{"roleCode": "field.required"})
	}
	return h.report(w, r, role, "user_permission_report_by_role.xlsx")
}

// report answers the branch's permission workbook, or 204 when nobody is in it.
func (h handlers) report(w http.ResponseWriter, r *http.Request, role, name string) error {
	var buf bytes.Buffer
	found, err := h.s.Report(r.Context(), &buf, httpx.Claims(r), branchOf(r), role)
	if err != nil {
		return err
	}
	if !found {
		w.WriteHeader(http.StatusNoContent)
		return nil
	}
	return sendFile(w, name, &buf)
}

func sendFile(w http.ResponseWriter, name string, body *bytes.Buffer) error {
	w.Header().Set("Content-Type", xlsx.ContentType)
	w.Header().Set("Content-Disposition", blob.ContentDisposition(name))
	w.Header().Set("Content-Length", strconv.Itoa(body.Len()))
	w.Header().Set("Cache-Control", "no-store")
	_, err := body.WriteTo(w)
	return err
}

type handlers struct{ s *Service }

func (h handlers) search(w http.ResponseWriter, r *http.Request) error {
	p, err := httpx.ParsePage(r)
	if err != nil {
		return err
	}
	q := r.URL.Query()
	status := q.Get("status")
	if status != "" && !validStatus(status) {
		return errs.Fields(map[string]string{"status": "field.invalid"})
	}
	page, err := h.s.Search(r.Context(), q.Get("criteria"), status, p)
	if err != nil {
		return err
	}
	return httpx.OK(w, r, page)
}

func (h handlers) get(w http.ResponseWriter, r *http.Request) error {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil {
		return errs.ErrMalformed
	}
	a, err := h.s.Get(r.Context(), id)
	if err != nil {
		return err
	}
	return httpx.OK(w, r, a)
}

func (h handlers) create(w http.ResponseWriter, r *http.Request) error {
	var in Input
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	a, err := h.s.Create(r.Context(), httpx.Claims(r), in)
	if err != nil {
		return err
	}
	return httpx.OKMsg(w, r, "saved", a)
}

func (h handlers) update(w http.ResponseWriter, r *http.Request) error {
	var in Input
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	if in.ID == 0 {
		return errs.Fields(map[string]string{"id": "field.required"})
	}
	a, err := h.s.Update(r.Context(), httpx.Claims(r), in)
	if err != nil {
		return err
	}
	return httpx.OKMsg(w, r, "saved", a)
}

type idsRequest struct {
	UserIDs  []int64 `json:"userIds"`
	UpdateBy string  `json:"updateBy"`
}

func (h handlers) delete(w http.ResponseWriter, r *http.Request) error {
	var req idsRequest
	if err := httpx.DecodeJSON(r, &req); err != nil {
		return err
	}
	if len(req.UserIDs) == 0 {
		return errs.Fields(map[string]string{"userIds": "field.required"})
	}
	if err := h.s.Delete(r.Context(), httpx.Claims(r), req.UserIDs); err != nil {
		return err
	}
	return httpx.OKMsg(w, r, "deleted", nil)
}

func (h handlers) invite(w http.ResponseWriter, r *http.Request) error {
	id, err := strconv.ParseInt(r.URL.Query().Get("userId"), 10, 64)
	if err != nil {
		return errs.Fields(map[string]string{"userId": "field.required"})
	}
	if err := h.s.Invite(r.Context(), httpx.Claims(r), id); err != nil {
		return err
	}
	return httpx.OKMsg(w, r, "invite.sent", nil)
}

func (h handlers) inviteByStatus(w http.ResponseWriter, r *http.Request) error {
	var list []string
	for _, s := range strings.Split(strings.ToUpper(r.URL.Query().Get("status")), ",") {
		switch s = strings.TrimSpace(s); s {
		case "NOT_INVITED", "INVITED":
			list = append(list, s)
		case "":
		default:
			return errs.Fields(map[string]string{"status": "field.invalid"})
		}
	}
	if len(list) == 0 {
		return errs.Fields(map[string]string{"status": "field.required"})
	}
	res, err := h.s.InviteByStatus(r.Context(), httpx.Claims(r), list)
	if err != nil {
		return err
	}
	return httpx.OKMsg(w, r, "invite.sent", res)
}

func (h handlers) searchAccess(w http.ResponseWriter, r *http.Request) error {
	p, err := httpx.ParsePage(r)
	if err != nil {
		return err
	}
	q := r.URL.Query()
	// This call sorts with sort=field or sort=field,desc (SPEC.md §7).
	if sort := q.Get("sort"); sort != "" {
		field, dir, _ := strings.Cut(sort, ",")
		p.SortBy, p.SortDesc = field, strings.EqualFold(dir, "desc")
	}
	if status := q.Get("status"); status != "" && !validStatus(status) {
		return errs.Fields(map[string]string{"status": "field.invalid"})
	}
	page, err := h.s.SearchAccess(r.Context(), branchOf(r), q.Get("roleCode"), q.Get("criteria"), q.Get("status"), p)
	if err != nil {
		return err
	}
	return httpx.OK(w, r, page)
}

func (h handlers) unassigned(w http.ResponseWriter, r *http.Request) error {
	role := r.URL.Query().Get("roleCode")
	if role == "" {
		return errs.Fields(map[string]string{"roleCode": "field.required"})
	}
	list, err := h.s.Unassigned(r.Context(), branchOf(r), role)
	if err != nil {
		return err
	}
	return httpx.OK(w, r, list)
}

type assignRequest struct {
	BranchCode string  `json:"branchCode"`
	RoleCode   string  `json:"roleCode"`
	UserIDs    []int64 `json:"userIds"`
}

func (h handlers) decodeAssign(r *http.Request) (assignRequest, error) {
	var req assignRequest
	if err := httpx.DecodeJSON(r, &req); err != nil {
		return req, err
	}
	f := map[string]string{}
	if req.BranchCode == "" {
		f["branchCode"] = "field.required"
	}
	if req.RoleCode == "" {
		f["roleCode"] = "field.required"
	}
	if len(req.UserIDs) == 0 {
		f["userIds"] = "field.required"
	}
	if len(f) > 0 {
		return req, errs.Fields(f)
	}
	if err := httpx.RequireBranch(r, req.BranchCode); err != nil {
		return req, err
	}
	if req.RoleCode == session.SuperAdmin {
		return req, ErrRoleNotAssignable
	}
	return req, nil
}

func (h handlers) assign(w http.ResponseWriter, r *http.Request) error {
	req, err := h.decodeAssign(r)
	if err != nil {
		return err
	}
	if err := h.s.Assign(r.Context(), httpx.Claims(r), req.BranchCode, req.RoleCode, req.UserIDs); err != nil {
		return err
	}
	return httpx.OKMsg(w, r, "saved", nil)
}

func (h handlers) unassign(w http.ResponseWriter, r *http.Request) error {
	req, err := h.decodeAssign(r)
	if err != nil {
		return err
	}
	if err := h.s.Unassign(r.Context(), httpx.Claims(r), req.BranchCode, req.RoleCode, req.UserIDs); err != nil {
		return err
	}
	return httpx.OKMsg(w, r, "saved", nil)
}

// branchOf is the branch a Branch Admin works in: the one the request names (the router
// checked it is the current one), else the current one.
func branchOf(r *http.Request) string {
	if b := r.URL.Query().Get("branchCode"); b != "" {
		return b
	}
	return httpx.Claims(r).Current.BranchCode
}

func validStatus(s string) bool {
	if strings.EqualFold(s, "ALL") {
		return true
	}
	for _, v := range statuses {
		if strings.EqualFold(s, v) {
			return true
		}
	}
	return false
}

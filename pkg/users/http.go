package users

import (
	"bytes"
	"net/http"
	"strconv"
	"strings"

	"samrap/pkg/auth"
	"samrap/pkg/download"
	"samrap/pkg/errs"
	"samrap/pkg/httpx"
	"samrap/pkg/platform"
	"samrap/pkg/session"
	"samrap/pkg/xlsx"
)

// Mount adds the area's routes (functions/catalog.json, function "users").
func Mount(env *platform.Env, rt *httpx.Router) {
	a := auth.NewService(env.DB, env.Keys, env.Now, env.Log, env.Mail, env.Config.PublicURL)
	h := handlers{s: NewService(env.DB, a), files: download.Files{Bucket: env.Files, Now: env.Now}}
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
	return h.files.Send(w, r, "user-template", "user_template.xlsx", xlsx.ContentType, &buf)
}

func (h handlers) permissionReport(w http.ResponseWriter, r *http.Request) error {
	return h.report(w, r, "", "permission-report", "user_permission_report.xlsx")
}

func (h handlers) roleReport(w http.ResponseWriter, r *http.Request) error {
	q := httpx.ReadQuery(r)
	role := q.Required("roleCode")
	if err := q.Err(); err != nil {
		return err
	}
	return h.report(w, r, role, "permission-report-by-role", "user_permission_report_by_role.xlsx")
}

// report answers the branch's permission workbook, or 204 when nobody is in it.
func (h handlers) report(w http.ResponseWriter, r *http.Request, role, kind, name string) error {
	var buf bytes.Buffer
	found, err := h.s.Report(r.Context(), &buf, httpx.Claims(r), httpx.Branch(r), role)
	if err != nil {
		return err
	}
	if !found {
		return httpx.NoContent(w)
	}
	return h.files.Send(w, r, kind, name, xlsx.ContentType, &buf)
}

type handlers struct {
	s     *Service
	files download.Files
}

func (h handlers) search(w http.ResponseWriter, r *http.Request) error {
	q := httpx.ReadQuery(r)
	p := q.Page()
	criteria, status := q.Text("criteria"), q.OneOf("status", statusFilters...)
	if err := q.Err(); err != nil {
		return err
	}
	page, err := h.s.Search(r.Context(), criteria, status, p)
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
	q := httpx.ReadQuery(r)
	id := q.ID("userId")
	if err := q.Err(); err != nil {
		return err
	}
	if err := h.s.Invite(r.Context(), httpx.Claims(r), id); err != nil {
		return err
	}
	return httpx.OKMsg(w, r, "invite.sent", nil)
}

func (h handlers) inviteByStatus(w http.ResponseWriter, r *http.Request) error {
	q := httpx.ReadQuery(r)
	var list []string
	for _, s := range strings.Split(strings.ToUpper(q.Text("status")), ",") {
		switch s = strings.TrimSpace(s); s {
		case "NOT_INVITED", "INVITED":
			list = append(list, s)
		case "":
		default:
			q.Invalid("status", "field.invalid")
		}
	}
	if len(list) == 0 {
		q.Invalid("status", "field.required")
	}
	if err := q.Err(); err != nil {
		return err
	}
	res, err := h.s.InviteByStatus(r.Context(), httpx.Claims(r), list)
	if err != nil {
		return err
	}
	return httpx.OKMsg(w, r, "invite.sent", res)
}

func (h handlers) searchAccess(w http.ResponseWriter, r *http.Request) error {
	q := httpx.ReadQuery(r)
	p := q.Page()
	// This call sorts with sort=field or sort=field,desc (SPEC.md §7).
	if sort := q.Text("sort"); sort != "" {
		field, dir, _ := strings.Cut(sort, ",")
		p.SortBy, p.SortDesc = field, strings.EqualFold(dir, "desc")
	}
	role, criteria, status := q.Text("roleCode"), q.Text("criteria"), q.OneOf("status", statusFilters...)
	if err := q.Err(); err != nil {
		return err
	}
	page, err := h.s.SearchAccess(r.Context(), httpx.Branch(r), role, criteria, status, p)
	if err != nil {
		return err
	}
	return httpx.OK(w, r, page)
}

func (h handlers) unassigned(w http.ResponseWriter, r *http.Request) error {
	q := httpx.ReadQuery(r)
	role := q.Required("roleCode")
	if err := q.Err(); err != nil {
		return err
	}
	list, err := h.s.Unassigned(r.Context(), httpx.Claims(r), httpx.Branch(r), role)
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

// statusFilters are the statuses a list may be narrowed to, any case.
var statusFilters = append([]string{"ALL"}, statuses...)

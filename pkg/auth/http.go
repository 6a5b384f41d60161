package auth

import (
	"net/http"
	"net/mail"
	"strings"

	"samrap/pkg/errs"
	"samrap/pkg/httpx"
	"samrap/pkg/platform"
	"samrap/pkg/session"
)

// Mount adds the area's routes (functions/catalog.json, function "auth").
func Mount(env *platform.Env, rt *httpx.Router) {
	h := handlers{s: NewService(env.DB, env.Keys, env.Now, env.Log, env.Mail, env.Config.PublicURL)}
	rt.Handle("POST /api/auth/accessToken", httpx.Public().Limit(8<<10), h.accessToken)
	rt.Handle("GET /api/auth/refresh-token", httpx.Public(), h.refreshToken)
	rt.Handle("GET /api/auth/userInfo", httpx.SignedIn(), h.userInfo)
	rt.Handle("POST /api/auth/selectRole", httpx.SignedIn().Limit(8<<10), h.selectRole)
	rt.Handle("POST /api/auth/logout", httpx.SignedIn().Limit(8<<10), h.logout)
	// A Branch Admin sees the delayed sign-ins of its branch and lifts one (throttle.go).
	rt.Handle("GET /api/auth/lockedUsers", httpx.Roles(session.BranchAdmin), h.delayedAccounts)
	rt.Handle("POST /api/auth/unlockUser", httpx.Roles(session.BranchAdmin).Limit(8<<10), h.liftDelay)
	mountAccount(rt, h)
}

type handlers struct{ s *Service }

func (h handlers) accessToken(w http.ResponseWriter, r *http.Request) error {
	if err := httpx.ParseForm(r); err != nil {
		return err
	}
	email, password := strings.TrimSpace(r.PostFormValue("username")), r.PostFormValue("password")
	fields := map[string]string{}
	switch {
	case email == "":
		fields["username"] = "field.emailRequired"
	case !validEmail(email):
		fields["username"] = "field.emailInvalid"
	}
	if password == "" {
		fields["password"] = "field.passwordRequired"
	}
	if len(fields) > 0 {
		return errs.Fields(fields)
	}
	res, err := h.s.SignIn(r.Context(), email, password, clientOf(r))
	if err != nil {
		return err
	}
	if res.MFA != nil {
		return httpx.OK(w, r, res.MFA)
	}
	return httpx.OK(w, r, res.Tokens)
}

func (h handlers) refreshToken(w http.ResponseWriter, r *http.Request) error {
	q := httpx.ReadQuery(r)
	raw := q.Required("refreshToken")
	if err := q.Err(); err != nil {
		return err
	}
	t, err := h.s.Refresh(r.Context(), raw)
	if err != nil {
		return err
	}
	return httpx.OK(w, r, t)
}

func (h handlers) userInfo(w http.ResponseWriter, r *http.Request) error {
	info, err := h.s.UserInfo(r.Context(), httpx.Claims(r))
	if err != nil {
		return err
	}
	return httpx.OK(w, r, info)
}

type selectRoleRequest struct {
	BranchCode string `json:"branchCode"`
	RoleCode   string `json:"roleCode"`
}

func (h handlers) selectRole(w http.ResponseWriter, r *http.Request) error {
	var req selectRoleRequest
	if err := httpx.DecodeJSON(r, &req); err != nil {
		return err
	}
	fields := map[string]string{}
	if req.BranchCode == "" {
		fields["branchCode"] = "field.required"
	}
	if req.RoleCode == "" {
		fields["roleCode"] = "field.required"
	}
	if len(fields) > 0 {
		return errs.Fields(fields)
	}
	t, err := h.s.SelectRole(r.Context(), httpx.Claims(r), session.Pair{BranchCode: req.BranchCode, RoleCode: req.RoleCode})
	if err != nil {
		return err
	}
	return httpx.OK(w, r, t)
}

func (h handlers) logout(w http.ResponseWriter, r *http.Request) error {
	if err := h.s.SignOut(r.Context(), httpx.Claims(r)); err != nil {
		return err
	}
	return httpx.OKMsg(w, r, "auth.signedOut", nil)
}

func validEmail(s string) bool {
	a, err := mail.ParseAddress(s)
	return err == nil && a.Address == s && strings.Contains(s, "@")
}

// clientOf answers where a request came from (httpx.ClientAddress: CloudFront's viewer
// address only on a request proven to come through CloudFront).
func clientOf(r *http.Request) Client {
	return Client{Address: httpx.ClientAddress(r), UserAgent: r.UserAgent()}
}

package auth

import (
	"net/http"
	"strings"

	"samrap/pkg/errs"
	"samrap/pkg/httpx"
)

// mountAccount adds the two-factor, registration, password and account routes.
func mountAccount(rt *httpx.Router, h handlers) {
	small := int64(8 << 10)
	rt.Handle("GET /api/auth/checkMFA", httpx.Public(), h.checkMFA)
	rt.Handle("GET /api/auth/sendMail-otp", httpx.Public(), h.sendMailOTP)
	rt.Handle("GET /api/auth/verify-otp", httpx.Public(), h.verifyOTP)
	rt.Handle("GET /api/auth/registration", httpx.Public(), h.registration)
	rt.Handle("POST /api/auth/register", httpx.Public().Limit(small), h.register)
	rt.Handle("GET /api/auth/verify-register-otp", httpx.Public(), h.verifyRegisterOTP)
	rt.Handle("POST /api/auth/resendRegistration", httpx.Public().Limit(small), h.resendRegistration)
	rt.Handle("POST /api/auth/sendEmailForgotPassword", httpx.Public().Limit(small), h.sendEmailForgotPassword)
	rt.Handle("GET /api/auth/checkResetToken", httpx.Public(), h.checkResetToken)
	rt.Handle("POST /api/auth/resetPassword", httpx.Public().Limit(small), h.resetPassword)
	rt.Handle("POST /api/auth/changePassword", httpx.SignedIn().Limit(small), h.changePassword)
	rt.Handle("POST /api/auth/updateLanguage", httpx.SignedIn().Limit(small), h.updateLanguage)
	rt.Handle("POST /api/auth/setupMFA", httpx.SignedIn().Limit(small), h.setupMFA)
	rt.Handle("POST /api/auth/enableMFA", httpx.SignedIn().Limit(small), h.enableMFA)
	rt.Handle("POST /api/auth/requestAccountCode", httpx.SignedIn().Limit(small), h.requestAccountCode)
	rt.Handle("POST /api/auth/disableMFA", httpx.SignedIn().Limit(small), h.disableMFA)
}

// required answers a 422 naming every empty field of a body.
func required(values map[string]string) error {
	fields := map[string]string{}
	for k, v := range values {
		if strings.TrimSpace(v) == "" {
			fields[k] = "field.required"
		}
	}
	if len(fields) > 0 {
		return errs.Fields(fields)
	}
	return nil
}

// challengeOf reads the one required parameter challenge.
func challengeOf(r *http.Request) (string, error) {
	q := httpx.ReadQuery(r)
	ch := q.Required("challenge")
	return ch, q.Err()
}

func (h handlers) checkMFA(w http.ResponseWriter, r *http.Request) error {
	ch, err := challengeOf(r)
	if err != nil {
		return err
	}
	res, err := h.s.CheckMFA(r.Context(), ch)
	if err != nil {
		return err
	}
	return httpx.OK(w, r, res)
}

func (h handlers) sendMailOTP(w http.ResponseWriter, r *http.Request) error {
	ch, err := challengeOf(r)
	if err != nil {
		return err
	}
	if err := h.s.SendMailOTP(r.Context(), ch, purposeSignIn); err != nil {
		return err
	}
	return httpx.OKMsg(w, r, "mfa.codeSent", nil)
}

func (h handlers) verifyOTP(w http.ResponseWriter, r *http.Request) error {
	q := httpx.ReadQuery(r)
	ch, method, code := q.Required("challenge"), strings.ToUpper(q.Required("method")), strings.TrimSpace(q.Required("code"))
	if err := q.Err(); err != nil {
		return err
	}
	t, err := h.s.VerifyOTP(r.Context(), ch, method, code, clientOf(r))
	if err != nil {
		return err
	}
	return httpx.OK(w, r, t)
}

func (h handlers) registration(w http.ResponseWriter, r *http.Request) error {
	q := httpx.ReadQuery(r)
	token := q.Required("token")
	if err := q.Err(); err != nil {
		return err
	}
	reg, err := h.s.CheckRegistration(r.Context(), token)
	if err != nil {
		return err
	}
	return httpx.OK(w, r, reg)
}

// register and resetPassword take their fields from the query, as SPEC.md §7 says, or from a
// form body, which keeps the password out of access logs.
func (h handlers) register(w http.ResponseWriter, r *http.Request) error {
	if err := httpx.ParseForm(r); err != nil {
		return err
	}
	q := r.Form
	token := q.Get("token")
	if err := required(map[string]string{"token": token}); err != nil {
		return err
	}
	res, err := h.s.Register(r.Context(), token, q.Get("password"), q.Get("confirmPassword"), clientOf(r))
	if err != nil {
		return err
	}
	return httpx.OKMsg(w, r, "register.done", res)
}

func (h handlers) verifyRegisterOTP(w http.ResponseWriter, r *http.Request) error {
	q := httpx.ReadQuery(r)
	ch, code := q.Required("challenge"), strings.TrimSpace(q.Required("code"))
	if err := q.Err(); err != nil {
		return err
	}
	if err := h.s.VerifyRegisterOTP(r.Context(), ch, code, clientOf(r)); err != nil {
		return err
	}
	return httpx.OKMsg(w, r, "mfa.enabled", nil)
}

func (h handlers) resendRegistration(w http.ResponseWriter, r *http.Request) error {
	q := httpx.ReadQuery(r)
	token := q.Required("token")
	if err := q.Err(); err != nil {
		return err
	}
	if err := h.s.ResendRegistration(r.Context(), token, clientOf(r)); err != nil {
		return err
	}
	return httpx.OKMsg(w, r, "link.resent", nil)
}

func (h handlers) sendEmailForgotPassword(w http.ResponseWriter, r *http.Request) error {
	q := httpx.ReadQuery(r)
	email := strings.TrimSpace(q.Text("email"))
	switch {
	case email == "":
		q.Invalid("email", "field.emailRequired")
	case !validEmail(email):
		q.Invalid("email", "field.emailInvalid")
	}
	if err := q.Err(); err != nil {
		return err
	}
	if err := h.s.SendResetLink(r.Context(), email, clientOf(r)); err != nil {
		return err
	}
	return httpx.OKMsg(w, r, "reset.sent", nil)
}

func (h handlers) checkResetToken(w http.ResponseWriter, r *http.Request) error {
	q := httpx.ReadQuery(r)
	token := q.Required("token")
	if err := q.Err(); err != nil {
		return err
	}
	if err := h.s.CheckResetLink(r.Context(), token); err != nil {
		return err
	}
	return httpx.OK(w, r, nil)
}

func (h handlers) resetPassword(w http.ResponseWriter, r *http.Request) error {
	if err := httpx.ParseForm(r); err != nil {
		return err
	}
	q := r.Form
	token := q.Get("token")
	if err := required(map[string]string{"token": token}); err != nil {
		return err
	}
	if err := h.s.ResetPassword(r.Context(), token, q.Get("password"), q.Get("confirmPassword")); err != nil {
		return err
	}
	return httpx.OKMsg(w, r, "password.changed", nil)
}

type changePasswordRequest struct {
	CurrentPassword string `json:"currentPassword"`
	NewPassword     string `json:"newPassword"`
	ConfirmPassword string `json:"confirmPassword"`
}

func (h handlers) changePassword(w http.ResponseWriter, r *http.Request) error {
	var req changePasswordRequest
	if err := httpx.DecodeJSON(r, &req); err != nil {
		return err
	}
	if err := h.s.ChangePassword(r.Context(), httpx.Claims(r), req.CurrentPassword, req.NewPassword, req.ConfirmPassword); err != nil {
		return err
	}
	return httpx.OKMsg(w, r, "password.changed", nil)
}

func (h handlers) updateLanguage(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		Language string `json:"language"`
	}
	if err := httpx.DecodeJSON(r, &req); err != nil {
		return err
	}
	if err := h.s.SetLanguage(r.Context(), httpx.Claims(r), req.Language); err != nil {
		return err
	}
	return httpx.OKMsg(w, r, "account.languageSaved", nil)
}

func (h handlers) setupMFA(w http.ResponseWriter, r *http.Request) error {
	setup, challenge, err := h.s.SetupMFA(r.Context(), httpx.Claims(r), clientOf(r))
	if err != nil {
		return err
	}
	return httpx.OK(w, r, map[string]any{"secret": setup.Secret, "otpauthUri": setup.OTPAuthURI, "challenge": challenge})
}

type codeRequest struct {
	Challenge string `json:"challenge"`
	Method    string `json:"method"`
	Code      string `json:"code"`
}

func (h handlers) enableMFA(w http.ResponseWriter, r *http.Request) error {
	var req codeRequest
	if err := httpx.DecodeJSON(r, &req); err != nil {
		return err
	}
	if err := required(map[string]string{"challenge": req.Challenge, "code": req.Code}); err != nil {
		return err
	}
	if err := h.s.EnableMFA(r.Context(), httpx.Claims(r), req.Challenge, strings.TrimSpace(req.Code), clientOf(r)); err != nil {
		return err
	}
	return httpx.OKMsg(w, r, "mfa.enabled", nil)
}

func (h handlers) requestAccountCode(w http.ResponseWriter, r *http.Request) error {
	var req codeRequest
	if err := httpx.DecodeJSON(r, &req); err != nil {
		return err
	}
	method := strings.ToUpper(req.Method)
	if method != MethodEmail && method != MethodTOTP {
		return errs.Fields(map[string]string{"method": "field.invalid"})
	}
	ch, err := h.s.StartAccountCode(r.Context(), httpx.Claims(r), method, clientOf(r))
	if err != nil {
		return err
	}
	return httpx.OK(w, r, map[string]string{"challenge": ch})
}

func (h handlers) disableMFA(w http.ResponseWriter, r *http.Request) error {
	var req codeRequest
	if err := httpx.DecodeJSON(r, &req); err != nil {
		return err
	}
	if err := required(map[string]string{"challenge": req.Challenge, "method": req.Method, "code": req.Code}); err != nil {
		return err
	}
	if err := h.s.DisableMFA(r.Context(), httpx.Claims(r), req.Challenge, req.Method, strings.TrimSpace(req.Code), clientOf(r)); err != nil {
		return err
	}
	return httpx.OKMsg(w, r, "mfa.disabled", nil)
}

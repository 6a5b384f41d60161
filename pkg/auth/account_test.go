package auth_test

import (
	"context"
	"fmt"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/pquerna/otp/totp"

	"samrap/pkg/apitest"
	"samrap/pkg/auth"
	"samrap/pkg/demo"
	"samrap/pkg/mail"
)

var (
	reToken = regexp.MustCompile(`token=([A-Za-z0-9_\-%]+)`)
	reCode  = regexp.MustCompile(`\b(\d{6})\b`)
)

// lastMail answers the newest message to address, failing when there is none.
func lastMail(t *testing.T, s *apitest.Server, address string) string {
	t.Helper()
	m := s.Mail(address)
	if len(m) == 0 {
		t.Fatalf("no mail to %s", address)
	}
	return m[0].Text
}

func tokenIn(t *testing.T, text string) string {
	t.Helper()
	m := reToken.FindStringSubmatch(text)
	if m == nil {
		t.Fatalf("no link in %q", text)
	}
	tok, _ := url.QueryUnescape(m[1])
	return tok
}

func userID(t *testing.T, s *apitest.Server, email string) int64 {
	t.Helper()
	var id int64
	if err := s.DB.QueryRow(context.Background(), `SELECT id FROM app_user WHERE email = $1`, email).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

// service is the auth service over what s's areas were mounted with.
func service(s *apitest.Server) *auth.Service {
	return auth.NewService(s.DB, s.Env.Keys, s.Clock.Now, s.Env.Log, s.Env.Mail, s.Env.Config.PublicURL)
}

func status(t *testing.T, s *apitest.Server, email string) string {
	t.Helper()
	var st string
	if err := s.DB.QueryRow(context.Background(), `SELECT status FROM app_user WHERE email = $1`, email).Scan(&st); err != nil {
		t.Fatal(err)
	}
	return st
}

func q(kv ...string) string {
	v := url.Values{}
	for i := 0; i < len(kv); i += 2 {
		v.Set(kv[i], kv[i+1])
	}
	return v.Encode()
}

func TestInvitationRegistrationAndAuthenticatorSignIn(t *testing.T) {
	t.Parallel()
	s := apitest.New(t)
	svc := service(s)
	ctx := context.Background()
	id := userID(t, s, demo.Invited)

	if err := svc.Invite(ctx, id, "D0005"); err != nil {
		t.Fatal(err)
	}
	first := tokenIn(t, lastMail(t, s, demo.Invited))
	if err := svc.Invite(ctx, id, "D0005"); err != nil {
		t.Fatal(err)
	}
	text := lastMail(t, s, demo.Invited)
	if !strings.Contains(text, "http://samrap.test/register?token=") || !strings.Contains(text, "นภา") {
		t.Fatalf("invitation text: %q", text)
	}
	token := tokenIn(t, text)
	if status(t, s, demo.Invited) != "INVITED" {
		t.Fatal("not marked invited")
	}

	t.Run("registration410OldLinkKilledByReinvite", func(t *testing.T) {
		res := s.Do(apitest.Request{Method: "GET", Path: "/api/auth/registration?" + q("token", first), Lang: "th"})
		if res.Status != 410 || res.Code != "LINK_EXPIRED" || !strings.Contains(res.Msg, "ลิงก์หมดอายุ") {
			t.Fatalf("%d %s", res.Status, res.Body)
		}
	})

	res := s.Do(apitest.Request{Method: "GET", Path: "/api/auth/registration?" + q("token", token)})
	if res.Status != 200 || !strings.Contains(string(res.Data), demo.Invited) {
		t.Fatalf("registration info: %d %s", res.Status, res.Body)
	}

	t.Run("register422WeakPasswordChangesNothing", func(t *testing.T) {
		res := s.Do(apitest.Request{Method: "POST", Path: "/api/auth/register?" + q("token", token, "password", "napha#Tray1", "confirmPassword", "napha#Tray1"), Lang: "en"})
		if res.Status != 422 || res.Fields()["password"] != "The password must not contain your first or last name" {
			t.Fatalf("%d %s", res.Status, res.Body)
		}
		res = s.Do(apitest.Request{Method: "POST", Path: "/api/auth/register?" + q("token", token, "password", "Kitchen#Tray9", "confirmPassword", "Kitchen#Tray8"), Lang: "th"})
		if res.Status != 422 || res.Fields()["confirmPassword"] != "รหัสผ่านไม่ตรงกัน" {
			t.Fatalf("%d %s", res.Status, res.Body)
		}
		if status(t, s, demo.Invited) != "INVITED" {
			t.Fatal("a refused registration changed the account")
		}
	})

	res = s.Do(apitest.Request{Method: "POST", Path: "/api/auth/register?" + q("token", token, "password", "Kitchen#Tray9", "confirmPassword", "Kitchen#Tray9")})
	var reg struct {
		Challenge string
		TOTP      struct{ Secret, OtpauthURI string } `json:"totp"`
	}
	res.Into(t, &reg)
	if res.Status != 200 || reg.Challenge == "" || reg.TOTP.Secret == "" || !strings.Contains(reg.TOTP.OtpauthURI, "otpauth://totp/Samrap:invited@samrap.local") {
		t.Fatalf("register: %d %s", res.Status, res.Body)
	}
	if status(t, s, demo.Invited) != "ACTIVE" {
		t.Fatal("registration did not activate the account")
	}
	if res := s.Do(apitest.Request{Method: "POST", Path: "/api/auth/register?" + q("token", token, "password", "Other#Tray9", "confirmPassword", "Other#Tray9")}); res.Status != 410 {
		t.Fatalf("used link accepted again: %d %s", res.Status, res.Body)
	}

	verify := func(code string) apitest.Response {
		return s.Do(apitest.Request{Method: "GET", Path: "/api/auth/verify-register-otp?" + q("email", demo.Invited, "challenge", reg.Challenge, "code", code)})
	}
	if res := verify("000000"); res.Status != 422 || res.Code != "CODE_INVALID" {
		t.Fatalf("wrong code: %d %s", res.Status, res.Body)
	}
	code, _ := totp.GenerateCode(reg.TOTP.Secret, s.Clock.Now())
	if res := verify(code); res.Status != 200 {
		t.Fatalf("right code: %d %s", res.Status, res.Body)
	}

	// Signing in now takes the password and then a code.
	res = s.Do(apitest.Request{Method: "POST", Path: "/api/auth/accessToken", Form: url.Values{"username": {demo.Invited}, "password": {"Kitchen#Tray9"}}})
	var ch struct {
		MFARequired bool `json:"mfaRequired"`
		Challenge   string
		Methods     []string
		Email       string
		AccessToken string `json:"access_token"`
	}
	res.Into(t, &ch)
	if !ch.MFARequired || ch.AccessToken != "" || len(ch.Methods) != 2 || ch.Methods[0] != "TOTP" || ch.Email != "i***d@samrap.local" {
		t.Fatalf("password step of a two-factor account: %s", res.Body)
	}
	if res := s.Do(apitest.Request{Method: "GET", Path: "/api/auth/checkMFA?" + q("challenge", ch.Challenge)}); res.Status != 200 {
		t.Fatalf("checkMFA: %d %s", res.Status, res.Body)
	}
	verifyOTP := func(code string) apitest.Response {
		return s.Do(apitest.Request{Method: "GET", Path: "/api/auth/verify-otp?" + q("challenge", ch.Challenge, "method", "TOTP", "code", code)})
	}
	if res := verifyOTP(code); res.Status != 422 {
		t.Fatalf("the code used at registration was accepted again: %d %s", res.Status, res.Body)
	}
	s.Clock.Advance(30 * time.Second)
	next, _ := totp.GenerateCode(reg.TOTP.Secret, s.Clock.Now())
	res = verifyOTP(next)
	var tok apitest.Tokens
	res.Into(t, &tok)
	if res.Status != 200 || tok.Access == "" {
		t.Fatalf("verify-otp: %d %s", res.Status, res.Body)
	}
	if res := verifyOTP(next); res.Status != 401 {
		t.Fatalf("a used challenge worked again: %d %s", res.Status, res.Body)
	}
}

func TestExpiredInvitationCanBeAskedAgain(t *testing.T) {
	t.Parallel()
	s := apitest.New(t)
	if err := service(s).Invite(context.Background(), userID(t, s, demo.Invited), "D0005"); err != nil {
		t.Fatal(err)
	}
	token := tokenIn(t, lastMail(t, s, demo.Invited))
	s.Clock.Advance(auth.InviteTTL + time.Minute)
	if res := s.Do(apitest.Request{Method: "GET", Path: "/api/auth/registration?" + q("token", token)}); res.Status != 410 {
		t.Fatalf("expired link: %d %s", res.Status, res.Body)
	}
	res := s.Do(apitest.Request{Method: "POST", Path: "/api/auth/resendRegistration?" + q("token", token)})
	if res.Status != 200 || len(s.Mail(demo.Invited)) != 2 {
		t.Fatalf("resend: %d %s, mails %d", res.Status, res.Body, len(s.Mail(demo.Invited)))
	}
	fresh := tokenIn(t, lastMail(t, s, demo.Invited))
	if res := s.Do(apitest.Request{Method: "GET", Path: "/api/auth/registration?" + q("token", fresh)}); res.Status != 200 {
		t.Fatalf("fresh link: %d %s", res.Status, res.Body)
	}
	// Nobody else gets a link by presenting a made-up token.
	if res := s.Do(apitest.Request{Method: "POST", Path: "/api/auth/resendRegistration?" + q("token", "made-up")}); res.Status != 200 || len(s.Mail(demo.Invited)) != 2 {
		t.Fatalf("made-up token: %d", res.Status)
	}
	if err := service(s).Invite(context.Background(), userID(t, s, "serve@samrap.local"), "D0005"); err == nil {
		t.Fatal("an active account was invited")
	}
}

func TestEmailCodeSignIn(t *testing.T) {
	t.Parallel()
	s := apitest.New(t)
	if _, err := s.DB.Exec(context.Background(), `UPDATE app_user SET mfa_enabled = true WHERE email = 'serve@samrap.local'`); err != nil {
		t.Fatal(err)
	}
	start := func() string {
		res := s.Do(apitest.Request{Method: "POST", Path: "/api/auth/accessToken", Form: url.Values{"username": {"serve@samrap.local"}, "password": {demo.Password}}})
		var ch struct {
			Challenge string
			Methods   []string
		}
		res.Into(t, &ch)
		if ch.Challenge == "" || len(ch.Methods) != 1 || ch.Methods[0] != "EMAIL" {
			t.Fatalf("password step: %s", res.Body)
		}
		return ch.Challenge
	}
	send := func(ch string) apitest.Response {
		return s.Do(apitest.Request{Method: "GET", Path: "/api/auth/sendMail-otp?" + q("challenge", ch), Lang: "th"})
	}
	verify := func(ch, method, code string) apitest.Response {
		return s.Do(apitest.Request{Method: "GET", Path: "/api/auth/verify-otp?" + q("challenge", ch, "method", method, "code", code)})
	}

	ch := start()
	if res := send(ch); res.Status != 200 || res.Msg != "ส่งรหัสไปที่อีเมลของคุณแล้ว" {
		t.Fatalf("send: %d %s", res.Status, res.Body)
	}
	code := reCode.FindString(lastMail(t, s, "serve@samrap.local"))
	if res := send(ch); res.Status != 429 {
		t.Fatalf("immediate resend: %d %s", res.Status, res.Body)
	}
	if res := verify(ch, "TOTP", "123456"); res.Status != 422 {
		t.Fatalf("authenticator on an e-mail-only account: %d %s", res.Status, res.Body)
	}
	res := verify(ch, "EMAIL", code)
	if res.Status != 200 || !strings.Contains(string(res.Data), "access_token") {
		t.Fatalf("right e-mail code: %d %s", res.Status, res.Body)
	}

	// Five wrong codes end the challenge: the right one no longer helps.
	ch = start()
	send(ch)
	code = reCode.FindString(lastMail(t, s, "serve@samrap.local"))
	for i := range 5 {
		if res := verify(ch, "EMAIL", "999999"); res.Status != 422 {
			t.Fatalf("wrong code %d: %d", i, res.Status)
		}
	}
	if res := verify(ch, "EMAIL", code); res.Status != 401 || res.Code != "MFA_EXPIRED" {
		t.Fatalf("after the attempts ran out: %d %s", res.Status, res.Body)
	}

	// An e-mailed code expires.
	ch = start()
	send(ch)
	code = reCode.FindString(lastMail(t, s, "serve@samrap.local"))
	s.Clock.Advance(6 * time.Minute)
	if res := verify(ch, "EMAIL", code); res.Status != 422 {
		t.Fatalf("expired code: %d %s", res.Status, res.Body)
	}
	if res := s.Do(apitest.Request{Method: "GET", Path: "/api/auth/checkMFA?" + q("challenge", "ch_made_up", "email", "serve@samrap.local")}); res.Status != 401 {
		t.Fatalf("checkMFA with a made-up challenge: %d", res.Status)
	}
}

func TestForgotAndResetPassword(t *testing.T) {
	t.Parallel()
	s := apitest.New(t)
	forgot := func(email string) apitest.Response {
		return s.Do(apitest.Request{Method: "POST", Path: "/api/auth/sendEmailForgotPassword?" + q("email", email), Lang: "en"})
	}
	old := s.SignIn("controller@samrap.local")

	known, unknown := forgot("controller@samrap.local"), forgot("nobody@samrap.local")
	if known.Status != 200 || string(known.Body) != string(unknown.Body) {
		t.Fatalf("answers differ: %s / %s", known.Body, unknown.Body)
	}
	if len(s.Mail("nobody@samrap.local")) != 0 {
		t.Fatal("mail sent to an unknown address")
	}
	token := tokenIn(t, lastMail(t, s, "controller@samrap.local"))
	if !strings.Contains(lastMail(t, s, "controller@samrap.local"), "http://samrap.test/reset-password?token=") {
		t.Fatal("reset link does not point at the reset screen")
	}
	if res := s.Do(apitest.Request{Method: "GET", Path: "/api/auth/checkResetToken?" + q("token", token)}); res.Status != 200 {
		t.Fatalf("check: %d", res.Status)
	}
	reset := func(tok, pw string) apitest.Response {
		return s.Do(apitest.Request{Method: "POST", Path: "/api/auth/resetPassword?" + q("token", tok, "password", pw, "confirmPassword", pw), Lang: "en"})
	}
	if res := reset(token, "Samrap#2026"); res.Status != 422 || res.Fields()["password"] != "The new password is the same as the old password" {
		t.Fatalf("same as old: %d %s", res.Status, res.Body)
	}
	if res := reset(token, "Kitchen#Tray9"); res.Status != 200 {
		t.Fatalf("reset: %d %s", res.Status, res.Body)
	}
	if res := reset(token, "Kitchen#Tray8"); res.Status != 410 {
		t.Fatalf("used link: %d %s", res.Status, res.Body)
	}
	if res := s.Do(apitest.Request{Method: "GET", Path: "/api/auth/refresh-token?" + q("refreshToken", old.Refresh)}); res.Status != 401 {
		t.Fatalf("a session from before the reset still refreshes: %d", res.Status)
	}
	if res := s.Do(apitest.Request{Method: "POST", Path: "/api/auth/accessToken", Form: url.Values{"username": {"controller@samrap.local"}, "password": {demo.Password}}}); res.Status != 401 {
		t.Fatalf("old password still works: %d", res.Status)
	}
	if res := s.Do(apitest.Request{Method: "POST", Path: "/api/auth/accessToken", Form: url.Values{"username": {"controller@samrap.local"}, "password": {"Kitchen#Tray9"}}}); res.Status != 200 {
		t.Fatalf("new password refused: %d %s", res.Status, res.Body)
	}

	// Requests are limited per e-mail, whether or not it exists; links expire.
	forgot("nobody@samrap.local")
	forgot("nobody@samrap.local")
	if res := forgot("nobody@samrap.local"); res.Status != 429 {
		t.Fatalf("fourth request for one e-mail: %d", res.Status)
	}
	forgot("ordertaker@samrap.local")
	token = tokenIn(t, lastMail(t, s, "ordertaker@samrap.local"))
	s.Clock.Advance(auth.ResetTTL + time.Minute)
	if res := reset(token, "Kitchen#Tray9"); res.Status != 410 {
		t.Fatalf("expired reset link: %d %s", res.Status, res.Body)
	}
	if res := forgot("not-an-email"); res.Status != 422 {
		t.Fatalf("malformed e-mail: %d", res.Status)
	}
}

func TestChangePasswordLanguageAndTwoFactorsOnTheAccount(t *testing.T) {
	t.Parallel()
	s := apitest.New(t)
	other := s.SignIn("nutritionist@samrap.local")
	me := s.SignIn("nutritionist@samrap.local")
	change := func(cur, next, confirm string) apitest.Response {
		return s.Do(apitest.Request{Method: "POST", Path: "/api/auth/changePassword", Token: me.Access, Lang: "en",
			JSON: map[string]string{"currentPassword": cur, "newPassword": next, "confirmPassword": confirm}})
	}
	if res := change("Wrong#2026", "Kitchen#Tray9", "Kitchen#Tray9"); res.Status != 422 || res.Fields()["currentPassword"] != "The current password is wrong" {
		t.Fatalf("wrong current: %d %s", res.Status, res.Body)
	}
	if res := change(demo.Password, "short", "short"); res.Status != 422 || res.Fields()["newPassword"] == "" {
		t.Fatalf("weak: %d %s", res.Status, res.Body)
	}
	if res := change(demo.Password, "Kitchen#Tray9", "Kitchen#Tray9"); res.Status != 200 {
		t.Fatalf("change: %d %s", res.Status, res.Body)
	}
	if res := s.Do(apitest.Request{Method: "GET", Path: "/api/auth/userInfo", Token: other.Access}); res.Status != 401 {
		t.Fatalf("the other session survived a password change: %d", res.Status)
	}
	if res := s.Do(apitest.Request{Method: "GET", Path: "/api/auth/userInfo", Token: me.Access}); res.Status != 200 {
		t.Fatalf("the changing session was ended: %d", res.Status)
	}

	lang := func(l string) apitest.Response {
		return s.Do(apitest.Request{Method: "POST", Path: "/api/auth/updateLanguage", Token: me.Access, JSON: map[string]string{"language": l}})
	}
	if res := lang("fr"); res.Status != 422 {
		t.Fatalf("unknown language: %d", res.Status)
	}
	lang("en")
	var info struct {
		Language   string
		MFAEnabled bool `json:"mfaEnabled"`
	}
	s.Do(apitest.Request{Method: "GET", Path: "/api/auth/userInfo", Token: me.Access}).Into(t, &info)
	if info.Language != "en" || info.MFAEnabled {
		t.Fatalf("userInfo: %+v", info)
	}

	res := s.Do(apitest.Request{Method: "POST", Path: "/api/auth/setupMFA", Token: me.Access})
	var setup struct{ Secret, Challenge string }
	res.Into(t, &setup)
	code, _ := totp.GenerateCode(setup.Secret, s.Clock.Now())
	if res := s.Do(apitest.Request{Method: "POST", Path: "/api/auth/enableMFA", Token: me.Access,
		JSON: map[string]string{"challenge": setup.Challenge, "code": code}}); res.Status != 200 {
		t.Fatalf("enable: %d %s", res.Status, res.Body)
	}
	s.Do(apitest.Request{Method: "GET", Path: "/api/auth/userInfo", Token: me.Access}).Into(t, &info)
	if !info.MFAEnabled {
		t.Fatal("two factors not on")
	}

	// Turning them off needs a fresh code: here one e-mailed.
	res = s.Do(apitest.Request{Method: "POST", Path: "/api/auth/requestAccountCode", Token: me.Access, JSON: map[string]string{"method": "EMAIL"}})
	var ch struct{ Challenge string }
	res.Into(t, &ch)
	mailed := reCode.FindString(lastMail(t, s, "nutritionist@samrap.local"))
	if res := s.Do(apitest.Request{Method: "POST", Path: "/api/auth/disableMFA", Token: me.Access,
		JSON: map[string]string{"challenge": ch.Challenge, "method": "EMAIL", "code": "000000"}}); res.Status != 422 {
		t.Fatalf("disable with a wrong code: %d %s", res.Status, res.Body)
	}
	if res := s.Do(apitest.Request{Method: "POST", Path: "/api/auth/disableMFA", Token: me.Access,
		JSON: map[string]string{"challenge": ch.Challenge, "method": "EMAIL", "code": mailed}}); res.Status != 200 {
		t.Fatalf("disable: %d %s", res.Status, res.Body)
	}
}

func TestAccountCodesAreLimitedAndFormBodiesAccepted(t *testing.T) {
	t.Parallel()
	s := apitest.New(t)
	if _, err := s.DB.Exec(context.Background(), `UPDATE app_user SET mfa_enabled = true WHERE email = 'serve@samrap.local'`); err != nil {
		t.Fatal(err)
	}
	res := s.Do(apitest.Request{Method: "POST", Path: "/api/auth/accessToken", Form: url.Values{"username": {"serve@samrap.local"}, "password": {demo.Password}}})
	var ch struct {
		Challenge string
		ExpiresIn int `json:"expiresIn"`
	}
	res.Into(t, &ch)
	var again struct {
		ExpiresIn int `json:"expiresIn"`
	}
	s.Clock.Advance(time.Minute)
	s.Do(apitest.Request{Method: "GET", Path: "/api/auth/checkMFA?" + q("challenge", ch.Challenge)}).Into(t, &again)
	if ch.ExpiresIn != 600 || again.ExpiresIn != 540 {
		t.Fatalf("expiresIn: %d then %d", ch.ExpiresIn, again.ExpiresIn)
	}

	// A signed-in user asking for e-mailed codes again and again is stopped.
	access := func() string {
		res := s.Do(apitest.Request{Method: "GET", Path: "/api/auth/sendMail-otp?" + q("challenge", ch.Challenge)})
		if res.Status != 200 {
			t.Fatalf("send: %d %s", res.Status, res.Body)
		}
		code := reCode.FindString(lastMail(t, s, "serve@samrap.local"))
		var tk apitest.Tokens
		s.Do(apitest.Request{Method: "GET", Path: "/api/auth/verify-otp?" + q("challenge", ch.Challenge, "method", "EMAIL", "code", code)}).Into(t, &tk)
		return tk.Access
	}()
	for i := range 6 {
		res := s.Do(apitest.Request{Method: "POST", Path: "/api/auth/requestAccountCode", Token: access, JSON: map[string]string{"method": "EMAIL"}})
		if i < 5 && res.Status != 200 {
			t.Fatalf("request %d: %d %s", i+1, res.Status, res.Body)
		}
		if i == 5 && res.Status != 429 {
			t.Fatalf("sixth request in 15 minutes: %d %s", res.Status, res.Body)
		}
	}

	// resetPassword takes a form body too, keeping the password out of the URL.
	s.Do(apitest.Request{Method: "POST", Path: "/api/auth/sendEmailForgotPassword?" + q("email", "controller@samrap.local")})
	token := tokenIn(t, lastMail(t, s, "controller@samrap.local"))
	res = s.Do(apitest.Request{Method: "POST", Path: "/api/auth/resetPassword",
		Form: url.Values{"token": {token}, "password": {"Kitchen#Tray9"}, "confirmPassword": {"Kitchen#Tray9"}}})
	if res.Status != 200 {
		t.Fatalf("reset with a form body: %d %s", res.Status, res.Body)
	}
}

// Every e-mail is in its reader's language with a real HTML part (issue 19 item 11): a code
// or a reset link in the language of the screen that asked for it, the account's language
// when the request names none, an invitation in Thai and English (nobody knows the invited
// person's language yet).
func TestMailLanguages(t *testing.T) {
	t.Parallel()
	s := apitest.New(t)
	const addr = "serve@samrap.local" // account language: Thai (the default)
	reset := func(lang string) mail.Sent {
		t.Helper()
		before := len(s.Mail(addr))
		s.Do(apitest.Request{Method: "POST", Path: "/api/auth/sendEmailForgotPassword?" + q("email", addr), Lang: lang})
		m := s.Mail(addr)
		if len(m) != before+1 {
			t.Fatalf("reset (%q): %d mails, want %d", lang, len(m), before+1)
		}
		return m[0]
	}
	if m := reset("en"); m.Subject != "Set a new Samrap password" || strings.Contains(m.Text, "ตั้งรหัสผ่าน") ||
		!strings.Contains(m.HTML, `<div lang="en">`) || !strings.Contains(m.HTML, `<a href="http`) {
		t.Fatalf("reset from an English screen: %+v", m)
	}
	if m := reset(""); m.Subject != "ตั้งรหัสผ่านใหม่ สำรับ" || !strings.Contains(m.HTML, `<div lang="th">`) {
		t.Fatalf("reset with no language stated: %+v", m)
	}

	// The sign-in code follows the screen, not the account.
	withAuthenticator(t, s, "controller@samrap.local")
	ch := challengeOf(t, s, "controller@samrap.local", "198.51.100.40")
	if res := s.Do(apitest.Request{Method: "GET", Path: "/api/auth/sendMail-otp?" + q("challenge", ch), Lang: "en"}); res.Status != 200 {
		t.Fatalf("send code: %d %s", res.Status, res.Body)
	}
	if m := s.Mail("controller@samrap.local")[0]; m.Subject != "Your Samrap sign-in code" || !reCode.MatchString(m.HTML) {
		t.Fatalf("code from an English screen: %+v", m)
	}

	// An invitation speaks both languages, Thai first, each with its link.
	sam := s.SignIn("superadmin@samrap.local").Access
	var id int64
	if err := s.DB.QueryRow(context.Background(), `SELECT id FROM app_user WHERE email = 'invited@samrap.local'`).Scan(&id); err != nil {
		t.Fatal(err)
	}
	if res := s.Do(apitest.Request{Method: "POST", Path: fmt.Sprintf("/api/auth/inviteToUser?userId=%d", id), Token: sam, Lang: "en"}); res.Status != 200 {
		t.Fatalf("invite: %d %s", res.Status, res.Body)
	}
	m := s.Mail("invited@samrap.local")[0]
	th, en := strings.Index(m.Text, "คุณได้รับเชิญ"), strings.Index(m.Text, "You have been invited")
	if m.Subject != "คำเชิญเข้าใช้งานระบบสำรับ / Your invitation to Samrap" || th < 0 || en < th ||
		strings.Count(m.HTML, `<a href="http`) != 2 || !strings.Contains(m.HTML, `<div lang="th">`) || !strings.Contains(m.HTML, `<div lang="en">`) {
		t.Fatalf("invitation: %+v", m)
	}
}

package auth_test

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pquerna/otp/totp"

	"samrap/pkg/apitest"
	"samrap/pkg/auth"
	"samrap/pkg/demo"
	"samrap/pkg/mail"
)

// totpSecret is the authenticator given to demo accounts in these tests.
const totpSecret = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP"

// withAuthenticator turns two factors on for email, with totpSecret.
func withAuthenticator(t *testing.T, s *apitest.Server, email string) {
	t.Helper()
	if _, err := s.DB.Exec(context.Background(),
		`UPDATE app_user SET mfa_enabled = true, totp_secret = $1 WHERE email = $2`, totpSecret, email); err != nil {
		t.Fatal(err)
	}
}

// challengeOf signs in a two-factor account with the demo password and answers its challenge.
func challengeOf(t *testing.T, s *apitest.Server, email, address string) string {
	t.Helper()
	res := s.Do(apitest.Request{Method: "POST", Path: "/api/auth/accessToken", From: address,
		Form: url.Values{"username": {email}, "password": {demo.Password}}})
	var ch struct{ Challenge string }
	res.Into(t, &ch)
	if res.Status != 200 || ch.Challenge == "" {
		t.Fatalf("password step of %s: %d %s", email, res.Status, res.Body)
	}
	return ch.Challenge
}

func verifyTOTP(s *apitest.Server, challenge, code, address string) apitest.Response {
	return s.Do(apitest.Request{Method: "GET", Path: "/api/auth/verify-otp?" + q("challenge", challenge, "method", "TOTP", "code", code),
		From: address, Lang: "th"})
}

// wrongCode answers a 6-digit code that is not the account's at the clock's time.
func wrongCode(t *testing.T, s *apitest.Server) string {
	t.Helper()
	for _, c := range []string{"000000", "111111", "222222"} {
		ok := false
		for d := -1; d <= 1; d++ {
			want, _ := totp.GenerateCode(totpSecret, s.Clock.Now().Add(time.Duration(d)*30*time.Second))
			ok = ok || want == c
		}
		if !ok {
			return c
		}
	}
	t.Fatal("no wrong code")
	return ""
}

func TestCodeChecksAreLimitedPerAccountAcrossChallenges(t *testing.T) {
	t.Parallel()
	s := apitest.New(t)
	const addr = "198.51.100.1"
	withAuthenticator(t, s, "serve@samrap.local")
	bad := wrongCode(t, s)

	// Each right password opens a challenge of five attempts; ten failed checks across them
	// lock the account's codes.
	for range auth.CodeLimit.Failures / 5 {
		ch := challengeOf(t, s, "serve@samrap.local", addr)
		for i := range 5 {
			if res := verifyTOTP(s, ch, bad, addr); res.Status != 422 {
				t.Fatalf("wrong code %d: %d %s", i+1, res.Status, res.Body)
			}
		}
	}
	ch := challengeOf(t, s, "serve@samrap.local", addr) // a right password does not clear the count
	good, _ := totp.GenerateCode(totpSecret, s.Clock.Now())
	res := verifyTOTP(s, ch, good, addr)
	if res.Status != 429 || res.Code != "TOO_MANY_REQUESTS" || res.Header.Get("Retry-After") != "3600" {
		t.Fatalf("right code after ten failures: %d %v %s", res.Status, res.Header, res.Body)
	}
	if res.Msg != "ทำรายการบ่อยเกินไป กรุณาลองใหม่ในอีก 3600 วินาที" {
		t.Fatalf("thai message: %q", res.Msg)
	}
	// From another address too: the limit is the account's.
	if res := verifyTOTP(s, ch, good, "198.51.100.2"); res.Status != 429 {
		t.Fatalf("from another address: %d %s", res.Status, res.Body)
	}

	s.Clock.Advance(auth.CodeLimit.Lock + time.Second)
	ch = challengeOf(t, s, "serve@samrap.local", addr)
	good, _ = totp.GenerateCode(totpSecret, s.Clock.Now())
	if res := verifyTOTP(s, ch, good, addr); res.Status != 200 {
		t.Fatalf("after the lock: %d %s", res.Status, res.Body)
	}
}

func TestCodeMailsAreLimitedPerAccountAcrossChallenges(t *testing.T) {
	t.Parallel()
	s := apitest.New(t)
	const addr = "198.51.100.50"
	if _, err := s.DB.Exec(context.Background(),
		`UPDATE app_user SET mfa_enabled = true WHERE email IN ('serve@samrap.local', 'ordertaker@samrap.local')`); err != nil {
		t.Fatal(err)
	}
	send := func(ch string) apitest.Response {
		return s.Do(apitest.Request{Method: "GET", Path: "/api/auth/sendMail-otp?" + q("challenge", ch), From: addr, Lang: "th"})
	}
	verifyEmail := func(ch, code string) apitest.Response {
		return s.Do(apitest.Request{Method: "GET", Path: "/api/auth/verify-otp?" + q("challenge", ch, "method", "EMAIL", "code", code),
			From: addr})
	}

	// Two challenges of five sends each (a minute apart, as one challenge allows) make ten
	// code e-mails; a right code in between does not clear the count, and a resend refused
	// by the challenge's own spacing sends nothing and costs nothing.
	sent := 0
	for c := range auth.CodeMailLimit.Failures / 5 {
		ch := challengeOf(t, s, "serve@samrap.local", addr)
		for i := range 5 {
			if res := send(ch); res.Status != 200 {
				t.Fatalf("challenge %d, send %d: %d %s", c+1, i+1, res.Status, res.Body)
			}
			sent++
			if sent < auth.CodeMailLimit.Failures { // at the limit, any further request is the one past it
				if res := send(ch); res.Status != 429 {
					t.Fatalf("challenge %d, immediate resend %d: %d %s", c+1, i+1, res.Status, res.Body)
				}
			}
			s.Clock.Advance(time.Minute + time.Second)
		}
		code := reCode.FindString(lastMail(t, s, "serve@samrap.local"))
		if res := verifyEmail(ch, code); res.Status != 200 {
			t.Fatalf("right code of challenge %d: %d %s", c+1, res.Status, res.Body)
		}
	}
	if n := len(s.Mail("serve@samrap.local")); n != sent {
		t.Fatalf("%d e-mails for %d sends", n, sent)
	}

	// A right password opens a third challenge but does not clear the count: its first send
	// is the eleventh of the hour and is refused, with nothing e-mailed.
	ch := challengeOf(t, s, "serve@samrap.local", addr)
	res := send(ch)
	if res.Status != 429 || res.Code != "TOO_MANY_REQUESTS" || res.Header.Get("Retry-After") != "3600" {
		t.Fatalf("eleventh send: %d %v %s", res.Status, res.Header, res.Body)
	}
	if res.Msg != "ทำรายการบ่อยเกินไป กรุณาลองใหม่ในอีก 3600 วินาที" {
		t.Fatalf("thai message: %q", res.Msg)
	}
	if n := len(s.Mail("serve@samrap.local")); n != sent {
		t.Fatalf("%d e-mails after the refused send, want %d", n, sent)
	}
	// From another address too: the limit is the account's.
	if res := s.Do(apitest.Request{Method: "GET", Path: "/api/auth/sendMail-otp?" + q("challenge", ch),
		From: "198.51.100.51"}); res.Status != 429 {
		t.Fatalf("from another address: %d %s", res.Status, res.Body)
	}

	// Another account is not affected.
	other := challengeOf(t, s, "ordertaker@samrap.local", addr)
	if res := send(other); res.Status != 200 {
		t.Fatalf("another account: %d %s", res.Status, res.Body)
	}

	// After the lock the account's codes are sent again.
	s.Clock.Advance(auth.CodeMailLimit.Lock + time.Second)
	ch = challengeOf(t, s, "serve@samrap.local", addr)
	if res := send(ch); res.Status != 200 {
		t.Fatalf("after the lock: %d %s", res.Status, res.Body)
	}
}

func TestAccountPageCodeChecksShareTheLimit(t *testing.T) {
	t.Parallel()
	s := apitest.New(t)
	withAuthenticator(t, s, "serve@samrap.local")
	const addr = "198.51.100.3"
	good, _ := totp.GenerateCode(totpSecret, s.Clock.Now())
	res := verifyTOTP(s, challengeOf(t, s, "serve@samrap.local", addr), good, addr)
	var tok apitest.Tokens
	res.Into(t, &tok)
	if res.Status != 200 {
		t.Fatalf("sign-in: %d %s", res.Status, res.Body)
	}
	bad := wrongCode(t, s)
	disable := func(ch, code string) apitest.Response {
		return s.Do(apitest.Request{Method: "POST", Path: "/api/auth/disableMFA", Token: tok.Access, From: addr,
			JSON: map[string]string{"challenge": ch, "method": "TOTP", "code": code}})
	}
	for range 2 {
		var ch struct{ Challenge string }
		s.Do(apitest.Request{Method: "POST", Path: "/api/auth/requestAccountCode", Token: tok.Access,
			JSON: map[string]string{"method": "TOTP"}}).Into(t, &ch)
		for i := range 5 {
			if res := disable(ch.Challenge, bad); res.Status != 422 {
				t.Fatalf("wrong code %d: %d %s", i+1, res.Status, res.Body)
			}
		}
	}
	// The account page's failures lock the sign-in's codes, and its own.
	s.Clock.Advance(30 * time.Second)
	good, _ = totp.GenerateCode(totpSecret, s.Clock.Now())
	if res := verifyTOTP(s, challengeOf(t, s, "serve@samrap.local", addr), good, addr); res.Status != 429 {
		t.Fatalf("sign-in code after ten failures on the account page: %d %s", res.Status, res.Body)
	}
	var ch struct{ Challenge string }
	s.Do(apitest.Request{Method: "POST", Path: "/api/auth/requestAccountCode", Token: tok.Access,
		JSON: map[string]string{"method": "TOTP"}}).Into(t, &ch)
	if res := disable(ch.Challenge, good); res.Status != 429 {
		t.Fatalf("disable after ten failures: %d %s", res.Status, res.Body)
	}
}

func TestCodeChecksAreLimitedPerAddress(t *testing.T) {
	t.Parallel()
	s := apitest.New(t)
	const addr = "198.51.100.4"
	accounts := []string{"serve@samrap.local", "controller@samrap.local", "ordertaker@samrap.local", "nutritionist@samrap.local"}
	for _, a := range accounts {
		withAuthenticator(t, s, a)
	}
	bad := wrongCode(t, s)
	// Thirty failures from one address, fewer than ten per account.
	failures := 0
	for _, a := range accounts[:3] {
		for range 2 {
			ch := challengeOf(t, s, a, addr)
			for range 5 {
				if res := verifyTOTP(s, ch, bad, addr); res.Status != 422 {
					t.Fatalf("wrong code %d: %d %s", failures+1, res.Status, res.Body)
				}
				failures++
			}
		}
	}
	if failures != auth.CodeAddressLimit.Failures {
		t.Fatalf("failures made: %d", failures)
	}
	good, _ := totp.GenerateCode(totpSecret, s.Clock.Now())
	if res := verifyTOTP(s, challengeOf(t, s, accounts[3], addr), good, addr); res.Status != 429 {
		t.Fatalf("a fresh account from the locked address: %d %s", res.Status, res.Body)
	}
	if res := verifyTOTP(s, challengeOf(t, s, accounts[3], "198.51.100.5"), good, "198.51.100.5"); res.Status != 200 {
		t.Fatalf("the same account from another address: %d %s", res.Status, res.Body)
	}
}

func TestTOTPCodeIsAcceptedOnceByConcurrentVerifications(t *testing.T) {
	t.Parallel()
	s := apitest.New(t)
	withAuthenticator(t, s, "serve@samrap.local")
	svc := service(s)
	ctx := context.Background()
	client := auth.Client{Address: "198.51.100.6"}

	// Two challenges (two right passwords), verified with the same code at the same moment:
	// both have read the account's last step before either records the new one.
	var chs [2]string
	for i := range chs {
		res, err := svc.SignIn(ctx, "serve@samrap.local", demo.Password, client)
		if err != nil || res.MFA == nil {
			t.Fatalf("sign-in %d: %v %+v", i, err, res)
		}
		chs[i] = res.MFA.Challenge
	}
	var arrived sync.WaitGroup
	arrived.Add(len(chs))
	release := make(chan struct{})
	go func() { arrived.Wait(); close(release) }()
	auth.SetBeforeTOTPStep(svc, func() {
		arrived.Done()
		select {
		case <-release:
		case <-time.After(5 * time.Second): // the other never came: nothing to race with
		}
	})

	code, _ := totp.GenerateCode(totpSecret, s.Clock.Now())
	errs := make([]error, len(chs))
	var wg sync.WaitGroup
	for i, ch := range chs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = svc.VerifyOTP(ctx, ch, auth.MethodTOTP, code, client)
		}()
	}
	wg.Wait()
	ok, refused := 0, 0
	for _, err := range errs {
		switch {
		case err == nil:
			ok++
		case errors.Is(err, auth.ErrCodeInvalid):
			refused++
		default:
			t.Fatalf("unexpected: %v", err)
		}
	}
	if ok != 1 || refused != 1 {
		t.Fatalf("one code verified twice at once: %d accepted, %d refused (%v)", ok, refused, errs)
	}
}

// burst sends n requests at once and counts the answers by status.
func burst(s *apitest.Server, n int, req func(i int) apitest.Request) map[int]int {
	var mu sync.Mutex
	statuses := map[int]int{}
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			res := s.Do(req(i))
			mu.Lock()
			statuses[res.Status]++
			mu.Unlock()
		}()
	}
	close(start)
	wg.Wait()
	return statuses
}

func TestThrottlesHoldUnderABurst(t *testing.T) {
	t.Parallel()
	s := apitest.New(t)

	t.Run("signIn20ParallelWrongPasswordsAtMost5Checked", func(t *testing.T) {
		got := burst(s, 20, func(int) apitest.Request {
			return apitest.Request{Method: "POST", Path: "/api/auth/accessToken", From: "198.51.100.7",
				Form: signInForm("ordertaker@samrap.local", "Wrong#2026")}
		})
		if got[401] > auth.AccountLimit.Failures || got[401]+got[429] != 20 {
			t.Fatalf("answers: %v", got)
		}
		res := s.Do(apitest.Request{Method: "POST", Path: "/api/auth/accessToken", From: "198.51.100.7",
			Form: signInForm("ordertaker@samrap.local", demo.Password)})
		if res.Status != 429 {
			t.Fatalf("the right password after the burst, from its address: %d %s", res.Status, res.Body)
		}
		res = s.Do(apitest.Request{Method: "POST", Path: "/api/auth/accessToken", From: "198.51.100.8",
			Form: signInForm("ordertaker@samrap.local", demo.Password)})
		if res.Status != 200 {
			t.Fatalf("the right password after the burst, from another address: %d %s", res.Status, res.Body)
		}
	})

	t.Run("reset10ParallelRequestsAtMost3Sent", func(t *testing.T) {
		got := burst(s, 10, func(int) apitest.Request {
			return apitest.Request{Method: "POST", Path: "/api/auth/sendEmailForgotPassword?" + q("email", "serve@samrap.local"),
				From: "198.51.100.9"}
		})
		if got[200] > auth.ResetLimit.Failures || got[200]+got[429] != 10 {
			t.Fatalf("answers: %v", got)
		}
		if n := len(s.Mail("serve@samrap.local")); n > auth.ResetLimit.Failures {
			t.Fatalf("%d reset e-mails", n)
		}
	})

	t.Run("changePassword20ParallelWrongAtMost5Checked", func(t *testing.T) {
		tok := s.SignIn("nutritionist@samrap.local")
		got := burst(s, 20, func(int) apitest.Request {
			return apitest.Request{Method: "POST", Path: "/api/auth/changePassword", Token: tok.Access,
				JSON: map[string]string{"currentPassword": "Wrong#2026", "newPassword": "Kitchen#Tray9", "confirmPassword": "Kitchen#Tray9"}}
		})
		if got[422] > auth.ChangeLimit.Failures || got[422]+got[429] != 20 {
			t.Fatalf("answers: %v", got)
		}
	})
}

func TestSignInLockedPerAddress(t *testing.T) {
	t.Parallel()
	s := apitest.New(t)
	const addr = "198.51.100.10"
	for i := range auth.AddressLimit.Failures {
		res := s.Do(apitest.Request{Method: "POST", Path: "/api/auth/accessToken", From: addr,
			Form: signInForm(fmt.Sprintf("guess%02d@samrap.local", i), "Wrong#2026")})
		if res.Status != 401 {
			t.Fatalf("failure %d: %d %s", i+1, res.Status, res.Body)
		}
	}
	// Thirty e-mails, one failure each: the address is locked, even for a right password.
	res := s.Do(apitest.Request{Method: "POST", Path: "/api/auth/accessToken", From: addr, Lang: "en",
		Form: signInForm("serve@samrap.local", demo.Password)})
	if res.Status != 429 || res.Code != "TOO_MANY_REQUESTS" || res.Header.Get("Retry-After") != "900" ||
		res.Msg != "Too many attempts, please try again in 900 seconds" {
		t.Fatalf("locked address: %d %v %s", res.Status, res.Header, res.Body)
	}
	// The account itself is not locked: from another address it signs in.
	if res := s.Do(apitest.Request{Method: "POST", Path: "/api/auth/accessToken", From: "198.51.100.11",
		Form: signInForm("serve@samrap.local", demo.Password)}); res.Status != 200 {
		t.Fatalf("another address: %d %s", res.Status, res.Body)
	}
	s.Clock.Advance(auth.AddressLimit.Lock + time.Second)
	if res := s.Do(apitest.Request{Method: "POST", Path: "/api/auth/accessToken", From: addr,
		Form: signInForm("serve@samrap.local", demo.Password)}); res.Status != 200 {
		t.Fatalf("after the lock: %d %s", res.Status, res.Body)
	}
}

// Without the origin secret nothing proves CloudFront sent CloudFront-Viewer-Address: a client
// that makes one up per attempt is still counted at its own address, and the activity log
// records that address, not the made-up one (issue 18 §3).
func TestMadeUpViewerAddressChangesNoLimit(t *testing.T) {
	t.Parallel()
	s := apitest.New(t)
	const addr = "198.51.100.20"
	for i := range auth.AddressLimit.Failures {
		res := s.Do(apitest.Request{Method: "POST", Path: "/api/auth/accessToken", From: addr,
			Header: map[string]string{"CloudFront-Viewer-Address": fmt.Sprintf("203.0.113.%d:443", i+1)},
			Form:   signInForm(fmt.Sprintf("spoof%02d@samrap.local", i), "Wrong#2026")})
		if res.Status != 401 {
			t.Fatalf("failure %d: %d %s", i+1, res.Status, res.Body)
		}
	}
	res := s.Do(apitest.Request{Method: "POST", Path: "/api/auth/accessToken", From: addr,
		Header: map[string]string{"CloudFront-Viewer-Address": "203.0.113.250:443"},
		Form:   signInForm("serve@samrap.local", demo.Password)})
	if res.Status != 429 {
		t.Fatalf("a fresh made-up address unlocked the real one: %d %s", res.Status, res.Body)
	}
	var spoofed, real int
	if err := s.DB.QueryRow(context.Background(),
		`SELECT count(*) FILTER (WHERE address LIKE '203.0.113.%'), count(*) FILTER (WHERE address = $1)
		   FROM activity_log`, addr).Scan(&spoofed, &real); err != nil {
		t.Fatal(err)
	}
	if spoofed != 0 || real == 0 {
		t.Fatalf("activity rows: %d with the made-up address, %d with the real one", spoofed, real)
	}
}

func TestRightPasswordsDoNotLockTheAddress(t *testing.T) {
	t.Parallel()
	s := apitest.New(t)
	// A ward's shared computer: more sign-ins than the address's limit, all right.
	for i := range auth.AddressLimit.Failures + 2 {
		res := s.Do(apitest.Request{Method: "POST", Path: "/api/auth/accessToken", From: "198.51.100.12",
			Form: signInForm("serve@samrap.local", demo.Password)})
		if res.Status != 200 {
			t.Fatalf("sign-in %d: %d %s", i+1, res.Status, res.Body)
		}
	}
}

func TestRefreshRefusedAfterTheAccountIsDeleted(t *testing.T) {
	t.Parallel()
	s := apitest.New(t)
	tok := s.SignIn("serve@samrap.local")
	if _, err := s.DB.Exec(context.Background(), `UPDATE app_user SET deleted_at = now() WHERE email = 'serve@samrap.local'`); err != nil {
		t.Fatal(err)
	}
	res := s.Do(apitest.Request{Method: "GET", Path: "/api/auth/refresh-token?" + q("refreshToken", tok.Refresh)})
	if res.Status != 401 || res.Code != "UNAUTHORIZED" {
		t.Fatalf("refresh of a deleted account: %d %s", res.Status, res.Body)
	}
	if res := s.Do(apitest.Request{Method: "GET", Path: "/api/auth/userInfo", Token: tok.Access}); res.Status != 401 {
		t.Fatalf("access token of a deleted account: %d %s", res.Status, res.Body)
	}
}

func TestDisableTwoFactorsWithAnAuthenticatorCode(t *testing.T) {
	t.Parallel()
	s := apitest.New(t)
	withAuthenticator(t, s, "serve@samrap.local")
	const addr = "198.51.100.13"
	code, _ := totp.GenerateCode(totpSecret, s.Clock.Now())
	res := verifyTOTP(s, challengeOf(t, s, "serve@samrap.local", addr), code, addr)
	var tok apitest.Tokens
	res.Into(t, &tok)
	if res.Status != 200 {
		t.Fatalf("sign-in: %d %s", res.Status, res.Body)
	}
	ask := func() string {
		res := s.Do(apitest.Request{Method: "POST", Path: "/api/auth/requestAccountCode", Token: tok.Access,
			JSON: map[string]string{"method": "TOTP"}})
		var ch struct{ Challenge string }
		res.Into(t, &ch)
		if res.Status != 200 || ch.Challenge == "" {
			t.Fatalf("requestAccountCode: %d %s", res.Status, res.Body)
		}
		return ch.Challenge
	}
	disable := func(ch, code string) apitest.Response {
		return s.Do(apitest.Request{Method: "POST", Path: "/api/auth/disableMFA", Token: tok.Access, Lang: "en",
			JSON: map[string]string{"challenge": ch, "method": "TOTP", "code": code}})
	}
	ch := ask()
	if res := disable(ch, code); res.Status != 422 || res.Code != "CODE_INVALID" {
		t.Fatalf("the code used to sign in, again: %d %s", res.Status, res.Body)
	}
	s.Clock.Advance(30 * time.Second)
	next, _ := totp.GenerateCode(totpSecret, s.Clock.Now())
	if res := disable(ch, next); res.Status != 200 || res.Msg != "Two-factor verification is off" {
		t.Fatalf("disable: %d %s", res.Status, res.Body)
	}
	var info struct {
		MFAEnabled bool     `json:"mfaEnabled"`
		MFAMethods []string `json:"mfaMethods"`
	}
	s.Do(apitest.Request{Method: "GET", Path: "/api/auth/userInfo", Token: tok.Access}).Into(t, &info)
	if info.MFAEnabled || len(info.MFAMethods) != 0 {
		t.Fatalf("after disabling: %+v", info)
	}
	// Signing in is the password alone again.
	s.SignIn("serve@samrap.local")
}

func TestRegistrationResendIsLimited(t *testing.T) {
	t.Parallel()
	s := apitest.New(t)
	if err := service(s).Invite(context.Background(), userID(t, s, demo.Invited), "D0005"); err != nil {
		t.Fatal(err)
	}
	old := tokenIn(t, lastMail(t, s, demo.Invited))
	s.Clock.Advance(auth.InviteTTL + time.Minute)
	resend := func(token, address string) apitest.Response {
		return s.Do(apitest.Request{Method: "POST", Path: "/api/auth/resendRegistration?" + q("token", token), From: address, Lang: "th"})
	}

	// The old (expired, then superseded) link asks again: three times, then no more, from
	// any address.
	for i := range auth.ResendLimit.Failures {
		if res := resend(old, fmt.Sprintf("198.51.100.%d", 20+i)); res.Status != 200 {
			t.Fatalf("resend %d: %d %s", i+1, res.Status, res.Body)
		}
	}
	res := resend(old, "198.51.100.30")
	if res.Status != 429 || res.Header.Get("Retry-After") != "900" {
		t.Fatalf("fourth resend: %d %v %s", res.Status, res.Header, res.Body)
	}
	if n := len(s.Mail(demo.Invited)); n != 1+auth.ResendLimit.Failures {
		t.Fatalf("%d invitation e-mails", n)
	}
	// The newest link still registers: the limit stops e-mails, not the account.
	fresh := tokenIn(t, lastMail(t, s, demo.Invited))
	if res := s.Do(apitest.Request{Method: "GET", Path: "/api/auth/registration?" + q("token", fresh)}); res.Status != 200 {
		t.Fatalf("fresh link: %d %s", res.Status, res.Body)
	}

	// Per address, made-up tokens included.
	const addr = "198.51.100.31"
	for i := range auth.ResendAddressLimit.Failures {
		if res := resend(fmt.Sprintf("made-up-%d", i), addr); res.Status != 200 {
			t.Fatalf("made-up token %d: %d %s", i+1, res.Status, res.Body)
		}
	}
	if res := resend("made-up", addr); res.Status != 429 {
		t.Fatalf("past the address's limit: %d %s", res.Status, res.Body)
	}

	s.Clock.Advance(auth.ResendLimit.Lock + time.Second)
	if res := resend(old, "198.51.100.32"); res.Status != 200 || len(s.Mail(demo.Invited)) != 2+auth.ResendLimit.Failures {
		t.Fatalf("after the lock: %d %s", res.Status, res.Body)
	}
}

// failingMail refuses messages to one address and passes the others on.
type failingMail struct {
	to   string
	next mail.Sender
}

func (f failingMail) Send(ctx context.Context, m mail.Message) error {
	if m.To == f.to {
		return errors.New("mail server down")
	}
	return f.next.Send(ctx, m)
}

func TestForgotPasswordAnswersTheSameWhateverTheEmail(t *testing.T) {
	t.Parallel()
	s := apitest.New(t)
	// A server whose e-mail to one account fails.
	outbox := s.Env.Mail
	s.Env.Mail = failingMail{to: "ordertaker@samrap.local", next: outbox}
	rt := s.Env.Router()
	auth.Mount(s.Env, rt)
	s.Env.Mail = outbox
	alt := *s
	alt.Router = rt

	type answer struct {
		status    int
		code, msg string
		body      string
	}
	took := map[string]time.Duration{}
	answers := map[string]answer{}
	for _, email := range []string{"nobody@samrap.local", "serve@samrap.local", "ordertaker@samrap.local"} {
		start := time.Now()
		res := alt.Do(apitest.Request{Method: "POST", Path: "/api/auth/sendEmailForgotPassword?" + q("email", email),
			From: "198.51.100.40", Lang: "th"})
		took[email] = time.Since(start)
		answers[email] = answer{res.Status, res.Code, res.Msg, string(res.Body)}
	}
	want := answer{200, "SUCCESS", "หากอีเมลนี้มีอยู่ในระบบ เราได้ส่งลิงก์สำหรับตั้งรหัสผ่านใหม่ไปแล้ว", answers["nobody@samrap.local"].body}
	for email, got := range answers {
		if got != want {
			t.Errorf("%s: %+v, want %+v", email, got, want)
		}
		if took[email] < auth.ResetAnswerTime {
			t.Errorf("%s answered in %v, sooner than %v", email, took[email], auth.ResetAnswerTime)
		}
	}
	if len(s.Mail("serve@samrap.local")) != 1 || len(s.Mail("ordertaker@samrap.local")) != 0 || len(s.Mail("nobody@samrap.local")) != 0 {
		t.Fatal("e-mails sent are not the expected ones")
	}
	// The failed e-mail left no link behind.
	if n := s.Count(`SELECT count(*) FROM auth_link l JOIN app_user u ON u.id = l.user_id WHERE u.email = 'ordertaker@samrap.local'`); n != 0 {
		t.Fatalf("%d links for the failed e-mail", n)
	}
}

// A Branch Admin sees the delayed sign-ins of its branch, and only of its branch, and lifts
// one: the account signs in at once and the activity log names who lifted it (issue 18 §8).
func TestBranchAdminLiftsASignInDelay(t *testing.T) {
	t.Parallel()
	s := apitest.New(t)
	ctx := context.Background()
	for range auth.AccountLimit.Failures {
		s.Do(apitest.Request{Method: "POST", Path: "/api/auth/accessToken", From: "198.51.100.40",
			Form: signInForm("ordertaker@samrap.local", "Wrong#2026")})
	}
	// Four failures of another account: not delayed yet, not listed.
	for range auth.AccountLimit.Failures - 1 {
		s.Do(apitest.Request{Method: "POST", Path: "/api/auth/accessToken", From: "198.51.100.40",
			Form: signInForm("serve@samrap.local", "Wrong#2026")})
	}
	if res := s.Do(apitest.Request{Method: "POST", Path: "/api/auth/accessToken", From: "198.51.100.40",
		Form: signInForm("ordertaker@samrap.local", demo.Password)}); res.Status != 429 {
		t.Fatalf("not delayed: %d %s", res.Status, res.Body)
	}
	var ordertaker int64
	if err := s.DB.QueryRow(ctx, `SELECT id FROM app_user WHERE email = 'ordertaker@samrap.local'`).Scan(&ordertaker); err != nil {
		t.Fatal(err)
	}

	bam := s.TokenAs("branchadmin@samrap.local", demo.Bangkok, "BAM")
	var list []auth.DelayedAccount
	res := s.Do(apitest.Request{Method: "GET", Path: "/api/auth/lockedUsers?branchCode=SRP01", Token: bam})
	res.Into(t, &list)
	if res.Status != 200 || len(list) != 1 || list[0].ID != ordertaker || list[0].EmployeeCode != "D0002" ||
		list[0].Failures != auth.AccountLimit.Failures || list[0].Addresses != 1 || !list[0].Liftable || list[0].DelayedUntil == nil ||
		!list[0].DelayedUntil.Equal(s.Clock.Now().Add(auth.AccountLimit.Lock)) {
		t.Fatalf("delayed accounts of SRP01: %d %s", res.Status, res.Body)
	}
	if strings.Contains(string(res.Body), "@samrap.local") || strings.Contains(string(res.Body), "198.51.100") {
		t.Fatalf("the list shows e-mails or addresses: %s", res.Body)
	}

	// The Branch Admin of another branch neither sees nor lifts it.
	other := s.TokenAs("multi@samrap.local", demo.ChiangMai, "BAM")
	res = s.Do(apitest.Request{Method: "GET", Path: "/api/auth/lockedUsers", Token: other})
	if res.Status != 200 || string(res.Data) != "[]" {
		t.Fatalf("delayed accounts of SRP02: %d %s", res.Status, res.Body)
	}
	res = s.Do(apitest.Request{Method: "POST", Path: "/api/auth/unlockUser", Token: other, Lang: "en",
		JSON: map[string]any{"branchCode": demo.ChiangMai, "userId": ordertaker}})
	if res.Status != 404 {
		t.Fatalf("lift from another branch: %d %s", res.Status, res.Body)
	}
	if res := s.Do(apitest.Request{Method: "POST", Path: "/api/auth/unlockUser", Token: bam,
		JSON: map[string]any{"branchCode": demo.Bangkok}}); res.Status != 422 || res.Fields()["userId"] == "" {
		t.Fatalf("lift without an account: %d %s", res.Status, res.Body)
	}
	if n := s.Count(`SELECT count(*) FROM auth_throttle WHERE account = 'ordertaker@samrap.local' AND locked_until > $1`, s.Clock.Now()); n != 1 {
		t.Fatalf("a refused lift changed the delay: %d", n)
	}

	res = s.Do(apitest.Request{Method: "POST", Path: "/api/auth/unlockUser", Token: bam, Lang: "th",
		JSON: map[string]any{"branchCode": demo.Bangkok, "userId": ordertaker}})
	if res.Status != 200 || res.Msg != "ปลดการรอเข้าสู่ระบบของบัญชีแล้ว" {
		t.Fatalf("lift: %d %s", res.Status, res.Body)
	}
	if res := s.Do(apitest.Request{Method: "POST", Path: "/api/auth/accessToken", From: "198.51.100.40",
		Form: signInForm("ordertaker@samrap.local", demo.Password)}); res.Status != 200 {
		t.Fatalf("lifted, from the address that failed: %d %s", res.Status, res.Body)
	}
	if n := s.Count(`SELECT count(*) FROM activity_log WHERE action = 'auth.liftDelay' AND actor = 'D0006'
		AND branch_code = 'SRP01' AND (detail->>'userId')::bigint = $1 AND (detail->>'failures')::int = $2`,
		ordertaker, auth.AccountLimit.Failures); n != 1 {
		t.Fatalf("activity rows of the lift: %d", n)
	}
	res = s.Do(apitest.Request{Method: "GET", Path: "/api/auth/lockedUsers", Token: bam})
	if res.Status != 200 || string(res.Data) != "[]" {
		t.Fatalf("after the lift: %d %s", res.Status, res.Body)
	}
}

// Anyone who knows an e-mail cannot keep its owner out (issue 31 §4): five wrong passwords
// from one address, then one every 15 minutes to keep the delay going, delay that address
// only; the owner signs in from the ward's computer all along. The failing address stays
// delayed (its delay grows to 15 minutes).
func TestOneAddressCannotKeepAnAccountOut(t *testing.T) {
	t.Parallel()
	s := apitest.New(t)
	signIn := func(password, from string) apitest.Response {
		return s.Do(apitest.Request{Method: "POST", Path: "/api/auth/accessToken", From: from,
			Form: signInForm("ordertaker@samrap.local", password)})
	}
	const attacker, ward = "203.0.113.66", "10.20.30.40"
	for range auth.AccountLimit.Failures {
		signIn("Wrong#2026", attacker)
	}
	for round := range 8 {
		if res := signIn(demo.Password, ward); res.Status != 200 {
			t.Fatalf("round %d: the owner from the ward: %d %s", round, res.Status, res.Body)
		}
		if res := signIn(demo.Password, attacker); res.Status != 429 {
			t.Fatalf("round %d: the failing address is not delayed: %d %s", round, res.Status, res.Body)
		}
		s.Clock.Advance(15 * time.Minute)
		if res := signIn("Wrong#2026", attacker); res.Status != 401 {
			t.Fatalf("round %d: a failure after 15 minutes: %d %s", round, res.Status, res.Body)
		}
	}
}

// A burst of failures against one account from many addresses delays none of them (each
// failed once) but tells the account's Branch Admins and the Super Admins, once, by e-mail
// and in the activity log (issue 31 §4).
func TestSignInBurstTellsTheAdmins(t *testing.T) {
	t.Parallel()
	s := apitest.New(t)
	fail := func(i int) apitest.Response {
		return s.Do(apitest.Request{Method: "POST", Path: "/api/auth/accessToken", From: fmt.Sprintf("203.0.113.%d", i+1),
			Form: signInForm("ordertaker@samrap.local", "Wrong#2026")})
	}
	told := func() int {
		return s.Count(`SELECT count(*) FROM activity_log WHERE action = 'auth.signInBurst' AND actor = 'D0002'`)
	}
	for i := range auth.BurstLimit.Failures {
		if res := fail(i); res.Status != 401 {
			t.Fatalf("failure %d: %d %s", i+1, res.Status, res.Body)
		}
	}
	if n := told(); n != 0 || len(s.Mail("branchadmin@samrap.local")) != 0 {
		t.Fatalf("told before the burst: %d", n)
	}
	fail(auth.BurstLimit.Failures)
	fail(auth.BurstLimit.Failures + 1)
	if n := told(); n != 1 {
		t.Fatalf("activity rows of the burst: %d", n)
	}
	for _, to := range []string{"branchadmin@samrap.local", "superadmin@samrap.local"} {
		m := s.Mail(to)
		if len(m) != 1 || !strings.Contains(m[0].Text, "D0002") || !strings.Contains(m[0].Text, "21") {
			t.Fatalf("mail to %s: %+v", to, m)
		}
	}
	for _, not := range []string{"ordertaker@samrap.local", "multi@samrap.local", "controller@samrap.local"} {
		if m := s.Mail(not); len(m) != 0 {
			t.Fatalf("%s was told: %+v", not, m)
		}
	}
	// Nobody is delayed: every address failed once.
	if res := s.Do(apitest.Request{Method: "POST", Path: "/api/auth/accessToken", From: "203.0.113.1",
		Form: signInForm("ordertaker@samrap.local", demo.Password)}); res.Status != 200 {
		t.Fatalf("the owner after the burst: %d %s", res.Status, res.Body)
	}
}

// A Branch Admin sees a Super Admin's delay but does not lift it (issue 31 §4).
func TestBranchAdminCannotLiftASuperAdminsDelay(t *testing.T) {
	t.Parallel()
	s := apitest.New(t)
	const from = "198.51.100.61"
	for range auth.AccountLimit.Failures {
		s.Do(apitest.Request{Method: "POST", Path: "/api/auth/accessToken", From: from,
			Form: signInForm("superadmin@samrap.local", "Wrong#2026")})
	}
	bam := s.TokenAs("branchadmin@samrap.local", demo.Bangkok, "BAM")
	var list []auth.DelayedAccount
	res := s.Do(apitest.Request{Method: "GET", Path: "/api/auth/lockedUsers?branchCode=SRP01", Token: bam})
	res.Into(t, &list)
	if res.Status != 200 || len(list) != 1 || list[0].EmployeeCode != "D0005" || list[0].Liftable {
		t.Fatalf("delayed accounts: %d %s", res.Status, res.Body)
	}
	res = s.Do(apitest.Request{Method: "POST", Path: "/api/auth/unlockUser", Token: bam, Lang: "en",
		JSON: map[string]any{"branchCode": demo.Bangkok, "userId": list[0].ID}})
	if res.Status != 403 || !strings.Contains(res.Msg, "Super Admin") {
		t.Fatalf("a Branch Admin lifting a Super Admin's delay: %d %s", res.Status, res.Body)
	}
	if res := s.Do(apitest.Request{Method: "POST", Path: "/api/auth/accessToken", From: from,
		Form: signInForm("superadmin@samrap.local", demo.Password)}); res.Status != 429 {
		t.Fatalf("the refused lift lifted it: %d %s", res.Status, res.Body)
	}
	if n := s.Count(`SELECT count(*) FROM activity_log WHERE action = 'auth.liftDelay'`); n != 0 {
		t.Fatalf("a refused lift was recorded: %d", n)
	}
}

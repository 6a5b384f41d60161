package auth_test

import (
	"context"
	"errors"
	"net/url"
	"strings"
	"testing"

	"samrap/pkg/apitest"
	"samrap/pkg/auth"
)

func TestCreateFirstAdmin(t *testing.T) {
	t.Parallel()
	s := apitest.New(t)
	svc := service(s)
	ctx := context.Background()
	// The demo data has a super admin: a stage that already has one refuses.
	in := auth.FirstAdmin{Email: "IT-Admin@Hospital.example", FirstNameEn: "IT", LastNameEn: "Admin", BranchCode: "hq01"}
	if _, err := svc.CreateFirstAdmin(ctx, in); !errors.Is(err, auth.ErrAdminExists) {
		t.Fatalf("with a super admin present: %v", err)
	}
	if _, err := s.DB.Exec(ctx, `DELETE FROM user_permission WHERE role_code = 'SAM'`); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.CreateFirstAdmin(ctx, auth.FirstAdmin{Email: "not-an-email", BranchCode: "HQ01", FirstNameEn: "x"}); err == nil {
		t.Fatal("a bad e-mail was accepted")
	}
	link, err := svc.CreateFirstAdmin(ctx, in)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Mail("it-admin@hospital.example")) != 0 {
		t.Fatal("the first admin's link was e-mailed; it is handed over by the engineer")
	}
	u, _ := url.Parse(link)
	token := u.Query().Get("token")
	if !strings.HasPrefix(link, "http://samrap.test/register?token=") || token == "" {
		t.Fatalf("link: %s", link)
	}
	res := s.Do(apitest.Request{Method: "POST", Path: "/api/auth/register?" + url.Values{"token": {token},
		"password": {"Hospital#Group1"}, "confirmPassword": {"Hospital#Group1"}}.Encode()})
	if res.Status != 200 {
		t.Fatalf("register through the link: %d %s", res.Status, res.Body)
	}
	tok := s.Do(apitest.Request{Method: "POST", Path: "/api/auth/accessToken", Form: url.Values{"username": {"it-admin@hospital.example"}, "password": {"Hospital#Group1"}}})
	var info struct {
		Current struct{ BranchCode, RoleCode string }
	}
	var tokens apitest.Tokens
	tok.Into(t, &tokens)
	s.Do(apitest.Request{Method: "GET", Path: "/api/auth/userInfo", Token: tokens.Access}).Into(t, &info)
	if info.Current.BranchCode != "HQ01" || info.Current.RoleCode != "SAM" {
		t.Fatalf("first admin's pair: %+v", info.Current)
	}
	if _, err := svc.CreateFirstAdmin(ctx, in); !errors.Is(err, auth.ErrAdminExists) {
		t.Fatalf("second run: %v", err)
	}
}

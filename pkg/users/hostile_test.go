package users_test

import (
	"encoding/json"
	"strings"
	"testing"

	"samrap/pkg/apitest"
	"samrap/pkg/users"
)

// Issue 18 §5: hostile text and numbers never reach PostgreSQL as an error. Each bad input
// of the issue answers 422 naming its field, and nothing is written.
func TestHostileInput(t *testing.T) {
	t.Parallel()
	s := apitest.New(t)
	sam := s.SignIn("superadmin@samrap.local").Access
	bam := s.SignIn("branchadmin@samrap.local").Access
	accounts := s.Count(`SELECT count(*) FROM app_user`)
	logs := s.Count(`SELECT count(*) FROM change_log`)
	account := func(field, value string) string {
		a := newAccount("E2001", "hostile@samrap.local")
		a[field] = "@@"
		b, _ := json.Marshal(a)
		// The value goes in raw: json.Marshal would replace invalid UTF-8.
		return strings.Replace(string(b), `"@@"`, `"`+value+`"`, 1)
	}
	const invalid, long = "This contains characters that are not allowed", "This is too long"
	cases := []struct {
		name, token, method, path, body, field, msg string
	}{
		{"searchUsers422NUL", sam, "GET", "/api/auth/searchUsers?criteria=%00", "", "criteria", invalid},
		{"searchUsers422InvalidUTF8", sam, "GET", "/api/auth/searchUsers?criteria=%ff%fe", "", "criteria", invalid},
		{"searchUsers422HugePage", sam, "GET", "/api/auth/searchUsers?page=9223372036854775807", "", "page", "This value is out of range"},
		{"searchUserAccess422NUL", bam, "GET", "/api/auth/searchUserAccess?branchCode=SRP01&roleCode=BOD&criteria=a%00", "", "criteria", invalid},
		{"searchUserAccess422InvalidUTF8", bam, "GET", "/api/auth/searchUserAccess?branchCode=SRP01&roleCode=%ff%fe", "", "roleCode", invalid},
		{"searchUserAccess422HugePage", bam, "GET", "/api/auth/searchUserAccess?branchCode=SRP01&page=9223372036854775807", "", "page", "This value is out of range"},
		{"unAssignedUsers422NUL", bam, "GET", "/api/auth/unAssignedUsers?branchCode=SRP01&roleCode=B%00D", "", "roleCode", invalid},
		{"unAssignedUsers422InvalidUTF8", bam, "GET", "/api/auth/unAssignedUsers?branchCode=SRP01&roleCode=%ff%fe", "", "roleCode", invalid},
		{"createUser422NUL", sam, "POST", "/api/auth/createUser", account("firstNameTh", `a\u0000b`), "firstNameTh", invalid},
		{"createUser422InvalidUTF8", sam, "POST", "/api/auth/createUser", account("lastNameEn", "\xff\xfe"), "lastNameEn", invalid},
		{"createUser422FirstName60000", sam, "POST", "/api/auth/createUser", account("firstNameTh", strings.Repeat("a", 60000)), "firstNameTh", long},
		{"createUser422FirstName101", sam, "POST", "/api/auth/createUser", account("firstNameEn", strings.Repeat("a", 101)), "firstNameEn", long},
		{"createUser422NULInPair", sam, "POST", "/api/auth/createUser", strings.Replace(account("note", ""), `"roleCode":"BOD"`, `"roleCode":"B\u0000D"`, 1), "permissions.roleCode", invalid},
		{"assign422NUL", bam, "POST", "/api/auth/assign", `{"branchCode":"SRP01","roleCode":"B\u0000D","userIds":[1]}`, "roleCode", invalid},
		{"assign422InvalidUTF8", bam, "POST", "/api/auth/assign", "{\"branchCode\":\"SRP01\",\"roleCode\":\"\xff\xfe\",\"userIds\":[1]}", "roleCode", invalid},
	}
	for _, c := range cases {
		res := s.Do(apitest.Request{Method: c.method, Path: c.path, Token: c.token, Lang: "en",
			Body: strings.NewReader(c.body), Header: map[string]string{"Content-Type": "application/json"}})
		if res.Status != 422 || res.Code != "VALIDATION" || res.Fields()[c.field] != c.msg {
			t.Errorf("%s: %d %s", c.name, res.Status, res.Body)
		}
	}
	if n := s.Count(`SELECT count(*) FROM app_user`); n != accounts {
		t.Errorf("hostile input added %d accounts", n-accounts)
	}
	if n := s.Count(`SELECT count(*) FROM change_log`); n != logs {
		t.Errorf("hostile input wrote %d change-log rows", n-logs)
	}
	// The limits leave room for real names.
	a := newAccount("E2002", "long.name@samrap.local")
	a["firstNameTh"] = strings.Repeat("ก", users.MaxName)
	if res := s.Do(apitest.Request{Method: "POST", Path: "/api/auth/createUser", Token: sam, JSON: a}); res.Status != 200 {
		t.Errorf("a %d-character name: %d %s", users.MaxName, res.Status, res.Body)
	}
}

package users_test

import (
	"context"
	"fmt"
	"testing"

	"samrap/pkg/apitest"
	"samrap/pkg/demo"
)

// Issue 31 §3: an invitation and its activity entry are written in one transaction, so
// neither is kept alone. A CHECK constraint in this test's own database (apitest gives each
// test a copy) refuses the users.invite entry — PostgreSQL refuses the row, nothing is
// mocked. The invitation then answers 500, the account stays not invited and no e-mail
// leaves; with the constraint dropped the same invitation is made once, with its entry.
// Before, the entry was written after the invitation had committed and its mail had gone.
func TestInvitationIsRecordedWithItsEntry(t *testing.T) {
	t.Parallel()
	s := apitest.New(t)
	ctx := context.Background()
	sam := s.SignIn("superadmin@samrap.local").Access
	var id int64
	if err := s.DB.QueryRow(ctx, `SELECT id FROM app_user WHERE email = $1`, demo.Invited).Scan(&id); err != nil {
		t.Fatal(err)
	}
	if _, err := s.DB.Exec(ctx, `UPDATE app_user SET status = 'NOT_INVITED' WHERE id = $1`, id); err != nil {
		t.Fatal(err)
	}
	invite := func() apitest.Response {
		return s.Do(apitest.Request{Method: "POST", Path: fmt.Sprintf("/api/auth/inviteToUser?userId=%d&inviteBy=D0005", id), Token: sam})
	}
	if _, err := s.DB.Exec(ctx, `ALTER TABLE activity_log ADD CONSTRAINT test_refuse_invite
		CHECK (action <> 'users.invite') NOT VALID`); err != nil {
		t.Fatal(err)
	}
	if res := invite(); res.Status != 500 {
		t.Fatalf("invited with its entry refused: %d %s", res.Status, res.Body)
	}
	if s.Count(`SELECT count(*) FROM app_user WHERE id = $1 AND status = 'NOT_INVITED'`, id) != 1 || len(s.Mail(demo.Invited)) != 0 {
		t.Fatal("the invitation stood, or its mail left, without its entry")
	}
	if _, err := s.DB.Exec(ctx, `ALTER TABLE activity_log DROP CONSTRAINT test_refuse_invite`); err != nil {
		t.Fatal(err)
	}
	if res := invite(); res.Status != 200 {
		t.Fatalf("invite: %d %s", res.Status, res.Body)
	}
	if s.Count(`SELECT count(*) FROM app_user WHERE id = $1 AND status = 'INVITED'`, id) != 1 || len(s.Mail(demo.Invited)) != 1 ||
		s.Count(`SELECT count(*) FROM activity_log WHERE action = 'users.invite' AND (detail->>'userId')::bigint = $1`, id) != 1 {
		t.Fatal("the invitation, its mail and its entry: not one of each")
	}
}

package auth

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"samrap/pkg/audit"
	"samrap/pkg/db/dbsqlc"
	"samrap/pkg/errs"
)

// FirstAdmin is the one-off creation of a stage's first Super Admin (docs/deploy.md).
type FirstAdmin struct {
	Email        string `json:"email"`
	EmployeeCode string `json:"employeeCode"`
	FirstNameTh  string `json:"firstNameTh"`
	LastNameTh   string `json:"lastNameTh"`
	FirstNameEn  string `json:"firstNameEn"`
	LastNameEn   string `json:"lastNameEn"`
	BranchCode   string `json:"branchCode"`
	BranchNameTh string `json:"branchNameTh"`
	BranchNameEn string `json:"branchNameEn"`
}

// FirstAdminTTL is how long the first administrator's link works.
const FirstAdminTTL = 24 * time.Hour

// ErrAdminExists refuses a second run of the first-administrator command.
var ErrAdminExists = errs.New(errs.Conflict, "firstAdmin.exists")

// CreateFirstAdmin creates the branch (when new) and a Super Admin account in it, and answers
// a single-use registration link that sets the password. It refuses when any Super Admin
// exists. Nothing is e-mailed: the engineer who ran it hands the link over.
func (s *Service) CreateFirstAdmin(ctx context.Context, in FirstAdmin) (string, error) {
	in.Email = strings.ToLower(strings.TrimSpace(in.Email))
	in.BranchCode = strings.ToUpper(strings.TrimSpace(in.BranchCode))
	if !validEmail(in.Email) || in.BranchCode == "" || (in.FirstNameEn == "" && in.FirstNameTh == "") {
		return "", fmt.Errorf("auth.firstAdmin: email, branchCode and a first name are required: %w", errs.ErrMalformed)
	}
	or := func(a, b string) string {
		if strings.TrimSpace(a) != "" {
			return a
		}
		return b
	}
	var link string
	err := pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		admins, err := queries.AuthCountSuperAdmins(ctx, tx)
		if err != nil {
			return err
		}
		if admins > 0 {
			return ErrAdminExists
		}
		// the branch, unless its code exists
		err = queries.AuthFirstAdminBranch(ctx, tx, dbsqlc.AuthFirstAdminBranchParams{Code: in.BranchCode,
			NameTh: or(in.BranchNameTh, or(in.BranchNameEn, in.BranchCode)), NameEn: or(in.BranchNameEn, in.BranchCode)})
		if err != nil {
			return err
		}
		id, err := insertFirstAdmin(ctx, tx, dbsqlc.AuthFirstAdminUserParams{Email: in.Email, EmployeeCode: or(in.EmployeeCode, "ADMIN"),
			FirstNameTh: or(in.FirstNameTh, in.FirstNameEn), LastNameTh: or(in.LastNameTh, in.LastNameEn),
			FirstNameEn: in.FirstNameEn, LastNameEn: in.LastNameEn}, in.BranchCode)
		if err != nil {
			return err
		}
		raw, err := s.newLink(ctx, tx, id, purposeInvite, "first-admin", FirstAdminTTL)
		if err != nil {
			return err
		}
		link = s.link("/register", raw)
		return audit.WriteChange(ctx, tx, audit.Change{BranchCode: in.BranchCode, Entity: "app_user", EntityID: fmt.Sprint(id),
			Action: "create", After: map[string]any{"email": in.Email, "role": "SAM"}, By: "first-admin"})
	})
	if err != nil {
		return "", fmt.Errorf("auth.firstAdmin: %w", err)
	}
	return link, nil
}

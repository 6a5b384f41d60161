// Package users is the user-management area: staff accounts (Super Admin), invitations,
// and who works in a branch as what (Branch Admin).
package users

import (
	"context"
	"errors"
	"fmt"
	"net/mail"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"

	"samrap/pkg/audit"
	"samrap/pkg/auth"
	"samrap/pkg/db"
	"samrap/pkg/errs"
	"samrap/pkg/httpx"
	"samrap/pkg/session"
)

// Failures callers are told about.
var (
	ErrNotFound          = errs.New(errs.NotFound, "user.notFound")
	ErrDuplicateEmail    = errs.WithCode(errs.Conflict, "DUPLICATE_EMAIL", "users.duplicateEmail")
	ErrDuplicateEmployee = errs.WithCode(errs.Conflict, "DUPLICATE_EMPLOYEE_CODE", "users.duplicateEmployeeCode")
	ErrLastSuperAdmin    = errs.WithCode(errs.Conflict, "LAST_SUPER_ADMIN", "users.lastSuperAdmin")
	ErrOwnAdminPair      = errs.WithCode(errs.Conflict, "OWN_ADMIN_PAIR", "users.ownAdminPair")
	// A Branch Admin never changes its own pairs (assign, unassign).
	ErrOwnPairs = errs.New(errs.Forbidden, "users.ownPairs")
	// The Super Admin and Branch Admin roles are given and taken by a Super Admin, on the
	// account form; never through assign or unassign.
	ErrRoleNotAssignable = errs.New(errs.Forbidden, "users.roleNotAssignable")
	ErrUnknownPair       = errs.New(errs.Invalid, "users.unknownPair")
	ErrStatusChange      = errs.New(errs.Conflict, "users.statusChange")
)

// Longest names and e-mail address, in characters (an e-mail address is at most 254
// octets, RFC 5321).
const (
	MaxName  = 100
	MaxEmail = 254
)

// Statuses of an account (SPEC.md §4).
var statuses = []string{"NOT_INVITED", "INVITED", "ACTIVE", "INACTIVE"}

// Service holds the account rules.
type Service struct {
	db   *db.Pool
	auth *auth.Service
}

// NewService builds the service.
func NewService(pool *db.Pool, a *auth.Service) *Service { return &Service{db: pool, auth: a} }

// Input is the editable part of an account.
type Input struct {
	ID           int64  `json:"id"`
	EmployeeCode string `json:"employeeCode"`
	FirstNameTh  string `json:"firstNameTh"`
	LastNameTh   string `json:"lastNameTh"`
	FirstNameEn  string `json:"firstNameEn"`
	LastNameEn   string `json:"lastNameEn"`
	Email        string `json:"email"`
	Status       string `json:"status"`
	Note         string `json:"note"`
	Permissions  []Pair `json:"permissions"`
	UpdateBy     string `json:"updateBy"` // accepted for the spec's client; the token says who
}

func (in *Input) normalise() {
	for _, s := range []*string{&in.EmployeeCode, &in.FirstNameTh, &in.LastNameTh, &in.FirstNameEn, &in.LastNameEn, &in.Email} {
		*s = strings.TrimSpace(*s)
	}
	in.Email = strings.ToLower(in.Email)
}

func (in Input) validate() error {
	f := map[string]string{}
	if in.EmployeeCode == "" {
		f["employeeCode"] = "users.employeeCodeRequired"
	} else if utf8.RuneCountInString(in.EmployeeCode) > 30 {
		f["employeeCode"] = "field.invalid"
	}
	if in.FirstNameTh == "" {
		f["firstNameTh"] = "users.firstNameRequired"
	}
	if in.LastNameTh == "" {
		f["lastNameTh"] = "users.lastNameRequired"
	}
	for name, v := range map[string]string{"firstNameTh": in.FirstNameTh, "lastNameTh": in.LastNameTh,
		"firstNameEn": in.FirstNameEn, "lastNameEn": in.LastNameEn} {
		if utf8.RuneCountInString(v) > MaxName {
			f[name] = "field.tooLong"
		}
	}
	if utf8.RuneCountInString(in.Email) > MaxEmail {
		f["email"] = "field.tooLong"
	}
	switch a, err := mail.ParseAddress(in.Email); {
	case in.Email == "":
		f["email"] = "field.emailRequired"
	case err != nil || a.Address != in.Email:
		f["email"] = "field.emailInvalid"
	}
	if utf8.RuneCountInString(in.Note) > 2000 {
		f["note"] = "field.invalid"
	}
	for _, p := range in.Permissions {
		if p.BranchCode == "" || p.RoleCode == "" {
			f["permissions"] = "users.unknownPair"
		}
	}
	if len(f) > 0 {
		return errs.Fields(f)
	}
	return nil
}

// Search lists accounts (Super Admin); status is ALL or one of the statuses.
func (s *Service) Search(ctx context.Context, criteria, status string, p httpx.PageParams) (httpx.Page[Account], error) {
	f := accountFilter{criteria: criteria}
	if status != "" && !strings.EqualFold(status, "ALL") {
		f.status = strings.ToUpper(status)
	}
	items, total, err := searchAccounts(ctx, s.db, f, p.SortBy, p.SortDesc, p.Size, p.Offset())
	if err != nil {
		return httpx.Page[Account]{}, fmt.Errorf("users.search: %w", err)
	}
	return httpx.Page[Account]{Items: items, Total: total, Page: p.Page, Size: p.Size}, nil
}

// Get answers one account.
func (s *Service) Get(ctx context.Context, id int64) (Account, error) {
	a, err := accountByID(ctx, s.db, id, false)
	if errors.Is(err, db.ErrNotFound) {
		return Account{}, fmt.Errorf("users.get: %w", ErrNotFound)
	}
	if err != nil {
		return Account{}, fmt.Errorf("users.get: %w", err)
	}
	return a, nil
}

// Create adds an account, not invited yet.
func (s *Service) Create(ctx context.Context, by *session.Claims, in Input) (Account, error) {
	in.normalise()
	if err := in.validate(); err != nil {
		return Account{}, err
	}
	var out Account
	err := pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		id, err := insertAccount(ctx, tx, in, by.EmployeeCode)
		if err != nil {
			return duplicate(err)
		}
		if err := setPermissions(ctx, tx, id, in.Permissions, by.EmployeeCode); err != nil {
			return pairErr(err)
		}
		if out, err = accountByID(ctx, tx, id, false); err != nil {
			return err
		}
		if err := audit.WriteChange(ctx, tx, audit.Change{Entity: "app_user", EntityID: fmt.Sprint(id), Action: "create",
			After: out, By: by.EmployeeCode}); err != nil {
			return err
		}
		return activity(ctx, tx, by, "users.create", map[string]any{"userId": id, "email": out.Email})
	})
	if err != nil {
		return Account{}, fmt.Errorf("users.create: %w", err)
	}
	return out, nil
}

// Update changes an account. Status moves only between active and inactive (invitations
// and registration move the others); nobody removes their own Super Admin pair or the
// group's last active Super Admin.
func (s *Service) Update(ctx context.Context, by *session.Claims, in Input) (Account, error) {
	in.normalise()
	if err := in.validate(); err != nil {
		return Account{}, err
	}
	var out Account
	err := pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		guard, err := guardSuperAdmins(ctx, tx)
		if err != nil {
			return err
		}
		before, err := accountByID(ctx, tx, in.ID, true)
		if errors.Is(err, db.ErrNotFound) {
			return ErrNotFound
		}
		if err != nil {
			return err
		}
		status := before.Status
		if in.Status != "" && in.Status != before.Status {
			if !before.Registered || (in.Status != "ACTIVE" && in.Status != "INACTIVE") {
				return ErrStatusChange
			}
			status = in.Status
		}
		if before.ID == by.UserID && dropsAdminPair(before.Permissions, in.Permissions) {
			return ErrOwnAdminPair
		}
		if err := updateAccount(ctx, tx, in, status, by.EmployeeCode); err != nil {
			return duplicate(err)
		}
		if err := setPermissions(ctx, tx, in.ID, in.Permissions, by.EmployeeCode); err != nil {
			return pairErr(err)
		}
		if err := guard.check(ctx, tx); err != nil {
			return err
		}
		if out, err = accountByID(ctx, tx, in.ID, false); err != nil {
			return err
		}
		if err := audit.WriteChange(ctx, tx, audit.Change{Entity: "app_user", EntityID: fmt.Sprint(in.ID), Action: "update",
			Before: before, After: out, By: by.EmployeeCode}); err != nil {
			return err
		}
		return activity(ctx, tx, by, "users.update", map[string]any{"userId": in.ID, "email": out.Email})
	})
	if err != nil {
		return Account{}, fmt.Errorf("users.update: %w", err)
	}
	return out, nil
}

// Delete removes accounts. A deleted account can no longer refresh its session, so it is
// out at its next sign-out or token refresh.
func (s *Service) Delete(ctx context.Context, by *session.Claims, ids []int64) error {
	err := pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		guard, err := guardSuperAdmins(ctx, tx)
		if err != nil {
			return err
		}
		for _, id := range ids {
			if id == by.UserID {
				return ErrOwnAdminPair
			}
			before, err := accountByID(ctx, tx, id, true)
			if errors.Is(err, db.ErrNotFound) {
				return ErrNotFound
			}
			if err != nil {
				return err
			}
			if err := deleteAccount(ctx, tx, id, by.EmployeeCode); err != nil {
				return err
			}
			if err := audit.WriteChange(ctx, tx, audit.Change{Entity: "app_user", EntityID: fmt.Sprint(id), Action: "delete",
				Before: before, By: by.EmployeeCode}); err != nil {
				return err
			}
		}
		if err := guard.check(ctx, tx); err != nil {
			return err
		}
		return activity(ctx, tx, by, "users.delete", map[string]any{"userIds": ids})
	})
	if err != nil {
		return fmt.Errorf("users.delete: %w", err)
	}
	return nil
}

// Invite sends the registration link to one account.
func (s *Service) Invite(ctx context.Context, by *session.Claims, id int64) error {
	return s.auth.Invite(ctx, id, by.EmployeeCode, activityEntry(by, "users.invite", map[string]any{"userId": id}))
}

// InviteResult counts an invitation round.
type InviteResult struct {
	Invited int     `json:"invited"`
	Failed  []int64 `json:"failed"` // accounts whose e-mail could not be sent: invite them again
}

// InviteByStatus invites every account not invited yet, and with both also those still
// waiting for confirmation (a new link replaces their old one).
func (s *Service) InviteByStatus(ctx context.Context, by *session.Claims, statusList []string) (InviteResult, error) {
	ids, err := accountIDsByStatus(ctx, s.db, statusList)
	if err != nil {
		return InviteResult{}, fmt.Errorf("users.inviteByStatus: %w", err)
	}
	res := InviteResult{Failed: []int64{}}
	for _, id := range ids {
		if err := s.auth.Invite(ctx, id, by.EmployeeCode); err != nil {
			if errors.Is(err, auth.ErrMailFailed) {
				res.Failed = append(res.Failed, id)
				continue
			}
			return res, fmt.Errorf("users.inviteByStatus: %w", err)
		}
		res.Invited++
	}
	if err := activity(ctx, s.db, by, "users.inviteByStatus", map[string]any{"statuses": statusList,
		"invited": res.Invited, "failed": res.Failed}); err != nil {
		return res, fmt.Errorf("users.inviteByStatus: %w", err)
	}
	return res, nil
}

// Access is an account with the roles it holds in one branch (Branch Admin screen).
type Access struct {
	Account
	Roles []string `json:"roles"`
}

// SearchAccess lists the accounts holding a role in branch (roleCode narrows it).
func (s *Service) SearchAccess(ctx context.Context, branch, role, criteria, status string, p httpx.PageParams) (httpx.Page[Access], error) {
	f := accountFilter{criteria: criteria, branch: &branch}
	if role != "" && !strings.EqualFold(role, "ALL") {
		f.role = role
	}
	if status != "" && !strings.EqualFold(status, "ALL") {
		f.status = strings.ToUpper(status)
	}
	items, total, err := searchAccounts(ctx, s.db, f, p.SortBy, p.SortDesc, p.Size, p.Offset())
	if err != nil {
		return httpx.Page[Access]{}, fmt.Errorf("users.searchAccess: %w", err)
	}
	out := make([]Access, len(items))
	for i, a := range items {
		out[i] = Access{Account: a, Roles: rolesIn(a.Permissions, branch)}
	}
	return httpx.Page[Access]{Items: out, Total: total, Page: p.Page, Size: p.Size}, nil
}

// Candidate is an account offered to a Branch Admin to give a role to: who it is, nothing
// more (no e-mail, no Super Admin's note, no pairs in other branches).
type Candidate struct {
	ID           int64  `json:"id"`
	EmployeeCode string `json:"employeeCode"`
	FirstNameTh  string `json:"firstNameTh"`
	LastNameTh   string `json:"lastNameTh"`
	FirstNameEn  string `json:"firstNameEn"`
	LastNameEn   string `json:"lastNameEn"`
}

// Unassigned lists the accounts, not inactive, that do not hold role in branch, to pick
// from; the caller, who never changes its own pairs, is left out.
func (s *Service) Unassigned(ctx context.Context, by *session.Claims, branch, role string) ([]Candidate, error) {
	items, err := unassignedAccounts(ctx, s.db, by.UserID, branch, role)
	if err != nil {
		return nil, fmt.Errorf("users.unassigned: %w", err)
	}
	return items, nil
}

// assignable refuses what a Branch Admin may not do with assign and unassign: change its
// own pairs, or give or take the Super Admin or Branch Admin role (a Super Admin's act, on
// the account form).
func assignable(by *session.Claims, role string, ids []int64) error {
	if role == session.SuperAdmin || role == session.BranchAdmin {
		return ErrRoleNotAssignable
	}
	if slices.Contains(ids, by.UserID) {
		return ErrOwnPairs
	}
	return nil
}

// Assign gives role in branch to the accounts.
func (s *Service) Assign(ctx context.Context, by *session.Claims, branch, role string, ids []int64) error {
	if err := assignable(by, role, ids); err != nil {
		return err
	}
	err := pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		if err := s.existing(ctx, tx, ids); err != nil {
			return err
		}
		added, err := addPermissions(ctx, tx, ids, []Pair{{BranchCode: branch, RoleCode: role}}, by.EmployeeCode)
		if err != nil {
			return pairErr(err)
		}
		// only the accounts that did not hold the pair already changed
		for _, id := range added {
			if err := audit.WriteChange(ctx, tx, audit.Change{BranchCode: branch, Entity: "user_permission",
				EntityID: fmt.Sprint(id), Action: "create", After: Pair{branch, role}, By: by.EmployeeCode}); err != nil {
				return err
			}
		}
		return activity(ctx, tx, by, "users.assign", map[string]any{"branchCode": branch, "roleCode": role, "userIds": added})
	})
	if err != nil {
		return fmt.Errorf("users.assign: %w", err)
	}
	return nil
}

// Unassign takes role in branch from the accounts; nobody removes their own admin pair,
// and the last active Super Admin keeps theirs.
func (s *Service) Unassign(ctx context.Context, by *session.Claims, branch, role string, ids []int64) error {
	if err := assignable(by, role, ids); err != nil {
		return err
	}
	err := pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		guard, err := guardSuperAdmins(ctx, tx)
		if err != nil {
			return err
		}
		removed, err := removePermission(ctx, tx, branch, role, ids)
		if err != nil {
			return err
		}
		// only the accounts that held the pair changed
		for _, id := range removed {
			if err := audit.WriteChange(ctx, tx, audit.Change{BranchCode: branch, Entity: "user_permission",
				EntityID: fmt.Sprint(id), Action: "delete", Before: Pair{branch, role}, By: by.EmployeeCode}); err != nil {
				return err
			}
		}
		if err := guard.check(ctx, tx); err != nil {
			return err
		}
		return activity(ctx, tx, by, "users.unassign", map[string]any{"branchCode": branch, "roleCode": role, "userIds": removed})
	})
	if err != nil {
		return fmt.Errorf("users.unassign: %w", err)
	}
	return nil
}

func (s *Service) existing(ctx context.Context, q db.DBTX, ids []int64) error {
	n, err := countAccounts(ctx, q, ids)
	if err != nil {
		return err
	}
	if n != len(ids) {
		return ErrNotFound
	}
	return nil
}

// superAdminGuard counts the active Super Admins before a change; check refuses the change
// when it took the group from some to none.
type superAdminGuard struct{ before int }

func guardSuperAdmins(ctx context.Context, q db.DBTX) (superAdminGuard, error) {
	n, err := lockActiveSuperAdmins(ctx, q)
	return superAdminGuard{before: n}, err
}

func (g superAdminGuard) check(ctx context.Context, q db.DBTX) error {
	n, err := activeSuperAdmins(ctx, q)
	if err != nil {
		return err
	}
	if g.before > 0 && n == 0 {
		return ErrLastSuperAdmin
	}
	return nil
}

// activity records in the activity log what the administrator did (in the change's
// transaction when q is one).
func activity(ctx context.Context, q db.DBTX, by *session.Claims, action string, detail map[string]any) error {
	return audit.WriteActivity(ctx, q, activityEntry(by, action, detail))
}

// activityEntry is the activity entry of what the administrator did.
func activityEntry(by *session.Claims, action string, detail map[string]any) audit.Activity {
	branch := ""
	if by.Current != nil {
		branch = by.Current.BranchCode
	}
	return audit.Activity{BranchCode: branch, UserID: by.UserID, Actor: by.EmployeeCode, Action: action, Detail: detail}
}

// dropsAdminPair reports whether after lacks an admin pair (Super Admin anywhere, Branch
// Admin of a branch) that before holds: nobody removes their own.
func dropsAdminPair(before, after []Pair) bool {
	for _, p := range before {
		if (p.RoleCode == session.SuperAdmin || p.RoleCode == session.BranchAdmin) && !slices.Contains(after, p) {
			return true
		}
	}
	return false
}

func hadPair(pairs []Pair, role string) bool {
	for _, p := range pairs {
		if p.RoleCode == role {
			return true
		}
	}
	return false
}

func rolesIn(pairs []Pair, branch string) []string {
	out := []string{}
	for _, p := range pairs {
		if p.BranchCode == branch {
			out = append(out, p.RoleCode)
		}
	}
	return out
}

// duplicate turns a unique violation into the failure naming the field.
func duplicate(err error) error {
	if c, ok := db.IsUniqueViolation(err); ok {
		if strings.Contains(c, "email") {
			return ErrDuplicateEmail
		}
		return ErrDuplicateEmployee
	}
	return err
}

// pairErr turns a pair naming an unknown branch or role into a validation failure.
func pairErr(err error) error {
	if _, _, ok := db.IsForeignKeyViolation(err); ok {
		return errs.Fields(map[string]string{"permissions": "users.unknownPair"})
	}
	return err
}

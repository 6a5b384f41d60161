package users

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"

	"samrap/pkg/audit"
	"samrap/pkg/db"
	"samrap/pkg/db/dbsqlc"
)

// The statements are in pkg/db/dbsqlc/users.sql; this file maps their rows to the area's
// types.
var queries = dbsqlc.New()

// Pair is a branch and a role.
type Pair struct {
	BranchCode string `json:"branchCode"`
	RoleCode   string `json:"roleCode"`
}

// Account is a staff account as the user screens show it.
type Account struct {
	ID                int64      `json:"id"`
	EmployeeCode      string     `json:"employeeCode"`
	FirstNameTh       string     `json:"firstNameTh"`
	LastNameTh        string     `json:"lastNameTh"`
	FirstNameEn       string     `json:"firstNameEn"`
	LastNameEn        string     `json:"lastNameEn"`
	Email             string     `json:"email"`
	Status            string     `json:"status"`
	Note              string     `json:"note"`
	Permissions       []Pair     `json:"permissions"`
	CreatedAt         time.Time  `json:"createdAt"`
	CreatedBy         string     `json:"createdBy"`
	UpdatedAt         time.Time  `json:"updatedAt"`
	UpdatedBy         string     `json:"updatedBy"`
	PasswordChangedAt *time.Time `json:"passwordChangedAt"`
	Registered        bool       `json:"registered"`
}

// accountRow is an account as users.sql reads it. Every query that reads accounts has the
// same columns, so its row type converts to this one.
type accountRow = dbsqlc.UsersAccountByIDRow

func toAccount(r accountRow) (Account, error) {
	a := Account{ID: r.ID, EmployeeCode: r.EmployeeCode, FirstNameTh: r.FirstNameTh, LastNameTh: r.LastNameTh,
		FirstNameEn: r.FirstNameEn, LastNameEn: r.LastNameEn, Email: r.Email, Status: r.Status, Note: r.Note,
		CreatedAt: r.CreatedAt, CreatedBy: r.CreatedBy, UpdatedAt: r.UpdatedAt, UpdatedBy: r.UpdatedBy,
		PasswordChangedAt: r.PasswordChangedAt, Registered: r.Registered}
	if err := json.Unmarshal(r.Permissions, &a.Permissions); err != nil {
		return Account{}, fmt.Errorf("permissions: %w", err)
	}
	return a, nil
}

// accountByID reads one account; with lock, the account row stays locked until the
// transaction ends.
func accountByID(ctx context.Context, q db.DBTX, id int64, lock bool) (Account, error) {
	var r accountRow
	var err error
	if lock {
		var l dbsqlc.UsersAccountByIDForUpdateRow
		l, err = queries.UsersAccountByIDForUpdate(ctx, q, id)
		r = accountRow(l)
	} else {
		r, err = queries.UsersAccountByID(ctx, q, id)
	}
	if err != nil {
		return Account{}, db.NotFound(fmt.Sprintf("account by id %d", id), err)
	}
	a, err := toAccount(r)
	if err != nil {
		return Account{}, fmt.Errorf("account by id: %w", err)
	}
	return a, nil
}

// accountFilter narrows a list of accounts; zero fields do not narrow it.
type accountFilter struct {
	criteria string  // text in the employee code, the e-mail or any name
	status   string  // one status
	branch   *string // the accounts holding a role in this branch...
	role     string  // ...this role, when given
}

// searchAccounts answers a page of accounts and the total, in one round trip. The filters,
// the caller-chosen sort and the paging are all parameters of one query (UsersSearch):
// sortBy is one of employeeCode, firstNameTh, lastNameTh, firstNameEn, lastNameEn, email
// (lower case), status, createdAt, updatedAt, passwordChangedAt; any other sorts by
// employeeCode. Rows that sort equal come in id order.
func searchAccounts(ctx context.Context, q db.DBTX, f accountFilter, sortBy string, desc bool, limit, offset int) ([]Account, int, error) {
	arg := dbsqlc.UsersSearchParams{SortBy: sortBy, SortDesc: desc, Branch: f.branch,
		PageSize: int32(limit), PageOffset: int64(offset)}
	arg.Pattern = db.Contains(f.criteria) // a substring: the LIKE wildcards in it are literal
	if f.status != "" {
		arg.Status = &f.status
	}
	if f.role != "" {
		arg.Role = &f.role
	}
	rows, err := queries.UsersSearch(ctx, q, arg)
	if err != nil {
		return nil, 0, fmt.Errorf("list accounts: %w", err)
	}
	out := make([]Account, len(rows))
	total := 0
	for i, r := range rows {
		a, err := toAccount(accountRow{ID: r.ID, EmployeeCode: r.EmployeeCode, FirstNameTh: r.FirstNameTh,
			LastNameTh: r.LastNameTh, FirstNameEn: r.FirstNameEn, LastNameEn: r.LastNameEn, Email: r.Email,
			Status: r.Status, Note: r.Note, Permissions: r.Permissions, CreatedAt: r.CreatedAt,
			CreatedBy: r.CreatedBy, UpdatedAt: r.UpdatedAt, UpdatedBy: r.UpdatedBy,
			PasswordChangedAt: r.PasswordChangedAt, Registered: r.Registered})
		if err != nil {
			return nil, 0, fmt.Errorf("list accounts: %w", err)
		}
		out[i], total = a, int(r.Total)
	}
	return out, total, nil
}

// unassignedAccounts lists the accounts, not inactive, that do not hold role in branch,
// caller left out, as a pick-list: the first 1,000 by employee code.
func unassignedAccounts(ctx context.Context, q db.DBTX, caller int64, branch, role string) ([]Candidate, error) {
	rows, err := queries.UsersUnassigned(ctx, q, dbsqlc.UsersUnassignedParams{Caller: caller, Branch: branch, Role: role})
	if err != nil {
		return nil, fmt.Errorf("unassigned accounts: %w", err)
	}
	out := make([]Candidate, len(rows))
	for i, r := range rows {
		out[i] = Candidate(r)
	}
	return out, nil
}

// insertAccount adds an account, not invited yet, and answers its id.
func insertAccount(ctx context.Context, q db.DBTX, in Input, by string) (int64, error) {
	return queries.UsersInsertAccount(ctx, q, dbsqlc.UsersInsertAccountParams{EmployeeCode: in.EmployeeCode,
		FirstNameTh: in.FirstNameTh, LastNameTh: in.LastNameTh, FirstNameEn: in.FirstNameEn,
		LastNameEn: in.LastNameEn, Email: in.Email, Note: in.Note, By: by})
}

// updateAccount writes the editable fields of in and status.
func updateAccount(ctx context.Context, q db.DBTX, in Input, status, by string) error {
	return queries.UsersUpdateAccount(ctx, q, dbsqlc.UsersUpdateAccountParams{ID: in.ID,
		EmployeeCode: in.EmployeeCode, FirstNameTh: in.FirstNameTh, LastNameTh: in.LastNameTh,
		FirstNameEn: in.FirstNameEn, LastNameEn: in.LastNameEn, Email: in.Email, Note: in.Note,
		Status: status, By: by})
}

// deleteAccount marks the account deleted.
func deleteAccount(ctx context.Context, q db.DBTX, id int64, by string) error {
	if err := queries.UsersSoftDeleteAccount(ctx, q, dbsqlc.UsersSoftDeleteAccountParams{ID: id, By: by}); err != nil {
		return fmt.Errorf("delete: %w", err)
	}
	return nil
}

// accountIDsByStatus lists the ids of the accounts in one of statuses, in id order.
func accountIDsByStatus(ctx context.Context, q db.DBTX, statuses []string) ([]int64, error) {
	return queries.UsersIDsByStatus(ctx, q, statuses)
}

// countAccounts counts the accounts among ids.
func countAccounts(ctx context.Context, q db.DBTX, ids []int64) (int, error) {
	n, err := queries.UsersCountExisting(ctx, q, ids)
	if err != nil {
		return 0, fmt.Errorf("existing: %w", err)
	}
	return int(n), nil
}

func setPermissions(ctx context.Context, q db.DBTX, userID int64, pairs []Pair, by string) error {
	if err := queries.UsersClearPermissions(ctx, q, userID); err != nil {
		return fmt.Errorf("clear permissions: %w", err)
	}
	_, err := addPermissions(ctx, q, []int64{userID}, pairs, by)
	return err
}

// addPermissions gives every pair to every account, answering the accounts that got a pair
// they did not hold (each once).
func addPermissions(ctx context.Context, q db.DBTX, userIDs []int64, pairs []Pair, by string) ([]int64, error) {
	if len(userIDs) == 0 || len(pairs) == 0 {
		return nil, nil
	}
	branches := make([]string, len(pairs))
	roles := make([]string, len(pairs))
	for i, p := range pairs {
		branches[i], roles[i] = p.BranchCode, p.RoleCode
	}
	rows, err := queries.UsersAddPermissions(ctx, q, dbsqlc.UsersAddPermissionsParams{UserIds: userIDs,
		BranchCodes: branches, RoleCodes: roles, By: by})
	if err != nil {
		return nil, fmt.Errorf("add permissions: %w", err)
	}
	var added []int64
	for _, r := range rows {
		if !slices.Contains(added, r.UserID) {
			added = append(added, r.UserID)
		}
	}
	return added, nil
}

// removePermission takes role in branch from the accounts, answering those that held it.
func removePermission(ctx context.Context, q db.DBTX, branch, role string, userIDs []int64) ([]int64, error) {
	ids, err := queries.UsersRemovePermission(ctx, q, dbsqlc.UsersRemovePermissionParams{Branch: branch, Role: role,
		UserIds: userIDs})
	if err != nil {
		return nil, fmt.Errorf("unassign: %w", err)
	}
	return ids, nil
}

// activeSuperAdmins counts the active accounts holding Super Admin.
func activeSuperAdmins(ctx context.Context, q db.DBTX) (int, error) {
	n, err := queries.UsersCountActiveSuperAdmins(ctx, q)
	if err != nil {
		return 0, fmt.Errorf("count super admins: %w", err)
	}
	return int(n), nil
}

// lockActiveSuperAdmins locks the active Super Admin accounts for the transaction,
// answering how many there are.
func lockActiveSuperAdmins(ctx context.Context, q db.DBTX) (int, error) {
	ids, err := queries.UsersLockActiveSuperAdmins(ctx, q)
	if err != nil {
		return 0, fmt.Errorf("lock super admins: %w", err)
	}
	return len(ids), nil
}

type knownSet struct {
	branches, roles, emails, codes map[string]bool
}

// knownPairsAndIdentities reads, in one round trip, the branches and roles that exist and
// which of the file's e-mails and employee codes are taken.
func knownPairsAndIdentities(ctx context.Context, q db.DBTX, emails, codes []string) (knownSet, error) {
	k := knownSet{map[string]bool{}, map[string]bool{}, map[string]bool{}, map[string]bool{}}
	rows, err := queries.UsersKnownPairsAndIdentities(ctx, q, dbsqlc.UsersKnownPairsAndIdentitiesParams{
		Emails: emails, EmployeeCodes: codes})
	if err != nil {
		return k, err
	}
	for _, r := range rows {
		map[string]map[string]bool{"b": k.branches, "r": k.roles, "e": k.emails, "c": k.codes}[r.Kind][r.Value] = true
	}
	return k, nil
}

// insertAccounts adds the accounts, their pairs and their change-log rows set-based.
func insertAccounts(ctx context.Context, tx pgx.Tx, in []Input, by string) ([]int64, error) {
	if len(in) == 0 {
		return nil, nil
	}
	var acc dbsqlc.UsersInsertAccountsParams
	acc.By = by
	var pairUser []int
	var pairBranch, pairRole []string
	for i, a := range in {
		acc.EmployeeCodes = append(acc.EmployeeCodes, a.EmployeeCode)
		acc.FirstNamesTh = append(acc.FirstNamesTh, a.FirstNameTh)
		acc.LastNamesTh = append(acc.LastNamesTh, a.LastNameTh)
		acc.FirstNamesEn = append(acc.FirstNamesEn, a.FirstNameEn)
		acc.LastNamesEn = append(acc.LastNamesEn, a.LastNameEn)
		acc.Emails = append(acc.Emails, a.Email)
		acc.Notes = append(acc.Notes, a.Note)
		for _, p := range a.Permissions {
			pairUser, pairBranch, pairRole = append(pairUser, i+1), append(pairBranch, p.BranchCode), append(pairRole, p.RoleCode)
		}
	}
	ids, err := queries.UsersInsertAccounts(ctx, tx, acc)
	if err != nil {
		return nil, fmt.Errorf("insert accounts: %w", err)
	}
	if len(ids) != len(in) {
		return nil, errors.New("insert accounts: ids do not match rows")
	}
	pairIDs := make([]int64, len(pairUser))
	for i, n := range pairUser {
		pairIDs[i] = ids[n-1]
	}
	if err := queries.UsersInsertPairs(ctx, tx, dbsqlc.UsersInsertPairsParams{UserIds: pairIDs,
		BranchCodes: pairBranch, RoleCodes: pairRole, By: by}); err != nil {
		return nil, fmt.Errorf("insert pairs: %w", err)
	}
	changes := make([]audit.Change, len(in))
	for i, a := range in {
		changes[i] = audit.Change{Entity: "app_user", EntityID: strconv.FormatInt(ids[i], 10), Action: "create", After: a, By: by}
	}
	if err := audit.WriteChanges(ctx, tx, changes); err != nil {
		return nil, fmt.Errorf("change log: %w", err)
	}
	return ids, nil
}

// permissionRow is one line of the permission workbook.
type permissionRow struct {
	EmployeeCode, NameTh, NameEn, Email, Status string
	Roles                                       string // the roles held in the branch, by position
	PasswordChangedAt                           *time.Time
}

// permissionRows lists the accounts holding a role in branch (role "" for any), by
// employee code.
func permissionRows(ctx context.Context, q db.DBTX, branch, role string) ([]permissionRow, error) {
	rows, err := queries.UsersPermissionReport(ctx, q, dbsqlc.UsersPermissionReportParams{Branch: branch, Role: role})
	if err != nil {
		return nil, err
	}
	out := make([]permissionRow, len(rows))
	for i, r := range rows {
		out[i] = permissionRow{EmployeeCode: r.EmployeeCode, NameTh: r.NameTh, NameEn: r.NameEn, Email: r.Email,
			Status: r.Status, Roles: r.Roles, PasswordChangedAt: r.PasswordChangedAt}
	}
	return out, nil
}

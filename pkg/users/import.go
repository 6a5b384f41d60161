package users

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"sync"

	"github.com/jackc/pgx/v5"

	"samrap/pkg/errs"
	"samrap/pkg/imports"
	"samrap/pkg/session"
)

// ImportType is the type of a user import job (uploads/<branch>/User/<job>/<file>).
const ImportType = "User"

// Importer registers the user import with the import pipeline: a Super Admin's .xlsx or
// .xls of the template's columns (SPEC.md §5), loaded by ImportRows; with the upload's
// sendEmail, the accounts added are invited once the job has committed.
func Importer(s *Service) imports.Importer {
	return imports.Importer{Type: ImportType, Roles: []string{session.SuperAdmin}, Exts: []string{".xlsx", ".xls"}, Columns: ImportColumns(),
		Load: func(ctx context.Context, tx pgx.Tx, job imports.Job, rows []imports.Row) (imports.Result, error) {
			res, ids, err := s.ImportRows(ctx, tx, job.CreatedBy, rows)
			if err == nil && job.SendEmail && len(ids) > 0 {
				res.Invite = func(ctx context.Context) (int, int) { return s.InviteAll(ctx, ids, job.CreatedBy) }
			}
			return res, err
		}}
}

// ImportColumns are the columns a user import reads: the template's (importColumns).
func ImportColumns() []imports.Column {
	keys := []string{"employeeCode", "firstNameTh", "lastNameTh", "firstNameEn", "lastNameEn", "email", "permissions", "note"}
	cols := make([]imports.Column, len(importColumns))
	for i, c := range importColumns {
		cols[i] = imports.Column{Key: keys[i], Th: c.Th, En: c.En}
	}
	return cols
}

var pairSeparators = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`[,;\n]+`) })

// parsePairs reads "SRP01:BOD, SRP02:BNT".
func parsePairs(s string) ([]Pair, bool) {
	var out []Pair
	for _, item := range pairSeparators().Split(s, -1) {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		b, r, ok := strings.Cut(item, ":")
		if !ok {
			return nil, false
		}
		out = append(out, Pair{BranchCode: strings.ToUpper(strings.TrimSpace(b)), RoleCode: strings.ToUpper(strings.TrimSpace(r))})
	}
	return out, true
}

// ImportRows adds the accounts of rows within tx. It only adds: a row whose e-mail or
// employee code is already in Samrap, or earlier in the file, is refused with its reason,
// like a row with a missing or malformed field or an unknown branch or role; every valid
// row is added in one statement. It answers the new accounts' ids.
func (s *Service) ImportRows(ctx context.Context, tx pgx.Tx, by string, rows []imports.Row) (imports.Result, []int64, error) {
	var res imports.Result
	var emails, codes []string
	for _, r := range rows {
		emails = append(emails, strings.ToLower(strings.TrimSpace(r.Cells["email"])))
		codes = append(codes, strings.TrimSpace(r.Cells["employeeCode"]))
	}
	known, err := knownPairsAndIdentities(ctx, tx, emails, codes)
	if err != nil {
		return res, nil, fmt.Errorf("users.import: %w", err)
	}
	var valid []Input
	seenEmail, seenCode := map[string]bool{}, map[string]bool{}
	for _, r := range rows {
		fail := func(field, key string) {
			res.Failed = append(res.Failed, imports.RowError{Line: r.Line, Field: field, Key: key})
		}
		c := func(key string) string { return strings.TrimSpace(r.Cells[key]) }
		in := Input{EmployeeCode: c("employeeCode"), FirstNameTh: c("firstNameTh"), LastNameTh: c("lastNameTh"),
			FirstNameEn: c("firstNameEn"), LastNameEn: c("lastNameEn"), Email: c("email"), Note: c("note")}
		in.normalise()
		if err := in.validate(); err != nil {
			e, _ := errs.As(err)
			for _, f := range []string{"employeeCode", "firstNameTh", "lastNameTh", "email", "note"} {
				if key, ok := e.Fields[f]; ok {
					fail(f, key)
					break
				}
			}
			continue
		}
		pairs, ok := parsePairs(c("permissions"))
		if !ok {
			fail("permissions", "users.unknownPair")
			continue
		}
		unknown := false
		for _, p := range pairs {
			if !known.branches[p.BranchCode] || !known.roles[p.RoleCode] {
				unknown = true
			}
		}
		switch {
		case unknown:
			fail("permissions", "users.unknownPair")
		case known.emails[in.Email] || seenEmail[in.Email]:
			fail("email", "users.duplicateEmail")
		case known.codes[in.EmployeeCode] || seenCode[in.EmployeeCode]:
			fail("employeeCode", "users.duplicateEmployeeCode")
		default:
			in.Permissions = pairs
			valid = append(valid, in)
		}
		seenEmail[in.Email], seenCode[in.EmployeeCode] = true, true
	}
	ids, err := insertAccounts(ctx, tx, valid, by)
	if err != nil {
		return imports.Result{}, nil, fmt.Errorf("users.import: %w", duplicate(err))
	}
	res.Added = len(ids)
	return res, ids, nil
}

// InviteAll invites the accounts one by one, answering how many e-mails went and failed.
func (s *Service) InviteAll(ctx context.Context, ids []int64, by string) (invited, failed int) {
	for _, id := range ids {
		if err := s.auth.Invite(ctx, id, by); err != nil {
			failed++
			continue
		}
		invited++
	}
	return invited, failed
}

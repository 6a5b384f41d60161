package users

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/extrame/xls"
	"github.com/jackc/pgx/v5"
	"github.com/xuri/excelize/v2"

	"samrap/pkg/errs"
	"samrap/pkg/i18n"
	"samrap/pkg/xlsx"
)

// Import limits (SPEC.md §5): one file, .xlsx or .xls, at most 1,000 rows, not empty.
const MaxImportRows = 1000

// ImportType is the type of a user import job (uploads/<branch>/User/<job>/<file>).
const ImportType = "User"

// Failures of a user import file as a whole.
var (
	ErrNotSpreadsheet = errs.Fields(map[string]string{"file": "users.unsupportedFormat"})
	ErrEmptyFile      = errs.Fields(map[string]string{"file": "imports.noRows"})
	ErrTooManyRows    = errs.Fields(map[string]string{"file": "imports.tooManyRows"})
)

// ReadSheet reads the first sheet of an .xlsx or .xls file as text cells, header row first.
// A file that is not the spreadsheet its name says is ErrNotSpreadsheet.
func ReadSheet(r io.ReadSeeker, name string) (rows [][]string, err error) {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".xlsx":
		f, err := excelize.OpenReader(r)
		if err != nil {
			return nil, ErrNotSpreadsheet
		}
		defer f.Close()
		rows, err := f.GetRows(f.GetSheetName(0))
		if err != nil {
			return nil, ErrNotSpreadsheet
		}
		return rows, nil
	case ".xls":
		// The .xls reader panics on some malformed files: a broken file is a refused file.
		defer func() {
			if p := recover(); p != nil {
				rows, err = nil, ErrNotSpreadsheet
			}
		}()
		wb, err := xls.OpenReader(r, "utf-8")
		if err != nil || wb.NumSheets() == 0 {
			return nil, ErrNotSpreadsheet
		}
		sh := wb.GetSheet(0)
		if sh == nil {
			return nil, ErrNotSpreadsheet
		}
		if sh.MaxRow == 0 {
			return nil, nil // a header at most: no data rows
		}
		// ReadAllCells reads sheet after sheet until it has max rows: asking for the first
		// sheet's rows reads that sheet alone.
		n := int(sh.MaxRow) + 1
		if n > MaxImportRows+2 {
			n = MaxImportRows + 2
		}
		rows = wb.ReadAllCells(n)
		return rows, nil
	default:
		return nil, ErrNotSpreadsheet
	}
}

// RowError says why a row was not loaded: its line in the sheet, the column, a message key.
type RowError struct {
	Line  int      `json:"line"`
	Field string   `json:"field"`
	Key   string   `json:"key"`
	Cells []string `json:"-"`
}

// ImportResult counts a user import.
type ImportResult struct {
	Rows         int        `json:"rows"`
	Added        int        `json:"added"`
	Failed       []RowError `json:"failed"`
	Invited      int        `json:"invited"`
	InviteFailed int        `json:"inviteFailed"`
}

var pairSeparators = regexp.MustCompile(`[,;\n]+`)

// parsePairs reads "SRP01:BOD, SRP02:BNT".
func parsePairs(s string) ([]Pair, bool) {
	var out []Pair
	for _, item := range pairSeparators.Split(s, -1) {
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

func cell(row []string, i int) string {
	if i < len(row) {
		return strings.TrimSpace(row[i])
	}
	return ""
}

// Import adds the accounts of rows in one transaction and, with sendEmail, invites them.
func (s *Service) Import(ctx context.Context, by string, rows [][]string, sendEmail bool) (ImportResult, error) {
	var res ImportResult
	var ids []int64
	err := pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		var err error
		res, ids, err = s.ImportRows(ctx, tx, by, rows)
		return err
	})
	if err != nil {
		return ImportResult{}, err
	}
	if sendEmail {
		res.Invited, res.InviteFailed = s.InviteAll(ctx, ids, by)
	}
	return res, nil
}

// ImportRows adds the accounts of rows (header first, columns of the template) within tx.
// It only adds: a row whose e-mail or employee code is already in Samrap, or earlier in the
// file, is refused with its reason, like a row with a missing or malformed field or an
// unknown branch or role; every valid row is added in one statement. It answers the new
// accounts' ids.
func (s *Service) ImportRows(ctx context.Context, tx pgx.Tx, by string, rows [][]string) (ImportResult, []int64, error) {
	var data [][]string
	var lines []int
	for i, r := range rows {
		if i == 0 {
			continue // header
		}
		if strings.TrimSpace(strings.Join(r, "")) == "" {
			continue // blank rows are not rows
		}
		data = append(data, r)
		lines = append(lines, i+1)
	}
	switch {
	case len(data) == 0:
		return ImportResult{}, nil, ErrEmptyFile
	case len(data) > MaxImportRows:
		return ImportResult{}, nil, ErrTooManyRows
	}
	res := ImportResult{Rows: len(data), Failed: []RowError{}}

	known, err := knownPairsAndIdentities(ctx, tx, data)
	if err != nil {
		return ImportResult{}, nil, fmt.Errorf("users.import: %w", err)
	}
	var valid []Input
	seenEmail, seenCode := map[string]bool{}, map[string]bool{}
	for i, r := range data {
		fail := func(field, key string) {
			res.Failed = append(res.Failed, RowError{Line: lines[i], Field: field, Key: key, Cells: r})
		}
		in := Input{EmployeeCode: cell(r, 0), FirstNameTh: cell(r, 1), LastNameTh: cell(r, 2), FirstNameEn: cell(r, 3),
			LastNameEn: cell(r, 4), Email: cell(r, 5), Note: cell(r, 7)}
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
		pairs, ok := parsePairs(cell(r, 6))
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
		return ImportResult{}, nil, fmt.Errorf("users.import: %w", duplicate(err))
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

// WriteFailedRows writes the refused rows with their reason, in lang, as a workbook that
// can be corrected and imported again.
func WriteFailedRows(w io.Writer, failed []RowError, lang i18n.Lang) error {
	cols := append(append([]xlsx.Column{}, importColumns...), xlsx.Column{Th: "เหตุผล", En: "Reason", Width: 40})
	rows := make([][]any, len(failed))
	for i, f := range failed {
		row := make([]any, len(cols))
		for j := range importColumns {
			row[j] = cell(f.Cells, j)
		}
		row[len(cols)-1] = fmt.Sprintf("%d: %s", f.Line, i18n.T(lang, f.Key))
		rows[i] = row
	}
	return xlsx.Write(w, "failed", cols, xlsx.Rows(rows))
}

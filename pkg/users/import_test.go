package users_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"samrap/pkg/apitest"
	"samrap/pkg/auth"
	"samrap/pkg/users"
)

func readFixture(t *testing.T, name string) [][]string {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := users.ReadSheet(bytes.NewReader(b), name)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return rows
}

func TestImportUsersFromXLSXAndXLS(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"users.xlsx", "users.xls"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s := apitest.New(t)
			svc := users.NewService(s.Env.DB, auth.NewService(s.Env))
			rows := readFixture(t, name)
			if rows[1][1] != "มาลี" {
				t.Fatalf("Thai text read as %q", rows[1][1])
			}
			res, err := svc.Import(context.Background(), "D0005", rows, true)
			if err != nil {
				t.Fatal(err)
			}
			var reasons []string
			for _, f := range res.Failed {
				reasons = append(reasons, fmt.Sprintf("%d:%s", f.Line, f.Key))
			}
			sort.Strings(reasons)
			want := []string{"3:field.emailRequired", "4:users.duplicateEmail", "5:users.duplicateEmail", "6:users.unknownPair", "9:users.duplicateEmployeeCode"}
			if res.Rows != 7 || res.Added != 2 || strings.Join(reasons, " ") != strings.Join(want, " ") {
				t.Fatalf("rows %d added %d failed %v", res.Rows, res.Added, reasons)
			}
			if res.Invited != 2 || len(s.Mail("malee@hospital.example")) != 1 || len(s.Mail("somsri@hospital.example")) != 1 {
				t.Fatalf("invitations: %+v", res)
			}
			if n := s.Count(`SELECT count(*) FROM user_permission p JOIN app_user u ON u.id = p.user_id WHERE u.email = 'somsri@hospital.example'`); n != 2 {
				t.Fatalf("somsri's pairs: %d", n)
			}
			if n := s.Count(`SELECT count(*) FROM change_log WHERE entity = 'app_user' AND action = 'create'`); n != 2 {
				t.Fatalf("change log: %d", n)
			}
			// The same file again adds nobody: every row is now a duplicate or invalid.
			again, err := svc.Import(context.Background(), "D0005", rows, false)
			if err != nil || again.Added != 0 || len(again.Failed) != 7 {
				t.Fatalf("repeat: %+v %v", again, err)
			}
		})
	}
}

func TestImportRefusesBadFiles(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"fake.xlsx", "fake.xls", "users.csv"} {
		if _, err := users.ReadSheet(bytes.NewReader([]byte("employeeCode,email\nE1,a@b.c\n")), name); !errors.Is(err, users.ErrNotSpreadsheet) {
			t.Errorf("%s: %v", name, err)
		}
	}
	s := apitest.New(t)
	svc := users.NewService(s.Env.DB, auth.NewService(s.Env))
	sheet := func(n int) [][]string {
		f := excelize.NewFile()
		f.SetSheetRow("Sheet1", "A1", &[]any{"code", "th", "th", "en", "en", "email", "pairs", "note"})
		for i := range n {
			cell, _ := excelize.CoordinatesToCellName(1, i+2)
			f.SetSheetRow("Sheet1", cell, &[]any{fmt.Sprintf("B%04d", i), "ชื่อ", "สกุล", "", "", fmt.Sprintf("bulk%d@hospital.example", i), "SRP01:BOD", ""})
		}
		var buf bytes.Buffer
		f.Write(&buf)
		rows, err := users.ReadSheet(bytes.NewReader(buf.Bytes()), "bulk.xlsx")
		if err != nil {
			t.Fatal(err)
		}
		return rows
	}
	if _, err := svc.Import(context.Background(), "D0005", sheet(0), false); !errors.Is(err, users.ErrEmptyFile) {
		t.Fatalf("header only: %v", err)
	}
	if _, err := svc.Import(context.Background(), "D0005", sheet(1001), false); !errors.Is(err, users.ErrTooManyRows) {
		t.Fatalf("1,001 rows: %v", err)
	}
	if n := s.Count(`SELECT count(*) FROM app_user WHERE email LIKE 'bulk%'`); n != 0 {
		t.Fatalf("a refused file added %d accounts", n)
	}
	res, err := svc.Import(context.Background(), "D0005", sheet(1000), false)
	if err != nil || res.Added != 1000 {
		t.Fatalf("1,000 rows: %+v %v", res.Added, err)
	}
}

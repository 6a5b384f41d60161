package users

import (
	"context"
	"fmt"
	"io"
	"strings"

	"samrap/pkg/session"
	"samrap/pkg/xlsx"
)

// importColumns are the columns of the user import template, in order; the import reads
// the same columns.
var importColumns = []xlsx.Column{
	{Th: "รหัสพนักงาน", En: "Employee code", Width: 16},
	{Th: "ชื่อ (ไทย)", En: "First name (Thai)"},
	{Th: "นามสกุล (ไทย)", En: "Last name (Thai)"},
	{Th: "ชื่อ (อังกฤษ)", En: "First name (English)"},
	{Th: "นามสกุล (อังกฤษ)", En: "Last name (English)"},
	{Th: "อีเมล", En: "E-mail", Width: 30},
	{Th: "สิทธิ์ (สาขา:บทบาท)", En: "Permissions (branch:role)", Width: 30},
	{Th: "หมายเหตุ", En: "Note", Width: 30},
}

// WriteTemplate writes the user import template with one example row.
func WriteTemplate(w io.Writer) error {
	example := [][]any{{"E0001", "สมใจ", "ใจดี", "Somjai", "Jaidee", "somjai@hospital.example", "SRP01:BOD, SRP01:BSV", ""}}
	return xlsx.Write(w, "users", importColumns, xlsx.Rows(example))
}

var reportColumns = []xlsx.Column{
	{Th: "รหัสพนักงาน", En: "Employee code", Width: 16},
	{Th: "ชื่อ-นามสกุล (ไทย)", En: "Name (Thai)", Width: 28},
	{Th: "ชื่อ-นามสกุล (อังกฤษ)", En: "Name (English)", Width: 28},
	{Th: "อีเมล", En: "E-mail", Width: 30},
	{Th: "สถานะ", En: "Status", Width: 14},
	{Th: "บทบาทในสาขา", En: "Roles in the branch", Width: 40},
	{Th: "เปลี่ยนรหัสผ่านล่าสุด", En: "Last password change", Width: 20},
}

// Report writes the accounts holding a role in branch (role "" for any) to w, answering
// false when there are none (the caller answers 204).
func (s *Service) Report(ctx context.Context, w io.Writer, by *session.Claims, branch, role string) (bool, error) {
	rows, err := permissionRows(ctx, s.db, branch, role)
	if err != nil {
		return false, fmt.Errorf("users.report: %w", err)
	}
	var out [][]any
	for _, r := range rows {
		when := ""
		if r.PasswordChangedAt != nil {
			when = r.PasswordChangedAt.Format("2006-01-02")
		}
		out = append(out, []any{r.EmployeeCode, strings.TrimSpace(r.NameTh), r.NameEn, r.Email, r.Status, r.Roles, when})
	}
	// an export of who works where is an activity (SPEC.md: activity log), even an empty one
	if err := activity(ctx, s.db, by, "users.export", map[string]any{"branchCode": branch, "roleCode": role,
		"rows": len(out)}); err != nil {
		return false, fmt.Errorf("users.report: %w", err)
	}
	if len(out) == 0 {
		return false, nil
	}
	return true, xlsx.Write(w, branch, reportColumns, xlsx.Rows(out))
}

package auth

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Password rules of SPEC.md §5, the one place they live. The web form applies the same
// rules for early feedback; the server's verdict is the one that counts.
const (
	PasswordMinLength  = 8
	PasswordMaxLength  = 128 // argon2id works on any length; a bound keeps requests cheap
	PasswordMaxAgeDays = 90
)

// PasswordCheck is what a new password is checked against.
type PasswordCheck struct {
	Password string
	Confirm  string
	Names    []string // first and last names in Thai and English
	OldHash  string   // the current hash, when there is one
	// Fields name the form fields the messages belong to.
	PasswordField, ConfirmField string
}

// CheckNewPassword answers field → message key for every rule broken, or nil.
func CheckNewPassword(c PasswordCheck) map[string]string {
	pf, cf := c.PasswordField, c.ConfirmField
	if pf == "" {
		pf = "password"
	}
	if cf == "" {
		cf = "confirmPassword"
	}
	fields := map[string]string{}
	switch {
	case c.Password == "":
		fields[pf] = "password.required"
	case utf8.RuneCountInString(c.Password) < PasswordMinLength:
		fields[pf] = "password.minLength"
	case utf8.RuneCountInString(c.Password) > PasswordMaxLength:
		fields[pf] = "password.maxLength"
	case !complex(c.Password):
		fields[pf] = "password.complexity"
	case containsName(c.Password, c.Names):
		fields[pf] = "password.containsName"
	case c.OldHash != "" && CheckPassword(c.OldHash, c.Password):
		fields[pf] = "password.sameAsOld"
	}
	switch {
	case c.Confirm == "":
		fields[cf] = "password.confirmRequired"
	case c.Confirm != c.Password:
		fields[cf] = "password.mismatch"
	}
	if len(fields) == 0 {
		return nil
	}
	return fields
}

func complex(p string) bool {
	var upper, lower, digit, special bool
	for _, r := range p {
		switch {
		case unicode.IsUpper(r):
			upper = true
		case unicode.IsLower(r):
			lower = true
		case unicode.IsDigit(r):
			digit = true
		case unicode.IsPunct(r) || unicode.IsSymbol(r) || r == ' ':
			special = true
		}
	}
	return upper && lower && digit && special
}

// containsName reports whether p contains any name of three or more letters, ignoring case.
func containsName(p string, names []string) bool {
	lp := strings.ToLower(p)
	for _, n := range names {
		n = strings.ToLower(strings.TrimSpace(n))
		if utf8.RuneCountInString(n) >= 3 && strings.Contains(lp, n) {
			return true
		}
	}
	return false
}

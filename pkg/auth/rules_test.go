package auth

import "testing"

func TestCheckNewPassword(t *testing.T) {
	t.Parallel()
	old, err := HashPassword("Samrap#2026")
	if err != nil {
		t.Fatal(err)
	}
	names := []string{"สมชาย", "ควบคุมดี", "Somchai", "Khuapkhumdee", "Li"}
	cases := []struct {
		name, password, confirm string
		want                    map[string]string
	}{
		{"good", "Kitchen#Tray9", "Kitchen#Tray9", nil},
		{"empty", "", "", map[string]string{"password": "password.required", "confirmPassword": "password.confirmRequired"}},
		{"short", "Ab#1xyz", "Ab#1xyz", map[string]string{"password": "password.minLength"}},
		{"noUpper", "kitchen#tray9", "kitchen#tray9", map[string]string{"password": "password.complexity"}},
		{"noLower", "KITCHEN#TRAY9", "KITCHEN#TRAY9", map[string]string{"password": "password.complexity"}},
		{"noDigit", "Kitchen#Tray", "Kitchen#Tray", map[string]string{"password": "password.complexity"}},
		{"noSpecial", "KitchenTray9", "KitchenTray9", map[string]string{"password": "password.complexity"}},
		{"englishName", "xSOMCHAIx#1a", "xSOMCHAIx#1a", map[string]string{"password": "password.containsName"}},
		{"thaiName", "Aa1#สมชายดี", "Aa1#สมชายดี", map[string]string{"password": "password.containsName"}},
		{"shortNameIgnored", "Lima#Tray9", "Lima#Tray9", nil},
		{"sameAsOld", "Samrap#2026", "Samrap#2026", map[string]string{"password": "password.sameAsOld"}},
		{"mismatch", "Kitchen#Tray9", "Kitchen#Tray8", map[string]string{"confirmPassword": "password.mismatch"}},
	}
	for _, c := range cases {
		got := CheckNewPassword(PasswordCheck{Password: c.password, Confirm: c.confirm, Names: names, OldHash: old})
		if len(got) != len(c.want) {
			t.Errorf("%s: got %v, want %v", c.name, got, c.want)
			continue
		}
		for k, v := range c.want {
			if got[k] != v {
				t.Errorf("%s: %s = %q, want %q", c.name, k, got[k], v)
			}
		}
	}
}

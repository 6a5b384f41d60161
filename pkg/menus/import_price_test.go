package menus

import "testing"

// A price cell of the dish workbook is said for what is wrong with it: words are not a number,
// a negative price is below zero, a huge one above the highest (QA: "abc" was "below zero").
func TestImportMenuPriceMessages(t *testing.T) {
	for _, c := range []struct{ cell, key string }{
		{"abc", "menus.priceNotNumber"},
		{"-1", "menus.priceInvalid"},
		{"1e300", "menus.priceTooHigh"},
	} {
		row := cells{"code": "MX99", "nameTh": "ทดสอบ", "nameEn": "Test", "iddsiType": "FOOD", "iddsiLevel": "7", "price": c.cell}
		stored := map[string]Menu{"MX99": {Code: "MX99", CuisineTypeID: 1, MealComponentID: 1, Status: "ACTIVE"}} // otherwise whole
		_, bad := readMenu(row, stored, refCodes{})
		if bad == nil || bad.field != "price" || bad.key != c.key {
			t.Errorf("price %q: %+v, want price %s", c.cell, bad, c.key)
		}
	}
}

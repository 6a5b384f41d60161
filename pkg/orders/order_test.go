package orders_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"testing"
	"time"
)

// asMap decodes a JSON document, numbers as json.Number so that an integer and a float differ.
func asMap(t *testing.T, raw []byte) map[string]any {
	t.Helper()
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	var m map[string]any
	if err := d.Decode(&m); err != nil {
		t.Fatalf("%s: %v", raw, err)
	}
	return m
}

// The order list shows each patient as getOrderDetails' patient shows them (the same values,
// NPO times alike) and each meal's orders as getOrderDetails shows them, with the meal types
// of getMealType: the list (shaped in Go from patient_view and order_detail) agrees with the
// order and patient documents, value for value.
func TestListMatchesTheOrderDetails(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.patient(t, "T-LM-NPO", "texture_food = 5, texture_drink = 2, unmapped_allergies = '{soy}'", []string{"AL02"}, []string{"RI01"})
	f.patient(t, "T-LM-CG", "", nil, nil)
	f.submit(t, clone(f.draft("T-LM-NPO", "T-PUREE"), "unmappedAllergiesChecked", true), 200)
	f.submit(t, f.draft("T-LM-CG", "T-PLAIN"), 200)
	f.submit(t, clone(f.draft("T-LM-CG", "T-PLAIN"), "caregiver", true, "caregiverInfo", map[string]any{}), 200)
	// fasting since yesterday, open-ended: every meal of the day is covered
	f.exec(t, `UPDATE patient SET npo_from = now() - interval '1 day' WHERE hn_id = 'T-LM-NPO'`)
	var page struct{ Items []json.RawMessage }
	f.get(f.taker, "search?branchCode=SRP01&criteria=T-LM&dateOrder="+f.today).Into(t, &page)
	var mealTypes []map[string]any
	f.get(f.taker, "getMealType?branchCode=SRP01").Into(t, &mealTypes)
	if len(page.Items) != 2 {
		t.Fatalf("search: %d rows", len(page.Items))
	}
	same := func(what string, got, want any) {
		t.Helper()
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %v, want %v", what, got, want)
		}
	}
	instant := func(v any) any { // an NPO time as a moment (the list writes PostgreSQL's form)
		if v == nil {
			return nil
		}
		at, err := time.Parse(time.RFC3339Nano, v.(string))
		if err != nil {
			t.Fatal(err)
		}
		return at.UnixMicro()
	}
	for _, raw := range page.Items {
		row := asMap(t, raw)
		meals := row["meals"].([]any)
		if len(meals) != len(mealTypes) {
			t.Fatalf("%s: %d meals, %d meal types", row["hnId"], len(meals), len(mealTypes))
		}
		ordered, review := 0, false
		for i, m := range meals {
			meal := m.(map[string]any)
			for _, k := range []string{"code", "nameTh", "nameEn", "abbreviation", "mealColor", "textColor"} {
				same(fmt.Sprint(row["hnId"], " meal ", k), meal[k], mealTypes[i][k])
			}
			same("npo", meal["npo"], row["hnId"] == "T-LM-NPO")
			for _, key := range []string{"order", "caregiverOrder"} {
				o, ok := meal[key].(map[string]any)
				if !ok {
					continue
				}
				ordered++
				res := f.get(f.taker, "getOrderDetails?branchCode=SRP01&orderId="+o["orderId"].(string))
				d := asMap(t, res.Data)
				same("mealTimeId", meal["mealTimeId"], d["mealTimeId"])
				same("caregiver", key == "caregiverOrder", d["caregiver"])
				for _, k := range []string{"orderId", "orderType", "status", "needsReview"} {
					same(fmt.Sprint(row["hnId"], " ", key, " ", k), o[k], d[k])
				}
				review = review || o["needsReview"].(bool)
				p := d["patient"].(map[string]any)
				for k, v := range row {
					switch k {
					case "meals", "needsReview":
					case "npoFrom", "npoTo":
						same(k, instant(v), instant(p[k]))
					default:
						same(fmt.Sprint(row["hnId"], " ", k), v, p[k])
					}
				}
			}
		}
		same("needsReview", row["needsReview"], review)
		want := map[any]int{"T-LM-NPO": 1, "T-LM-CG": 2}[row["hnId"]]
		same(fmt.Sprint(row["hnId"], " orders"), ordered, want)
	}
}

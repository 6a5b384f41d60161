package reports_test

import (
	"context"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/makiuchi-d/gozxing"
	multiqr "github.com/makiuchi-d/gozxing/multi/qrcode"

	"samrap/pkg/apitest"
	"samrap/pkg/day"
	"samrap/pkg/mealcard"
	"samrap/pkg/mealcard/pdftest"
	"samrap/pkg/orders"
)

// Issue 15's "done when", on the demo data alone: a Controller prints the demo ward's (W01)
// lunch cards, A4 and 80 mm labels, in Thai, in English and in both (one patient each); every
// card's QR decodes to a token the server verifies, one per printable order; the kitchen
// workbook's counts are the orders' dishes.
func TestDoneWhenDemoWardLunch(t *testing.T) {
	s := apitest.New(t)
	f := &fixture{s: s, ctrl: s.SignIn("controller@samrap.local").Access, today: s.Clock.Now().In(day.Bangkok).Format(time.DateOnly)}
	lunch, w01 := f.id(t, "meal_time", "MT02"), f.id(t, "ward", "W01")
	ctx := context.Background()

	// the printable lunch orders of W01 and their patients, one card language each
	type person struct{ orderID, hn, th, en string }
	var people []person
	rows, err := s.DB.Query(ctx, `SELECT o.id::text, p.hn_id, p.first_name_th, p.first_name_en FROM meal_order o
		JOIN patient p ON p.id = o.patient_id WHERE o.branch_code = 'SRP01' AND o.order_date = $1::date AND o.meal_time_id = $2
		AND p.ward_id = $3 AND o.order_type = 'ORD' AND o.status <> 'CANCELLED' AND NOT o.needs_review AND NOT o.caregiver ORDER BY p.hn_id`,
		f.today, lunch, w01)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var p person
		if err := rows.Scan(&p.orderID, &p.hn, &p.th, &p.en); err != nil {
			t.Fatal(err)
		}
		people = append(people, p)
	}
	if len(people) < 3 {
		t.Fatalf("the demo has %d printable lunches in W01", len(people))
	}
	langs := []string{"TH", "EN", "ALL"}
	for i, p := range people[:3] {
		f.exec(t, `UPDATE patient SET card_language = $1 WHERE branch_code = 'SRP01' AND hn_id = $2`, langs[i], p.hn)
	}
	body := f.all(map[string]any{"mealTimeIds": []int64{lunch}, "wardIds": []int64{w01}})
	key, err := orders.TokenKey(ctx, s.Env.Keys)
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, p := range people {
		want = append(want, p.orderID)
	}
	slices.Sort(want)

	for _, layout := range []string{"A4", "LABEL80"} {
		link, res := f.report(t, "generatePDF", mergeMap(body, map[string]any{"layout": layout}))
		if res.status != 200 || link.Count != len(people) {
			t.Fatalf("%s: %d %+v, want %d cards", layout, res.status, link, len(people))
		}
		path := pdftest.Write(t, f.s.Fetch(link.URL), "done-when-"+layout)
		// each card in its language: TH the Thai name only, EN the English only, both both
		all := mealcard.PlainText(pdftest.Run(t, "pdftotext", "-enc", "UTF-8", path, "-"))
		for i, p := range people[:3] {
			hasTh, hasEn := strings.Contains(all, p.th), strings.Contains(all, p.en)
			if !hasTh && langs[i] != "EN" || !hasEn && langs[i] != "TH" {
				t.Errorf("%s: %s (%s) card: Thai name %v, English name %v", layout, p.hn, langs[i], hasTh, hasEn)
			}
			if langs[i] == "TH" && strings.Contains(all, p.en) || langs[i] == "EN" && strings.Contains(all, p.th) {
				t.Errorf("%s: %s (%s) card has the other language's name", layout, p.hn, langs[i])
			}
		}
		// every QR: the labels one a page, the A4 sheets four (a quarter of the page each)
		dir := t.TempDir()
		pdftest.Run(t, "pdftoppm", "-r", "203", "-gray", "-png", path, filepath.Join(dir, "p")) // a label printer's resolution
		pngs, _ := filepath.Glob(filepath.Join(dir, "p-*.png"))
		var got []string
		for _, file := range pngs {
			for _, img := range quarters(t, file, layout == "A4") {
				// a card has two codes: the order's token and the survey link (<PUBLIC_URL>/q/<token>)
				for _, text := range decode(img) { // none: an empty quarter of the last sheet
					if strings.Contains(text, "/q/") {
						continue
					}
					tok, err := orders.VerifyToken(key, text)
					if err != nil {
						t.Fatalf("%s %s: QR %q: %v", layout, file, text, err)
					}
					got = append(got, tok.OrderID)
				}
			}
		}
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("%s: QR orders %v, want %v", layout, got, want)
		}
	}

	// the kitchen workbook (every dish to cook) counts the orders' dishes
	link, res := f.report(t, "excelCuisine", mergeMap(body, map[string]any{"type": "MENU_SET"}))
	if res.status != 200 {
		t.Fatalf("kitchen: %d", res.status)
	}
	sheetRows := apitest.SheetRows(t, f.s.Fetch(link.URL))
	dishes := s.Count(`SELECT count(*) FROM meal_order o JOIN patient p ON p.id = o.patient_id JOIN meal_order_item i ON i.order_id = o.id
		LEFT JOIN menu_set_item si ON si.branch_code = i.branch_code AND si.menu_set_id = i.menu_set_id
		WHERE o.branch_code = 'SRP01' AND o.order_date = $1::date AND o.meal_time_id = $2 AND p.ward_id = $3
		AND o.order_type = 'ORD' AND o.status <> 'CANCELLED' AND NOT o.needs_review`, f.today, lunch, w01)
	total := sheetRows[len(sheetRows)-1]
	sum := 0
	for _, r := range sheetRows[1 : len(sheetRows)-1] {
		n, _ := strconv.Atoi(r[6])
		sum += n
	}
	if dishes == 0 || sum != dishes || total[6] != strconv.Itoa(dishes) {
		t.Errorf("kitchen: lines add to %d, total %q; the orders have %d dishes", sum, total, dishes)
	}
}

// quarters reads a page's PNG: the page, or (an A4 sheet) its four cards.
func quarters(t *testing.T, path string, a4 bool) []image.Image {
	t.Helper()
	fh, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	img, err := png.Decode(fh)
	if err != nil {
		t.Fatal(err)
	}
	if !a4 {
		return []image.Image{img}
	}
	b := img.Bounds()
	sub := img.(interface {
		SubImage(image.Rectangle) image.Image
	})
	w, h := b.Dx()/2, b.Dy()/2
	var out []image.Image
	for _, r := range []image.Rectangle{image.Rect(0, 0, w, h), image.Rect(w, 0, 2*w, h), image.Rect(0, h, w, 2*h), image.Rect(w, h, 2*w, 2*h)} {
		out = append(out, sub.SubImage(r.Add(b.Min)))
	}
	return out
}

func decode(img image.Image) []string {
	bmp, err := gozxing.NewBinaryBitmapFromImage(img)
	if err != nil {
		return nil
	}
	res, err := multiqr.NewQRCodeMultiReader().DecodeMultiple(bmp, map[gozxing.DecodeHintType]interface{}{gozxing.DecodeHintType_TRY_HARDER: true})
	if err != nil {
		return nil
	}
	var out []string
	for _, r := range res {
		out = append(out, r.GetText())
	}
	slices.Sort(out)
	return slices.Compact(out)
}

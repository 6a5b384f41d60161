package mealcard

import (
	"fmt"
	"image"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/makiuchi-d/gozxing"
	multiqr "github.com/makiuchi-d/gozxing/multi/qrcode"

	"samrap/pkg/mealcard/pdftest"
)

// decodeAllQR answers the texts of every QR code in img, sorted.
func decodeAllQR(img image.Image) []string {
	bmp, err := gozxing.NewBinaryBitmapFromImage(img)
	if err != nil {
		return nil
	}
	res, _ := multiqr.NewQRCodeMultiReader().DecodeMultiple(bmp, map[gozxing.DecodeHintType]interface{}{gozxing.DecodeHintType_TRY_HARDER: true})
	var out []string
	for _, r := range res {
		out = append(out, r.GetText())
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// decodeQRBoxes answers the box (of the finder patterns' centres) of every QR code in img, by
// its text.
func decodeQRBoxes(img image.Image) map[string]image.Rectangle {
	out := map[string]image.Rectangle{}
	bmp, err := gozxing.NewBinaryBitmapFromImage(img)
	if err != nil {
		return out
	}
	res, _ := multiqr.NewQRCodeMultiReader().DecodeMultiple(bmp, map[gozxing.DecodeHintType]interface{}{gozxing.DecodeHintType_TRY_HARDER: true})
	for _, r := range res {
		var box image.Rectangle
		for i, pt := range r.GetResultPoints() {
			p := image.Pt(int(pt.GetX()), int(pt.GetY()))
			if i == 0 {
				box = image.Rectangle{Min: p, Max: p}
			}
			box = box.Union(image.Rectangle{Min: p, Max: p.Add(image.Pt(1, 1))})
		}
		out[r.GetText()] = box
	}
	return out
}

// The survey link's smaller QR code reads beside the order's, on both layouts, with its
// caption in the card's language.
func TestSurveyQRDecodes(t *testing.T) {
	cards := sampleCards()[:3] // TH, EN, both languages
	for i := range cards {
		cards[i].SurveyURL = fmt.Sprintf("https://samrap.example.org/q/AbCdEfGhIjKlMnOpQrStUvWxYz0123456-%d", i)
	}
	for _, layout := range []Layout{A4, Label80} {
		t.Run(string(layout), func(t *testing.T) {
			path := writePDF(t, cards, layout, "survey-"+string(layout))
			dir := t.TempDir()
			pdftest.Run(t, "pdftoppm", "-r", "203", "-gray", "-png", path, filepath.Join(dir, "p")) // a thermal printer's resolution
			pngs, _ := filepath.Glob(filepath.Join(dir, "p-*.png"))
			var got [][]string
			var boxes []map[string]image.Rectangle
			for _, p := range pngs {
				img := readPNG(t, p)
				b := img.Bounds()
				if layout == Label80 {
					got = append(got, decodeAllQR(img))
					boxes = append(boxes, decodeQRBoxes(img))
					continue
				}
				for slot := range len(cards) {
					x0 := b.Min.X + (slot%a4Cols)*b.Dx()/a4Cols
					y0 := b.Min.Y + (slot/a4Cols)*b.Dy()/a4Rows
					sub := img.(interface {
						SubImage(image.Rectangle) image.Image
					}).SubImage(image.Rect(x0, y0, x0+b.Dx()/a4Cols, y0+b.Dy()/a4Rows))
					got = append(got, decodeAllQR(sub))
					boxes = append(boxes, decodeQRBoxes(sub))
				}
			}
			if len(got) != len(cards) {
				t.Fatalf("%d cards read, want %d", len(got), len(cards))
			}
			all := text(t, path)
			for i, c := range cards {
				want := []string{c.SurveyURL, c.QRToken}
				slices.Sort(want)
				if !slices.Equal(got[i], want) {
					t.Errorf("card %d: QR codes read %q, want %q", i+1, got[i], want)
				}
				// the tray's code is the larger, at the top right; the survey's in the
				// opposite corner, below and left of it (QA 2026-11-26 #4: staff scanned the
				// survey's, stacked under the tray's in the same style)
				tray, survey := boxes[i][c.QRToken], boxes[i][c.SurveyURL]
				if tray.Dx() <= survey.Dx() || tray.Max.Y >= survey.Min.Y || tray.Min.X <= survey.Max.X {
					t.Errorf("card %d: the tray code at %v, the survey's at %v", i+1, tray, survey)
				}
			}
			for _, caption := range []string{"สแกนถาด", "Scan tray"} {
				if n := strings.Count(all, caption); n != 2 {
					t.Errorf("%q %d times, want 2", caption, n)
				}
			}
			for _, caption := range []string{"ประเมินความพึงพอใจ", "Rate your meal"} {
				if n := strings.Count(all, caption); n != 2 { // the TH card or the EN card, and the card in both
					t.Errorf("%q %d times, want 2:\n%s", caption, n, all)
				}
			}
		})
	}
}

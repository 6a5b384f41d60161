package main

import (
	"fmt"
	"image"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/makiuchi-d/gozxing"
	multiqr "github.com/makiuchi-d/gozxing/multi/qrcode"
	"github.com/makiuchi-d/gozxing/qrcode"

	"samrap/pkg/orders"
)

// readCards answers the tray codes printed in the A4 meal-card PDF pdf of want cards, as a
// serve phone's camera reads them off the paper: the pages rendered by poppler's pdftoppm (as
// the tests of pkg/reports render them; grey, as PGM: encoding PNGs was most of the time), and
// the tray code of each quarter of a sheet — one card — read by gozxing; the card's other
// code, the survey link (…/q/<token>), is left out. A quick pass first (120 dpi, unsmoothed);
// when it reads fewer than want codes, a finer one (200 dpi, smoothed), as a person holds the
// phone closer.
func readCards(pdf []byte, want int) ([]string, error) {
	dir, err := os.MkdirTemp("", "rush-cards-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "cards.pdf")
	if err := os.WriteFile(path, pdf, 0o600); err != nil {
		return nil, err
	}
	var best []string
	for i, pass := range [][]string{{"-r", "120", "-aa", "no", "-aaVector", "no"}, {"-r", "200"}} {
		prefix := filepath.Join(dir, fmt.Sprint("p", i))
		out, err := exec.Command("pdftoppm", append(pass, "-gray", path, prefix)...).CombinedOutput()
		if err != nil {
			return nil, fmt.Errorf("pdftoppm (apt-get install poppler-utils): %v %s", err, out)
		}
		pages, _ := filepath.Glob(prefix + "-*.pgm")
		slices.Sort(pages) // p-01 … p-99: pdftoppm pads the page numbers to one width
		var tokens []string
		for _, page := range pages {
			img, err := readPGM(page)
			if err != nil {
				return nil, err
			}
			for _, q := range quarters(img) {
				if text := decodeQR(trayCorner(q)); text != "" && !strings.Contains(text, "/q/") {
					tokens = append(tokens, text)
				}
			}
		}
		if len(tokens) > len(best) {
			best = tokens
		}
		if len(best) >= want {
			break
		}
	}
	return best, nil
}

// readPGM reads a binary greyscale PNM (P5, 8 bits), what pdftoppm -gray writes.
func readPGM(path string) (image.Image, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var magic string
	var w, h, maxval int
	n, err := fmt.Sscan(string(b[:min(len(b), 64)]), &magic, &w, &h, &maxval)
	if err != nil || n != 4 || magic != "P5" || maxval != 255 {
		return nil, fmt.Errorf("%s: not an 8-bit PGM", path)
	}
	// the header ends with the one whitespace after maxval
	fields, i := 0, 0
	for ; i < len(b) && fields < 4; i++ {
		if b[i] == ' ' || b[i] == '\n' || b[i] == '\t' || b[i] == '\r' {
			if i > 0 && b[i-1] != ' ' && b[i-1] != '\n' && b[i-1] != '\t' && b[i-1] != '\r' {
				fields++
			}
		}
	}
	if len(b)-i != w*h {
		return nil, fmt.Errorf("%s: %d bytes of pixels for %d×%d", path, len(b)-i, w, h)
	}
	return &image.Gray{Pix: b[i:], Stride: w, Rect: image.Rect(0, 0, w, h)}, nil
}

// quarters cuts an A4 sheet into its four cards.
func quarters(img image.Image) []image.Image {
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

// trayCorner answers the top right of a card, where its tray code is (pkg/mealcard: the
// code staff scan, beside the patient's name; the survey code is at the foot, left).
func trayCorner(card image.Image) image.Image {
	b := card.Bounds()
	r := image.Rect(b.Min.X+b.Dx()/2, b.Min.Y, b.Max.X, b.Min.Y+b.Dy()*11/20)
	return card.(interface {
		SubImage(image.Rectangle) image.Image
	}).SubImage(r)
}

// decodeQR answers the text of the QR code in img ("" when there is none: an empty quarter
// of the last sheet). gozxing's single-code reader misses about one card in a thousand that
// its multiple-code reader, slower, reads: the second is asked when the first finds none.
func decodeQR(img image.Image) string {
	bmp, err := gozxing.NewBinaryBitmapFromImage(img)
	if err != nil {
		return ""
	}
	hints := map[gozxing.DecodeHintType]interface{}{gozxing.DecodeHintType_TRY_HARDER: true}
	if res, err := qrcode.NewQRCodeReader().Decode(bmp, hints); err == nil {
		return res.GetText()
	}
	if res, err := multiqr.NewQRCodeMultiReader().DecodeMultiple(bmp, hints); err == nil && len(res) > 0 {
		return res[0].GetText()
	}
	return ""
}

// orderOf answers the order a card's token names: the checker reads it with the server's
// key (a phone never does: it sends the token as scanned).
func (r *rush) orderOf(token string) string {
	t, err := orders.VerifyToken(r.srv.cardKey, token)
	if err != nil {
		r.j.mu.Lock()
		r.j.cardRead = append(r.j.cardRead, token)
		r.j.mu.Unlock()
		return ""
	}
	return t.OrderID
}

package mealcard

import (
	"bytes"
	"image/png"
	"testing"

	"github.com/go-pdf/fpdf"
	"rsc.io/qr"
)

// 1,000 cards, each with its own token: the time of one Render and the bytes per card
// (issue 15's budget: ≤ 350 ms and ≤ 1.5 kB a card). The PNG variants are the naive
// baseline: the same cards with each QR code as a PNG image of its own.
func BenchmarkRender1000A4(b *testing.B)           { benchRender(b, A4, newQRDrawer().draw) }
func BenchmarkRender1000Label80(b *testing.B)      { benchRender(b, Label80, newQRDrawer().draw) }
func BenchmarkRender1000A4PNGQR(b *testing.B)      { benchRender(b, A4, drawQRPNG) }
func BenchmarkRender1000Label80PNGQR(b *testing.B) { benchRender(b, Label80, drawQRPNG) }

func benchRender(b *testing.B, layout Layout, qr qrFunc) {
	cards := manyCards(1000)
	var buf bytes.Buffer
	for b.Loop() {
		buf.Reset()
		if err := render(&buf, cards, layout, qr); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len())/float64(len(cards)), "B/card")
}

// drawQRPNG is the baseline: the QR code at 4 pixels a module, encoded as a PNG and placed
// as an image.
func drawQRPNG(f *fpdf.Fpdf, token string, x, y, size float64, _ *Badge) {
	code, err := qr.Encode(token, qr.M)
	if err != nil {
		f.SetError(err)
		return
	}
	code.Scale = 4
	var buf bytes.Buffer
	if err := png.Encode(&buf, code.Image()); err != nil {
		f.SetError(err)
		return
	}
	opt := fpdf.ImageOptions{ImageType: "PNG"}
	f.RegisterImageOptionsReader(token, opt, &buf)
	f.ImageOptions(token, x, y, size, size, false, opt, 0, "")
}

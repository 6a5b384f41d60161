package mealcard

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/qrcode"
	"rsc.io/qr"

	"samrap/pkg/mealcard/pdftest"
)

// writePDF renders cards to a file (under MEALCARD_OUT when set, to look at afterwards).
func writePDF(t *testing.T, cards []Card, layout Layout, name string) string {
	t.Helper()
	var buf bytes.Buffer
	if err := Render(&buf, cards, layout); err != nil {
		t.Fatal(err)
	}
	return pdftest.Write(t, buf.Bytes(), name)
}

// text is the PDF's text as pdftotext reads it, with the shaped Thai forms mapped back.
func text(t *testing.T, path string) string {
	t.Helper()
	return unshapeThai(pdftest.Run(t, "pdftotext", "-enc", "UTF-8", path, "-"))
}

func TestSample(t *testing.T) {
	// MEALCARD_OUT=/tmp/x go test -run TestSample ./pkg/mealcard/ writes the sample cards to look at.
	for _, l := range []Layout{A4, Label80} {
		writePDF(t, sampleCards(), l, "sample-"+string(l))
	}
}

// A ward line too long for the column beside the QR code breaks between the ward and the bed,
// never inside the ward's name (QA 2026-11-26 #18: "…Children's ward, floor" / "3 · เตียง / Bed W01-01").
func TestWardLineBreaksBeforeTheBed(t *testing.T) {
	c := sampleCards()[2] // both languages
	c.Ward, c.Bed = Name{"หอผู้ป่วยเด็ก ชั้น 3", "Children's ward, floor 3"}, "W01-01"
	short := c
	short.Lang, short.Ward = TH, Name{"อายุรกรรม", "Medicine"}
	for _, l := range []Layout{A4, Label80} {
		lines := strings.Split(strings.ReplaceAll(text(t, writePDF(t, []Card{c, short}, l, "ward-"+string(l))), "\u00a0", " "), "\n")
		// each name whole on a line, the bed with its label
		for _, want := range []string{"หอผู้ป่วยเด็ก ชั้น 3", "Children's ward, floor 3", "เตียง / Bed W01-01"} {
			if !slices.ContainsFunc(lines, func(s string) bool { return strings.Contains(s, want) }) {
				t.Errorf("%s: no line with %q in\n%s", l, want, strings.Join(lines, "\n"))
			}
		}
		// a short ward and its bed on one line
		if !slices.ContainsFunc(lines, func(s string) bool {
			return strings.TrimSpace(s) == "อายุรกรรม · เตียง W01-01"
		}) {
			t.Errorf("%s: the short ward and its bed are not one line:\n%s", l, strings.Join(lines, "\n"))
		}
	}
}

func TestPagesPerLayout(t *testing.T) {
	for _, tc := range []struct {
		layout Layout
		cards  int
		pages  int
	}{
		{A4, 1, 1}, {A4, 4, 1}, {A4, 5, 2}, {A4, 9, 3},
		{Label80, 1, 1}, {Label80, 7, 7},
	} {
		t.Run(fmt.Sprintf("%s-%d", tc.layout, tc.cards), func(t *testing.T) {
			path := writePDF(t, manyCards(tc.cards), tc.layout, "pages")
			if got := pdftest.Pages(t, path); got != tc.pages {
				t.Fatalf("%d cards in %s: %d pages, want %d", tc.cards, tc.layout, got, tc.pages)
			}
		})
	}
}

func TestLabelPagesAre80mmWideAndFitTheCard(t *testing.T) {
	path := writePDF(t, sampleCards(), Label80, "labels")
	out := pdftest.Run(t, "pdfinfo", "-f", "1", "-l", "4", path)
	sizes := regexp.MustCompile(`Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts`).FindAllStringSubmatch(out, -1)
	if len(sizes) != 4 {
		t.Fatalf("want 4 page sizes:\n%s", out)
	}
	var heights []float64
	for _, s := range sizes {
		w, _ := strconv.ParseFloat(s[1], 64)
		h, _ := strconv.ParseFloat(s[2], 64)
		if mm := w / 72 * 25.4; mm < 79.9 || mm > 80.1 {
			t.Errorf("label width %.1f mm, want 80", mm)
		}
		heights = append(heights, h/72*25.4)
	}
	// The card in both languages with six dishes needs a longer label than the caregiver's.
	if heights[2] <= heights[3] || heights[3] < labelMinHeight-0.1 {
		t.Errorf("label heights %v mm: the long card should be the tallest, none under %v", heights, labelMinHeight)
	}
}

func TestFontsAreEmbedded(t *testing.T) {
	path := writePDF(t, sampleCards(), A4, "fonts")
	out := pdftest.Run(t, "pdffonts", path)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) < 4 {
		t.Fatalf("want the regular and bold fonts:\n%s", out)
	}
	for _, l := range lines[2:] {
		f := strings.Fields(l)
		// name type... encoding emb sub uni object ID: emb is the fifth field from the end.
		if len(f) < 6 || f[len(f)-5] != "yes" {
			t.Errorf("font not embedded: %s", l)
		}
		if !strings.Contains(strings.ToLower(f[0]), "loma") {
			t.Errorf("unexpected font %s", f[0])
		}
	}
}

// Each language writes its own words: the text read back out of the PDF finds the name, HN
// and allergies in the card's language and not the other's.
func TestLanguages(t *testing.T) {
	base := sampleCards()[0]
	for _, tc := range []struct {
		lang      Lang
		want, not []string
	}{
		{TH, []string{"สมชาย ใจดี", "HN 6500123", "แพ้อาหาร", "กุ้ง", "ถั่วลิสง", "แพ้ผงชูรส", "ข้าวต้มปลา", "25 พ.ย. 2569", "IDDSI 5", "อาหารสับละเอียดและชุ่มน้ำ", thaiCheck},
			[]string{"Somchai", "Shrimp", "ALLERGY", "Nov"}},
		{EN, []string{"Somchai Jaidee", "HN 6500123", "ALLERGY", "Shrimp", "Peanut", "แพ้ผงชูรส", "Rice soup with fish", "25 Nov 2026", "Minced & Moist", "Special request"},
			[]string{"สมชาย", "ถั่วลิสง", "แพ้อาหาร", "พ.ย."}},
		{Both, []string{"สมชาย ใจดี", "Somchai Jaidee", "HN 6500123", "แพ้อาหาร / ALLERGY", "กุ้ง / Shrimp", "ข้าวต้มปลา / Rice soup with fish", "25 พ.ย. 2569", "25 Nov 2026"},
			nil},
	} {
		t.Run(string(tc.lang), func(t *testing.T) {
			c := base
			c.Lang = tc.lang
			for _, l := range []Layout{A4, Label80} {
				got := text(t, writePDF(t, []Card{c}, l, "lang"))
				flat := strings.Join(strings.Fields(got), " ")
				for _, w := range tc.want {
					if !strings.Contains(flat, w) {
						t.Errorf("%s: %q not found in:\n%s", l, w, got)
					}
				}
				for _, w := range tc.not {
					if strings.Contains(flat, w) {
						t.Errorf("%s: %q should not be on a %s card:\n%s", l, w, tc.lang, got)
					}
				}
			}
		})
	}
}

func TestCaregiverAndNoAllergies(t *testing.T) {
	c := sampleCards()[3] // the caregiver's card
	c.Allergies = nil
	got := text(t, writePDF(t, []Card{c}, A4, "carer"))
	for _, w := range []string{"ญาติ/ผู้ดูแล", "ไม่มีประวัติแพ้อาหาร", "ฐานิดา ปู่ฟ้า"} {
		if !strings.Contains(got, w) {
			t.Errorf("%q not found in:\n%s", w, got)
		}
	}
	if strings.Contains(got, "แพ้อาหาร:") {
		t.Errorf("an allergy box on a card without allergies:\n%s", got)
	}
}

// A card with more dishes than room says how many it leaves out rather than losing them.
func TestTooManyDishesAreCounted(t *testing.T) {
	c := sampleCards()[2]
	for i := range 30 {
		c.Dishes = append(c.Dishes, Name{fmt.Sprintf("จานที่ %d", i+1), fmt.Sprintf("Dish %d", i+1)})
	}
	got := text(t, writePDF(t, []Card{c}, A4, "dishes"))
	m := regexp.MustCompile(`\+(\d+) รายการ`).FindStringSubmatch(got)
	if m == nil {
		t.Fatalf("no count of the dishes left out:\n%s", got)
	}
	shown := strings.Count(got, "•")
	if n, _ := strconv.Atoi(m[1]); shown+n != len(c.Dishes) {
		t.Errorf("%d dishes shown + %d counted, want %d", shown, n, len(c.Dishes))
	}
	// A label grows instead: every dish is on it.
	got = text(t, writePDF(t, []Card{c}, Label80, "dishes-label"))
	if shown := strings.Count(got, "•"); shown != len(c.Dishes) {
		t.Errorf("label shows %d dishes, want %d", shown, len(c.Dishes))
	}
}

// The QR codes drawn on the cards decode, read off a rasterised page like a scanner would.
func TestQRCodesDecode(t *testing.T) {
	cards := manyCards(8) // the fourth of each four has no token
	for _, layout := range []Layout{A4, Label80} {
		t.Run(string(layout), func(t *testing.T) {
			path := writePDF(t, cards, layout, "qr")
			dir := t.TempDir()
			pdftest.Run(t, "pdftoppm", "-r", "150", "-gray", "-png", path, filepath.Join(dir, "p"))
			pngs, _ := filepath.Glob(filepath.Join(dir, "p-*.png"))
			var got []string
			for _, p := range pngs {
				img := readPNG(t, p)
				b := img.Bounds()
				if layout == Label80 {
					got = append(got, decodeQR(img))
					continue
				}
				for slot := range a4Cols * a4Rows { // one card in each quarter of the sheet
					x0 := b.Min.X + (slot%a4Cols)*b.Dx()/a4Cols
					y0 := b.Min.Y + (slot/a4Cols)*b.Dy()/a4Rows
					sub := img.(interface {
						SubImage(image.Rectangle) image.Image
					}).SubImage(image.Rect(x0, y0, x0+b.Dx()/a4Cols, y0+b.Dy()/a4Rows))
					got = append(got, decodeQR(sub))
				}
			}
			if len(got) != len(cards) {
				t.Fatalf("%d cards read, want %d", len(got), len(cards))
			}
			for i, c := range cards {
				if got[i] != c.QRToken {
					t.Errorf("card %d: QR reads %q, want %q", i+1, got[i], c.QRToken)
				}
			}
		})
	}
}

func readPNG(t *testing.T, path string) image.Image {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// decodeQR answers the text of the QR code in img, or "" when none reads.
func decodeQR(img image.Image) string {
	bmp, err := gozxing.NewBinaryBitmapFromImage(img)
	if err != nil {
		return ""
	}
	res, err := qrcode.NewQRCodeReader().Decode(bmp, nil)
	if err != nil {
		return ""
	}
	return res.GetText()
}

func TestRenderRefuses(t *testing.T) {
	good := sampleCards()[0]
	for name, tc := range map[string]struct {
		cards  []Card
		layout Layout
	}{
		"no cards":       {nil, A4},
		"unknown layout": {[]Card{good}, "A5"},
		"unknown lang":   {[]Card{func() Card { c := good; c.Lang = "JP"; return c }()}, A4},
		"food level 2":   {[]Card{func() Card { c := good; c.IDDSI = []IDDSI{{Level: 2}}; return c }()}, A4},
		"drink level 5":  {[]Card{func() Card { c := good; c.IDDSI = []IDDSI{{Drink: true, Level: 5}}; return c }()}, A4},
		"bad colour":     {[]Card{func() Card { c := good; c.MealColor = "red"; return c }()}, A4},
	} {
		if err := Render(&bytes.Buffer{}, tc.cards, tc.layout); err == nil {
			t.Errorf("%s: rendered, want an error", name)
		}
	}
}

func TestTokenWithoutQRIsFine(t *testing.T) {
	c := sampleCards()[0]
	c.QRToken = ""
	if err := Render(&bytes.Buffer{}, []Card{c}, Label80); err != nil {
		t.Fatal(err)
	}
}

// The matrix drawn is the QR code of the token: read back without any PDF tool.
func TestQRMatrixDecodes(t *testing.T) {
	token := sampleCards()[0].QRToken
	m, err := qrMatrix(token)
	if err != nil {
		t.Fatal(err)
	}
	const px, quiet = 4, 4
	n := len(m)
	img := image.NewGray(image.Rect(0, 0, (n+2*quiet)*px, (n+2*quiet)*px))
	for i := range img.Pix {
		img.Pix[i] = 255
	}
	for y, row := range m {
		for x, dark := range row {
			if !dark {
				continue
			}
			for dy := range px {
				for dx := range px {
					img.SetGray((x+quiet)*px+dx, (y+quiet)*px+dy, color.Gray{})
				}
			}
		}
	}
	if got := decodeQR(img); got != token {
		t.Fatalf("matrix reads %q, want %q", got, token)
	}
}

// The drawer's encoding, with the plans it keeps, is rsc.io/qr's: the same modules for
// numeric, alphanumeric and byte data of every version a card's codes take, each plan used
// again by the next codes of its version; a text too long for any version is refused.
func TestQRPlansEncodeAsLibrary(t *testing.T) {
	plans := qrPlans{}
	var texts []string
	for i := range 40 {
		texts = append(texts, strings.Repeat("7", 1+i*9), strings.Repeat("AB-1", 1+i*3), strings.Repeat("tök/", 1+i*4))
	}
	texts = append(texts, sampleCards()[0].QRToken, sampleCards()[0].SurveyURL, texts[3], texts[5])
	for _, s := range texts {
		got, err := plans.matrix(s)
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		code, err := qr.Encode(s, qr.M)
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		if len(got) != code.Size {
			t.Fatalf("%q: size %d, want %d", s, len(got), code.Size)
		}
		for y := range got {
			for x := range got[y] {
				if got[y][x] != code.Black(x, y) {
					t.Fatalf("%q: module (%d, %d) differs", s, x, y)
				}
			}
		}
	}
	if len(plans) < 10 {
		t.Fatalf("%d versions encoded, want the test to cover at least 10", len(plans))
	}
	if _, err := plans.matrix(strings.Repeat("ไทย", 1000)); err == nil {
		t.Fatal("a text too long for a QR code was encoded")
	}
}

// The rectangles drawn cover exactly the dark modules, each once.
func TestQRRectsCoverTheMatrix(t *testing.T) {
	m, err := qrMatrix(sampleCards()[1].QRToken)
	if err != nil {
		t.Fatal(err)
	}
	n := len(m)
	cover := make([][]int, n)
	for i := range cover {
		cover[i] = make([]int, n)
	}
	rects := qrRects(m)
	for _, r := range rects {
		for y := r.y; y < r.y+r.h; y++ {
			for x := r.x; x < r.x+r.w; x++ {
				cover[y][x]++
			}
		}
	}
	runs := 0
	for y := range m {
		for x := range m[y] {
			want := 0
			if m[y][x] {
				want = 1
				if x == 0 || !m[y][x-1] {
					runs++
				}
			}
			if cover[y][x] != want {
				t.Fatalf("module (%d,%d) covered %d times, want %d", x, y, cover[y][x], want)
			}
		}
	}
	if len(rects) >= runs {
		t.Errorf("%d rectangles for %d runs: nothing merged", len(rects), runs)
	}
	t.Logf("%d×%d modules: %d runs drawn as %d rectangles", n, n, runs, len(rects))
}

func TestLangOf(t *testing.T) {
	for code, want := range map[string]Lang{"ALL": Both, "TH": TH, "th": TH, "EN": EN, "ZH": EN, "OTHER": EN, "": EN} {
		if got := LangOf(code); got != want {
			t.Errorf("LangOf(%q) = %s, want %s", code, got, want)
		}
	}
}

// Text the font has no glyph for (emoji, Chinese, control characters) does not fail the sheet
// (an emoji made fpdf panic): it prints as "?", control characters as spaces.
func TestCharactersOutsideTheFont(t *testing.T) {
	c := sampleCards()[0]
	c.PatientName = Name{"王小明 😀", "Wang \u0007Xiaoming ←"}
	c.Remark = "ไม่เผ็ด 🌶️ \t(กรุณา)"
	c.Dishes = append(c.Dishes, Name{"", ""}, Name{"  ", "   "})
	c.Lang = Both
	for _, l := range []Layout{A4, Label80} {
		got := text(t, writePDF(t, []Card{c}, l, "odd"))
		flat := strings.Join(strings.Fields(got), " ")
		for _, w := range []string{"HN 6500123", "ไม่เผ็ด ? (กรุณา)", "Wang Xiaoming ?", "??? ?"} {
			if !strings.Contains(flat, w) {
				t.Errorf("%s: %q not found in:\n%s", l, w, got)
			}
		}
	}
}

// rasterise renders the first page of path at dpi and answers it.
func rasterise(t *testing.T, path string, dpi int) image.Image {
	t.Helper()
	prefix := filepath.Join(t.TempDir(), "r")
	pdftest.Run(t, "pdftoppm", "-r", strconv.Itoa(dpi), "-f", "1", "-l", "1", "-singlefile", "-png", path, prefix)
	return readPNG(t, prefix+".png")
}

// count answers how many pixels of img are within 6 of the colour hex on each channel.
func count(img image.Image, hex string) int {
	want, _ := parseHex(hex)
	near := func(a uint32, b int) bool { d := int(a>>8) - b; return d > -7 && d < 7 }
	n := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			if near(r, want[0]) && near(g, want[1]) && near(bl, want[2]) {
				n++
			}
		}
	}
	return n
}

// What the eye finds on the printed card: the meal type's colour band, the IDDSI level's own
// colour, and the red of the allergy box — which a card without allergies has none of.
func TestColoursOnThePage(t *testing.T) {
	c := sampleCards()[0]
	c.MealColor = "#2E8B57"
	for level, hex := range map[int]string{3: "#FFD200", 4: "#6CC24A", 5: "#F68D2E", 6: "#0072CE"} {
		c.IDDSI = []IDDSI{{Level: level}}
		img := rasterise(t, writePDF(t, []Card{c}, Label80, "colour"), 100)
		if n := count(img, hex); n < 100 {
			t.Errorf("IDDSI %d: %d pixels of %s, want its chip", level, n, hex)
		}
		if n := count(img, "#2E8B57"); n < 2000 {
			t.Errorf("%d pixels of the meal colour, want its band", n)
		}
		if n := count(img, "#D20000"); n < 1500 {
			t.Errorf("IDDSI %d card: %d red pixels, want the allergy box's thick border", level, n)
		}
	}
	c.Allergies, c.UnmappedAllergies = nil, nil
	if n := count(rasterise(t, writePDF(t, []Card{c}, Label80, "colour"), 100), "#D20000"); n != 0 {
		t.Errorf("%d red pixels on a card without allergies", n)
	}
}

// The 80 mm labels are one page per card, so a label pays what a sheet of four shares: its
// page's dictionary, stream and table lines, a compressed stream of its own. The packing
// (pack.go: object streams, a cross-reference stream, one zlib writer at level 5,
// short font names) and measuring off the page keep a label near an A4 card (issue 15: 1.5 kB
// a card; fpdf's own output was 2.1 kB a label, 1.36 kB an A4 card). Poppler reads the result
// (the other tests); pdfinfo says how many pages and that it is PDF 1.5.
func TestBytesPerCard(t *testing.T) {
	cards := manyCards(1000) // as the benchmark: the fonts are shared by all
	for layout, most := range map[Layout]int{A4: 1000, Label80: 1536} {
		var buf bytes.Buffer
		if err := Render(&buf, cards, layout); err != nil {
			t.Fatal(err)
		}
		per := buf.Len() / len(cards)
		t.Logf("%s: %d B a card (at most %d)", layout, per, most)
		if per > most {
			t.Errorf("%s: %d B a card, want at most %d", layout, per, most)
		}
		info := pdftest.Run(t, "pdfinfo", writePDF(t, cards, layout, "size-"+string(layout)))
		if !regexp.MustCompile(`(?m)^PDF version:\s+1\.5$`).MatchString(info) {
			t.Errorf("%s: %s", layout, info)
		}
	}
}

// The modules drawn once per document as a form and the rest split each code exactly, and
// codes of one size share the form (rsc.io/qr's one mask and level M: the same format bits).
func TestSharedQRPatterns(t *testing.T) {
	forms := map[string]bool{}
	for _, c := range manyCards(40) {
		if c.QRToken == "" {
			continue
		}
		m, err := qrMatrix(c.QRToken)
		if err != nil {
			t.Fatal(err)
		}
		fixed, rest := splitFixed(m)
		dark, shared := 0, 0
		for y := range m {
			for x := range m[y] {
				if fixed[y][x] && rest[y][x] || (fixed[y][x] || rest[y][x]) != m[y][x] {
					t.Fatalf("module (%d,%d): shared %v, rest %v, code %v", x, y, fixed[y][x], rest[y][x], m[y][x])
				}
				if m[y][x] {
					dark++
				}
				if fixed[y][x] {
					shared++
				}
			}
		}
		forms[fmt.Sprint(fixed)] = true
		if shared*5 < dark {
			t.Errorf("only %d of %d dark modules shared", shared, dark)
		}
	}
	if len(forms) != 1 {
		t.Errorf("%d forms for codes of one size", len(forms))
	}
}

// The branch's setting prints what the tray gives (issue 27 §5): energy, protein and
// carbohydrate in the card's language, on both layouts; without it (Nutrients nil) none.
func TestNutrientsPrinted(t *testing.T) {
	f := func(v float64) *float64 { return &v }
	cards := sampleCards()[:3] // Thai, English, both
	for i := range cards {
		cards[i].Nutrients = &Nutrients{Energy: f(523.46), Protein: f(24.25), Carbohydrate: f(68)}
	}
	cards[1].Nutrients.Carbohydrate = nil // stated by no dish
	flat := func(s string) string { return strings.Join(strings.Fields(strings.ReplaceAll(s, "\u00a0", " ")), " ") }
	for _, l := range []Layout{A4, Label80} {
		var pages []string
		for i, c := range cards {
			pages = append(pages, flat(text(t, writePDF(t, []Card{c}, l, fmt.Sprintf("nutrients-%s-%d", l, i)))))
		}
		for i, want := range [][]string{
			{"พลังงาน 523 kcal · โปรตีน 24.3 g · คาร์โบไฮเดรต 68 g"},
			{"Energy 523 kcal · Protein 24.3 g · Carbohydrate – g"},
			{"พลังงาน 523 kcal · โปรตีน 24.3 g · คาร์โบไฮเดรต 68 g", "Energy 523 kcal · Protein 24.3 g · Carbohydrate 68 g"},
		} {
			for _, w := range want {
				if !strings.Contains(pages[i], w) {
					t.Errorf("%s card %d: no %q in\n%s", l, i, w, pages[i])
				}
			}
		}
		if strings.Contains(pages[0], "Energy") || strings.Contains(pages[1], "พลังงาน") {
			t.Errorf("%s: a card's nutrients in the other language:\n%s\n%s", l, pages[0], pages[1])
		}
		off := cards[2]
		off.Nutrients = nil
		if s := text(t, writePDF(t, []Card{off}, l, "nutrients-off-"+string(l))); strings.Contains(s, "kcal") || strings.Contains(s, "พลังงาน") {
			t.Errorf("%s: nutrients printed without the setting:\n%s", l, s)
		}
	}
}

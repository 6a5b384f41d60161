package main

import (
	"context"
	"crypto/rand"
	"fmt"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"samrap/pkg/patients"
)

// rush is one meal played against the server: the people, what they saw (the journal) and
// the cards passed from the Controller's printer to the serve phones.
type rush struct {
	o        options
	srv      *server
	st       *stats
	j        *journal
	today    string
	tomorrow string // the day copyOrders orders for
	lunch    int64
	wards    []ward
	progress []atomic.Int32 // per ward: patients the order takers are done with
	phonesOf [][]int        // per ward: the serve phones that walk it
	cards    []chan card    // per serve phone: the printed cards it holds
	changes  chan change    // the diet changes to make, after a ward's first print
	// the lost fault: the writes answered, and the answers lost of them (one in six)
	writesAnswered, lostAnswers atomic.Int64
}

// losesWrites are the calls whose answers the lost fault loses: every write the rush sends
// again when it sees no answer (an idempotency key, a request id, a version or a state).
var losesWrites = map[string]bool{"takerOrder/submitOrder": true, "serve/update": true, "takerOrder/cancel": true,
	"takerOrder/confirmReview": true, "patient/updatePatientInfo": true, "download/generatePDF": true}

// lose is client.lose of the lost fault: every sixth write answer is lost.
func (r *rush) lose(call string) bool {
	if !losesWrites[call] || r.writesAnswered.Add(1)%6 != 0 {
		return false
	}
	r.lostAnswers.Add(1)
	return true
}

// card is a printed tray card as a serve phone holds it: the QR's text, and the patient
// whose bed it goes to (the phone scans that patient's wristband, which gives the HN).
type card struct {
	token, hn, neighbour string
	order                string // read by the checker from the token, never sent
}

// change is a diet change the Controller makes on a patient whose card is printed; made is
// closed once it is saved (or given up).
type change struct {
	hn, kind string // kind: ALLERGY, NPO, TEXTURE
	made     chan struct{}
}

// newKey answers a random UUID (idempotency keys, serve request ids: the web makes them so).
func newKey() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	b[6], b[8] = b[6]&0x0f|0x40, b[8]&0x3f|0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:])
}

// ---- order takers ----

// orderRow is what an order taker reads of a patient in the order list.
type orderRow struct {
	HnID              string   `json:"hnId"`
	Version           int      `json:"version"`
	UnmappedAllergies []string `json:"unmappedAllergies"`
	TextureFood       *int     `json:"textureFood"`
	Meals             []struct {
		MealTimeID int64 `json:"mealTimeId"`
		NPO        bool  `json:"npo"`
		Order      *struct {
			OrderID     string `json:"orderId"`
			Status      string `json:"status"`
			NeedsReview bool   `json:"needsReview"`
		} `json:"order"`
	} `json:"meals"`
}

// lunchOf answers the row's lunch: whether the patient fasts then, and the live order.
func (r *rush) lunchOf(row orderRow) (npo bool, order string, flagged bool) {
	for _, m := range row.Meals {
		if m.MealTimeID == r.lunch {
			if m.Order != nil {
				return m.NPO, m.Order.OrderID, m.Order.NeedsReview
			}
			return m.NPO, "", false
		}
	}
	return false, "", false
}

// list reads the order list (GET /takerOrder/search) filtered as a nurse filters it: a ward,
// or a search for an HN; it answers the rows by HN.
func (r *rush) list(ctx context.Context, c *client, wardID int64, criteria string) map[string]orderRow {
	q := url.Values{"branch": {branchCode}, "dateOrder": {r.today}, "page": {"1"}, "size": {"50"}, "status": {"All"}, "ward": {"All"}}
	if wardID != 0 {
		q.Set("ward", fmt.Sprint(wardID))
	}
	if criteria != "" {
		q.Set("criteria", criteria)
	}
	a := c.retry(ctx, "takerOrder/search", func() answer { return c.get(ctx, "takerOrder/search", "/api/takerOrder/search", q) })
	var page struct {
		Items []orderRow `json:"items"`
	}
	out := map[string]orderRow{}
	if !a.ok() || a.into(&page) != nil {
		r.j.note("order list: %s", a)
		return out
	}
	for _, row := range page.Items {
		out[row.HnID] = row
	}
	return out
}

// taker orders lunch for the patients pats of ward w one by one, as the order form does
// (filterMenu, checkerOrderTaker, submitOrder, the list read again), on two devices for the
// patients ordered twice at once; a third of the order takers first order their patients
// with the ward's meal round (round), then those the round left one by one.
func (r *rush) taker(ctx context.Context, c, second *client, w int, pats []patient, byRound bool) {
	rows := r.list(ctx, c, r.wards[w].id, "")
	if byRound {
		done := r.round(ctx, c, w, pats)
		for _, p := range pats {
			if done[p.hn] {
				r.progress[w].Add(1)
			}
		}
		rows = r.list(ctx, c, r.wards[w].id, "")
	}
	for _, p := range pats {
		n := indexOf(r.wards[w].patients, p.hn)
		row, ok := rows[p.hn]
		if !ok {
			r.j.note("%s: not on the order list of ward %s", p.hn, r.wards[w].code)
		}
		if _, ordered, _ := r.lunchOf(row); !ok || ordered != "" {
			if !byRound {
				r.progress[w].Add(1) // a colleague ordered it already
			}
			continue
		}
		d := r.draft(ctx, c, row, false)
		a := c.retry(ctx, "takerOrder/checkerOrderTaker", func() answer {
			return c.post(ctx, "takerOrder/checkerOrderTaker", "/api/takerOrder/checkerOrderTaker", d)
		})
		var check struct {
			Problems []struct{ Code string } `json:"problems"`
		}
		if a.ok() && a.into(&check) == nil && len(check.Problems) > 0 {
			r.j.note("%s: the check refuses the draft: %+v", p.hn, check.Problems)
		}
		switch {
		case n%10 == 7: // two nurses order the patient at once, each on a device (two keys)
			other := copyDraft(d)
			other["idempotencyKey"] = newKey()
			both(func() { r.submit(ctx, c, d) }, func() { r.submit(ctx, second, other) })
		case n%8 == 3: // a double tap: the same key twice at once
			both(func() { r.submit(ctx, c, d) }, func() { r.submit(ctx, second, d) })
		default:
			r.submit(ctx, c, d)
		}
		if npo, _, _ := r.lunchOf(row); n%15 == 9 && !npo {
			// the patient's relative stays: the caregiver's lunch too, on the caregiver form
			r.submit(ctx, c, r.draft(ctx, c, row, true))
		}
		r.progress[w].Add(1)
		rows = r.list(ctx, c, r.wards[w].id, "") // the list refreshes after a submit
	}
}

// round orders the patients pats of ward w with the ward meal round screen (GET mealRound,
// POST checkerRound, POST submitRound with one idempotency key, sent again as it was when
// its answer is lost): each patient not ordered yet with the round's suggestion (the dish or
// set, or NPO), the unmapped allergies confirmed. It answers the patients it ordered.
func (r *rush) round(ctx context.Context, c *client, w int, pats []patient) map[string]bool {
	q := url.Values{"branchCode": {branchCode}, "wardId": {fmt.Sprint(r.wards[w].id)}, "dateOrder": {r.today},
		"mealTimeId": {fmt.Sprint(r.lunch)}}
	a := c.retry(ctx, "takerOrder/mealRound", func() answer { return c.get(ctx, "takerOrder/mealRound", "/api/takerOrder/mealRound", q) })
	var round struct {
		Rows []struct {
			Patient    orderRow `json:"patient"`
			Ordered    bool     `json:"ordered"`
			Suggestion *struct {
				OrderType  string `json:"orderType"`
				CourseType string `json:"courseType"`
				Items      []any  `json:"items"`
			} `json:"suggestion"`
		} `json:"rows"`
	}
	if !a.ok() || a.into(&round) != nil {
		r.j.note("ward %s: mealRound %s", r.wards[w].code, a)
		return nil
	}
	mine := map[string]bool{}
	for _, p := range pats {
		mine[p.hn] = true
	}
	var picks []map[string]any
	for _, row := range round.Rows {
		if !mine[row.Patient.HnID] || row.Ordered || row.Suggestion == nil {
			continue
		}
		picks = append(picks, map[string]any{"hnId": row.Patient.HnID, "patientVersion": row.Patient.Version,
			"orderType": row.Suggestion.OrderType, "courseType": row.Suggestion.CourseType, "items": row.Suggestion.Items,
			"unmappedAllergiesChecked": len(row.Patient.UnmappedAllergies) > 0})
	}
	if len(picks) == 0 {
		return nil
	}
	body := map[string]any{"branchCode": branchCode, "idempotencyKey": newKey(), "dateOrder": r.today, "mealTimeId": r.lunch, "rows": picks}
	a = c.retry(ctx, "takerOrder/checkerRound", func() answer { return c.post(ctx, "takerOrder/checkerRound", "/api/takerOrder/checkerRound", body) })
	if !a.ok() {
		r.j.note("ward %s: checkerRound %s", r.wards[w].code, a)
	}
	l := r.j.submitting(body["idempotencyKey"].(string), "", "orders.submitRound")
	a = c.retry(ctx, "takerOrder/submitRound", func() answer {
		a := c.post(ctx, "takerOrder/submitRound", "/api/takerOrder/submitRound", body)
		r.j.submitted(l, a)
		return a
	})
	done := map[string]bool{}
	if !a.ok() {
		r.j.note("ward %s: submitRound %s", r.wards[w].code, a)
		return done
	}
	for _, hn := range ordered(a) {
		done[hn] = true
	}
	return done
}

// both runs f and g at once and waits for both.
func both(f, g func()) {
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); f() }()
	go func() { defer wg.Done(); g() }()
	wg.Wait()
}

func indexOf(ps []patient, hn string) int {
	for i, p := range ps {
		if p.hn == hn {
			return i
		}
	}
	return -1
}

func copyDraft(d map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range d {
		out[k] = v
	}
	return out
}

// draft is the order form's draft for the patient's lunch (web/src/features/orders/draft.ts
// draftBody): nil by mouth when the patient fasts then; else a dish or set of the day's
// menu with no conflict for the patient (filterMenu), one with a conflict and an alternative
// note when none is free of them, or a free-text meal at the patient's texture level when
// nothing of the day is allowed. For the caregiver (the caregiver form: no restriction
// stated, no texture), the caregiver's lunch.
func (r *rush) draft(ctx context.Context, c *client, row orderRow, caregiver bool) map[string]any {
	none := map[string]any{"religionId": nil, "vegetarianId": nil, "allergenIds": []int64{}, "restrictedIds": []int64{}}
	d := map[string]any{"branchCode": branchCode, "hnId": row.HnID, "patientVersion": row.Version, "idempotencyKey": newKey(),
		"dates": []string{r.today}, "mealTimeIds": []int64{r.lunch}, "caregiver": caregiver, "caregiverInfo": none,
		"orderType": "ORD", "foodScope": "BOTH", "courseType": "MENU", "dietTypeId": nil, "therapeuticId": nil, "cuisineTypeId": nil,
		"items": []any{}, "description": "", "otherIds": []int64{}, "remarkIds": []int64{}, "remark": "", "charge": false,
		"dysphagiaFoodType": nil, "unmappedAllergiesChecked": len(row.UnmappedAllergies) > 0, "freeTextAcknowledged": false}
	if npo, _, _ := r.lunchOf(row); npo && !caregiver {
		d["orderType"] = "NPO"
		return d
	}
	body := map[string]any{"branchCode": branchCode, "hnId": row.HnID, "dateOrder": r.today, "mealTimeId": r.lunch,
		"foodScope": "BOTH", "dietTypeId": nil, "therapeuticId": nil, "cuisineTypeId": nil, "mealComponentId": nil}
	if caregiver {
		body["caregiver"], d["unmappedAllergiesChecked"] = none, false
	}
	a := c.retry(ctx, "takerOrder/filterMenu", func() answer {
		return c.post(ctx, "takerOrder/filterMenu", "/api/takerOrder/filterMenu", body)
	})
	type choice struct {
		Menu      *struct{ ID int64 }     `json:"menu"`
		MenuSet   *struct{ ID int64 }     `json:"menuSet"`
		Conflicts []struct{ Kind string } `json:"conflicts"`
		Blocked   bool                    `json:"blocked"`
	}
	var day struct {
		Menus []choice `json:"menus"`
		Sets  []choice `json:"sets"`
	}
	if !a.ok() || a.into(&day) != nil {
		r.j.note("%s: filterMenu %s", row.HnID, a)
	}
	var free, noted []choice
	for _, ch := range append(day.Sets, day.Menus...) {
		switch {
		case ch.Blocked:
		case len(ch.Conflicts) == 0:
			free = append(free, ch)
		default:
			noted = append(noted, ch)
		}
	}
	pick := func(ch choice, note string) {
		if ch.MenuSet != nil {
			d["courseType"], d["items"] = "SET", []any{map[string]any{"menuSetId": ch.MenuSet.ID, "alternativeNote": note}}
		} else {
			d["items"] = []any{map[string]any{"menuId": ch.Menu.ID, "alternativeNote": note}}
		}
	}
	h := 0
	for _, b := range []byte(row.HnID) {
		h += int(b)
	}
	switch {
	case len(free) > 0:
		pick(free[h%len(free)], "")
	case len(noted) > 0:
		pick(noted[0], "แยกส่วนที่แพ้ออก ตรวจแล้ว / allergen left out, checked")
	case caregiver:
		d["courseType"], d["description"], d["freeTextAcknowledged"] = "SPECIFIC", "ข้าวผัด / fried rice", true
	default:
		d["courseType"], d["description"], d["freeTextAcknowledged"] = "SPECIFIC", "ข้าวต้มปลาบดละเอียด / pureed fish porridge", true
		d["dysphagiaFoodType"] = row.TextureFood
	}
	return d
}

// submit sends the draft d (POST /takerOrder/submitOrder) until it is answered, with the same
// idempotency key each time, and keeps what it saw in the journal.
func (r *rush) submit(ctx context.Context, c *client, d map[string]any) answer {
	l := r.j.submitting(d["idempotencyKey"].(string), d["hnId"].(string), "orders.submit")
	return c.retry(ctx, "takerOrder/submitOrder", func() answer {
		a := c.post(ctx, "takerOrder/submitOrder", "/api/takerOrder/submitOrder", d)
		r.j.submitted(l, a)
		return a
	})
}

// ---- the Controller ----

// controller prints each ward's cards when half its patients are done (orders still
// arriving) and hands them to the ward's serve phones — but first the diet changes of the
// ward arrive, on patients of its first cards (the doctor's order came while the cards were
// at the printer: those trays are met at the bedside flagged, unless reviewed first); after
// the first ward it syncs the branch with its hospital (sync); then, when the order takers
// and the diet changes are done, it prints every ward again for the trays since.
func (r *rush) controller(ctx context.Context, c *client, takersDone, changesDone <-chan struct{}) {
	var synced <-chan struct{}
	perWard := make([]int, len(r.wards))
	for i := range r.o.changes {
		perWard[i%len(r.wards)]++
	}
	for w := range r.wards {
		for int(r.progress[w].Load()) < (len(r.wards[w].patients)+1)/2 && !isClosed(takersDone) {
			time.Sleep(50 * time.Millisecond)
		}
		got := r.print(ctx, c, w)
		for k := 0; k < perWard[w] && k < len(got); k++ {
			ch := change{hn: got[k].hn, kind: []string{"ALLERGY", "NPO", "TEXTURE"}[(w+k)%3], made: make(chan struct{})}
			r.changes <- ch
			<-ch.made
		}
		r.hand(w, got)
		if w == 0 {
			synced = r.sync(ctx, c)  // the hospital's census, the first ward's cards on their way
			r.copyLunches(ctx, c, w) // tomorrow's lunches, today's still being ordered
		}
	}
	close(r.changes)
	if synced != nil {
		<-synced // the sync's flagged orders dealt with before the last prints
	}
	<-takersDone
	<-changesDone
	for w := range r.wards {
		r.hand(w, r.print(ctx, c, w))
	}
	for _, ch := range r.cards {
		close(ch)
	}
}

// copyLunches orders tomorrow's lunch of ward w's patients as today's (POST copyOrders, the
// order list's "copy to another day", one idempotency key sent again as it was): every live
// ORD of today at that moment ordered again for tomorrow, each checked as a submit.
func (r *rush) copyLunches(ctx context.Context, c *client, w int) {
	body := map[string]any{"branchCode": branchCode, "wardId": r.wards[w].id, "fromDate": r.today, "toDate": r.tomorrow,
		"mealTimeIds": []int64{r.lunch}, "idempotencyKey": newKey()}
	l := r.j.submitting(body["idempotencyKey"].(string), "", "orders.copy")
	a := c.retry(ctx, "takerOrder/copyOrders", func() answer {
		a := c.post(ctx, "takerOrder/copyOrders", "/api/takerOrder/copyOrders", body)
		r.j.submitted(l, a)
		return a
	})
	if !a.ok() {
		r.j.note("ward %s: copyOrders %s", r.wards[w].code, a)
	}
}

// isClosed reports whether ch is closed.
func isClosed(ch <-chan struct{}) bool {
	select {
	case <-ch:
		return true
	default:
		return false
	}
}

// print asks for the ward's lunch cards (POST /download/generatePDF with every choice "ALL"
// but the meal and the ward, as the meal-card screen sends), downloads the file its link
// names and reads the QR codes off its pages.
func (r *rush) print(ctx context.Context, c *client, w int) []card {
	body := map[string]any{"branchCode": branchCode, "dateOrder": r.today, "mealTimeIds": []int64{r.lunch}, "wardTypeIds": "ALL",
		"wardIds": []int64{r.wards[w].id}, "roomIds": "ALL", "cuisineTypeIds": "ALL", "dietTypeIds": "ALL",
		"therapeuticIds": "ALL", "allergenIds": "ALL", "restrictedIds": "ALL", "foodScope": "ALL", "orderType": "ALL", "layout": "A4"}
	a := c.retry(ctx, "download/generatePDF", func() answer { return c.post(ctx, "download/generatePDF", "/api/download/generatePDF", body) })
	var link struct {
		URL         string `json:"url"`
		Count       int    `json:"count"`
		NeedsReview []struct {
			OrderID string `json:"orderId"`
		} `json:"needsReview"`
	}
	// each print the server made: this answer's, and those whose answers the lost fault took
	r.j.mu.Lock()
	r.j.printsAnswered += a.lostDone
	r.j.printsUnknown += a.unanswered
	if a.ok() && a.status != 204 {
		r.j.printsAnswered++
	}
	r.j.mu.Unlock()
	if a.status == 204 {
		return nil
	}
	if !a.ok() || a.into(&link) != nil {
		r.j.note("ward %s: meal cards %s", r.wards[w].code, a)
		return nil
	}
	var held []string
	for _, h := range link.NeedsReview {
		held = append(held, h.OrderID)
	}
	if link.URL == "" {
		r.j.printedCards(a, nil, held)
		return nil
	}
	pdf := c.retry(ctx, "files (the cards' PDF)", func() answer { return c.download(ctx, "files (the cards' PDF)", link.URL) })
	if !pdf.ok() {
		r.j.note("ward %s: the cards' link %s", r.wards[w].code, pdf)
		return nil
	}
	read := answer{sent: time.Now(), status: 200}
	tokens, err := readCards(pdf.data, link.Count)
	read.done = time.Now()
	r.st.add("(rush) QR codes read off the PDF", read)
	if err != nil {
		r.j.note("ward %s: reading the cards: %v", r.wards[w].code, err)
		return nil
	}
	if len(tokens) != link.Count {
		r.j.note("ward %s: %d QR codes read off %d cards", r.wards[w].code, len(tokens), link.Count)
	}
	var out []card
	var ids []string
	for _, tok := range tokens {
		cd := card{token: tok, order: r.orderOf(tok)}
		cd.hn = r.j.patientOf(cd.order)
		ids = append(ids, cd.order)
		pats := r.wards[w].patients
		if i := indexOf(pats, cd.hn); i >= 0 {
			cd.neighbour = pats[(i+1)%len(pats)].hn
		}
		out = append(out, cd)
	}
	r.j.printedCards(a, ids, held)
	return out
}

// hand hands a ward's printed cards to its serve phones, each phone its beds.
func (r *rush) hand(w int, cards []card) {
	phones := r.phonesOf[w]
	for i, cd := range cards {
		if bed := indexOf(r.wards[w].patients, cd.hn); bed >= 0 {
			i = bed
		}
		r.cards[phones[i%len(phones)]] <- cd
	}
}

// ---- diet changes ----

// diets makes the diet changes the Controller hands over (a doctor's new order arriving
// mid-round) on the patient edit screen, then deals with the patient's lunch as the order
// list shows it: a flagged order reviewed (confirmReview), or cancelled and ordered again when
// the review refuses it or the patient now fasts.
func (r *rush) diets(ctx context.Context, c *client) {
	wheat := int64(0)
	q := url.Values{"branch": {branchCode}, "page": {"1"}, "size": {"1000"}, "sortBy": {"code"}, "status": {"ACTIVE"}}
	a := c.retry(ctx, "parameter/searchAllergies", func() answer {
		return c.get(ctx, "parameter/searchAllergies", "/api/parameter/searchAllergies", q)
	})
	var page struct{ Items []patients.Ref }
	if a.ok() && a.into(&page) == nil {
		for _, x := range page.Items {
			if x.Code == "AL05" {
				wheat = x.ID
			}
		}
	}
	var reviews sync.WaitGroup
	defer reviews.Wait()
	for ch := range r.changes {
		made := r.change(ctx, c, ch, wheat)
		close(ch.made)
		if !made {
			continue
		}
		reviews.Add(1)
		go func() {
			defer reviews.Done()
			time.Sleep(r.o.think) // the flag is seen on the order list a little later
			r.review(ctx, c, ch)
		}()
	}
}

// change saves the diet change ch on the patient edit screen; false: it could not.
func (r *rush) change(ctx context.Context, c *client, ch change, wheat int64) bool {
	q := url.Values{"hnId": {ch.hn}, "branchCode": {branchCode}}
	a := c.retry(ctx, "patient/getDataByHn", func() answer { return c.get(ctx, "patient/getDataByHn", "/api/patient/getDataByHn", q) })
	var p patients.Patient
	if !a.ok() || a.into(&p) != nil {
		r.j.note("%s: getDataByHn %s", ch.hn, a)
		return false
	}
	// the edit form's body for the patient as read (form-values.ts toInput)
	in := patients.InputOf(p)
	in.UpdateBy = "rush.controller"
	if in.UnmappedAllergies == nil {
		in.UnmappedAllergies = []string{}
	}
	switch ch.kind {
	case "ALLERGY":
		in.AllergenIDs = append(in.AllergenIDs, wheat)
	case "NPO":
		from, _ := time.Parse(time.RFC3339, r.today+"T06:00:00+07:00")
		to, _ := time.Parse(time.RFC3339, r.today+"T23:00:00+07:00")
		in.NpoFrom, in.NpoTo = &from, &to
	case "TEXTURE":
		foods, drinks := 4, 2
		in.TextureFood, in.TextureDrink = &foods, &drinks
	}
	sent := time.Now()
	a = c.retry(ctx, "patient/updatePatientInfo", func() answer {
		return c.post(ctx, "patient/updatePatientInfo", "/api/patient/updatePatientInfo", in)
	})
	// a 409 STALE_VERSION after a lost answer: the first try was saved (nobody else edits)
	if !a.ok() && !(a.code == "STALE_VERSION" && a.afterLost) {
		r.j.note("%s: updatePatientInfo %s", ch.hn, a)
		return false
	}
	r.j.changed(ch.hn, sent, a.done)
	r.j.made(ch.hn, ch.kind)
	return true
}

// review deals with a changed patient's lunch as the order list shows it.
func (r *rush) review(ctx context.Context, c *client, ch change) {
	row := r.list(ctx, c, 0, ch.hn)[ch.hn]
	_, order, flagged := r.lunchOf(row)
	if order == "" || !flagged {
		return // served before the change, or not ordered: nothing to review
	}
	if ch.kind != "NPO" {
		body := map[string]any{"branchCode": branchCode, "orderId": order, "unmappedAllergiesChecked": len(row.UnmappedAllergies) > 0}
		sent := time.Now()
		a := c.retry(ctx, "takerOrder/confirmReview", func() answer {
			return c.post(ctx, "takerOrder/confirmReview", "/api/takerOrder/confirmReview", body)
		})
		if a.ok() {
			r.j.cleared(order, sent)
			return
		}
		if a.status != 422 {
			r.j.note("%s: confirmReview %s", ch.hn, a)
		}
	}
	body := map[string]any{"branchCode": branchCode, "orderId": order, "cancelReason": "DOCTOR", "remark": "แพทย์เปลี่ยนคำสั่งอาหาร"}
	sent := time.Now()
	a := c.retry(ctx, "takerOrder/cancel", func() answer { return c.post(ctx, "takerOrder/cancel", "/api/takerOrder/cancel", body) })
	if !a.ok() && !(a.status == 409 && a.afterLost) {
		r.j.note("%s: cancel %s", ch.hn, a)
		return
	}
	r.j.cancelled(order, sent, a.done)
	// the meal ordered again, as the patient is now
	row = r.list(ctx, c, 0, ch.hn)[ch.hn]
	r.submit(ctx, c, r.draft(ctx, c, row, false))
}

// ---- serve phones ----

// phone serves the cards it is handed (web/src/features/serve: verify, then update): it
// takes each card to its patient's bed, scans the card and the wristband,
// confirms a match served (a double tap now and then), rejects a tray it must not serve and
// keeps its card for the reprint; a card of a tray served or cancelled is thrown away.
func (r *rush) phone(ctx context.Context, c *client, device string, cards <-chan card) {
	done := map[string]bool{} // orders served or gone
	n := 0
	for cd := range cards {
		if done[cd.order] {
			continue
		}
		n++
		if n%10 == 1 {
			q := url.Values{"branch": {branchCode}, "dateOrder": {r.today}, "page": {"1"}, "size": {"50"}, "criteria": {cd.hn}, "status": {"ALL"}}
			c.retry(ctx, "serve/searchServe", func() answer { return c.get(ctx, "serve/searchServe", "/api/serve/searchServe", q) })
		}
		time.Sleep(r.o.walk) // to the bed
		if n%25 == 5 && cd.neighbour != "" {
			// the neighbour's wristband scanned first: no match (WRONG_PATIENT), then the right one
			r.verify(ctx, c, device, cd.token, cd.neighbour)
		}
		v := r.verify(ctx, c, device, cd.token, cd.hn)
		if v.Match {
			id := newKey()
			a := r.update(ctx, c, device, cd, id, "SERVED", "")
			if n%10 == 3 {
				r.update(ctx, c, device, cd, id, "SERVED", "") // a double tap: the same request id
			}
			if a.ok() {
				done[cd.order] = true
				continue
			}
			if a.code != "NO_MATCH" {
				r.j.note("%s: serve %s", cd.hn, a)
				continue
			}
			v.Reasons = append(v.Reasons, struct{ Code string }{"CHANGED"})
		}
		var codes []string
		for _, x := range v.Reasons {
			codes = append(codes, x.Code)
			if x.Code == "ALREADY_SERVED" || x.Code == "CANCELLED" || x.Code == "ORDER_NOT_FOUND" || x.Code == "NO_FOOD" {
				done[cd.order] = true
			}
		}
		if !done[cd.order] && len(codes) > 0 {
			r.update(ctx, c, device, cd, newKey(), "REJECTED", "ยังเสิร์ฟไม่ได้: "+strings.Join(codes, ","))
		}
	}
}

// verdict is what a phone reads of verify's answer.
type verdict struct {
	Match   bool                    `json:"match"`
	Reasons []struct{ Code string } `json:"reasons"`
}

func (r *rush) verify(ctx context.Context, c *client, device, token, wristband string) verdict {
	body := map[string]any{"branchCode": branchCode, "token": token, "wristband": wristband, "deviceId": device}
	a := c.retry(ctx, "serve/verify", func() answer { return c.post(ctx, "serve/verify", "/api/serve/verify", body) })
	var v verdict
	if !a.ok() || a.into(&v) != nil {
		r.j.note("%s: verify %s", wristband, a)
	}
	return v
}

// update sends POST /serve/update until it is answered, with the same request id each time.
func (r *rush) update(ctx context.Context, c *client, device string, cd card, id, action, reason string) answer {
	body := map[string]any{"branchCode": branchCode, "token": cd.token, "wristband": cd.hn, "action": action,
		"deviceId": device, "requestId": id}
	if reason != "" {
		body["rejectReason"] = reason
	}
	return c.retry(ctx, "serve/update", func() answer {
		a := c.post(ctx, "serve/update", "/api/serve/update", body)
		r.j.served(id, cd.order, action, a)
		return a
	})
}

// ---- kitchen boards ----

// board polls the kitchen orders board (POST /report/kitchenOrders, refreshed every 30 s on
// the screen; every r.o.poll here) until stop.
func (r *rush) board(ctx context.Context, c *client, stop <-chan struct{}) {
	body := map[string]any{"branchCode": branchCode, "dateOrder": r.today, "mealTimeIds": []int64{r.lunch}, "wardTypeIds": "ALL",
		"wardIds": "ALL", "roomIds": "ALL", "cuisineTypeIds": "ALL", "dietTypeIds": "ALL", "therapeuticIds": "ALL",
		"allergenIds": "ALL", "restrictedIds": "ALL", "foodScope": "ALL", "orderType": "ALL", "type": "MENU_SET"}
	for {
		a := c.retry(ctx, "report/kitchenOrders", func() answer { return c.post(ctx, "report/kitchenOrders", "/api/report/kitchenOrders", body) })
		if !a.ok() {
			r.j.note("kitchen board: %s", a)
		}
		select {
		case <-stop:
			return
		case <-time.After(r.o.poll):
		}
	}
}

// mealTypes reads the branch's meal types as the order screen does (GET
// /takerOrder/getMealType) and answers lunch's id.
func lunchID(ctx context.Context, c *client) (int64, error) {
	a := c.retry(ctx, "takerOrder/getMealType", func() answer {
		return c.get(ctx, "takerOrder/getMealType", "/api/takerOrder/getMealType", url.Values{"branchCode": {branchCode}})
	})
	var types []struct {
		ID   int64  `json:"id"`
		Code string `json:"code"`
	}
	if err := a.into(&types); err != nil {
		return 0, err
	}
	for _, t := range types {
		if t.Code == "MT02" {
			return t.ID, nil
		}
	}
	return 0, fmt.Errorf("no lunch (MT02) among the meal types: %s", a.data)
}

package main

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"samrap/pkg/housekeeping"
)

// dbOrder is an order of the rush as the database holds it.
type dbOrder struct {
	id, hn, orderType, status string
	date                      string
	meal                      int64
	flaggedAt, reviewedAt     *time.Time
	reasons                   []string
	caregiver                 bool
	choice                    string // the course type, the free text and the dishes and sets picked
}

// dayOf answers the day a call orders for: tomorrow for a copy, else today.
func (r *rush) dayOf(call string) string {
	if call == "orders.copy" {
		return r.tomorrow
	}
	return r.today
}

// whose answers the order's eater: the patient, or the patient's caregiver.
func (o dbOrder) whose() string {
	if o.caregiver {
		return o.hn + "'s caregiver"
	}
	return o.hn
}

// serveRow is a serve record of the rush.
type serveRow struct {
	order, action, request string
	matched                bool
	reasons                []string
}

// check reads the database after the rush and checks the invariants of issue 31 §3 against
// it and against what the people saw (the journal); it prints each and answers the violations.
func (r *rush) check(ctx context.Context, out io.Writer, since time.Time) ([]string, error) {
	conn, err := pgx.Connect(ctx, r.srv.dsn)
	if err != nil {
		return nil, err
	}
	defer conn.Close(context.Background())
	j := r.j // the rush is over: nobody writes the journal any more

	// every order of the rush's patients: the rush orders lunch of today only
	orders := map[string]dbOrder{}
	rows, err := conn.Query(ctx, `SELECT o.id::text, p.hn_id, o.order_type, o.status, o.order_date::text, o.meal_time_id,
			o.review_flagged_at, o.reviewed_at, o.review_reasons, o.caregiver,
			coalesce(o.course_type, '') || ' ' || o.description || ' ' || coalesce((SELECT string_agg(coalesce('dish ' || i.menu_id,
				'set ' || i.menu_set_id), ', ' ORDER BY i.position) FROM meal_order_item i WHERE i.branch_code = o.branch_code AND i.order_id = o.id), '')
		FROM meal_order o JOIN patient p ON p.branch_code = o.branch_code AND p.id = o.patient_id
		WHERE o.branch_code = $1 AND p.hn_id LIKE 'RUSH%'`, branchCode)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var o dbOrder
		if err := rows.Scan(&o.id, &o.hn, &o.orderType, &o.status, &o.date, &o.meal, &o.flaggedAt, &o.reviewedAt, &o.reasons, &o.caregiver, &o.choice); err != nil {
			return nil, err
		}
		orders[o.id] = o
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	kept := map[string][]string{} // idempotency key → the order ids of the answer kept
	rows, err = conn.Query(ctx, `SELECT key, coalesce(answer::text, '') FROM order_idempotency WHERE branch_code = $1`, branchCode)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var key, raw string
		if err := rows.Scan(&key, &raw); err != nil {
			return nil, err
		}
		kept[key] = orderIDs(answer{data: json.RawMessage(raw)})
		if raw != "" && kept[key] == nil {
			kept[key] = []string{} // an answer with no order (a 4xx is never kept)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}

	var all []string
	section := func(name string, v []string) {
		state := "OK  "
		if len(v) > 0 {
			state = "FAIL"
		}
		fmt.Fprintf(out, "  %s %s", state, name)
		if len(v) > 0 {
			fmt.Fprintf(out, ": %d violations", len(v))
		}
		fmt.Fprintln(out)
		for i, x := range v {
			if i == 10 {
				fmt.Fprintf(out, "         … %d more\n", len(v)-10)
				break
			}
			fmt.Fprintf(out, "         %s\n", x)
		}
		all = append(all, v...)
	}
	var records []serveRow
	// the servings of the rush's patients (the demo data's week of served trays is not the rush's)
	rows, err = conn.Query(ctx, `SELECT s.order_id::text, s.action, s.request_id::text, s.matched, s.reasons
		FROM serve_record s JOIN meal_order o ON o.branch_code = s.branch_code AND o.id = s.order_id
			JOIN patient p ON p.branch_code = o.branch_code AND p.id = o.patient_id
		WHERE s.branch_code = $1 AND p.hn_id LIKE 'RUSH%'`, branchCode)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var x serveRow
		if err := rows.Scan(&x.order, &x.action, &x.request, &x.matched, &x.reasons); err != nil {
			return nil, err
		}
		records = append(records, x)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	mismatches := map[string]int{}
	rows, err = conn.Query(ctx, `SELECT unnest(reasons) FROM serve_mismatch WHERE branch_code = $1`, branchCode)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var reason string
		if err := rows.Scan(&reason); err != nil {
			return nil, err
		}
		mismatches[reason]++
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	r.summary(out, orders, records, mismatches)
	fmt.Fprintf(out, "\nInvariants\n")

	// ---- submits ----
	var v1, v2 []string
	answered := map[string]bool{} // order ids some submit answered 2xx
	keys := 0
	for _, l := range j.submits {
		var ok [][]string
		for _, a := range l.answers {
			if a.ok() {
				ok = append(ok, orderIDs(a))
			}
		}
		if len(ok) == 0 {
			// seen failing only: nothing may have been kept under its key
			if ids, found := kept[l.key]; found {
				v2 = append(v2, fmt.Sprintf("submit %s for %s saw only %s, but the server kept the answer %v", l.key, l.hn, lastOf(l.answers), ids))
			}
			continue
		}
		keys++
		for _, ids := range ok[1:] {
			if !slices.Equal(ids, ok[0]) {
				v1 = append(v1, fmt.Sprintf("submit %s for %s answered %v, then %v", l.key, l.hn, ok[0], ids))
			}
		}
		if len(ok[0]) != 1 && l.hn != "" {
			v1 = append(v1, fmt.Sprintf("submit %s for %s answered %d orders for one meal", l.key, l.hn, len(ok[0])))
		}
		if !slices.Equal(kept[l.key], ok[0]) {
			v1 = append(v1, fmt.Sprintf("submit %s for %s answered %v, the server kept %v", l.key, l.hn, ok[0], kept[l.key]))
		}
		for _, id := range ok[0] {
			answered[id] = true
			o, found := orders[id]
			switch {
			case !found:
				v1 = append(v1, fmt.Sprintf("submit %s for %s answered order %s, which does not exist", l.key, l.hn, id))
			case o.hn != j.owner[id] || o.date != r.dayOf(l.call) || o.meal != r.lunch:
				v1 = append(v1, fmt.Sprintf("submit %s for %s answered order %s of %s, %s, meal %d", l.key, l.hn, id, o.hn, o.date, o.meal))
			}
		}
	}
	live := map[string]int{}
	for _, o := range orders {
		if !answered[o.id] {
			v2 = append(v2, fmt.Sprintf("order %s of %s (%s) exists, but no submit was answered it", o.id, o.hn, o.status))
		}
		if o.status != "CANCELLED" {
			live[o.whose()+" on "+o.date]++
		}
	}
	for who, n := range live {
		if n > 1 {
			v1 = append(v1, fmt.Sprintf("%s has %d live lunches", who, n))
		}
	}
	section(fmt.Sprintf("every submit answered 2xx exists exactly once (%d keys answered, %d orders)", keys, len(orders)), v1)
	section(fmt.Sprintf("a submit seen failing does not exist, or is what its retry answered (%d keys never answered 2xx)", len(j.submits)-keys), v2)

	// ---- prints ----
	var v3 []string
	cards := 0
	for _, p := range j.prints {
		for _, id := range p.orders {
			cards++
			o, found := orders[id]
			when := p.sent.Format("15:04:05.000")
			switch {
			case id == "":
				v3 = append(v3, fmt.Sprintf("a card printed at %s carries a code the server never signed", when))
				continue
			case !found:
				v3 = append(v3, fmt.Sprintf("a card printed at %s names order %s, which is none of the rush's", when, id))
				continue
			case o.orderType != "ORD" || o.date != r.today || o.meal != r.lunch:
				v3 = append(v3, fmt.Sprintf("a card printed at %s names %s's order %s: %s on %s, meal %d", when, o.hn, id, o.orderType, o.date, o.meal))
			case slices.Contains(p.held, id):
				v3 = append(v3, fmt.Sprintf("the print at %s both printed and held %s's order %s", when, o.hn, id))
			}
			if c, ok := j.cancels[id]; ok && c.Before(p.sent) {
				v3 = append(v3, fmt.Sprintf("%s's order %s printed at %s, cancelled at %s", o.hn, id, when, c.Format("15:04:05.000")))
			}
			// flagged by a diet change answered before the print was asked for, and not
			// reviewed or cancelled before the print was answered
			if ch, ok := j.changes[o.hn]; ok && o.flaggedAt != nil && ch.done.Before(p.sent) {
				if c, ok := j.clears[id]; !ok || c.After(p.done) {
					v3 = append(v3, fmt.Sprintf("%s's order %s printed at %s, flagged by the diet change answered at %s", o.hn, id, when,
						ch.done.Format("15:04:05.000")))
				}
			}
		}
	}
	section(fmt.Sprintf("every printed card was a live, unflagged order when printed (%d cards in %d prints)", cards, len(j.prints)), v3)

	// ---- serving ----
	var v4, v5 []string
	served, byRequest := map[string]int{}, map[string]serveRow{}
	for _, x := range records {
		byRequest[x.request] = x
		if x.action != "SERVED" {
			continue
		}
		served[x.order]++
		o := orders[x.order]
		switch {
		case !x.matched || len(x.reasons) > 0:
			v4 = append(v4, fmt.Sprintf("%s's order %s served with no match: %v", o.hn, x.order, x.reasons))
		case o.orderType != "ORD":
			v4 = append(v4, fmt.Sprintf("%s's order %s served, an %s order", o.hn, x.order, o.orderType))
		case o.flaggedAt != nil && (o.reviewedAt == nil || o.reviewedAt.Before(*o.flaggedAt)):
			v4 = append(v4, fmt.Sprintf("%s's order %s served, flagged %v at %s and never reviewed", o.hn, x.order, o.reasons, o.flaggedAt.Format("15:04:05.000")))
		}
		if o.status == "CANCELLED" {
			v5 = append(v5, fmt.Sprintf("%s's order %s is cancelled and served", o.hn, x.order))
		}
	}
	for id, n := range served {
		if n > 1 {
			v4 = append(v4, fmt.Sprintf("order %s served %d times", id, n))
		}
	}
	for _, o := range orders {
		if o.status == "SERVED" && served[o.id] == 0 {
			v4 = append(v4, fmt.Sprintf("%s's order %s is SERVED with no serving recorded", o.hn, o.id))
		}
	}
	for id, l := range j.serves {
		x, found := byRequest[id]
		last := lastOf(l.answers)
		switch {
		case last.ok() && !found:
			v4 = append(v4, fmt.Sprintf("serve %s of order %s answered %s, nothing recorded", id, l.order, last))
		case found && (x.order != l.order || x.action != l.action):
			v4 = append(v4, fmt.Sprintf("serve %s of order %s %s recorded as %s of %s", id, l.order, l.action, x.action, x.order))
		case found && !last.ok():
			v4 = append(v4, fmt.Sprintf("serve %s of order %s answered only %s, but %s was recorded", id, l.order, last, x.action))
		}
	}
	section(fmt.Sprintf("nothing served without a MATCH (%d served)", len(served)), v4)
	// the meal played to the end: after the last print every tray's card reached its bed
	var v8 []string
	for _, o := range orders {
		if o.orderType == "ORD" && o.status == "WAITING" && o.date == r.today {
			v8 = append(v8, fmt.Sprintf("%s's tray %s was never served (review reasons %v)", o.hn, o.id, o.reasons))
		}
	}
	section("every tray served by the end of the meal (nothing lost on the way)", v8)
	section("no order both served and cancelled", v5)

	// ---- caregivers ----
	var vc []string
	carers := 0
	for _, o := range orders {
		if !o.caregiver {
			continue
		}
		carers++
		if o.flaggedAt != nil {
			// a caregiver's restrictions are the caregiver's own: only the patient's discharge
			// flags the order (docs/orders.md), and no patient of the rush goes home
			vc = append(vc, fmt.Sprintf("%s's lunch %s flagged %v by the patient's change", o.whose(), o.id, o.reasons))
		}
	}
	section(fmt.Sprintf("a caregiver's lunch is the caregiver's: never flagged by the patient's diet (%d caregivers' orders)", carers), vc)

	// ---- the copy to tomorrow ----
	var vy []string
	copied := 0
	for _, o := range orders {
		if o.date != r.tomorrow {
			continue
		}
		copied++
		same := false
		for _, t := range orders {
			same = same || t.date == r.today && t.hn == o.hn && t.caregiver == o.caregiver && t.orderType == "ORD" && t.choice == o.choice
		}
		if o.orderType != "ORD" || !same {
			vy = append(vy, fmt.Sprintf("%s's lunch %s of tomorrow (%s %s) is no copy of an order of today", o.whose(), o.id, o.orderType, o.choice))
		}
	}
	section(fmt.Sprintf("a lunch copied to tomorrow is an order of today's, its choice the same (%d copied)", copied), vy)

	// ---- the hospital sync ----
	var current int
	if err := conn.QueryRow(ctx, `SELECT count(*) FROM patient WHERE branch_code = $1 AND hn_id LIKE 'RUSH%' AND visit_status = 'Current'`,
		branchCode).Scan(&current); err != nil {
		return nil, err
	}
	section(fmt.Sprintf("the hospital sync changed what the hospital changed, and nothing else (%s)", j.syncSummary()), r.checkSync(ctx, current))

	// ---- activity ----
	v6, err := r.checkActivity(ctx, conn, since, orders, records)
	if err != nil {
		return nil, err
	}
	section("one activity entry per successful action, in the action's transaction", v6)

	// ---- server errors ----
	var v7 []string
	fives := 0
	for _, e := range r.st.errors {
		fives++
		switch {
		case r.o.fault == "":
			v7 = append(v7, fmt.Sprintf("%s %s with no fault", e.call, e.a))
		case e.a.status != 503 || e.a.code != "UNAVAILABLE":
			v7 = append(v7, fmt.Sprintf("%s %s at %s: a 5xx other than 503 UNAVAILABLE", e.call, e.a, e.a.sent.Format("15:04:05.000")))
		case !j.inFault(e.a, 2*time.Second):
			v7 = append(v7, fmt.Sprintf("%s %s at %s, outside a fault window", e.call, e.a, e.a.sent.Format("15:04:05.000")))
		}
	}
	section(fmt.Sprintf("no 5xx but 503 UNAVAILABLE within 2 s of a fault (%d 5xx answers)", fives), v7)

	// ---- jobs (last: it runs housekeeping an hour on) ----
	v9, left, err := jobsLeft(ctx, conn)
	if err != nil {
		return nil, err
	}
	section(fmt.Sprintf("no job left RUNNING past its lease (%d queued or running at the end, failed by housekeeping within %s)",
		left, housekeeping.JobLease), v9)

	fmt.Fprintf(out, "  %d violations\n", len(all))
	if len(j.notes) > 0 {
		fmt.Fprintf(out, "\nNotes (unexpected, not invariants)\n")
		for i, n := range j.notes {
			if i == 20 {
				fmt.Fprintf(out, "  … %d more\n", len(j.notes)-20)
				break
			}
			fmt.Fprintf(out, "  %s\n", n)
		}
	}
	return all, nil
}

// jobsLeft answers the import and sync jobs still queued or running after the rush (a
// server killed under them takes them with it), then runs housekeeping as it would run a
// lease later and answers those it left neither failed nor finished: each a violation.
func jobsLeft(ctx context.Context, conn *pgx.Conn) ([]string, int, error) {
	const open = `SELECT 'import ' || id::text || ' ' || status FROM import_job WHERE status IN ('QUEUED', 'RUNNING')
		UNION ALL SELECT 'hospital sync ' || id::text || ' of ' || branch_code || ' ' || status FROM patient_sync_job
		WHERE status IN ('QUEUED', 'RUNNING')`
	list := func() ([]string, error) {
		rows, err := conn.Query(ctx, open)
		if err != nil {
			return nil, err
		}
		return pgx.CollectRows(rows, pgx.RowTo[string])
	}
	before, err := list()
	if err != nil {
		return nil, 0, err
	}
	if _, err := housekeeping.Run(ctx, conn, time.Now().Add(housekeeping.JobLease+time.Minute)); err != nil {
		return nil, 0, err
	}
	after, err := list()
	if err != nil {
		return nil, 0, err
	}
	var v []string
	for _, x := range after {
		v = append(v, x+" a lease after the rush")
	}
	return v, len(before), nil
}

func lastOf(as []answer) answer {
	if len(as) == 0 {
		return answer{}
	}
	return as[len(as)-1]
}

// checkActivity checks that each write of the rush has its one activity entry, counted by
// patient for the orders (an order's entry names its patients, not its id): a submit per
// order, a cancel per cancelled order, a review per review in the change log (and one
// creation there per order); a serving or a rejection per serve record, a mismatch per
// mismatch row; a print per print answered.
func (r *rush) checkActivity(ctx context.Context, conn *pgx.Conn, since time.Time, orders map[string]dbOrder, records []serveRow) ([]string, error) {
	want := map[string]int{} // "<action> <key>" → the writes found in the database
	add := func(k string) { want[k]++ }
	calls := map[string]bool{} // a ward call's entry names each of its patients once
	for _, o := range orders {
		// each order was made by one submit (an entry each: a patient's and the caregiver's
		// are two) or one ward call (an entry naming the patient, whatever its orders)
		call := cmp.Or(r.j.madeBy[o.id], "orders.submit")
		if k := r.j.madeKey[o.id] + " " + o.hn; call == "orders.submit" || !calls[k] {
			calls[k] = true
			add(call + " " + o.hn)
		}
		if o.status == "CANCELLED" {
			add("orders.cancel " + o.hn)
		}
	}
	// a review is found in the change log only (the order keeps its last reviewer): each
	// change-log row of an order is checked beside it, one creation per order
	created := map[string]int{}
	rows, err := conn.Query(ctx, `SELECT entity_id, action, coalesce(after ->> 'status', ''), coalesce(before ->> 'status', '')
		FROM change_log WHERE branch_code = $1 AND entity = 'meal_order' AND changed_at >= $2`, branchCode, since)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var id, action, status, before string
		if err := rows.Scan(&id, &action, &status, &before); err != nil {
			return nil, err
		}
		o, ok := orders[id]
		switch {
		case !ok:
		case action == "create":
			created[id]++
		case status != "CANCELLED" && status != "SERVED" && before != "CANCELLED":
			add("orders.confirmReview " + o.hn)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	var v []string
	for id, o := range orders {
		if created[id] != 1 {
			v = append(v, fmt.Sprintf("%s's order %s has %d creations in the change log", o.hn, id, created[id]))
		}
	}
	for _, x := range records {
		add(map[string]string{"SERVED": "serve.served ", "REJECTED": "serve.rejected "}[x.action] + x.order)
	}
	rows, err = conn.Query(ctx, `SELECT coalesce(order_id::text, '') FROM serve_mismatch WHERE branch_code = $1`, branchCode)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		add("serve.mismatch " + id)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for range r.j.printsAnswered {
		add("reports.meal-cards")
	}

	got := map[string]int{}
	rows, err = conn.Query(ctx, `SELECT action, detail::text FROM activity_log WHERE branch_code = $1 AND at >= $2
		AND (action LIKE 'orders.%' OR action LIKE 'serve.%' OR action = 'reports.meal-cards')`, branchCode, since)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var action, raw string
		if err := rows.Scan(&action, &raw); err != nil {
			return nil, err
		}
		var d struct {
			HnIDs   []string `json:"hnIds"`
			OrderID string   `json:"orderId"`
		}
		_ = json.Unmarshal([]byte(raw), &d)
		switch {
		case strings.HasPrefix(action, "orders."):
			for _, hn := range d.HnIDs {
				got[action+" "+hn]++
			}
		case strings.HasPrefix(action, "serve."):
			got[action+" "+d.OrderID]++
		default:
			got[action]++
		}
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	// a print whose server was killed under it may have been made (entry and all) or not
	if n := got["reports.meal-cards"]; n > want["reports.meal-cards"] && n <= want["reports.meal-cards"]+r.j.printsUnknown {
		want["reports.meal-cards"] = n
	}
	for k, n := range want {
		if got[k] != n {
			v = append(v, fmt.Sprintf("%s: %d writes, %d activity entries", k, n, got[k]))
		}
	}
	for k, n := range got {
		if _, ok := want[k]; !ok {
			v = append(v, fmt.Sprintf("%s: %d activity entries for no write", k, n))
		}
	}
	slices.Sort(v)
	return v, nil
}

// summary prints what the meal came to.
func (r *rush) summary(out io.Writer, orders map[string]dbOrder, records []serveRow, mismatches map[string]int) {
	patients := 0
	for _, w := range r.wards {
		patients += len(w.patients)
	}
	lunch, npo, cancelled, trays, caregivers, copies := map[string]bool{}, 0, 0, 0, 0, 0
	for _, o := range orders {
		switch {
		case o.date != r.today:
			copies++
			continue
		case o.status == "CANCELLED":
			cancelled++
			continue
		case o.caregiver:
			caregivers++
			trays++
			continue
		case o.orderType == "NPO":
			npo++
		case o.orderType == "ORD":
			trays++
		}
		lunch[o.hn] = true
	}
	served, rejected := 0, 0
	for _, x := range records {
		if x.action == "SERVED" {
			served++
		} else {
			rejected++
		}
	}
	cards := 0
	for _, p := range r.j.prints {
		cards += len(p.orders)
	}
	fmt.Fprintf(out, "\nMeal\n")
	fmt.Fprintf(out, "  %d patients: %d with a lunch ordered (%d nil by mouth), %d caregivers' lunches; %d orders of today, %d of them cancelled (diet changes); %d of tomorrow copied\n",
		patients, len(lunch), npo, caregivers, len(orders)-copies, cancelled, copies)
	fmt.Fprintf(out, "  %d cards printed in %d files; %d trays, %d served; %d trays turned back at the bedside\n",
		cards, len(r.j.prints), trays, served, rejected)
	var reasons []string
	for k, n := range mismatches {
		reasons = append(reasons, fmt.Sprintf("%s ×%d", k, n))
	}
	slices.Sort(reasons)
	fmt.Fprintf(out, "  scans that did not match, by reason: %s\n", strings.Join(reasons, ", "))
}

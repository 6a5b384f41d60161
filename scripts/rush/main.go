// Command rush plays a hospital's lunch against the real API and then checks, in the
// database, that nothing was lost, doubled or left unrecorded (issue 31 §1 and §3;
// docs/rush.md).
//
// It builds functions/local and runs it as a process of its own, as `make run` does, on a
// fresh database rush_<pid>, migrated and loaded with the demo data, which it drops at the
// end; the branch's hospital is the rush's own FHIR server. It adds wards of 30 beds with a
// patient in each (allergies, texture needs, nil by mouth and religion in about a hospital's
// proportions) and accounts, then signs everyone in as the web app does and plays today's
// lunch (Asia/Bangkok): order takers ordering their wards through the order form's calls or
// the ward meal round, caregivers' lunches, the Controller printing each ward's meal cards
// while orders still arrive, syncing the branch with its hospital and copying a ward's
// lunches to tomorrow, kitchen boards polling, serve phones scanning every printed card (the
// QR codes read off the PDF) with the patient's wristband and confirming each match, and diet
// changes mid-round whose flagged orders are reviewed or cancelled and ordered again. A fault
// meanwhile, if asked: terminate (every database connection of the app terminated every few
// seconds), unreachable (the database taken from the app for -outage, every -every), lost
// (one write answer in six lost after the server answered; the client sends it again), kill
// (the server killed with SIGKILL every -every and started again) or emulator (the server on
// moto_server for S3, SQS and SES, the emulator taken away for -outage every -every).
//
// It prints p50/p95/p99 and the answers by status of every call, then the invariants, and
// exits 1 on any violation.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"samrap/pkg/day"
)

// options are the size and the faults of a rush.
type options struct {
	wards, beds    int
	takers, phones int
	boards         int
	changes        int           // diet changes mid-round
	fault          string        // "" or one of faults
	every          time.Duration // between two terminations, outages or kills
	outage         time.Duration // how long the database or the emulator is unreachable
	walk           time.Duration // a serve phone's walk to a bed
	poll           time.Duration // between two reads of a kitchen board
	think          time.Duration // from a diet change to the review of the patient's order
	syncWait       time.Duration // how long the sync dialog waits for the job (90 s under the emulator fault)
	conns          int           // the app's pool size (0: the configured DB_MAX_CONNS)
	dsn            string        // PostgreSQL (the database name is replaced by rush_<pid>)
	keep           bool          // keep the database afterwards
}

// defaultDB is the PostgreSQL of `make run` and the tests.
const defaultDB = "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable"

// full is the hospital of issue 31: 40 wards × 30 beds, 40 order takers, 20 serve phones,
// five kitchen boards.
func full() options {
	return options{wards: 40, beds: 30, takers: 40, phones: 20, boards: 5, changes: 12, every: 3 * time.Second,
		walk: 20 * time.Millisecond, poll: 2 * time.Second, think: 8 * time.Second, syncWait: 30 * time.Second, dsn: defaultDB}
}

// short is one ward of 30 with three order takers, two serve phones, one board, three diet
// changes and the terminate fault: under a minute (make test runs it, TestShortRush).
func short() options {
	return options{wards: 1, beds: 30, takers: 3, phones: 2, boards: 1, changes: 3, fault: "terminate",
		every: time.Second, walk: 100 * time.Millisecond, poll: time.Second, think: time.Second, syncWait: 10 * time.Second, dsn: defaultDB}
}

// faults are the faults a rush can play (docs/rush.md, "The faults").
var faults = []string{"terminate", "unreachable", "drop", "lost", "kill", "emulator"}

// setFault sets the rush's fault and its default pace: a termination every 3 s (1 s in the
// short rush); an outage of the database or the emulator, or a kill of the server, every 20 s
// (8 s in the short rush, whose meal lasts about 15 s).
func (o *options) setFault(fault string, short bool) {
	o.fault = fault
	spaced := fault == "unreachable" || fault == "drop" || fault == "kill" || fault == "emulator"
	switch {
	case spaced && short:
		o.every = 8 * time.Second
	case spaced:
		o.every = 20 * time.Second
	case short:
		o.every = time.Second
	default:
		o.every = 3 * time.Second
	}
}

func main() {
	o := full()
	isShort := flag.Bool("short", false, "one ward of 30 with the terminate fault, in under a minute (make rush-short)")
	flag.IntVar(&o.wards, "wards", o.wards, "wards of 30 beds")
	flag.IntVar(&o.takers, "takers", o.takers, "order takers")
	flag.IntVar(&o.phones, "phones", o.phones, "serve phones")
	flag.IntVar(&o.boards, "boards", o.boards, "kitchen boards polling")
	flag.IntVar(&o.changes, "changes", o.changes, "diet changes mid-round")
	fault := flag.String("fault", "", "terminate: every database connection of the app terminated every -every; "+
		"unreachable: the database unreachable for -outage every -every (connections closed, new ones refused); "+
		"drop: the database's packets dropped for -outage every -every (nothing refused: every byte waits); lost: one write answer in six lost; "+
		"kill: the server (functions/local, a process) killed with SIGKILL every -every and started again; "+
		"emulator: the server on moto_server for S3/SQS/SES, the emulator unreachable for -outage every -every")
	every := flag.Duration("every", 0, "between two faults (default 3s, 1s with -short; 20s for unreachable, drop, kill, emulator; 8s with -short)")
	outage := flag.Duration("outage", 0, "how long the database or the emulator stays unreachable (-fault unreachable, drop, emulator; default 10s, 3s with -short)")
	flag.IntVar(&o.conns, "conns", 0, "the app's database pool (default: DB_MAX_CONNS, 4)")
	flag.StringVar(&o.dsn, "db", o.dsn, "PostgreSQL (the database is rush_<pid>, created and dropped)")
	flag.BoolVar(&o.keep, "keep", false, "keep the database rush_<pid> afterwards")
	timeout := flag.Duration("timeout", time.Hour, "give up after (the checks included)")
	flag.Parse()
	if *isShort {
		s := short()
		s.conns, s.dsn, s.keep = o.conns, o.dsn, o.keep
		o = s
	}
	if *fault != "" {
		o.setFault(*fault, *isShort)
	}
	if *every > 0 {
		o.every = *every
	}
	o.outage = 10 * time.Second
	if *isShort {
		o.outage = 3 * time.Second // the short meal lasts about 15 s
	}
	if *outage > 0 {
		o.outage = *outage
	}
	if o.fault != "" && !slices.Contains(faults, o.fault) {
		fmt.Fprintf(os.Stderr, "rush: unknown fault %q (%s)\n", o.fault, strings.Join(faults, ", "))
		os.Exit(2)
	}
	if o.wards < 1 || o.takers < 1 || o.phones < 1 || o.boards < 0 || o.changes < 0 {
		fmt.Fprintln(os.Stderr, "rush: at least one ward, one order taker and one serve phone")
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM) // ^C still drops the database
	defer stop()
	ctx, cancel := context.WithTimeout(ctx, *timeout)
	defer cancel()
	violations, err := run(ctx, o, os.Stdout)
	removeBuild()
	if err != nil {
		fmt.Fprintln(os.Stderr, "rush:", err)
		os.Exit(1)
	}
	if len(violations) > 0 {
		os.Exit(1)
	}
}

// run plays a rush of o and checks it, printing to out; it answers the violations found
// (an error: the rush could not be played or checked).
func run(ctx context.Context, o options, out io.Writer) ([]string, error) {
	name := fmt.Sprintf("rush_%d", os.Getpid())
	logFile, err := os.CreateTemp("", name+"-*.log")
	if err != nil {
		return nil, err
	}
	defer logFile.Close()
	began := time.Now()
	srv, err := startServer(ctx, o.dsn, name, o.conns, howFor(o.fault), logFile)
	if err != nil {
		os.Remove(logFile.Name())
		return nil, err
	}
	srv.keepData = o.keep
	defer srv.stop()
	now := time.Now().In(day.Bangkok)
	r := &rush{o: o, srv: srv, st: newStats(), j: newJournal(), today: now.Format(time.DateOnly),
		tomorrow: now.AddDate(0, 0, 1).Format(time.DateOnly)}
	if r.wards, err = loadBranch(ctx, srv.env.DB, o, now); err != nil {
		return nil, err
	}
	srv.env.Close() // the set-up's pool: from here on only the server's connect
	faultNote := "no fault"
	switch o.fault {
	case "terminate":
		faultNote = fmt.Sprintf("fault %s every %s", o.fault, o.every)
	case "unreachable", "drop", "emulator":
		faultNote = fmt.Sprintf("fault %s for %s every %s", o.fault, o.outage, o.every)
	case "kill":
		faultNote = fmt.Sprintf("fault kill every %s (functions/local, pid %d)", o.every, srv.child.pid())
	case "lost":
		faultNote = "fault lost: one write answer in six"
	}
	fmt.Fprintf(out, "Rush: %s × %d beds, %s, %s, %s, %s, %s\n", count(o.wards, "ward"), o.beds, count(o.takers, "order taker"),
		count(o.phones, "serve phone"), count(o.boards, "kitchen board"), count(o.changes, "diet change"), faultNote)
	fmt.Fprintf(out, "  lunch of %s (Asia/Bangkok) on database %s (DB_MAX_CONNS=%d), set up in %.1f s; server log %s\n",
		r.today, name, srv.env.Config.DBMaxConns, time.Since(began).Seconds(), logFile.Name())

	ppl, err := r.signIn(ctx)
	if err != nil {
		return nil, err
	}
	if o.fault == "lost" {
		for _, c := range ppl.all() {
			c.lose = r.lose
		}
	}
	if r.lunch, err = lunchID(ctx, ppl.controller); err != nil {
		return nil, err
	}
	started := time.Now()
	stopFault := r.startFault(ctx)
	r.play(ctx, ppl)
	stopFault()
	took := time.Since(started)

	r.j.mu.Lock()
	faults, killed := len(r.j.faults), r.j.killed
	r.j.mu.Unlock()
	fmt.Fprintf(out, "  played in %.1f s", took.Seconds())
	switch o.fault {
	case "terminate":
		fmt.Fprintf(out, "; %s, %d connections of the app terminated", count(faults, "termination"), killed)
	case "unreachable":
		fmt.Fprintf(out, "; %s, %d connections of the app cut", count(faults, "outage"), killed)
	case "drop":
		fmt.Fprintf(out, "; %s, %d connections of the app stalled", count(faults, "outage"), killed)
	case "emulator":
		fmt.Fprintf(out, "; %s of the emulator, %d connections to it cut", count(faults, "outage"), killed)
	case "kill":
		fmt.Fprintf(out, "; %s (SIGKILL), down %s in all", count(faults, "kill"), r.j.downtime().Round(10*time.Millisecond))
	case "lost":
		fmt.Fprintf(out, "; %d answers lost", r.lostAnswers.Load())
	}
	fmt.Fprintf(out, "\n\nCalls (each try; ms)\n")
	r.st.print(out)
	fmt.Fprintf(out, "\nGoals of issue 31 §3 (p95 of every try, on this machine; never a failure)\n")
	for _, g := range []struct {
		call   string
		budget time.Duration
	}{{"takerOrder/submitOrder", 50 * time.Millisecond}, {"serve/verify", 30 * time.Millisecond}, {"takerOrder/search", 100 * time.Millisecond}} {
		p := r.st.p95(g.call)
		verdict := "OK"
		if p > g.budget {
			verdict = "OVER"
		}
		fmt.Fprintf(out, "  %-24s p95 %6.1f ms   goal ≤ %3.0f ms  %s\n", g.call, ms(p), ms(g.budget), verdict)
	}
	violations, err := r.check(ctx, out, began)
	if err == nil && len(violations) == 0 {
		os.Remove(logFile.Name()) // nothing to look into
	}
	return violations, err
}

// count answers "1 thing" or "n things".
func count(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}

// people are the signed-in screens of the rush.
type people struct {
	takers, seconds []*client // each order taker's device, and a second one
	phones          []*client
	controller      *client // the meal-card screen
	nurse           *client // the patient edit screen (the Controller too)
	boards          []*client
}

// all answers every screen.
func (p people) all() []*client {
	out := append(slices.Concat(p.takers, p.seconds, p.phones, p.boards), p.controller)
	if p.nurse != p.controller {
		out = append(out, p.nurse)
	}
	return out
}

// signIn signs everyone in, four at a time.
func (r *rush) signIn(ctx context.Context) (people, error) {
	h := newHTTP()
	takers, phones, ctrl, boards := accountsOf(r.o)
	var p people
	var list []*[]*client
	var accts []account
	add := func(to *[]*client, as ...account) {
		for _, a := range as {
			list, accts = append(list, to), append(accts, a)
		}
	}
	var ctl []*client
	add(&p.takers, takers...)
	add(&p.seconds, takers...)
	add(&p.phones, phones...)
	add(&ctl, ctrl, ctrl)
	add(&p.boards, boards...)
	got := make([]*client, len(accts))
	errs := make([]error, len(accts))
	sem := make(chan struct{}, 4)
	var wg sync.WaitGroup
	for i, a := range accts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			got[i], errs[i] = signIn(ctx, h, r.srv.base, r.st, a)
		}()
	}
	wg.Wait()
	for i, c := range got {
		if errs[i] != nil {
			return p, errs[i]
		}
		*list[i] = append(*list[i], c)
	}
	p.controller, p.nurse = ctl[0], ctl[1]
	return p, nil
}

// play runs the meal: every person at once until the last tray is dealt with.
func (r *rush) play(ctx context.Context, p people) {
	W := len(r.wards)
	r.progress = make([]atomic.Int32, W)
	r.phonesOf = make([][]int, W)
	r.cards = make([]chan card, len(p.phones))
	for i := range r.cards {
		r.cards[i] = make(chan card, 10*r.o.beds*W)
	}
	for w := range W {
		for i := range p.phones {
			if i%W == w || len(p.phones) < W && w%len(p.phones) == i {
				r.phonesOf[w] = append(r.phonesOf[w], i)
			}
		}
	}
	r.changes = make(chan change, r.o.changes+1)

	var takers, phones, boards sync.WaitGroup
	takersDone, changesDone, stopBoards := make(chan struct{}), make(chan struct{}), make(chan struct{})
	for i := range p.phones {
		phones.Add(1)
		go func() {
			defer phones.Done()
			r.phone(ctx, p.phones[i], fmt.Sprintf("rush-phone-%02d", i+1), r.cards[i])
		}()
	}
	for _, b := range p.boards {
		boards.Add(1)
		go func() { defer boards.Done(); r.board(ctx, b, stopBoards) }()
	}
	go func() { r.diets(ctx, p.nurse); close(changesDone) }()
	controllerDone := make(chan struct{})
	go func() { r.controller(ctx, p.controller, takersDone, changesDone); close(controllerDone) }()
	for t := range p.takers {
		takers.Add(1)
		go func() {
			defer takers.Done()
			for _, job := range r.jobsOf(t, len(p.takers)) {
				r.taker(ctx, p.takers[t], p.seconds[t], job.ward, job.patients, t%3 == 2)
			}
		}()
	}
	takers.Wait()
	close(takersDone)
	<-controllerDone
	phones.Wait()
	close(stopBoards)
	boards.Wait()
}

// job is a ward's patients an order taker orders for.
type job struct {
	ward     int
	patients []patient
}

// jobsOf answers taker t's wards: one each while there are as many wards as takers; the
// patients of a ward shared out when there are more takers (by bed, in turn); several wards
// in turn when there are fewer.
func (r *rush) jobsOf(t, takers int) []job {
	W := len(r.wards)
	if takers < W {
		var out []job
		for w := t; w < W; w += takers {
			out = append(out, job{w, r.wards[w].patients})
		}
		return out
	}
	w, k, i := t%W, (takers-t%W+W-1)/W, t/W
	var pats []patient
	for j, pt := range r.wards[w].patients {
		if j%k == i {
			pats = append(pats, pt)
		}
	}
	return []job{{w, pats}}
}

// startFault starts the fault of the rush and answers its stop (the lost fault is the
// clients': client.lose).
func (r *rush) startFault(ctx context.Context) func() {
	switch r.o.fault {
	case "terminate":
		return r.terminate(ctx)
	case "unreachable":
		return r.outages(r.srv.proxy.setDown)
	case "drop":
		return r.outages(r.srv.proxy.setStalled)
	case "emulator":
		return r.outages(r.srv.s3.setDown)
	case "kill":
		return r.kill(ctx)
	}
	return func() {}
}

// outages take what a relay passes (the database, or the emulator) from the app for
// o.outage at each strike, by set (its setDown or setStalled), until stopped.
func (r *rush) outages(set func(bool) int) func() {
	return r.strikes(func(stop <-chan struct{}) bool {
		from := time.Now()
		n := set(true)
		select {
		case <-stop:
		case <-time.After(r.o.outage):
		}
		set(false)
		r.j.struck(from, time.Now(), n/2) // (each relay is two connections)
		return true
	})
}

// kill kills the server (SIGKILL) at each strike and starts it again at once on the same
// port and database, until stopped; each window is from the kill to the server answering
// again.
func (r *rush) kill(ctx context.Context) func() {
	return r.strikes(func(<-chan struct{}) bool {
		from := time.Now()
		r.srv.child.kill()
		if err := r.srv.child.start(ctx); err != nil {
			r.j.note("fault: the server did not start again: %v", err)
			return false
		}
		r.j.struck(from, time.Now(), 1)
		return true
	})
}

// strikes calls strike 2 s into the meal (so that a short rush meets one), then every
// o.every, until the answered stop is called or strike answers false; strike may end its
// own wait when stop closes.
func (r *rush) strikes(strike func(stop <-chan struct{}) bool) func() {
	stop, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		wait := min(2*time.Second, r.o.every)
		for {
			select {
			case <-stop:
				return
			case <-time.After(wait):
			}
			wait = r.o.every
			if !strike(stop) {
				return
			}
		}
	}()
	return func() { close(stop); <-done }
}

// terminate terminates every database connection of the app every o.every, until stopped.
func (r *rush) terminate(ctx context.Context) func() {
	stop, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		conn, err := r.srv.admin(ctx)
		if err != nil {
			r.j.note("fault: %v", err)
			return
		}
		defer conn.Close(context.Background())
		tick := time.NewTicker(r.o.every)
		defer tick.Stop()
		for {
			select {
			case <-stop:
				return
			case <-tick.C:
			}
			at := time.Now()
			var n int
			// every connection of the app (the pool's); the fault's own is on another database
			err := conn.QueryRow(ctx, `SELECT count(*) FILTER (WHERE pg_terminate_backend(pid)) FROM pg_stat_activity
				WHERE datname = $1 AND pid <> pg_backend_pid()`, r.srv.name).Scan(&n)
			if err != nil {
				r.j.note("fault: %v", err)
				continue
			}
			r.j.struck(at, at, n)
		}
	}()
	return func() { close(stop); <-done }
}

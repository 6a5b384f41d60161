package main

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync/atomic"
	"time"

	"samrap/pkg/demo"
	"samrap/pkg/hospital"
	"samrap/pkg/hospital/fhirdemo"
	"samrap/pkg/patientsync"
)

// hospitalServer is the rush's hospital: the FHIR census the branch's sync reads (the
// branch's connector settings point here, demo.HospitalSettings), made at each request, so
// that a diet change saved until the worker reads it is in it.
type hospitalServer struct {
	url    string
	srv    *http.Server
	census atomic.Pointer[func() []hospital.Admission]
}

// startHospital serves the demo hospital's census of the branch on a loopback port.
func startHospital(now time.Time) (*hospitalServer, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	h := &hospitalServer{url: "http://" + ln.Addr().String()}
	h.set(func() []hospital.Admission { return demo.HospitalCensus(branchCode, now) })
	h.srv = &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fhirdemo.Handler((*h.census.Load())()).ServeHTTP(w, r)
	}), ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = h.srv.Serve(ln) }()
	return h, nil
}

// set makes census what the hospital lists from now on.
func (h *hospitalServer) set(census func() []hospital.Admission) { h.census.Store(&census) }

func (h *hospitalServer) close() { _ = h.srv.Close() }

// withChange answers a patient's import cells with a diet change of kind made as the edit
// screen makes it (play.go change: the allergen wheat added, nil by mouth 06:00–23:00 today,
// IDDSI food 4 with drinks 2): the hospital's record of the same doctor's order.
func withChange(cells map[string]string, kind, today string) map[string]string {
	c := map[string]string{}
	for k, v := range cells {
		c[k] = v
	}
	switch kind {
	case "ALLERGY":
		c["allergies"] = strings.TrimPrefix(c["allergies"]+", AL05", ", ")
	case "NPO":
		c["npoFrom"], c["npoTo"] = today+" 06:00", today+" 23:00"
	case "TEXTURE":
		c["textureFood"], c["textureDrink"] = "4", "2"
	}
	return c
}

// syncLog is the hospital sync of the rush: when it was asked for and seen ended, the
// rush's patients whose record the hospital changed (HN → kind), and the job as last seen.
type syncLog struct {
	span
	picks  map[string]string
	status string
	report *patientsync.Report
}

// sync is the Controller's hospital sync mid-round (the patients screen's sync dialog: POST
// importData, then checkProcessApiPatient every half second until the job ends, up to 30
// s (10 s short), 90 s under the emulator fault, the dialog left open while the Controller
// goes on): the
// hospital lists every patient as Samrap has them — the diet changes saved so far included —
// but two of the first ward's, one with a new wheat allergy and one nil by mouth from now.
// The orders the sync flags are then dealt with as a diet change's are (review). It answers
// once the sync is asked for; done is closed when it is dealt with.
func (r *rush) sync(ctx context.Context, c *client) (done <-chan struct{}) {
	now := time.Now()
	l := &syncLog{picks: map[string]string{}}
	pats := r.wards[0].patients
	for i := len(pats)/2 - 1; i >= 0 && len(l.picks) < 2; i-- {
		p := pats[i]
		if r.madeKind(p.hn) == "" && p.cells["npoFrom"] == "" {
			l.picks[p.hn] = []string{"ALLERGY", "NPO"}[len(l.picks)]
		}
	}
	r.srv.hospital.set(func() []hospital.Admission {
		census := demo.HospitalCensus(branchCode, now)
		for _, w := range r.wards {
			for _, p := range w.patients {
				cells := withChange(p.cells, r.madeKind(p.hn), r.today)
				cells = withChange(cells, l.picks[p.hn], r.today)
				census = append(census, demo.AdmissionOf(cells))
			}
		}
		return census
	})
	l.sent = time.Now()
	q := url.Values{"branchCode": {branchCode}}
	a := c.retry(ctx, "data-patient/importData", func() answer {
		return c.post(ctx, "data-patient/importData", "/api/data-patient/importData?"+q.Encode(), nil)
	})
	if !a.ok() {
		r.j.note("hospital sync: importData %s", a)
	}
	ch := make(chan struct{})
	go func() { defer close(ch); r.syncSeen(ctx, c, l, a.ok()) }()
	return ch
}

// syncSeen follows the sync l asked for (asked: it was) to its end, then reviews the orders
// it flagged.
func (r *rush) syncSeen(ctx context.Context, c *client, l *syncLog, asked bool) {
	q := url.Values{"branchCode": {branchCode}}
	var job struct {
		Status string              `json:"status"`
		Report *patientsync.Report `json:"report"`
	}
	// o.syncWait (30 s; 10 s in the short rush), 90 s under the emulator fault: a delivery
	// cut by an outage comes back after the queue's visibility timeout (30 s)
	wait := r.o.syncWait
	if r.o.fault == "emulator" {
		wait = 90 * time.Second
	}
	for deadline := time.Now().Add(wait); asked && time.Now().Before(deadline) && ctx.Err() == nil; {
		time.Sleep(500 * time.Millisecond)
		s := c.retry(ctx, "data-patient/checkProcessApiPatient", func() answer {
			return c.get(ctx, "data-patient/checkProcessApiPatient", "/api/data-patient/checkProcessApiPatient", q)
		})
		if s.ok() && s.into(&job) == nil && job.Status != patientsync.Queued && job.Status != patientsync.Running {
			break
		}
	}
	l.done, l.status, l.report = time.Now(), job.Status, job.Report
	r.j.mu.Lock()
	r.j.sync = l
	r.j.mu.Unlock()
	if job.Status != patientsync.Done {
		r.j.note("hospital sync: the job ended %q", job.Status)
		return
	}
	for hn, kind := range l.picks {
		r.j.changed(hn, l.sent, l.done)
		r.review(ctx, c, change{hn: hn, kind: kind})
	}
}

// madeKind answers the kind of the diet change made on the patient ("" for none).
func (r *rush) madeKind(hn string) string {
	r.j.mu.Lock()
	defer r.j.mu.Unlock()
	return r.j.kinds[hn]
}

// checkSync checks the hospital sync: it ended DONE and changed of the rush's patients
// exactly those the hospital changed; no patient of the rush left current. Under the kill
// fault the job may die with the server, and under the database faults its one transaction
// over the branch's patients may meet a lost connection at each of its deliveries: it is then
// left RUNNING (a note, docs/rush.md "What the rush found"), and the jobs invariant sees it
// failed by housekeeping.
func (r *rush) checkSync(ctx context.Context, current int) []string {
	l := r.j.sync
	var v []string
	if l == nil {
		return []string{"the hospital sync was never asked for"}
	}
	if l.status != patientsync.Done {
		if r.o.fault == "" || r.o.fault == "lost" || r.o.fault == "emulator" {
			v = append(v, fmt.Sprintf("the hospital sync ended %q", l.status))
		}
		return v
	}
	seen := map[string][]string{}
	rep := l.report
	for kind, items := range map[string][]patientsync.Item{"admitted": rep.Admitted, "readmitted": rep.Readmitted, "moved": rep.Moved,
		"discharged": rep.Discharged, "identity": rep.Identity, "diet": rep.Diet, "texture": rep.Texture, "npo": rep.NPO,
		"ingredients": rep.Ingredients, "allergiesAdded": rep.AllergiesAdded, "allergiesNeedPerson": rep.AllergiesNeedPerson,
		"bedsTaken": rep.BedsTaken} {
		for _, it := range items {
			if strings.HasPrefix(it.HnID, "RUSH") {
				seen[it.HnID] = append(seen[it.HnID], kind)
			}
		}
	}
	want := map[string]string{"ALLERGY": "allergiesAdded", "NPO": "npo"}
	for hn, kinds := range seen {
		if k, ok := l.picks[hn]; !ok || len(kinds) != 1 || kinds[0] != want[k] {
			v = append(v, fmt.Sprintf("the sync reported %s as %v; the hospital changed %q", hn, kinds, l.picks[hn]))
		}
	}
	for hn, k := range l.picks {
		if len(seen[hn]) == 0 {
			v = append(v, fmt.Sprintf("the sync did not report %s's %s", hn, k))
		}
	}
	patients := 0
	for _, w := range r.wards {
		patients += len(w.patients)
	}
	if current != patients {
		v = append(v, fmt.Sprintf("%d of the rush's %d patients are current after the sync", current, patients))
	}
	return v
}

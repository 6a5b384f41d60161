package patients_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"samrap/pkg/apitest"
	"samrap/pkg/patients"
)

type fixture struct {
	s          *apitest.Server
	controller string
}

func newFixture(t *testing.T) fixture {
	t.Helper()
	s := apitest.New(t)
	return fixture{s: s, controller: s.TokenAs("controller@samrap.local", "SRP01", "BCT")}
}

type page struct {
	Items []patients.Patient `json:"items"`
	Total int                `json:"total"`
}

func (f fixture) search(t *testing.T, query string) (page, apitest.Response) {
	t.Helper()
	res := f.s.Do(apitest.Request{Method: "GET", Path: "/api/patient/search?" + query, Token: f.controller, Lang: "en"})
	var p page
	if res.Status == http.StatusOK {
		res.Into(t, &p)
	}
	return p, res
}

func (f fixture) get(t *testing.T, hn string) patients.Patient {
	t.Helper()
	res := f.s.Do(apitest.Request{Method: "GET", Path: "/api/patient/getDataByHn?branchCode=SRP01&hnId=" + url.QueryEscape(hn), Token: f.controller})
	if res.Status != http.StatusOK {
		t.Fatalf("get %s: %d %s", hn, res.Status, res.Body)
	}
	var p patients.Patient
	res.Into(t, &p)
	return p
}

func (f fixture) save(t *testing.T, in patients.Input) apitest.Response {
	t.Helper()
	return f.s.Do(apitest.Request{Method: "POST", Path: "/api/patient/updatePatientInfo", Token: f.controller, Lang: "en", JSON: in})
}

func (f fixture) roomID(t *testing.T, code string) int64 {
	t.Helper()
	var id int64
	if err := f.s.DB.QueryRow(t.Context(), `SELECT id FROM room WHERE branch_code = 'SRP01' AND code = $1`, code).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

// The census: only current patients, with ward, status and criteria filters and every list
// column sortable.
func TestSearch(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	all, res := f.search(t, "page=1&size=100")
	if res.Status != 200 || all.Total != 90 || len(all.Items) != 90 {
		t.Fatalf("census: %d total %d items %d", res.Status, all.Total, len(all.Items))
	}
	for _, p := range all.Items {
		if p.VisitStatus != "Current" || p.BranchCode != "SRP01" || p.Room == nil || p.Ward == nil {
			t.Fatalf("listed %+v", p)
		}
	}
	// the default order is ward then bed
	if all.Items[0].Room.Code != "W01-01" || all.Items[59].Room.Code != "W04-20" {
		t.Fatalf("default order: %s … %s", all.Items[0].Room.Code, all.Items[59].Room.Code)
	}
	var w01 int64
	if err := f.s.DB.QueryRow(t.Context(), `SELECT id FROM ward WHERE branch_code = 'SRP01' AND code = 'W01'`).Scan(&w01); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, query string
		total       int
		first       string
	}{
		{"ward filter", fmt.Sprintf("ward=%d", w01), 10, "SRP01-HN10001"},
		{"ward ALL", "ward=ALL&status=ALL", 90, "SRP01-HN10001"},
		{"status in hospital", "status=in_hospital", 90, "SRP01-HN10001"},
		{"status discharged", "status=DISCHARGED", 0, ""},
		{"criteria HN", "criteria=hn10012", 1, "SRP01-HN10012"},
		{"criteria bed", "criteria=W02-03", 1, "SRP01-HN10013"},
		{"criteria Thai name", "criteria=" + url.QueryEscape("ศิริพร") + "&sortBy=hnId", 5, "SRP01-HN10016"},
		{"criteria English name", "criteria=siriporn&sortBy=hnId", 5, "SRP01-HN10016"},
		{"criteria wildcard literal", "criteria=%25", 0, ""},
		{"pre-admitted not listed", "criteria=HN10061", 0, ""},
		{"sort hnId desc", "sortBy=hnId&sortDesc=true", 90, "SRP01-HN10096"},
		{"sort room", "sortBy=room", 90, "SRP01-HN10001"},
		{"criteria past the last page", "criteria=siriporn&page=5", 5, ""},
		{"past the last page", "page=99", 90, ""},
	}
	for _, c := range cases {
		got, res := f.search(t, c.query)
		if res.Status != 200 || got.Total != c.total || (c.first != "" && got.Items[0].HnID != c.first) {
			first := ""
			if len(got.Items) > 0 {
				first = got.Items[0].HnID
			}
			t.Errorf("%s: %d total %d first %s", c.name, res.Status, got.Total, first)
		}
	}
	// every column sorts, both ways, and keeps all rows
	for _, by := range []string{"name", "nameEn", "ward", "room", "previousRoom", "diagnosis", "additionalInfo",
		"specialRequest", "remark", "gender", "age", "birthday", "nationality", "religion", "patientLanguage",
		"cardLanguage", "admitDate", "visitStatus", "hospitalStatus", "plannedDischargeDate", "dietType", "therapeutics",
		"allergens", "textureDrink", "textureFood", "npoFrom", "npoTo", "medicalOrderStart", "medicalOrderEnd",
		"lastImportAt", "lastImportSource", "updatedAt"} {
		for _, desc := range []string{"false", "true"} {
			got, res := f.search(t, "size=100&sortBy="+by+"&sortDesc="+desc)
			if res.Status != 200 || len(got.Items) != 90 {
				t.Fatalf("sort %s %s: %d %d", by, desc, res.Status, len(got.Items))
			}
		}
	}
	// the names sort as the list shows them (Thai first and last, then English), both ways
	for _, desc := range []bool{false, true} {
		got, _ := f.search(t, fmt.Sprintf("size=100&sortBy=name&sortDesc=%t", desc))
		for i := 1; i < len(got.Items); i++ {
			a, b := got.Items[i-1], got.Items[i]
			ka := strings.ToLower(a.FirstNameTh + " " + a.LastNameTh + " " + a.FirstNameEn + " " + a.LastNameEn)
			kb := strings.ToLower(b.FirstNameTh + " " + b.LastNameTh + " " + b.FirstNameEn + " " + b.LastNameEn)
			if desc {
				ka, kb = kb, ka
			}
			if f.s.Count(`SELECT count(*) WHERE $1::text > $2::text`, ka, kb) == 1 {
				t.Fatalf("name order (desc %t): %q before %q", desc, ka, kb)
			}
		}
	}
	// age sorts youngest first, birthday oldest first
	young, _ := f.search(t, "sortBy=age")
	old, _ := f.search(t, "sortBy=birthday")
	if *young.Items[0].Age > *young.Items[19].Age || *old.Items[0].Age < *old.Items[19].Age {
		t.Fatalf("age order: %d…%d, birthday order %d…%d", *young.Items[0].Age, *young.Items[19].Age, *old.Items[0].Age, *old.Items[19].Age)
	}
	// the demo patients carry their food facts
	withAllergy, unmapped, npo, iddsi := 0, 0, 0, 0
	for _, p := range all.Items {
		if len(p.Allergens) > 0 {
			withAllergy++
		}
		if len(p.UnmappedAllergies) > 0 {
			unmapped++
		}
		if p.NpoFrom != nil {
			npo++
		}
		if p.TextureFood != nil {
			iddsi++
		}
	}
	if withAllergy < 10 || unmapped == 0 || npo < 3 || iddsi < 3 {
		t.Fatalf("demo food facts: allergy %d unmapped %d npo %d iddsi %d", withAllergy, unmapped, npo, iddsi)
	}
	// bad parameters: 422 naming them (never 500)
	for _, q := range []string{"status=NOPE", "size=0", "criteria=%00", "criteria=%FF", "page=-1"} {
		if _, res := f.search(t, q); res.Status != http.StatusUnprocessableEntity {
			t.Errorf("%s: %d %s", q, res.Status, res.Body)
		}
	}
}

// Who may call what, and nobody reads another branch's patients.
func TestAccess(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	nutri := f.s.TokenAs("nutritionist@samrap.local", "SRP01", "BNT")
	taker := f.s.TokenAs("ordertaker@samrap.local", "SRP01", "BOD")
	cases := []struct {
		name, token, method, path string
		status                    int
	}{
		{"controller searches", f.controller, "GET", "/api/patient/search?branch=SRP01", 200},
		{"another branch in the query", f.controller, "GET", "/api/patient/search?branch=SRP02", 403},
		{"another branch's getDataByHn", f.controller, "GET", "/api/patient/getDataByHn?branchCode=SRP02&hnId=SRP02-HN10001", 403},
		{"another branch's HN in mine", f.controller, "GET", "/api/patient/getDataByHn?branchCode=SRP01&hnId=SRP02-HN10001", 404},
		{"no HN", f.controller, "GET", "/api/patient/getDataByHn?branchCode=SRP01", 422},
		{"order taker reads one patient", taker, "GET", "/api/patient/getDataByHn?branchCode=SRP01&hnId=SRP01-HN10001", 200},
		{"order taker lists", taker, "GET", "/api/patient/search", 403},
		{"nutritionist lists", nutri, "GET", "/api/patient/search", 403},
		{"nutritionist reads", nutri, "GET", "/api/patient/getDataByHn?branchCode=SRP01&hnId=SRP01-HN10001", 403},
		{"order taker change record", taker, "GET", "/api/patient/changeLog", 403},
		{"no token", "", "GET", "/api/patient/search", 401},
		{"template", f.controller, "GET", "/api/download/templatePatient?branchCode=SRP01", 200},
		{"template of another branch", f.controller, "GET", "/api/download/templatePatient?branchCode=SRP02", 403},
	}
	for _, c := range cases {
		if res := f.s.Do(apitest.Request{Method: c.method, Path: c.path, Token: c.token}); res.Status != c.status {
			t.Errorf("%s: %d, want %d (%s)", c.name, res.Status, c.status, res.Body)
		}
	}
	// an edit naming another branch in its body
	p := f.get(t, "SRP01-HN10001")
	in := patients.InputOf(p)
	in.BranchCode = "SRP02"
	if res := f.save(t, in); res.Status != 403 {
		t.Fatalf("edit with another branch: %d", res.Status)
	}
	in.BranchCode = "SRP01"
	if res := f.s.Do(apitest.Request{Method: "POST", Path: "/api/patient/updatePatientInfo", Token: taker, JSON: in}); res.Status != 403 {
		t.Fatalf("order taker edits: %d", res.Status)
	}
}

// An edit saves the whole patient with the version it read; a stale version is refused and
// loses nothing; a bed change takes only a vacant bed, and newRoom offers only those.
func TestEdit(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	p := f.get(t, "SRP01-HN10013") // in W02-03
	if p.Room.Code != "W02-03" || p.Ward.Code != "W02" || p.Age == nil {
		t.Fatalf("read %+v", p)
	}
	first := patients.InputOf(p)
	first.SpecialRequest = "ขอข้าวต้ม"
	drink, food := 1, 5
	first.TextureDrink, first.TextureFood = &drink, &food
	res := f.save(t, first)
	if res.Status != 200 {
		t.Fatalf("edit: %d %s", res.Status, res.Body)
	}
	var saved patients.Patient
	res.Into(t, &saved)
	if saved.Version != p.Version+1 || saved.SpecialRequest != "ขอข้าวต้ม" || *saved.TextureFood != 5 ||
		saved.UpdatedBy != "D0001" || saved.LastImportSource != "edit" {
		t.Fatalf("saved %+v", saved)
	}
	// the second person saves what they read before the first save
	second := patients.InputOf(p)
	second.Remark = "ของฉัน"
	res = f.save(t, second)
	if res.Status != http.StatusConflict || res.Code != "STALE_VERSION" || !strings.Contains(res.Msg, "Someone else") {
		t.Fatalf("stale edit: %d %s", res.Status, res.Body)
	}
	var stale struct {
		Current patients.Patient `json:"current"`
	}
	res.Into(t, &stale)
	if now := f.get(t, p.HnID); now.SpecialRequest != "ขอข้าวต้ม" || now.Remark == "ของฉัน" || stale.Current.Version != now.Version {
		t.Fatalf("after the stale edit: %+v (answered %d)", now, stale.Current.Version)
	}
	// saving the same again writes nothing
	if res := f.save(t, patients.InputOf(f.get(t, p.HnID))); res.Status != 200 || f.get(t, p.HnID).Version != saved.Version {
		t.Fatalf("same again: %d", res.Status)
	}

	// beds: W02 has 23 beds; 21 are taken (20 demo patients and a pre-admitted one)
	newRooms := func() []string {
		var w02 int64
		_ = f.s.DB.QueryRow(t.Context(), `SELECT id FROM ward WHERE branch_code = 'SRP01' AND code = 'W02'`).Scan(&w02)
		res := f.s.Do(apitest.Request{Method: "POST", Path: "/api/parameter/newRoom", Token: f.controller,
			JSON: map[string]any{"branchCode": "SRP01", "ward": w02}})
		var rooms []map[string]any
		res.Into(t, &rooms)
		var codes []string
		for _, r := range rooms {
			codes = append(codes, r["code"].(string))
		}
		return codes
	}
	if got := strings.Join(newRooms(), ","); got != "501-1,502-1" {
		t.Fatalf("vacant beds of W02: %s", got)
	}
	move := patients.InputOf(f.get(t, p.HnID))
	taken := f.roomID(t, "W02-05")
	move.RoomID = &taken
	if res := f.save(t, move); res.Status != http.StatusConflict || res.Code != "ROOM_TAKEN" {
		t.Fatalf("move to a taken bed: %d %s", res.Status, res.Body)
	}
	preAdmitted := f.roomID(t, "501-2")
	move.RoomID = &preAdmitted
	if res := f.save(t, move); res.Status != http.StatusConflict {
		t.Fatalf("move to a pre-admitted patient's bed: %d %s", res.Status, res.Body)
	}
	vacant := f.roomID(t, "701") // in W03: the ward follows the bed
	move.RoomID = &vacant
	res = f.save(t, move)
	var moved patients.Patient
	res.Into(t, &moved)
	if res.Status != 200 || moved.Room.Code != "701" || moved.Ward.Code != "W03" || moved.PreviousRoom.Code != "W02-03" {
		t.Fatalf("move: %d %s", res.Status, res.Body)
	}
	if got := strings.Join(newRooms(), ","); got != "501-1,502-1,W02-03" {
		t.Fatalf("vacant beds of W02 after the move: %s", got)
	}

	// invalid values: 422 naming each field, nothing written
	bad := patients.InputOf(moved)
	nine, from := 9, *moved.MedicalOrderStart
	before := from.Add(-1)
	unknown := int64(999999)
	bad.TextureFood, bad.NpoFrom, bad.NpoTo, bad.DietTypeID = &nine, &from, &before, nil
	bad.Birthday = ptr("2999-01-01")
	bad.FirstNameTh, bad.FirstNameEn = "", ""
	bad.VisitStatus = "Gone"
	res = f.save(t, bad)
	want := map[string]string{"textureFood": "0", "npoTo": "", "birthday": "", "firstNameTh": "", "visitStatus": ""}
	if res.Status != 422 {
		t.Fatalf("invalid edit: %d %s", res.Status, res.Body)
	}
	for field := range want {
		if _, ok := res.Fields()[field]; !ok {
			t.Errorf("invalid edit does not name %s: %v", field, res.Fields())
		}
	}
	ok := patients.InputOf(moved)
	ok.DietTypeID, ok.AllergenIDs = &unknown, []int64{unknown}
	if res := f.save(t, ok); res.Status != 422 {
		t.Fatalf("unknown diet type: %d %s", res.Status, res.Body)
	}
	// hostile text and a wrong shape
	hostile := patients.InputOf(moved)
	hostile.Remark = "a\x00b"
	if res := f.save(t, hostile); res.Status != 422 || res.Fields()["remark"] == "" {
		t.Fatalf("NUL in remark: %d %s", res.Status, res.Body)
	}
	hostile.Remark = strings.Repeat("ก", 2001)
	if res := f.save(t, hostile); res.Status != 422 || res.Fields()["remark"] == "" {
		t.Fatalf("long remark: %d %s", res.Status, res.Body)
	}
	if res := f.s.Do(apitest.Request{Method: "POST", Path: "/api/patient/updatePatientInfo", Token: f.controller,
		JSON: map[string]any{"hnId": "NOPE-1", "version": 1, "firstNameTh": "ก"}}); res.Status != 404 {
		t.Fatalf("unknown HN: %d %s", res.Status, res.Body)
	}
	if f.get(t, p.HnID).Version != moved.Version {
		t.Fatal("a refused edit changed the patient")
	}

	// the change record: every change with before and after, who, what and when
	res = f.s.Do(apitest.Request{Method: "GET", Path: "/api/patient/changeLog?hnId=" + p.HnID, Token: f.controller, Lang: "en"})
	var log struct {
		Items []patients.Change `json:"items"`
		Total int               `json:"total"`
	}
	res.Into(t, &log)
	if res.Status != 200 || log.Total != 3 || log.Items[0].Action != "create" || log.Items[0].Source != "excel" ||
		log.Items[1].ChangedBy != "D0001" || log.Items[1].Source != "edit" {
		t.Fatalf("change record: %d %s", res.Status, res.Body)
	}
	// the demo loader's create is the system's, in the reader's language
	if log.Items[0].ChangedBy != "System (demo data)" {
		t.Fatalf("demo author: %q", log.Items[0].ChangedBy)
	}
	res = f.s.Do(apitest.Request{Method: "GET", Path: "/api/patient/changeLog?hnId=" + p.HnID, Token: f.controller, Lang: "th"})
	var th struct {
		Items []patients.Change `json:"items"`
	}
	res.Into(t, &th)
	if th.Items[0].ChangedBy != "ระบบ (ข้อมูลตัวอย่าง)" || th.Items[1].ChangedBy != "D0001" {
		t.Fatalf("demo author in Thai: %q, %q", th.Items[0].ChangedBy, th.Items[1].ChangedBy)
	}
	var bed *patients.FieldChange
	for i, c := range log.Items[2].Fields {
		if c.Field == "room" {
			bed = &log.Items[2].Fields[i]
		}
	}
	if bed == nil || bed.Label != "Room/bed" || bed.Before.(map[string]any)["code"] != "W02-03" || bed.After.(map[string]any)["code"] != "701" {
		t.Fatalf("the move in the change record: %+v", log.Items[2].Fields)
	}
	file := f.s.Download(f.s.Do(apitest.Request{Method: "GET", Path: "/api/download/patientChangeLog?hnId=" + p.HnID, Token: f.controller, Lang: "th"}))
	if file.FileName != "patient_change_record.xlsx" || !strings.Contains(file.Header.Get("Content-Disposition"), "patient_change_record.xlsx") ||
		!strings.Contains(file.URL, "/exports/SRP01/patient-changes/") {
		t.Fatalf("export: %+v", file.Link)
	}
	rows := apitest.SheetRows(t, file.Body)
	for _, r := range rows[1:] {
		if r[1] == "" || (r[4] != "ระบบ (ข้อมูลตัวอย่าง)" && r[4] != "D0001") {
			t.Fatalf("export changed by: %q", r)
		}
	}
	if rows[0][0] != "วันเวลาที่เปลี่ยน / Changed at" || !containsRow(rows, "ห้อง/เตียง", "W02-03 เตียง W02-03", "701 ห้อง 701") {
		t.Fatalf("export rows: %q", rows)
	}
	if res := f.s.Do(apitest.Request{Method: "GET", Path: "/api/download/patientChangeLog?hnId=NOPE", Token: f.controller}); res.Status != 204 {
		t.Fatalf("export of nothing: %d", res.Status)
	}
	if res := f.s.Do(apitest.Request{Method: "GET", Path: "/api/patient/changeLog?dateFrom=2026-02-30", Token: f.controller}); res.Status != 422 {
		t.Fatalf("bad date: %d", res.Status)
	}
	if res := f.s.Do(apitest.Request{Method: "GET", Path: "/api/patient/changeLog?dateFrom=2024-01-01&dateTo=2026-01-01", Token: f.controller}); res.Status != 422 {
		t.Fatalf("range too long: %d", res.Status)
	}
	// the longest range is 366 days, both ends counted (pkg/day)
	if res := f.s.Do(apitest.Request{Method: "GET", Path: "/api/patient/changeLog?dateFrom=2027-03-01&dateTo=2028-02-29", Token: f.controller}); res.Status != 200 {
		t.Fatalf("366 days: %d %v", res.Status, res.Fields())
	}
	res = f.s.Do(apitest.Request{Method: "GET", Path: "/api/patient/changeLog?dateFrom=2027-03-01&dateTo=2028-03-01", Token: f.controller})
	if res.Status != 422 || res.Fields()["dateTo"] != "The date range can be 366 days at most" {
		t.Fatalf("367 days: %d %v", res.Status, res.Fields())
	}
}

func ptr[T any](v T) *T { return &v }

func containsRow(rows [][]string, cells ...string) bool {
	for _, r := range rows {
		if len(r) >= 8 && r[5] == cells[0] && r[6] == cells[1] && r[7] == cells[2] {
			return true
		}
	}
	return false
}

// Issue 31 §4: a field of the wrong shape is a 422 naming it — a 400 would sign the
// Controller out mid-edit — and nothing is saved.
func TestEditWrongShapeIsNamed(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	p := f.get(t, "SRP01-HN10013")
	body := func(kv ...any) map[string]any {
		b, _ := json.Marshal(patients.InputOf(p))
		var m map[string]any
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatal(err)
		}
		for i := 0; i < len(kv); i += 2 {
			m[kv[i].(string)] = kv[i+1]
		}
		return m
	}
	for _, c := range []struct {
		name  string
		body  map[string]any
		field string
		msg   string
	}{
		{"npoFrom yesterday", body("npoFrom", "yesterday"), "npoFrom", "The date and time must be like 2026-01-31T08:00:00+07:00"},
		{"npoTo a day only", body("npoFrom", "2026-01-01T08:00:00+07:00", "npoTo", "2026-01-02"), "npoTo", "The date and time must be like 2026-01-31T08:00:00+07:00"},
		{"medicalOrderStart a number", body("medicalOrderStart", 20260101), "medicalOrderStart", "The format is invalid"},
		{"textureFood past int", body("textureFood", 1e30), "textureFood", "This value is out of range"},
		{"textureFood text", body("textureFood", "5"), "textureFood", "This value is of the wrong type"},
		{"an unknown field", body("npo", true), "npo", "This field is unknown"},
	} {
		res := f.s.Do(apitest.Request{Method: "POST", Path: "/api/patient/updatePatientInfo", Token: f.controller, Lang: "en", JSON: c.body})
		if res.Status != http.StatusUnprocessableEntity || res.Fields()[c.field] != c.msg {
			t.Errorf("%s: %d %s", c.name, res.Status, res.Body)
		}
	}
	if now := f.get(t, p.HnID); now.Version != p.Version {
		t.Fatalf("a refused edit was saved: version %d → %d", p.Version, now.Version)
	}
	// in Thai too
	res := f.s.Do(apitest.Request{Method: "POST", Path: "/api/patient/updatePatientInfo", Token: f.controller, Lang: "th", JSON: body("npoFrom", "yesterday")})
	if res.Status != http.StatusUnprocessableEntity || res.Fields()["npoFrom"] != "วันและเวลาต้องอยู่ในรูปแบบ 2026-01-31T08:00:00+07:00" {
		t.Fatalf("Thai: %d %s", res.Status, res.Body)
	}
}

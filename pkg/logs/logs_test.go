package logs_test

import (
	"context"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"samrap/pkg/apitest"
	"samrap/pkg/audit"
	"samrap/pkg/day"
	"samrap/pkg/dbtest"
	"samrap/pkg/demo"
	"samrap/pkg/logs"
	"samrap/pkg/xlsx"
	"samrap/pkg/xlsx/xlsxread"
)

// Migration 00012: nobody edits or deletes an entry, whatever the statement.
func TestLogsAreAppendOnly(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	if _, err := pool.Exec(ctx, `INSERT INTO activity_log (branch_code, actor, action) VALUES ('SRP01', 'D0001', 'auth.signIn');
		INSERT INTO change_log (branch_code, entity, entity_id, action, after, changed_by)
		VALUES ('SRP01', 'diet_type', '1', 'create', '{"code": "DT01"}', 'D0004')`); err != nil {
		t.Fatal(err)
	}
	for _, stmt := range []string{
		`UPDATE activity_log SET actor = 'someone else'`,
		`DELETE FROM activity_log`,
		`TRUNCATE activity_log`,
		`UPDATE change_log SET after = '{"code": "DT99"}'`,
		`DELETE FROM change_log WHERE entity = 'diet_type'`,
		`TRUNCATE change_log`,
	} {
		_, err := pool.Exec(ctx, stmt)
		if err == nil || !strings.Contains(err.Error(), "append-only") || !strings.Contains(err.Error(), "42501") {
			t.Errorf("%s: %v, want the append-only refusal", stmt, err)
		}
	}
	var acts, changes int
	var actor, after string
	if err := pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM activity_log), (SELECT count(*) FROM change_log),
		(SELECT actor FROM activity_log), (SELECT after->>'code' FROM change_log)`).Scan(&acts, &changes, &actor, &after); err != nil {
		t.Fatal(err)
	}
	if acts != 1 || changes != 1 || actor != "D0001" || after != "DT01" {
		t.Fatalf("the entries changed: %d %d %s %s", acts, changes, actor, after)
	}
}

type fixture struct {
	s                   *apitest.Server
	bam1, bam2, sam, nt string // Branch Admin of SRP01, of SRP02 (multi), Super Admin, Nutritionist of SRP01
}

func newFixture(t *testing.T) fixture {
	s := apitest.New(t)
	f := fixture{s: s}
	f.bam1 = s.SignIn("branchadmin@samrap.local").Access
	f.bam2 = s.TokenAs("multi@samrap.local", "SRP02", "BAM")
	f.sam = s.SignIn("superadmin@samrap.local").Access
	f.nt = s.SignIn("nutritionist@samrap.local").Access
	return f
}

type activityPage struct {
	Items []struct {
		ID          int64          `json:"id"`
		BranchCode  string         `json:"branchCode"`
		Actor       string         `json:"actor"`
		ActorName   string         `json:"actorName"`
		Action      string         `json:"action"`
		ActionLabel string         `json:"actionLabel"`
		Detail      map[string]any `json:"detail"`
		Address     string         `json:"address"`
		At          string         `json:"at"`
	} `json:"items"`
	Total int `json:"total"`
}

type changePage struct {
	Items []struct {
		ID          int64  `json:"id"`
		BranchCode  string `json:"branchCode"`
		Entity      string `json:"entity"`
		EntityLabel string `json:"entityLabel"`
		EntityID    string `json:"entityId"`
		Record      *struct {
			Code, Name, Meal, Date string
		} `json:"record"`
		Action      string `json:"action"`
		ChangedBy   string `json:"changedBy"`
		ChangerName string `json:"changerName"`
		Fields      []struct {
			Field  string `json:"field"`
			Label  string `json:"label"`
			Before any    `json:"before"`
			After  any    `json:"after"`
		} `json:"fields"`
	} `json:"items"`
	Total int `json:"total"`
}

func (f fixture) get(t *testing.T, token, path, lang string, into any) {
	t.Helper()
	res := f.s.Do(apitest.Request{Method: "GET", Path: path, Token: token, Lang: lang})
	if res.Status != 200 {
		t.Fatalf("GET %s: %d %s", path, res.Status, res.Body)
	}
	res.Into(t, into)
}

func branchesOf(p activityPage) map[string]int {
	out := map[string]int{}
	for _, it := range p.Items {
		out[it.BranchCode]++
	}
	return out
}

func TestActivityRecordScopeAndFilters(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	// Failed sign-ins (no branch): of SRP01's Branch Admin, of the Super Admin (whose only
	// role is SAM), of no account; and the sign-ins above: the Branch Admin's and
	// Nutritionist's in SRP01, multi's choice of SRP02.
	for _, email := range []string{"branchadmin@samrap.local", "superadmin@samrap.local", "nobody@samrap.local"} {
		f.s.Do(apitest.Request{Method: "POST", Path: "/api/auth/accessToken",
			Form: url.Values{"username": {email}, "password": {"wrong-password"}}})
	}

	var p activityPage
	f.get(t, f.bam1, "/api/logs/activities?size=1000", "en", &p)
	if b := branchesOf(p); len(b) != 2 || b["SRP01"] == 0 || b[""] == 0 {
		t.Fatalf("the Branch Admin of SRP01 read the branches %v", b)
	}
	// A Branch Admin sees the entries of no branch of the accounts holding a role in its
	// branch (docs/logs.md): its own failed sign-in, not the Super Admin's nor an unknown one.
	f.get(t, f.bam1, "/api/logs/activities?action=auth.signInFailed", "en", &p)
	if p.Total != 1 || p.Items[0].Actor != "branchadmin@samrap.local" || p.Items[0].ActionLabel != "Sign-in failed" {
		t.Fatalf("SRP01's failed sign-ins: %+v", p)
	}
	f.get(t, f.bam2, "/api/logs/activities?action=auth.signInFailed", "en", &p)
	if p.Total != 0 {
		t.Fatalf("SRP02's Branch Admin sees SRP01's failed sign-ins: %+v", p)
	}
	f.get(t, f.bam1, "/api/logs/activities?size=1000", "en", &p)
	found := false
	for _, it := range p.Items {
		if it.Actor == "D0006" && it.Action == "auth.signIn" {
			found = it.ActionLabel == "Signed in" && it.ActorName == "Wilai Dulaesakha"
		}
	}
	if !found {
		t.Fatalf("the Branch Admin's own sign-in is not listed (labelled): %+v", p.Items)
	}
	// Even asking for SRP02 by the Super Admin's filter, a Branch Admin reads only its branch.
	f.get(t, f.bam1, "/api/logs/activities?size=1000&entryBranch=SRP02", "", &p)
	if b := branchesOf(p); len(b) != 2 || b["SRP01"] == 0 || b[""] == 0 {
		t.Fatalf("entryBranch widened a Branch Admin's view: %v", b)
	}
	// And naming another branch in branchCode is refused by the router.
	if res := f.s.Do(apitest.Request{Method: "GET", Path: "/api/logs/activities?branchCode=SRP02", Token: f.bam1}); res.Status != 403 {
		t.Fatalf("branchCode=SRP02 for SRP01's admin: %d", res.Status)
	}
	f.get(t, f.bam2, "/api/logs/activities?size=1000", "th", &p)
	if b := branchesOf(p); len(b) != 2 || b["SRP02"] == 0 || b[""] == 0 { // multi's sign-in before its choice
		t.Fatalf("the Branch Admin of SRP02 read the branches %v", b)
	}
	if p.Items[0].Actor != "D0007" || p.Items[0].Action != "auth.selectRole" || p.Items[0].ActionLabel != "เลือก/สลับสาขาและบทบาท" {
		t.Fatalf("SRP02's newest entry: %+v", p.Items[0])
	}
	// The Super Admin reads every branch, the entries of no branch too (the failed sign-in),
	// and narrows to one.
	f.get(t, f.sam, "/api/logs/activities?size=1000", "", &p)
	if b := branchesOf(p); b["SRP01"] == 0 || b["SRP02"] == 0 || b[""] == 0 {
		t.Fatalf("the Super Admin read the branches %v", b)
	}
	for i := 1; i < len(p.Items); i++ {
		if p.Items[i].At > p.Items[i-1].At || p.Items[i].At == p.Items[i-1].At && p.Items[i].ID > p.Items[i-1].ID {
			t.Fatalf("not newest first at %d: %+v", i, p.Items[i-1:i+1])
		}
	}
	all := p.Total
	f.get(t, f.sam, "/api/logs/activities?size=1000&entryBranch=SRP02", "", &p)
	if b := branchesOf(p); len(b) != 1 || b["SRP02"] == 0 {
		t.Fatalf("the Super Admin's SRP02 filter read %v", b)
	}
	// Filters: action, person (code or name, any case), dates; paging.
	f.get(t, f.sam, "/api/logs/activities?action=auth.signInFailed", "", &p)
	if p.Total != 3 || p.Items[2].Actor != "branchadmin@samrap.local" {
		t.Fatalf("failed sign-ins: %+v", p)
	}
	f.get(t, f.sam, "/api/logs/activities?person=wilai&size=1000", "", &p)
	for _, it := range p.Items {
		if it.ActorName != "Wilai Dulaesakha" {
			t.Fatalf("person=wilai answered %+v", it)
		}
	}
	if p.Total == 0 {
		t.Fatal("person=wilai answered nothing")
	}
	f.get(t, f.sam, "/api/logs/activities?person=d0004", "", &p)
	if p.Total != 1 || p.Items[0].Actor != "D0004" {
		t.Fatalf("person=d0004: %+v", p)
	}
	f.get(t, f.sam, "/api/logs/activities?size=2&page=2", "", &p)
	if p.Total != all || len(p.Items) != 2 {
		t.Fatalf("page 2 of 2: %d items of %d, want 2 of %d", len(p.Items), p.Total, all)
	}
	f.get(t, f.sam, "/api/logs/activities?dateFrom=2020-01-01&dateTo=2020-01-31", "", &p)
	if p.Total != 0 {
		t.Fatalf("January 2020: %+v", p)
	}
	for _, q := range []string{"dateFrom=2026-13-01", "dateFrom=2026-02-01&dateTo=2026-01-01", "dateFrom=2020-01-01&dateTo=2026-01-01"} {
		if res := f.s.Do(apitest.Request{Method: "GET", Path: "/api/logs/activities?" + q, Token: f.sam}); res.Status != 422 {
			t.Fatalf("%s: %d %s", q, res.Status, res.Body)
		}
	}
	// Only the two admin roles read the logs.
	for _, path := range []string{"/api/logs/activities", "/api/logs/changes", "/api/download/activityLog", "/api/logs/choices"} {
		if res := f.s.Do(apitest.Request{Method: "GET", Path: path, Token: f.nt}); res.Status != 403 {
			t.Fatalf("the Nutritionist on %s: %d", path, res.Status)
		}
	}
}

func TestActivityExport(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	res := f.s.Download(f.s.Do(apitest.Request{Method: "GET", Path: "/api/download/activityLog?action=auth.signIn", Token: f.bam1, Lang: "en"}))
	if res.FileName != "activity_log.xlsx" || res.Header.Get("Content-Type") != xlsx.ContentType || !strings.Contains(res.URL, "/exports/SRP01/activity-log/") {
		t.Fatalf("export: %+v %s", res.Link, res.Header)
	}
	var lines [][]string
	if err := xlsxread.FirstSheet(res.Body, ".xlsx", func(_ int, cells []string) error {
		lines = append(lines, cells)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if len(lines) < 2 || lines[0][0] != "วันเวลา / When" || lines[0][4] != "กิจกรรม / Action" {
		t.Fatalf("workbook: %v", lines)
	}
	for _, l := range lines[1:] {
		// SRP01's, and the sign-ins of no branch (before a branch is chosen) of its staff
		if l[1] != "SRP01" && (l[1] != "" || l[2] != "D0007") || l[4] != "Signed in" {
			t.Fatalf("line %v", l)
		}
	}
	if n := f.s.Count(`SELECT count(*) FROM activity_log WHERE action = 'logs.export' AND actor = 'D0006' AND branch_code = 'SRP01'
		AND detail->>'rows' = $1`, fmt.Sprint(len(lines)-1)); n != 1 {
		t.Fatalf("the export was not recorded (%d)", n)
	}
	if res := f.s.Do(apitest.Request{Method: "GET", Path: "/api/download/activityLog?dateFrom=2020-01-01&dateTo=2020-01-02", Token: f.bam1}); res.Status != 204 {
		t.Fatalf("an empty export: %d", res.Status)
	}
}

func TestChangeLogDiffScopeAndFilters(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ntSRP02 := f.s.TokenAs("multi@samrap.local", "SRP02", "BNT")
	save := func(token string, body map[string]any) string {
		t.Helper()
		res := f.s.Do(apitest.Request{Method: "POST", Path: "/api/parameter/updateDietType", Token: token, JSON: body})
		var rec map[string]any
		res.Into(t, &rec)
		if res.Status != 200 {
			t.Fatalf("save %v: %d %s", body, res.Status, res.Body)
		}
		return fmt.Sprint(rec["id"])
	}
	id := save(f.nt, map[string]any{"branchCode": "SRP01", "code": "LOG1", "nameTh": "อาหารทดสอบ", "nameEn": "Test food", "status": "ACTIVE"})
	idNum := 0
	fmt.Sscan(id, &idNum)
	save(f.nt, map[string]any{"branchCode": "SRP01", "id": idNum, "code": "LOG1", "nameTh": "อาหารทดสอบใหม่", "nameEn": "Test food", "status": "ACTIVE", "remark": "ลดเค็ม"})
	save(ntSRP02, map[string]any{"branchCode": "SRP02", "code": "LOG2", "nameTh": "อาหารเชียงใหม่", "status": "ACTIVE"})

	var p changePage
	f.get(t, f.bam1, "/api/logs/changes?entity=diet_type&entityId="+id, "en", &p)
	if p.Total != 2 || p.Items[0].Action != "update" || p.Items[1].Action != "create" {
		t.Fatalf("the diet type's changes, newest first: %+v", p)
	}
	upd := p.Items[0]
	if upd.EntityLabel != "Diet types" || upd.ChangedBy != "D0004" || upd.ChangerName != "Suda Phochana" {
		t.Fatalf("update entry: %+v", upd)
	}
	got := map[string]string{}
	for _, fc := range upd.Fields {
		got[fc.Field] = fmt.Sprintf("%s: %v → %v", fc.Label, fc.Before, fc.After)
	}
	if got["name_th"] != "Name (Thai): อาหารทดสอบ → อาหารทดสอบใหม่" || got["remark"] != "Remark:  → ลดเค็ม" {
		t.Fatalf("the update's fields: %v", got)
	}
	if _, ok := got["code"]; ok {
		t.Fatalf("an unchanged field is listed: %v", got)
	}
	if _, ok := got["updated_at"]; ok || len(got) != 2 {
		t.Fatalf("the entry's own time is listed as a field: %v", got)
	}
	f.get(t, f.bam1, "/api/logs/changes?entity=diet_type&entityId="+id, "th", &p)
	for _, fc := range p.Items[0].Fields {
		if fc.Field == "name_th" && fc.Label != "ชื่อ (ไทย)" {
			t.Fatalf("Thai label: %+v", fc)
		}
	}
	// Branch scoping.
	f.get(t, f.bam1, "/api/logs/changes?size=1000", "", &p)
	for _, it := range p.Items {
		if it.BranchCode != "SRP01" {
			t.Fatalf("SRP01's admin read %+v", it)
		}
	}
	f.get(t, f.bam2, "/api/logs/changes?entity=diet_type&person=D0007", "", &p)
	if p.Total != 1 || p.Items[0].BranchCode != "SRP02" || p.Items[0].ChangedBy != "D0007" {
		t.Fatalf("SRP02's admin: %+v", p)
	}
	f.get(t, f.sam, "/api/logs/changes?entity=diet_type&person=D000", "", &p)
	if p.Total != 3 {
		t.Fatalf("the Super Admin: %+v", p)
	}
	f.get(t, f.sam, "/api/logs/changes?entity=diet_type&person=D000&entryBranch=SRP02", "", &p)
	if p.Total != 1 || p.Items[0].BranchCode != "SRP02" {
		t.Fatalf("the Super Admin's SRP02 filter: %+v", p)
	}
	f.get(t, f.sam, "/api/logs/changes?entity=diet_type&person=mana", "", &p)
	if p.Total != 1 || p.Items[0].ChangedBy != "D0007" {
		t.Fatalf("person=mana: %+v", p)
	}
	f.get(t, f.sam, "/api/logs/changes?entity=diet_type&person=D000&size=1&page=3", "", &p)
	if p.Total != 3 || len(p.Items) != 1 || p.Items[0].Action != "create" || p.Items[0].BranchCode != "SRP01" {
		t.Fatalf("the last page: %+v", p)
	}
	f.get(t, f.sam, "/api/logs/changes?entity=diet_type&dateFrom=2020-01-01&dateTo=2020-12-31", "", &p)
	if p.Total != 0 {
		t.Fatalf("2020: %+v", p)
	}
}

func TestChoices(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	var c struct {
		Actions, Entities []struct{ Code, Label string }
	}
	f.get(t, f.bam1, "/api/logs/choices", "en", &c)
	labels := map[string]string{}
	for _, a := range append(c.Actions, c.Entities...) {
		labels[a.Code] = a.Label
	}
	if labels["auth.signIn"] != "Signed in" || labels["patient"] != "Patient" || labels["diet_type"] != "Diet types" {
		t.Fatalf("choices: %+v", c)
	}
}

// Every activity code an area writes is in the one list of labels (actions.go), so that the
// screen never shows a bare code for something the product does today.
func TestEveryRecordedActionIsLabelled(t *testing.T) {
	t.Parallel()
	// the ways an area names its action: a literal Activity, audit.Of, a helper of its own
	// (users' activity, orders' record), a variable named action; the reports name theirs by
	// the kind they deliver ("reports." + kind)
	written := regexp.MustCompile(`(?:Action:\s*|activity\(ctx, \w+, \w+, |audit\.Of\(\w+, |\.record\(\w+, |\baction(?:, [\w\[\]"]+)?\s*:?=\s*)"([a-zA-Z]+\.[a-zA-Z-]+)"`)
	delivered := regexp.MustCompile(`\.deliver\(\w+, \w+, "([a-zA-Z-]+)"`)
	listed := map[string]bool{}
	for _, c := range logs.ActionCodes() {
		listed[c] = true
	}
	found := 0
	err := filepath.WalkDir(filepath.Join("..", ".."), func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case "node_modules", ".git", "web", "infra":
				return filepath.SkipDir
			}
			return nil
		}
		if filepath.Ext(path) != ".go" || strings.HasSuffix(path, "_test.go") || filepath.Base(path) == "actions.go" ||
			filepath.Base(path) == "audit.go" {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		var codes []string
		for _, m := range written.FindAllStringSubmatch(string(b), -1) {
			codes = append(codes, m[1])
		}
		for _, m := range delivered.FindAllStringSubmatch(string(b), -1) {
			codes = append(codes, "reports."+m[1])
		}
		for _, c := range codes {
			found++
			if !listed[c] {
				t.Errorf("%s records %q, which pkg/logs/actions.go does not label", path, c)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if found < 25 {
		t.Fatalf("only %d recorded actions found: the scan is broken", found)
	}
}

// A master-data reference is logged as an id; the change log shows the row it names, under
// the name of what it refers to.
func TestChangeLogNamesReferences(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	var wards, types struct {
		Items []map[string]any `json:"items"`
	}
	f.get(t, f.nt, "/api/parameter/searchWard?size=1", "", &wards)
	f.get(t, f.nt, "/api/parameter/searchWardType?size=10", "", &types)
	if len(wards.Items) == 0 || len(types.Items) < 2 {
		t.Fatalf("demo wards %v, ward types %v", wards, types)
	}
	ward := wards.Items[0]
	var to map[string]any
	for _, wt := range types.Items {
		if wt["id"] != ward["wardTypeId"] {
			to = wt
		}
	}
	ward["branchCode"] = "SRP01"
	ward["wardTypeId"] = to["id"]
	if res := f.s.Do(apitest.Request{Method: "POST", Path: "/api/parameter/updateWard", Token: f.nt, JSON: ward}); res.Status != 200 {
		t.Fatalf("update ward: %d %s", res.Status, res.Body)
	}
	var p changePage
	f.get(t, f.bam1, fmt.Sprintf("/api/logs/changes?entity=ward&entityId=%v", ward["id"]), "en", &p)
	if p.Total == 0 || p.Items[0].Action != "update" {
		t.Fatalf("the ward's changes: %+v", p)
	}
	for _, fc := range p.Items[0].Fields {
		if fc.Field != "ward_type_id" {
			continue
		}
		after, _ := fc.After.(map[string]any)
		before, _ := fc.Before.(map[string]any)
		if fc.Label != "Ward type" || after["code"] != to["code"] || after["nameTh"] != to["nameTh"] || before["code"] == nil {
			t.Fatalf("the ward type's change: %+v", fc)
		}
		return
	}
	t.Fatalf("no ward type in %+v", p.Items[0].Fields)
}

// A change to a patient's nutrition targets or the worklist's "seen" is named by the patient
// (its entity id is the HN), as the patient's own changes are.
func TestPatientNutritionChangesNameThePatient(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	hn := "SRP01-HN10001"
	if err := audit.WriteChange(t.Context(), f.s.DB, audit.Change{BranchCode: "SRP01", Entity: "patient_nutrition", EntityID: hn,
		Action: "update", Before: map[string]any{"weightKg": 60}, After: map[string]any{"weightKg": 58}, By: "D0005"}); err != nil {
		t.Fatal(err)
	}
	var p changePage
	f.get(t, f.bam1, "/api/logs/changes?entity=patient_nutrition&entityId="+hn, "en", &p)
	if p.Total != 1 || p.Items[0].Record == nil || p.Items[0].Record.Code != hn || p.Items[0].Record.Name == "" {
		t.Fatalf("the nutrition change's record: %+v", p)
	}
}

// The exports of the product's other areas are in the record (not the blank templates).
func TestOtherExportsAreRecorded(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctl := f.s.SignIn("controller@samrap.local").Access
	for _, c := range []struct{ token, path string }{
		{f.nt, "/api/download/masterDataType?branchCode=SRP01&type=DietType"},
		{f.nt, "/api/download/masterDataType?branchCode=SRP01&type=DietType&template=true"},
		{f.nt, "/api/download/menuDataType?branchCode=SRP01&type=Menu"},
		{ctl, "/api/download/patientChangeLog"},
	} {
		if res := f.s.Do(apitest.Request{Method: "GET", Path: c.path, Token: c.token}); res.Status != 200 && res.Status != 204 {
			t.Fatalf("%s: %d %s", c.path, res.Status, res.Body)
		}
	}
	var p activityPage
	f.get(t, f.bam1, "/api/logs/activities?action=files.export", "en", &p)
	if p.Total != 2 || p.Items[0].Actor != "D0004" || p.Items[0].ActionLabel != "Exported master data or menus" {
		t.Fatalf("master data and menu exports (not the template): %+v", p)
	}
	if n := f.s.Count(`SELECT count(*) FROM activity_log WHERE action = 'files.export' AND detail->>'type' IN ('DietType', 'Menu')`); n != 2 {
		t.Fatalf("the exports' types: %d", n)
	}
	f.get(t, f.bam1, "/api/logs/activities?action=patients.exportChanges", "en", &p)
	if p.Total != 1 || p.Items[0].Actor != "D0001" {
		t.Fatalf("the patient change record export: %+v", p)
	}
}

// Ordering and serving through their routes are in the activity record, labelled, with the
// patients and meals in the detail; their change-log entries show every field labelled.
func TestOrdersAndServingAreRecorded(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	taker, server := f.s.SignIn("ordertaker@samrap.local").Access, f.s.SignIn("serve@samrap.local").Access
	var lunch, dish int64
	err := f.s.DB.QueryRow(ctx, `WITH m AS (
			INSERT INTO menu (branch_code, code, name_th, name_en, cuisine_type_id, meal_component_id, iddsi_type, iddsi_level)
			SELECT 'SRP01', 'T-LOG', 'ทดสอบบันทึก', 'Log test', c.id, p.id, 'FOOD', 7
			FROM cuisine_type c, meal_component p WHERE c.branch_code = 'SRP01' AND c.code = 'CU01'
				AND p.branch_code = 'SRP01' AND p.code = 'MP01' RETURNING id),
		c AS (INSERT INTO cycle_menu (branch_code, cycle_id, cycle_day_count, day_no, meal_time_id, menu_id)
			SELECT 'SRP01', y.id, y.day_count, d, t.id, m.id FROM m, cycle y, meal_time t, generate_series(1, 7) d
			WHERE y.branch_code = 'SRP01' AND y.code = 'CY-WEEK' AND t.branch_code = 'SRP01' AND t.code = 'MT02')
		SELECT m.id, t.id FROM m, meal_time t WHERE t.branch_code = 'SRP01' AND t.code = 'MT02'`).Scan(&dish, &lunch)
	if err != nil {
		t.Fatal(err)
	}
	for _, hn := range []string{"L-1", "L-2", "L-3"} {
		if _, err := f.s.DB.Exec(ctx, `INSERT INTO patient (branch_code, hn_id, first_name_th, last_name_th, first_name_en, last_name_en, ward_id)
			SELECT 'SRP01', $1, 'ทดสอบ', $1, 'Test', $1, w.id FROM ward w WHERE w.branch_code = 'SRP01' AND w.code = 'W01'`, hn); err != nil {
			t.Fatal(err)
		}
	}
	today := f.s.Clock.Now().In(day.Bangkok).Format("2006-01-02")
	tomorrow := f.s.Clock.Now().In(day.Bangkok).AddDate(0, 0, 1).Format("2006-01-02")
	order := func(hn, date string) (string, string) {
		t.Helper()
		return f.s.Order(t, taker, "", map[string]any{"branchCode": "SRP01", "hnId": hn, "dates": []string{date},
			"mealTimeIds": []int64{lunch}, "orderType": "ORD", "foodScope": "BOTH", "courseType": "MENU", "remark": "no ice",
			"items": []map[string]any{{"menuId": dish}}})
	}
	update := func(token, wristband, action, reason string) {
		t.Helper()
		res := f.s.Do(apitest.Request{Method: "POST", Path: "/api/serve/update", Token: server,
			JSON: map[string]any{"branchCode": "SRP01", "token": token, "wristband": wristband, "action": action,
				"rejectReason": reason, "deviceId": "device-1", "requestId": fmt.Sprintf("00000000-0000-4000-8000-%012d", len(action)+len(reason))}})
		if res.Status != 200 {
			t.Fatalf("%s: %d %s", action, res.Status, res.Body)
		}
	}
	served, tok1 := order("L-1", today)
	_, tok2 := order("L-2", today)
	cancelled, _ := order("L-3", tomorrow)
	update(tok1, "L-1", "SERVED", "")
	update(tok2, "L-1", "REJECTED", "wrong bed")
	// a scan that does not match, as the Serve screen verifies before it confirms or rejects
	if res := f.s.Do(apitest.Request{Method: "POST", Path: "/api/serve/verify", Token: server,
		JSON: map[string]any{"branchCode": "SRP01", "token": tok2, "wristband": "L-3", "deviceId": "device-1"}}); res.Status != 200 {
		t.Fatalf("verify: %d %s", res.Status, res.Body)
	}
	if res := f.s.Do(apitest.Request{Method: "POST", Path: "/api/takerOrder/cancel", Token: taker,
		JSON: map[string]any{"branchCode": "SRP01", "orderId": cancelled, "cancelReason": "patient"}}); res.Status != 200 {
		t.Fatalf("cancel: %d %s", res.Status, res.Body)
	}

	// the same request sent twice (its idempotency key) is one order and one entry
	for range 2 {
		res := f.s.Do(apitest.Request{Method: "POST", Path: "/api/takerOrder/submitOrder", Token: taker,
			JSON: map[string]any{"branchCode": "SRP01", "hnId": "L-2", "dates": []string{tomorrow}, "mealTimeIds": []int64{lunch},
				"orderType": "ORD", "foodScope": "BOTH", "courseType": "MENU", "idempotencyKey": "logs-once",
				"items": []map[string]any{{"menuId": dish}}}})
		if res.Status != 200 {
			t.Fatalf("order twice: %d %s", res.Status, res.Body)
		}
	}

	want := map[string]string{"orders.submit": "สั่งอาหาร", "orders.cancel": "ยกเลิกรายการสั่งอาหาร",
		"serve.served": "ยืนยันการเสิร์ฟอาหาร", "serve.rejected": "ปฏิเสธการเสิร์ฟอาหาร",
		"serve.mismatch": "สแกนแล้วผู้ป่วยและอาหารไม่ตรงกัน"}
	for action, label := range want {
		var p activityPage
		f.get(t, f.bam1, "/api/logs/activities?action="+action, "th", &p)
		n := map[string]int{"orders.submit": 4}[action]
		if n == 0 {
			n = 1
		}
		if p.Total != n || p.Items[0].ActionLabel != label || p.Items[0].BranchCode != "SRP01" || p.Items[0].ActorName == "" {
			t.Fatalf("%s: %+v", action, p)
		}
	}
	for _, c := range []struct{ action, hn string }{{"orders.submit", "L-1"}, {"orders.cancel", "L-3"}, {"serve.served", "L-1"},
		{"serve.rejected", "L-2"}, {"serve.mismatch", "L-2"}} {
		if n := f.s.Count(`SELECT count(*) FROM activity_log WHERE action = $1 AND detail->'hnIds' ? $2
			AND (detail->>'count')::int = 1 AND detail->'mealTypes'->0->>'code' = 'MT02'`, c.action, c.hn); n != 1 {
			t.Fatalf("the detail of %s for %s: %d", c.action, c.hn, n)
		}
	}
	if n := f.s.Count(`SELECT count(*) FROM activity_log WHERE action = 'serve.rejected' AND detail->>'rejectReason' = 'wrong bed'
		AND detail->'reasons' ? 'WRONG_PATIENT'`); n != 1 {
		t.Fatalf("the rejection's reasons: %d", n)
	}
	// the mismatch and the rejection read with their reasons in words, in the reader's language
	for action, lang := range map[string]string{"serve.mismatch": "en", "serve.rejected": "th"} {
		var p activityPage
		f.get(t, f.bam1, "/api/logs/activities?action="+action, lang, &p)
		want := map[string]string{"en": "This meal card is for another patient", "th": "บัตรอาหารไม่ใช่ของผู้ป่วยรายนี้"}[lang]
		if reasons, _ := p.Items[0].Detail["reasons"].([]any); len(reasons) != 1 || reasons[0] != want {
			t.Errorf("%s's reasons: %v", action, p.Items[0].Detail)
		}
		if action == "serve.mismatch" && (p.Items[0].Detail["wristband"] != "L-3" || p.Items[0].Detail["deviceId"] != "device-1") {
			t.Errorf("the mismatch's scan: %v", p.Items[0].Detail)
		}
	}
	// Every action in the record is labelled (not just those this test wrote).
	listed := map[string]bool{}
	for _, c := range logs.ActionCodes() {
		listed[c] = true
	}
	rows, err := f.s.DB.Query(ctx, `SELECT DISTINCT action FROM activity_log`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var a string
		if err := rows.Scan(&a); err != nil {
			t.Fatal(err)
		}
		if !listed[a] {
			t.Errorf("the record holds %q, which has no label", a)
		}
	}
	rows.Close()

	// The change log of the served and the cancelled orders and of the serving record: every
	// field labelled, the technical ones left out, references and values readable.
	for _, id := range []string{served, cancelled} {
		var p changePage
		f.get(t, f.bam1, "/api/logs/changes?entity=meal_order&entityId="+id, "en", &p)
		if p.Total != 2 || p.Items[0].EntityLabel != "Meal order" {
			t.Fatalf("the order's changes: %+v", p)
		}
		fields := map[string]any{} // as it is now: the newest entry's value of each field
		for i := len(p.Items) - 1; i >= 0; i-- {
			it := p.Items[i]
			for _, fc := range it.Fields {
				if fc.Label == fc.Field || fc.Label == "" {
					t.Errorf("%s of %s has no label", fc.Field, it.Entity)
				}
				fields[fc.Field] = fc.After
			}
		}
		for _, k := range []string{"version", "orderId", "mealTimeId", "branchCode"} {
			if _, ok := fields[k]; ok {
				t.Errorf("the technical field %s is shown", k)
			}
		}
		if mt, _ := fields["mealType"].(map[string]any); mt["code"] != "MT02" || fields["remark"] != "no ice" ||
			fields["orderType"] != "Order food" || fields["courseType"] != "Menu" {
			t.Errorf("the order's meal type, remark, type and course: %v", fields)
		}
		want := map[string]any{served: "Served", cancelled: "Cancelled"}[id]
		if fields["status"] != want || id == cancelled && fields["cancelReason"] != "By patient" {
			t.Errorf("the order's status and cancel reason in words: %v", fields)
		}
	}
	var p changePage
	f.get(t, f.bam1, "/api/logs/changes?entity=serve_record&entityId="+served, "en", &p)
	if p.Total != 1 || p.Items[0].EntityLabel != "Serving record" || len(p.Items[0].Fields) < 4 {
		t.Fatalf("the serving record: %+v", p)
	}
	for _, fc := range p.Items[0].Fields {
		if fc.Label == fc.Field {
			t.Errorf("%s of a serving record has no label", fc.Field)
		}
	}

	// QA #8: an order and its serving record are named by the patient, the meal and the day,
	// not the order's UUID; the person who served by name with the code; a long device id
	// shortened.
	var mealEn string
	if err := f.s.DB.QueryRow(ctx, `SELECT name_en FROM meal_time WHERE id = $1`, lunch).Scan(&mealEn); err != nil {
		t.Fatal(err)
	}
	for _, entity := range []string{"meal_order", "serve_record"} {
		var p changePage
		f.get(t, f.bam1, "/api/logs/changes?entity="+entity+"&entityId="+served, "en", &p)
		r := p.Items[0].Record
		if r == nil || r.Code != "L-1" || r.Name != "Test L-1" || r.Meal != mealEn || r.Date != today {
			t.Errorf("%s's record: %+v, want L-1, Test L-1, %s, %s", entity, r, mealEn, today)
		}
	}
	servedBy := ""
	for _, fc := range p.Items[0].Fields {
		if fc.Field == "servedBy" {
			servedBy = fmt.Sprint(fc.After)
		}
	}
	if servedBy != "Somsak Serfwai (D0003)" {
		t.Errorf("servedBy: %q, want the name with the code", servedBy)
	}
	// QA #17: an entry written by no person (the demo data, the system) names its author
	if _, err := f.s.DB.Exec(ctx, `INSERT INTO change_log (branch_code, entity, entity_id, action, after, changed_by)
		VALUES ('SRP01', 'patient', 'L-2', 'update', '{"remark": "x"}', 'demo'), ('SRP01', 'patient', 'L-3', 'update', '{"remark": "y"}', '')`); err != nil {
		t.Fatal(err)
	}
	for hn, want := range map[string]string{"L-2": "System (demo data)", "L-3": "System"} {
		var p changePage
		f.get(t, f.bam1, "/api/logs/changes?entity=patient&entityId="+hn, "en", &p)
		if p.Items[0].ChangerName != want || p.Items[0].Record == nil || p.Items[0].Record.Name != "Test "+hn {
			t.Errorf("%s: %q %+v, want %q and the patient by name", hn, p.Items[0].ChangerName, p.Items[0].Record, want)
		}
	}
}

// Every activity entry written in answer to a request carries the caller's address, also
// where the area's service takes only a context (issue 31: choosing a pair, signing out,
// lifting a sign-in delay, assigning and unassigning, the exports were recorded without).
func TestEveryActivityOfARequestHasItsAddress(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	const from = "198.51.100.77"
	var since int64
	if err := f.s.DB.QueryRow(ctx, `SELECT coalesce(max(id), 0) FROM activity_log`).Scan(&since); err != nil {
		t.Fatal(err)
	}
	var serve, ordertaker int64
	if err := f.s.DB.QueryRow(ctx, `SELECT (SELECT id FROM app_user WHERE email = 'serve@samrap.local'),
		(SELECT id FROM app_user WHERE email = 'ordertaker@samrap.local')`).Scan(&serve, &ordertaker); err != nil {
		t.Fatal(err)
	}
	ctl := f.s.SignIn("controller@samrap.local").Access
	multi := f.s.SignIn("multi@samrap.local")
	today := f.s.Clock.Now().In(day.Bangkok).Format("2006-01-02")
	for _, c := range []struct {
		token, method, path string
		body                any
	}{
		{multi.Access, "POST", "/api/auth/selectRole", map[string]any{"branchCode": "SRP02", "roleCode": "BAM"}},
		{multi.Access, "POST", "/api/auth/logout", nil},
		{f.bam1, "POST", "/api/auth/unlockUser", map[string]any{"branchCode": "SRP01", "userId": ordertaker}},
		{f.bam1, "POST", "/api/auth/assign", map[string]any{"branchCode": "SRP01", "roleCode": "BOD", "userIds": []int64{serve}}},
		{f.bam1, "POST", "/api/auth/unassign", map[string]any{"branchCode": "SRP01", "roleCode": "BOD", "userIds": []int64{serve}}},
		{f.bam1, "GET", "/api/download/activityLog", nil},
		{f.bam1, "GET", "/api/download/userPermissionReport?branchCode=SRP01", nil},
		{f.bam1, "POST", "/api/download/patientSatisfaction", map[string]any{}},
		{f.bam1, "POST", "/api/download/workPerformance", map[string]any{"dateFrom": today, "dateTo": today}},
		{f.nt, "GET", "/api/download/masterDataType?branchCode=SRP01&type=DietType", nil},
		{ctl, "GET", "/api/download/patientChangeLog", nil},
		{ctl, "POST", "/api/download/excelCuisine", map[string]any{"branchCode": "SRP01", "dateOrder": today, "type": "MENU",
			"mealTimeIds": "ALL", "wardTypeIds": "ALL", "wardIds": "ALL", "roomIds": "ALL", "cuisineTypeIds": "ALL",
			"dietTypeIds": "ALL", "therapeuticIds": "ALL", "allergenIds": "ALL", "restrictedIds": "ALL", "foodScope": "ALL",
			"orderType": "ALL"}},
		{f.s.SignIn("ordertaker@samrap.local").Access, "POST", "/api/auth/changePassword", map[string]any{
			"currentPassword": demo.Password, "newPassword": "Changed#2026-logs", "confirmPassword": "Changed#2026-logs"}},
	} {
		res := f.s.Do(apitest.Request{Method: c.method, Path: c.path, Token: c.token, JSON: c.body, From: from})
		if res.Status != 200 && res.Status != 204 {
			t.Fatalf("%s %s: %d %s", c.method, c.path, res.Status, res.Body)
		}
	}
	for _, action := range []string{"auth.selectRole", "auth.signOut", "auth.liftDelay", "users.assign", "users.unassign",
		"logs.export", "users.export", "surveys.export", "performance.export", "files.export", "patients.exportChanges",
		"reports.kitchen", "auth.passwordChanged"} {
		var p activityPage
		f.get(t, f.sam, "/api/logs/activities?size=100&action="+action, "en", &p)
		found := 0
		for _, it := range p.Items {
			if it.ID > since {
				found++
				if it.Address != from {
					t.Errorf("%s: address %q, want %q", action, it.Address, from)
				}
			}
		}
		if found == 0 {
			t.Errorf("%s: not in the record: %+v", action, p)
		}
	}
	rows, err := f.s.DB.Query(ctx, `SELECT action, address FROM activity_log WHERE id > $1 AND address = '' ORDER BY id`, since)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var action, address string
		if err := rows.Scan(&action, &address); err != nil {
			t.Fatal(err)
		}
		t.Errorf("%s recorded without an address", action)
	}
}

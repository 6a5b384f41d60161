package pipeline_test

import (
	"errors"
	"runtime"
	"strings"
	"testing"

	"samrap/pkg/apitest"
	"samrap/pkg/imports"
	"samrap/pkg/imports/pipeline"
	"samrap/pkg/params"
	"samrap/pkg/users"
)

// The spreadsheet bombs of testdata/make-bombs.go: a workbook whose parts decompress past
// the limit, whose part count passes it, or whose archive lies about a part's size, and
// .xls files whose tables claim more than the file holds, are refused before they are
// read: the job ends FAILED with the reason in the uploader's language.
var bombs = []struct{ file, reason string }{
	{"bomb_media.xlsx", "too large once decompressed"},
	{"bomb_docprops.xlsx", "too large once decompressed"},
	{"bomb_parts.xlsx", "too large once decompressed"},
	{"bomb_lying.xlsx", "not a valid Excel"},
	{"bomb_sst.xls", "too large once decompressed"},
}

func TestBombsFailTheJob(t *testing.T) {
	t.Parallel()
	s := newServer(t)
	sam := s.SignIn("superadmin@samrap.local").Access
	for _, b := range bombs {
		var j apitest.Job
		if strings.HasSuffix(b.file, ".xls") {
			_, j = s.uploadUsers(t, sam, b.file, apitest.Testdata(t, b.file), "false")
		} else {
			j = s.importFile(t, "DietType", b.file, apitest.Testdata(t, b.file), "en")
		}
		if j.Status != imports.Failed || !strings.Contains(j.Error, b.reason) || j.Added != 0 {
			t.Errorf("%s: %+v", b.file, j)
		}
	}
	j := s.importFile(t, "DietType", "bomb_media.xlsx", apitest.Testdata(t, "bomb_media.xlsx"), "th")
	if j.Status != imports.Failed || !strings.Contains(j.Error, "ใหญ่เกินไป") {
		t.Errorf("in Thai: %+v", j)
	}
	// An .xls whose workbook stream is under 4 KiB: the reader cannot read it; the reason
	// says what to do.
	if _, j := s.uploadUsers(t, sam, "small.xls", apitest.Testdata(t, "small.xls"), "false"); j.Status != imports.Failed ||
		!strings.Contains(j.Error, "save it as .xlsx") {
		t.Errorf("small.xls: %+v", j)
	}
	if n := s.Count(`SELECT count(*) FROM diet_type WHERE code LIKE 'FX%'`); n != 0 {
		t.Fatalf("a bomb stored %d rows", n)
	}
}

// Reading a bomb allocates next to nothing (each hides 128 MiB, or claims 2^31 strings).
// Not parallel: the process's allocations during the read are the read's.
func TestBombsKeepMemoryBounded(t *testing.T) {
	k, _ := params.KindOf("DietType")
	userCols := users.ImportColumns()
	for _, b := range bombs {
		data := apitest.Testdata(t, b.file)
		cols := params.Columns(k)
		if strings.HasSuffix(b.file, ".xls") {
			cols = userCols
		}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, err := pipeline.ReadSheet(data, b.file, cols)
		runtime.ReadMemStats(&after)
		if !errors.Is(err, pipeline.ErrTooLarge) && !errors.Is(err, pipeline.ErrNotExcel) {
			t.Errorf("%s: %v", b.file, err)
		}
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 16<<20 {
			t.Errorf("%s: reading it allocated %d MB", b.file, alloc>>20)
		}
	}
}

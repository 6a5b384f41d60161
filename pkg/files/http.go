// Package files is the files area: uploads for import (/upload/*) and downloads
// (/download/*). An upload is stored in the uploads bucket under a key naming its job; the
// bucket's notification starts import-worker, and the client follows the job.
package files

import (
	"bytes"
	"errors"
	"fmt"
	"log/slog"
	"mime/multipart"
	"net/http"
	"path"
	"slices"
	"strconv"
	"strings"
	"time"

	"samrap/pkg/audit"
	"samrap/pkg/auth"
	"samrap/pkg/blob"
	"samrap/pkg/db"
	"samrap/pkg/download"
	"samrap/pkg/errs"
	"samrap/pkg/httpx"
	"samrap/pkg/i18n"
	"samrap/pkg/imports"
	"samrap/pkg/imports/pipeline"
	"samrap/pkg/menus"
	"samrap/pkg/params"
	"samrap/pkg/patients"
	"samrap/pkg/platform"
	"samrap/pkg/queue"
	"samrap/pkg/session"
	"samrap/pkg/users"
	"samrap/pkg/xlsx"
)

// uploadLimit bounds an upload request: the file (pipeline.MaxFileSize) and the form around it.
const uploadLimit = pipeline.MaxFileSize + 64<<10

// LinkTTL is the life of a signed link to a failed-rows workbook.
const LinkTTL = 5 * time.Minute

var (
	errFileRequired = errs.Fields(map[string]string{"file": "files.fileRequired"})
	errOneFile      = errs.Fields(map[string]string{"file": "files.oneFile"})
	errFormat       = errs.Fields(map[string]string{"file": "files.unsupportedFormat"})
	errFormatXLS    = errs.Fields(map[string]string{"file": "users.unsupportedFormat"})
	errEmpty        = errs.Fields(map[string]string{"file": "files.emptyFile"})
	errTooLarge     = &errs.Error{Kind: errs.TooLarge, Key: "files.tooLarge", Fields: map[string]string{"file": "files.tooLarge"}}
	errType         = errs.Fields(map[string]string{"type": "files.typeUnknown"})
)

// Importers are the imports the upload API takes and import-worker runs: each master-data
// kind's, the user import, the patient import and the menus' (dishes, cycle contents), over
// pool, now and log; the user import invites through a. A new import is one more
// registration here (docs/imports.md).
func Importers(pool *db.Pool, now func() time.Time, log *slog.Logger, a *auth.Service) imports.Registry {
	imps := append(params.Importers(params.NewService(pool, log)), users.Importer(users.NewService(pool, a)),
		patients.Importer(patients.NewService(pool, now)))
	return imports.NewRegistry(append(imps, menus.Importers(menus.NewService(pool))...)...)
}

// ImportWorker is import-worker's queue handler (functions/import-worker, functions/local).
func ImportWorker(env *platform.Env) queue.Handler {
	a := auth.NewService(env.DB, env.Keys, env.Now, env.Log, env.Mail, env.Config.PublicURL)
	w := &pipeline.Worker{DB: env.DB, Uploads: env.Uploads, Files: env.Files, Log: env.Log,
		Importers: Importers(env.DB, env.Now, env.Log, a)}
	return w.Handle
}

// Mount adds the area's routes (functions/catalog.json, function "files").
func Mount(env *platform.Env, rt *httpx.Router) {
	a := auth.NewService(env.DB, env.Keys, env.Now, env.Log, env.Mail, env.Config.PublicURL)
	h := handlers{db: env.DB, uploads: env.Uploads, files: download.Files{Bucket: env.Files, Now: env.Now},
		params: params.NewService(env.DB, env.Log), menus: menus.NewService(env.DB), patients: patients.NewService(env.DB, env.Now),
		importers: Importers(env.DB, env.Now, env.Log, a)}
	nutritionist := httpx.Roles(session.Nutritionist)
	rt.Handle("POST /api/upload/masterData", nutritionist.Limit(uploadLimit), h.uploadMasterData)
	rt.Handle("POST /api/upload/user", httpx.Roles(session.SuperAdmin).Limit(uploadLimit), h.uploadUser)
	rt.Handle("POST /api/upload/patientData", httpx.Roles(session.Controller).Limit(uploadLimit), h.uploadPatients)
	rt.Handle("GET /api/upload/jobs/{id}", httpx.Roles(h.importers.Roles()...), h.job)
	rt.Handle("GET /api/download/masterDataType", nutritionist, h.masterDataType)
	rt.Handle("POST /api/upload/menuData", nutritionist.Limit(uploadLimit), h.uploadMenuData)
	rt.Handle("GET /api/download/menuDataType", nutritionist, h.menuDataType)
	controller := httpx.Roles(session.Controller)
	rt.Handle("GET /api/download/patientChangeLog", controller, h.patientChanges)
	rt.Handle("GET /api/download/templatePatient", controller, h.patientTemplate)
}

type handlers struct {
	db        *db.Pool
	uploads   blob.Store // where uploads go
	files     download.Files
	params    *params.Service
	menus     *menus.Service
	patients  *patients.Service
	importers imports.Registry
}

func (h handlers) uploadMasterData(w http.ResponseWriter, r *http.Request) error {
	if err := parseUpload(r); err != nil {
		return err
	}
	defer r.MultipartForm.RemoveAll()
	branch := r.FormValue("branchCode")
	bad := map[string]string{}
	if branch == "" {
		bad["branchCode"] = "field.required"
	}
	kind, ok := params.KindOf(r.FormValue("type"))
	if r.FormValue("type") == "" {
		bad["type"] = "field.required"
	} else if !ok {
		return errType
	}
	if len(bad) > 0 {
		return errs.Fields(bad)
	}
	// parseUpload has refused a branch other than the current one.
	return h.store(w, r, imports.Job{BranchCode: branch, Type: kind.Name})
}

// parseUpload reads an upload's form (pkg/httpx: hostile text, other branches), telling a
// file too large in the words of the import dialog.
func parseUpload(r *http.Request) error {
	err := httpx.ParseMultipart(r, 1<<20)
	if errors.Is(err, errs.ErrTooLarge) {
		return errTooLarge
	}
	return err
}

// uploadUser takes a workbook of accounts to add (Super Admin; SPEC.md §5: .xlsx or .xls).
// Accounts are group-wide; the job belongs to the caller's current branch.
func (h handlers) uploadUser(w http.ResponseWriter, r *http.Request) error {
	if err := parseUpload(r); err != nil {
		return err
	}
	defer r.MultipartForm.RemoveAll()
	send := false
	if v := r.FormValue("sendEmail"); v != "" {
		var err error
		if send, err = strconv.ParseBool(v); err != nil {
			return errs.Fields(map[string]string{"sendEmail": "field.invalid"})
		}
	}
	return h.store(w, r, imports.Job{BranchCode: httpx.Claims(r).Current.BranchCode, Type: users.ImportType, SendEmail: send})
}

// uploadPatients takes a workbook of patients to add or update (Controller; form: file,
// branchCode, createBy — the token says who).
func (h handlers) uploadPatients(w http.ResponseWriter, r *http.Request) error {
	if err := parseUpload(r); err != nil { // another branch named: 403
		return err
	}
	defer r.MultipartForm.RemoveAll()
	branch := r.FormValue("branchCode")
	if branch == "" {
		return errs.Fields(map[string]string{"branchCode": "field.required"})
	}
	return h.store(w, r, imports.Job{BranchCode: branch, Type: patients.ImportType})
}

// store checks the form's file against the job type's importer, creates the job, then
// stores the file under the job's key: the bucket's notification of it starts
// import-worker.
func (h handlers) store(w http.ResponseWriter, r *http.Request, job imports.Job) error {
	imp, ok := h.importers[job.Type]
	if !ok {
		return errType
	}
	if !h.importers.Allows(job.Type, httpx.Claims(r).Current.RoleCode) {
		return errs.ErrForbidden
	}
	fh, err := oneFile(r.MultipartForm, imp.Exts...)
	if err != nil {
		return err
	}
	file, err := fh.Open()
	if err != nil {
		return fmt.Errorf("files.upload: open part: %w", err)
	}
	defer file.Close()

	name := cleanName(fh.Filename)
	job.ID, job.FileName, job.Lang, job.CreatedBy = imports.NewJobID(), name, string(httpx.Lang(r)), httpx.Claims(r).EmployeeCode
	job.Key = imports.UploadKey(job.BranchCode, job.Type, job.ID, name)
	// The job exists before the file does: the notification of the upload may reach
	// import-worker before this request ends.
	if job, err = imports.CreateJob(r.Context(), h.db, job); err != nil {
		return err
	}
	contentType := pipeline.XLSX
	if strings.EqualFold(path.Ext(name), ".xls") {
		contentType = "application/vnd.ms-excel"
	}
	if err := h.uploads.Put(r.Context(), job.Key, file, contentType); err != nil {
		_ = imports.FailJob(r.Context(), h.db, job.ID, "imports.failed")
		return fmt.Errorf("files.upload: store %s: %w", job.Key, err)
	}
	return httpx.OKMsg(w, r, "files.queued", h.view(r, job))
}

// oneFile answers the form's one file: one of exts, of 1 byte to pipeline.MaxFileSize.
func oneFile(f *multipart.Form, exts ...string) (*multipart.FileHeader, error) {
	var all []*multipart.FileHeader
	for _, fhs := range f.File {
		all = append(all, fhs...)
	}
	switch {
	case len(f.File["file"]) == 0:
		return nil, errFileRequired
	case len(all) > 1:
		return nil, errOneFile
	}
	fh := all[0]
	switch {
	case !slices.ContainsFunc(exts, func(e string) bool { return strings.EqualFold(path.Ext(fh.Filename), e) }):
		if len(exts) > 1 {
			return nil, errFormatXLS
		}
		return nil, errFormat
	case fh.Size == 0:
		return nil, errEmpty
	case fh.Size > pipeline.MaxFileSize:
		return nil, errTooLarge
	}
	return fh, nil
}

// cleanName keeps the last element of a file name, without characters a key refuses.
func cleanName(name string) string {
	name = path.Base(strings.ReplaceAll(name, `\`, "/"))
	name = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return -1
		}
		return r
	}, name)
	if name == "" || name == "." || name == ".." || name == "/" {
		name = "upload.xlsx"
	}
	return name
}

// jobView is a job as the client follows it.
type jobView struct {
	imports.Job
	Error     string `json:"error,omitempty"`     // why a failed job failed, in the caller's language
	FailedURL string `json:"failedUrl,omitempty"` // signed link to the failed-rows workbook
}

func (h handlers) view(r *http.Request, j imports.Job) jobView {
	v := jobView{Job: j}
	if j.ErrorKey != "" {
		v.Error = i18n.T(httpx.Lang(r), j.ErrorKey)
	}
	return v
}

func (h handlers) job(w http.ResponseWriter, r *http.Request) error {
	c := httpx.Claims(r)
	j, err := imports.GetJob(r.Context(), h.db, c.Current.BranchCode, r.PathValue("id"))
	if err != nil {
		return err
	}
	// A job is read by the roles its importer allows (a user import's accounts and e-mails
	// are a Super Admin's, master data a Nutritionist's).
	if !h.importers.Allows(j.Type, c.Current.RoleCode) {
		return imports.ErrJobNotFound
	}
	v := h.view(r, j)
	if j.FailedKey != "" {
		name := strings.TrimSuffix(j.FileName, path.Ext(j.FileName)) + "_failed.xlsx"
		if v.FailedURL, err = h.files.Bucket.SignedURL(r.Context(), j.FailedKey, name, LinkTTL); err != nil {
			return fmt.Errorf("files.job: %w", err)
		}
	}
	return httpx.OK(w, r, v)
}

// masterDataType answers the kind's rows of the branch as a workbook that imports back
// unchanged; 204 when the branch has none. With template=true it answers the kind's empty
// workbook (the header row only), never 204: the import template of a list with no rows.
func (h handlers) masterDataType(w http.ResponseWriter, r *http.Request) error {
	q := httpx.ReadQuery(r)
	branch := q.Required("branchCode")
	typ, template := q.Text("type"), q.Bool("template")
	if err := q.Err(); err != nil {
		return err
	}
	k, ok := params.KindOf(typ)
	if !ok {
		return errType
	}
	var recs []params.Record
	name, kind := fmt.Sprintf("%s_%s_template.xlsx", k.Name, branch), "master-data-template"
	if !template {
		var err error
		if recs, err = h.params.All(r.Context(), k, branch); err != nil {
			return err
		}
		if len(recs) == 0 {
			return httpx.NoContent(w)
		}
		name, kind = fmt.Sprintf("%s_%s.xlsx", k.Name, branch), "master-data"
		if err := h.exported(r, k.Name, len(recs)); err != nil {
			return err
		}
	}
	sheet, rows := params.Sheet(k, recs)
	return h.send(w, r, kind, name, sheet, headers(params.Columns(k), 22), rows)
}

// uploadMenuData takes a workbook of dishes (type Menu) or cycle contents (type CycleMenu)
// to add or update (Nutritionist; form: file, branchCode, createBy, type), as
// upload/masterData takes master data.
func (h handlers) uploadMenuData(w http.ResponseWriter, r *http.Request) error {
	if err := parseUpload(r); err != nil { // another branch named: 403
		return err
	}
	defer r.MultipartForm.RemoveAll()
	branch, typ := r.FormValue("branchCode"), r.FormValue("type")
	bad := map[string]string{}
	if branch == "" {
		bad["branchCode"] = "field.required"
	}
	if typ == "" {
		bad["type"] = "field.required"
	} else if !slices.Contains(menus.ImportTypes, typ) {
		return errType
	}
	if len(bad) > 0 {
		return errs.Fields(bad)
	}
	return h.store(w, r, imports.Job{BranchCode: branch, Type: typ})
}

// menuDataType answers the branch's dishes or cycle contents as the workbook their import
// reads (it imports back unchanged); 204 when the branch has none. With template=true it
// answers the header row only, never 204.
func (h handlers) menuDataType(w http.ResponseWriter, r *http.Request) error {
	q := httpx.ReadQuery(r)
	branch := q.Required("branchCode")
	typ, template := q.Text("type"), q.Bool("template")
	if err := q.Err(); err != nil {
		return err
	}
	if !slices.Contains(menus.ImportTypes, typ) {
		return errType
	}
	sheet, cols, rows, err := h.menus.Sheet(r.Context(), typ, branch, template)
	if err != nil {
		return err
	}
	if len(rows) == 0 && !template {
		return httpx.NoContent(w)
	}
	name, kind := fmt.Sprintf("%s_%s.xlsx", typ, branch), "menu-data"
	if template {
		name, kind = fmt.Sprintf("%s_%s_template.xlsx", typ, branch), "menu-data-template"
	} else if err := h.exported(r, typ, len(rows)); err != nil {
		return err
	}
	return h.send(w, r, kind, name, sheet, headers(cols, 22), rows)
}

// exported records an export of a branch's data (not of a blank template) in the activity
// record (pkg/logs lists its code).
func (h handlers) exported(r *http.Request, typ string, rows int) error {
	c := httpx.Claims(r)
	if err := audit.WriteActivity(r.Context(), h.db, audit.Activity{BranchCode: httpx.Branch(r), UserID: c.UserID,
		Actor: httpx.Actor(r), Action: "files.export", Detail: map[string]any{"type": typ, "rows": rows}}); err != nil {
		return fmt.Errorf("files.export: %w", err)
	}
	return nil
}

// changeColumns are the columns of the patients' change record (patients.ChangeLines).
var changeColumns = []xlsx.Column{
	{Th: "วันเวลาที่เปลี่ยน", En: "Changed at", Width: 18},
	{Th: "HN", En: "HN", Width: 14},
	{Th: "ชื่อผู้ป่วย", En: "Patient", Width: 28},
	{Th: "ที่มา", En: "Source", Width: 14},
	{Th: "ผู้เปลี่ยน", En: "Changed by", Width: 16},
	{Th: "ข้อมูล", En: "Field", Width: 24},
	{Th: "ก่อน", En: "Before", Width: 30},
	{Th: "หลัง", En: "After", Width: 30},
}

// patientChanges answers the branch's patient change record (the filter of
// /patient/changeLog) as a workbook, one line per changed field; 204 when there is none.
// The export is in the activity log, even an empty one (patients.ChangeLines).
func (h handlers) patientChanges(w http.ResponseWriter, r *http.Request) error {
	cq, q := h.patients.ReadChangeQuery(r)
	if err := q.Err(); err != nil {
		return err
	}
	lines, err := h.patients.ChangeLines(r.Context(), httpx.Claims(r), httpx.Branch(r), cq, httpx.Lang(r))
	if err != nil {
		return err
	}
	if len(lines) == 0 {
		return httpx.NoContent(w)
	}
	return h.send(w, r, "patient-changes", "patient_change_record.xlsx", "changes", changeColumns, lines)
}

// patientTemplate answers the patient import template: the header and one example row.
func (h handlers) patientTemplate(w http.ResponseWriter, r *http.Request) error {
	return h.send(w, r, "patient-template", "patient_template.xlsx", "patients",
		headers(patients.ImportColumns(), 18), [][]any{patients.TemplateExample()})
}

// headers are the bilingual header cells of an import's columns, width characters wide.
func headers(cols []imports.Column, width float64) []xlsx.Column {
	out := make([]xlsx.Column, len(cols))
	for i, c := range cols {
		out[i] = xlsx.Column{Th: c.Th, En: c.En, Width: width}
	}
	return out
}

// send answers a workbook of one sheet — header, then rows — as every download is
// answered: stored in the files bucket under exports/<branch>/<kind>/ and answered as a
// signed link (pkg/download).
func (h handlers) send(w http.ResponseWriter, r *http.Request, kind, name, sheet string, header []xlsx.Column, rows [][]any) error {
	var buf bytes.Buffer
	if err := xlsx.Write(&buf, sheet, header, xlsx.Rows(rows)); err != nil {
		return fmt.Errorf("files: write %s: %w", name, err)
	}
	return h.files.Send(w, r, kind, name, xlsx.ContentType, &buf)
}

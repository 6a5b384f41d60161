package httpx

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"samrap/pkg/day"
	"samrap/pkg/errs"
)

// The request kit: every value a request carries (query parameter, form field, JSON string)
// is checked here, once, before a handler sees it. A value with a NUL byte or invalid UTF-8,
// or longer than MaxText characters, is refused with a 422 naming its field — PostgreSQL
// would refuse the first two with an error, and nobody types the third. Handlers then read
// typed values through Query and DecodeJSON, which collect every missing or invalid
// parameter into one 422.

// MaxText bounds every text value a request carries; fields have tighter limits of their
// own (names 200, codes 30, …) checked by their area's rules.
const MaxText = 4000

// Paging bounds: page starts at 1; a page past MaxPage (or a size past MaxSize) is refused
// rather than turned into an OFFSET that overflows.
const (
	DefaultSize = 20
	MaxSize     = 1000
	MaxPage     = 100_000
)

// textProblem answers the message key for a value that must not go further, or "".
func textProblem(s string) string {
	switch {
	case !utf8.ValidString(s), strings.IndexByte(s, 0) >= 0:
		return "field.textInvalid"
	case len(s) > MaxText && utf8.RuneCountInString(s) > MaxText:
		return "field.tooLong"
	}
	return ""
}

// fieldName is a parameter name fit to answer in data.fields, even when the name itself is
// hostile.
func fieldName(s string) string {
	s = strings.ToValidUTF8(strings.ReplaceAll(s, "\x00", ""), "\uFFFD")
	if len(s) > 100 {
		s = s[:100]
	}
	if s == "" {
		return "query"
	}
	return s
}

// checkValues refuses (422) any name or value of v that textProblem refuses.
func checkValues(v url.Values) error {
	var bad map[string]string
	for name, vals := range v {
		key := textProblem(name)
		for _, s := range vals {
			if key == "" {
				key = textProblem(s)
			}
		}
		if key != "" {
			if bad == nil {
				bad = map[string]string{}
			}
			bad[fieldName(name)] = key
		}
	}
	if bad != nil {
		return errs.Fields(bad)
	}
	return nil
}

// checkPath refuses a path carrying what no route has (a NUL byte, invalid UTF-8): no such
// route.
func checkPath(p string) error {
	if !utf8.ValidString(p) || strings.IndexByte(p, 0) >= 0 {
		return errs.ErrNotFound
	}
	return nil
}

// DecodeJSON reads the body into v: 413 past the route's limit, 400 when it is not JSON of
// v's shape (unknown fields are refused so that a misspelt field is not silently lost), 422
// naming every field whose text textProblem refuses, and, on a route of roles, 403 when the
// body names (branchCode or branch) another branch than the current one — checked first, so
// that a body naming another branch is refused whatever else it holds.
func DecodeJSON(r *http.Request, v any) error {
	if ct := r.Header.Get("Content-Type"); ct != "" {
		mt, _, _ := mime.ParseMediaType(ct)
		if mt != "application/json" && mt != "text/plain" {
			return fmt.Errorf("decode json: content type %q: %w", ct, errs.ErrMalformed)
		}
	}
	body, err := io.ReadAll(r.Body)
	if err != nil {
		return bodyErr("decode json", err)
	}
	bad, branches, err := scanJSON(body)
	if err != nil {
		return err
	}
	// Another branch is refused before anything else is said about the body.
	if err := checkBodyBranch(r, branches); err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return bodyErr("decode json", err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return fmt.Errorf("decode json: trailing data: %w", errs.ErrMalformed)
	}
	if len(bad) > 0 {
		return errs.Fields(bad)
	}
	return nil
}

// scanJSON walks body's tokens once: field (dotted keys, array indexes left out) → message
// key for every string textProblem refuses, and the branches the top-level object names.
// encoding/json replaces invalid UTF-8 silently, so each string is checked in the raw bytes.
func scanJSON(body []byte) (map[string]string, []string, error) {
	type frame struct {
		object  bool
		key     string
		wantKey bool
	}
	var stack []frame
	var bad map[string]string
	var branches []string
	path := func(last string) string {
		var parts []string
		for _, f := range stack {
			if f.object && f.key != "" {
				parts = append(parts, f.key)
			}
		}
		if last != "" {
			parts = append(parts, last)
		}
		if len(parts) == 0 {
			return "body"
		}
		return fieldName(strings.Join(parts, "."))
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	for {
		start := dec.InputOffset()
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, nil, fmt.Errorf("decode json: %v: %w", err, errs.ErrMalformed)
		}
		var top *frame
		if len(stack) > 0 {
			top = &stack[len(stack)-1]
		}
		if d, ok := tok.(json.Delim); ok {
			switch d {
			case '{':
				stack = append(stack, frame{object: true, wantKey: true})
			case '[':
				stack = append(stack, frame{})
			default:
				stack = stack[:len(stack)-1]
				if len(stack) > 0 && stack[len(stack)-1].object {
					stack[len(stack)-1].wantKey = true
				}
			}
			continue
		}
		s, isString := tok.(string)
		problem := ""
		if isString {
			if problem = textProblem(s); problem == "" && !utf8.Valid(body[start:dec.InputOffset()]) {
				problem = "field.textInvalid"
			}
		}
		if top != nil && top.object && top.wantKey {
			top.key, top.wantKey = s, false
			if problem != "" {
				if bad == nil {
					bad = map[string]string{}
				}
				bad[path("")] = problem
			}
			continue
		}
		if problem != "" {
			if bad == nil {
				bad = map[string]string{}
			}
			bad[path("")] = problem
		}
		if isString && len(stack) == 1 && top.object && (top.key == "branchCode" || top.key == "branch") {
			branches = append(branches, s)
		}
		if top != nil && top.object {
			top.wantKey = true
		}
	}
	return bad, branches, nil
}

// checkBodyBranch refuses, on a route of roles, a body naming another branch than the
// current one (the router checks the query's the same way).
func checkBodyBranch(r *http.Request, branches []string) error {
	s := scopeOf(r)
	if !s.branchScoped {
		return nil
	}
	for _, b := range branches {
		if b != "" && b != s.claims.Current.BranchCode {
			return errWrongBranch
		}
	}
	return nil
}

// ParseForm parses a url-encoded form body (and the query) within the route's limit; a
// field whose text textProblem refuses is a 422.
func ParseForm(r *http.Request) error {
	if err := r.ParseForm(); err != nil {
		return bodyErr("parse form", err)
	}
	if err := checkValues(r.PostForm); err != nil {
		return err
	}
	var branches []string
	for _, name := range []string{"branchCode", "branch"} {
		branches = append(branches, r.PostForm[name]...)
	}
	return checkBodyBranch(r, branches)
}

// ParseMultipart parses a multipart form body within the route's limit (parts past
// maxMemory go to temporary files: defer r.MultipartForm.RemoveAll()). It answers 413 past
// the limit (errs.ErrTooLarge), 400 when the body is no multipart form, 422 naming every
// field, and "file" for a file name, whose text textProblem refuses, and, on a route of
// roles, 403 when branchCode or branch names another branch than the current one.
func ParseMultipart(r *http.Request, maxMemory int64) error {
	if err := r.ParseMultipartForm(maxMemory); err != nil {
		return bodyErr("parse multipart form", err)
	}
	if err := checkValues(r.MultipartForm.Value); err != nil {
		_ = r.MultipartForm.RemoveAll()
		return err
	}
	for field, files := range r.MultipartForm.File {
		for _, fh := range files {
			if key := textProblem(fh.Filename); key != "" {
				_ = r.MultipartForm.RemoveAll()
				return errs.Fields(map[string]string{fieldName(field): key})
			}
		}
	}
	var branches []string
	for _, name := range []string{"branchCode", "branch"} {
		branches = append(branches, r.MultipartForm.Value[name]...)
	}
	return checkBodyBranch(r, branches)
}

func bodyErr(op string, err error) error {
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		return fmt.Errorf("%s: %w", op, errs.ErrTooLarge)
	}
	return fmt.Errorf("%s: %v: %w", op, err, errs.ErrMalformed)
}

// PageParams are the paging and sorting parameters every list takes.
type PageParams struct {
	Page     int
	Size     int
	SortBy   string
	SortDesc bool
}

// Offset is the number of rows before the page.
func (p PageParams) Offset() int { return (p.Page - 1) * p.Size }

// Query reads a request's query parameters. Each getter notes what is wrong with its
// parameter; Err answers everything noted at once: 400 when a value is not of its
// parameter's type (a malformed request), else one 422 naming every missing or invalid
// parameter. The router has already refused hostile text (NUL, invalid UTF-8, too long).
type Query struct {
	values    url.Values
	bad       map[string]string
	malformed error
}

// ReadQuery starts reading r's query.
func ReadQuery(r *http.Request) *Query {
	return &Query{values: r.URL.Query(), bad: map[string]string{}}
}

// Invalid notes a problem of the parameter name (its message key).
func (q *Query) Invalid(name, key string) {
	if _, ok := q.bad[name]; !ok {
		q.bad[name] = key
	}
}

// Text answers the parameter as sent ("" when absent).
func (q *Query) Text(name string) string { return q.values.Get(name) }

// Required answers the parameter, noting field.required when it is absent or blank.
func (q *Query) Required(name string) string {
	v := q.values.Get(name)
	if strings.TrimSpace(v) == "" {
		q.Invalid(name, "field.required")
	}
	return v
}

// Has reports whether the parameter is present and not blank.
func (q *Query) Has(name string) bool { return strings.TrimSpace(q.values.Get(name)) != "" }

func (q *Query) malformedf(name, v string) {
	if q.malformed == nil {
		q.malformed = fmt.Errorf("%s %q: %w", name, v, errs.ErrMalformed)
	}
}

// Day answers the parameter, a day written YYYY-MM-DD ("" when absent); anything else is
// noted date.invalid.
func (q *Query) Day(name string) string {
	v := q.values.Get(name)
	if v != "" && !day.Valid(v) {
		q.Invalid(name, "date.invalid")
	}
	return v
}

// Int answers the whole number in the parameter (0 when absent). A value that is not a
// whole number is malformed; one outside [min, max] is noted field.outOfRange.
func (q *Query) Int(name string, min, max int64) int64 {
	v := q.values.Get(name)
	if v == "" {
		return 0
	}
	n, err := strconv.ParseInt(v, 10, 64)
	switch {
	case errors.Is(err, strconv.ErrRange):
		q.Invalid(name, "field.outOfRange")
		return 0
	case err != nil:
		q.malformedf(name, v)
		return 0
	case n < min || n > max:
		q.Invalid(name, "field.outOfRange")
		return 0
	}
	return n
}

// RequiredInt is Int noting field.required when the parameter is absent.
func (q *Query) RequiredInt(name string, min, max int64) int64 {
	if q.values.Get(name) == "" {
		q.Invalid(name, "field.required")
		return 0
	}
	return q.Int(name, min, max)
}

// ID is RequiredInt for a key (1 or more).
func (q *Query) ID(name string) int64 { return q.RequiredInt(name, 1, 1<<63-1) }

// IDOrAll reads a filter that names one row by id or every row: absent or "All" (any case)
// answers 0, anything else must be a row id.
func (q *Query) IDOrAll(name string) int64 {
	if v := q.values.Get(name); v == "" || strings.EqualFold(v, "All") {
		return 0
	}
	return q.Int(name, 1, 1<<63-1)
}

// Bool answers the parameter as a boolean (false when absent); anything else than what
// strconv.ParseBool reads is malformed.
func (q *Query) Bool(name string) bool {
	v := q.values.Get(name)
	if v == "" {
		return false
	}
	b, err := strconv.ParseBool(v)
	if err != nil {
		q.malformedf(name, v)
	}
	return b
}

// OneOf answers the parameter in upper case when it is one of allowed, whatever its case
// ("" when absent); anything else is noted field.invalid.
func (q *Query) OneOf(name string, allowed ...string) string {
	v := strings.TrimSpace(q.values.Get(name))
	if v == "" {
		return ""
	}
	for _, a := range allowed {
		if strings.EqualFold(v, a) {
			return a
		}
	}
	q.Invalid(name, "field.invalid")
	return ""
}

// Page answers page (from 1, at most MaxPage), size (default DefaultSize, 1 to MaxSize),
// sortBy and sortDesc. Given the columns a list sorts by, a sortBy not among them is
// field.invalid.
func (q *Query) Page(sortable ...string) PageParams {
	p := PageParams{Page: 1, Size: DefaultSize, SortBy: q.values.Get("sortBy"), SortDesc: q.Bool("sortDesc")}
	if len(sortable) > 0 && p.SortBy != "" && !slices.Contains(sortable, p.SortBy) {
		q.Invalid("sortBy", "field.invalid")
	}
	if q.values.Get("page") != "" {
		p.Page = int(q.Int("page", 1, MaxPage))
	}
	if q.values.Get("size") != "" {
		p.Size = int(q.Int("size", 1, MaxSize))
	}
	if p.Page == 0 {
		p.Page = 1
	}
	if p.Size == 0 {
		p.Size = DefaultSize
	}
	return p
}

// Err answers what the getters noted: the malformed value first, else one 422 naming every
// missing or invalid parameter, else nil.
func (q *Query) Err() error {
	if q.malformed != nil {
		return q.malformed
	}
	if len(q.bad) > 0 {
		return errs.Fields(q.bad)
	}
	return nil
}

// NoContent answers 204: a download with nothing in it (the client raises DATA_NOT_FOUND).
// A download with a file stores it and answers its signed link (pkg/download).
func NoContent(w http.ResponseWriter) error {
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusNoContent)
	return nil
}

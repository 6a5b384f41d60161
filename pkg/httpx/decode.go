package httpx

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"mime"
	"net/http"
	"net/url"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"
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

// DecodeJSON reads the body into v: 400 when the body is not JSON at all (or not sent as
// application/json, below), 413 past the route's limit, 422 naming every field whose text
// textProblem refuses and every field that does not fit v (fieldProblems: an unknown field —
// refused so that a misspelt field is not silently lost —, a value of the wrong type, a
// number out of its field's range), and, on a route of roles, 403 when the body names
// (branchCode or branch) another branch than the current one — checked first, so that a body
// naming another branch is refused whatever else it holds. Only what no form of the app ever
// sends answers 400: the web app signs the user out on it (SPEC.md §8).
func DecodeJSON(r *http.Request, v any) error {
	if ct := r.Header.Get("Content-Type"); !jsonType(ct) {
		return fmt.Errorf("decode json: content type %q: %w", ct, errs.ErrMalformed)
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
	decErr := dec.Decode(v)
	var syntax *json.SyntaxError
	var notPointer *json.InvalidUnmarshalError
	switch {
	case errors.As(decErr, &notPointer):
		return fmt.Errorf("decode json: %w", decErr)
	case errors.Is(decErr, io.EOF), errors.Is(decErr, io.ErrUnexpectedEOF), errors.As(decErr, &syntax):
		return bodyErr("decode json", decErr)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return fmt.Errorf("decode json: trailing data: %w", errs.ErrMalformed)
	}
	if decErr != nil {
		// scanJSON has read the body as JSON: what the decoder refuses is the shape of a
		// field, which the person can correct.
		if bad == nil {
			bad = map[string]string{}
		}
		for field, key := range fieldProblems(body, reflect.TypeOf(v).Elem(), decErr) {
			if _, ok := bad[field]; !ok {
				bad[field] = key
			}
		}
	}
	if len(bad) > 0 {
		return errs.Fields(bad)
	}
	return nil
}

// jsonType says whether a request's Content-Type is JSON's: application/json, in UTF-8 when
// a charset is named. Nothing else is read as JSON — text/plain in particular: a page of
// another site may post it (or a body with no type at all) without a CORS preflight, so
// reading it would let that page reach a public route (the survey's answer). The app sends
// application/json with every JSON body (its one form post, the sign-in, is url-encoded and
// reads no JSON).
func jsonType(ct string) bool {
	mt, params, err := mime.ParseMediaType(ct)
	if err != nil || mt != "application/json" {
		return false
	}
	cs, ok := params["charset"]
	return !ok || strings.EqualFold(cs, "utf-8")
}

// fieldProblems names the fields of body (JSON) that do not fit t, with their message keys:
// field.unknown for a key t has no field for, field.wrongType for a value of another type,
// field.outOfRange for a number past its field's bounds, field.wholeNumber for a fraction
// where a whole number goes, field.dateTime for a time that is not RFC 3339, field.invalid
// for a value a type's own reading refuses. decErr is what decoding the whole body answered.
//
// encoding/json stops at the first problem and names an unknown key without its path, and a
// type's own reading (time.Time's) without any; so each part of the body is decoded alone,
// wrapped in the keys above it, down to the parts that fail. The decoder itself decides what
// fits — case-insensitive keys, embedded structs, UnmarshalJSON — rather than a copy of its
// rules. Only a refused body pays for it.
func fieldProblems(body []byte, t reflect.Type, decErr error) map[string]string {
	c := shapeCheck{t: t, bad: map[string]string{}, left: maxShapeTries}
	c.walk(func(b []byte) []byte { return b }, bytes.TrimSpace(body), nil, decErr)
	return c.bad
}

type shapeCheck struct {
	t    reflect.Type
	bad  map[string]string
	left int // decodings left
}

// Bounds on fieldProblems' work, whatever the body (a 1 MB array of bad items): past
// maxShapeTries decodings, or maxShapeDepth keys down, the part being looked at is named
// as a whole.
const (
	maxShapeTries = 2000
	maxShapeDepth = 32
)

// try decodes body into a new value of the type as DecodeJSON does.
func (c *shapeCheck) try(body []byte) error {
	c.left--
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	return dec.Decode(reflect.New(c.t).Interface())
}

// walk names the problems of value, which wrap puts in place in a whole body that the
// decoder refuses with err, at path (keys; array indexes left out as scanJSON does).
func (c *shapeCheck) walk(wrap func([]byte) []byte, value []byte, path []string, err error) {
	found := false
	if len(value) > 0 && len(path) < maxShapeDepth && c.left > 0 {
		switch value[0] {
		case '{':
			// a field that takes no object at all is named, not its keys
			if e := c.try(wrap([]byte("{}"))); e != nil {
				c.note(path, e)
				return
			}
			var members map[string]json.RawMessage
			_ = json.Unmarshal(value, &members)
			for _, k := range slices.Sorted(maps.Keys(members)) {
				if c.left <= 0 {
					break
				}
				key, _ := json.Marshal(k)
				sub := func(b []byte) []byte { return wrap(slices.Concat([]byte("{"), key, []byte(":"), b, []byte("}"))) }
				e := c.try(sub(members[k]))
				if e == nil {
					continue
				}
				found = true
				at := append(slices.Clip(path), k)
				// a key refused whatever its value is a key t does not have
				if unknownField(c.try(sub([]byte("null")))) {
					c.bad[pathName(at)] = "field.unknown"
					continue
				}
				c.walk(sub, members[k], at, e)
			}
		case '[':
			if e := c.try(wrap([]byte("[]"))); e != nil {
				c.note(path, e)
				return
			}
			var elems []json.RawMessage
			_ = json.Unmarshal(value, &elems)
			sub := func(b []byte) []byte { return wrap(slices.Concat([]byte("["), b, []byte("]"))) }
			for _, el := range elems {
				if c.left <= 0 {
					break
				}
				if e := c.try(sub(el)); e != nil {
					found = true
					c.walk(sub, el, path, e)
				}
			}
		}
	}
	if !found { // a scalar, a value refused only as a whole, or past the bounds
		c.note(path, err)
	}
}

// note names the field at path with what err says of it, once.
func (c *shapeCheck) note(path []string, err error) {
	if name := pathName(path); c.bad[name] == "" {
		c.bad[name] = shapeKey(err)
	}
}

// pathName is the dotted name of a field as scanJSON writes it ("body" for the whole body).
func pathName(path []string) string {
	if len(path) == 0 {
		return "body"
	}
	return fieldName(strings.Join(path, "."))
}

// unknownField says whether err is encoding/json's refusal of a key the type does not have
// (an error of its own text only: "json: unknown field \"x\"").
func unknownField(err error) bool {
	return err != nil && strings.HasPrefix(err.Error(), "json: unknown field ")
}

// shapeKey answers the message key of a value the decoder refused.
func shapeKey(err error) string {
	var te *json.UnmarshalTypeError
	var pe *time.ParseError
	switch {
	case unknownField(err):
		return "field.unknown"
	case errors.As(err, &pe):
		return "field.dateTime"
	case errors.As(err, &te):
		n, isNumber := strings.CutPrefix(te.Value, "number ")
		if !isNumber || te.Type == nil {
			return "field.wrongType"
		}
		return numberKey(n, te.Type)
	}
	return "field.invalid"
}

// numberKey answers why the number n (as written) does not fit t: past t's bounds, or
// within them but not a whole number (1.5; 1.0 and 1e2 too, as the decoder reads them).
func numberKey(n string, t reflect.Type) string {
	f, err := strconv.ParseFloat(n, 64)
	var low, high float64 // t's bounds, [low, high)
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		low, high = -math.Ldexp(1, t.Bits()-1), math.Ldexp(1, t.Bits()-1)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		high = math.Ldexp(1, t.Bits())
	case reflect.Float32, reflect.Float64:
		return "field.outOfRange"
	default:
		return "field.wrongType" // a number where text or a boolean goes
	}
	if err == nil && f >= low && f < high {
		return "field.wholeNumber"
	}
	return "field.outOfRange"
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

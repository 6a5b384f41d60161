package httpx

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strconv"

	"samrap/pkg/errs"
)

// DecodeJSON reads the body into v: 413 past the route's limit, 400 when it is not JSON of
// v's shape (unknown fields are refused so that a misspelt field is not silently lost).
func DecodeJSON(r *http.Request, v any) error {
	if ct := r.Header.Get("Content-Type"); ct != "" {
		mt, _, _ := mime.ParseMediaType(ct)
		if mt != "application/json" && mt != "text/plain" {
			return fmt.Errorf("decode json: content type %q: %w", ct, errs.ErrMalformed)
		}
	}
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return bodyErr("decode json", err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return fmt.Errorf("decode json: trailing data: %w", errs.ErrMalformed)
	}
	return nil
}

// ParseForm parses a url-encoded form body (and the query) within the route's limit.
func ParseForm(r *http.Request) error {
	if err := r.ParseForm(); err != nil {
		return bodyErr("parse form", err)
	}
	return nil
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

// ParsePage reads page (from 1), size (default 20, at most 1,000), sortBy and sortDesc; a
// value of the wrong type is a malformed request.
func ParsePage(r *http.Request) (PageParams, error) {
	q := r.URL.Query()
	p := PageParams{Page: 1, Size: 20, SortBy: q.Get("sortBy")}
	var err error
	if v := q.Get("page"); v != "" {
		if p.Page, err = strconv.Atoi(v); err != nil || p.Page < 1 {
			return p, fmt.Errorf("page %q: %w", v, errs.ErrMalformed)
		}
	}
	if v := q.Get("size"); v != "" {
		if p.Size, err = strconv.Atoi(v); err != nil || p.Size < 1 || p.Size > 1000 {
			return p, fmt.Errorf("size %q: %w", v, errs.ErrMalformed)
		}
	}
	if v := q.Get("sortDesc"); v != "" {
		if p.SortDesc, err = strconv.ParseBool(v); err != nil {
			return p, fmt.Errorf("sortDesc %q: %w", v, errs.ErrMalformed)
		}
	}
	return p, nil
}

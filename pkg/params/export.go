package params

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"samrap/pkg/imports"
	"samrap/pkg/xlsx"
)

// Export writes recs of kind as the workbook its import reads (Columns), so that it
// imports back unchanged; with no recs it is the kind's import template.
func Export(w io.Writer, k *Kind, recs []Record) error {
	cols := Columns(k)
	header := make([]xlsx.Column, len(cols))
	for i, c := range cols {
		header[i] = xlsx.Column{Th: c.Th, En: c.En, Width: 22}
	}
	i := 0
	next := func() ([]any, bool) {
		if i == len(recs) {
			return nil, false
		}
		row := make([]any, len(cols))
		for j, c := range cols {
			row[j] = cellOf(k, recs[i], c)
		}
		i++
		return row, true
	}
	if err := xlsx.Write(w, sheetName(k), header, next); err != nil {
		return fmt.Errorf("params.export%s: %w", k.Name, err)
	}
	return nil
}

// sheetName is a valid sheet name for a kind (31 characters at most).
func sheetName(k *Kind) string {
	name := k.En
	for utf8.RuneCountInString(name) > 31 {
		_, n := utf8.DecodeLastRuneInString(name)
		name = name[:len(name)-n]
	}
	return name
}

// cellOf answers the workbook cell of a record's column.
func cellOf(k *Kind, rec Record, c imports.Column) any {
	if f, ok := k.Field(c.Key); ok {
		switch f.Type {
		case Ref:
			v, _ := rec[strings.TrimSuffix(f.JSON, "Id")+"Code"].(string)
			return v
		case Bool:
			if rec[f.JSON] == true {
				return "Y"
			}
			return "N"
		}
		return rec[f.JSON]
	}
	if l := k.List; l != nil && c.Key == l.JSON {
		items, _ := rec[l.Display].([]any)
		codes := make([]string, 0, len(items))
		for _, it := range items {
			if m, ok := it.(map[string]any); ok {
				codes = append(codes, fmt.Sprint(m["code"]))
			}
		}
		return strings.Join(codes, ",")
	}
	if c.Key == "action" {
		return ""
	}
	return rec[c.Key]
}

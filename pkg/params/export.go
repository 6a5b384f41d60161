package params

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"samrap/pkg/imports"
)

// Sheet answers recs of kind as the workbook its import reads (Columns), so that it
// imports back unchanged: the sheet's name and its rows (no recs: the kind's template).
// pkg/files writes it; this package links no spreadsheet code.
func Sheet(k *Kind, recs []Record) (name string, rows [][]any) {
	cols := Columns(k)
	rows = make([][]any, len(recs))
	for i, rec := range recs {
		row := make([]any, len(cols))
		for j, c := range cols {
			row[j] = cellOf(k, rec, c)
		}
		rows[i] = row
	}
	return sheetName(k), rows
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
		case Decimal:
			if rec[f.JSON] == nil {
				return ""
			}
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

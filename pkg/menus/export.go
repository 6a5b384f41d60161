package menus

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"samrap/pkg/xlsx"
)

// Export writes the branch's dishes (typ MenuImportType) or cycle contents
// (CycleMenuImportType) as the workbook their import reads, so that it imports back
// unchanged; with template, the header row only. It answers how many rows it wrote: with
// none and no template it writes nothing (the caller answers 204).
func (s *Service) Export(ctx context.Context, w io.Writer, typ, branch string, template bool) (int, error) {
	var (
		cols  []column
		sheet string
		rows  [][]any
	)
	switch typ {
	case MenuImportType:
		cols, sheet = menuColumns, "Menus"
		if !template {
			docs, err := queries.MenusAll(ctx, s.db, branch)
			if err != nil {
				return 0, fmt.Errorf("menus.export: %w", err)
			}
			all, err := decodeAll[Menu]("export dishes", docs)
			if err != nil {
				return 0, err
			}
			for _, m := range all {
				rows = append(rows, menuRow(m))
			}
		}
	case CycleMenuImportType:
		cols, sheet = append(slices.Clone(cycleMenuColumns), itemNameColumn), "Cycle menus"
		if !template {
			docs, err := queries.CycleMenusAll(ctx, s.db, branch)
			if err != nil {
				return 0, fmt.Errorf("menus.export: %w", err)
			}
			all, err := decodeAll[CycleMenu]("export contents", docs)
			if err != nil {
				return 0, err
			}
			for _, c := range all {
				rows = append(rows, contentRow(c))
			}
		}
	default:
		return 0, fmt.Errorf("menus.export: unknown type %q", typ)
	}
	if len(rows) == 0 && !template {
		return 0, nil
	}
	header := make([]xlsx.Column, len(cols))
	for i, c := range cols {
		header[i] = xlsx.Column{Th: c.th, En: c.en, Width: 22}
	}
	if err := xlsx.Write(w, sheet, header, xlsx.Rows(rows)); err != nil {
		return 0, fmt.Errorf("menus.export: %w", err)
	}
	return len(rows), nil
}

func codes(refs []Ref) string {
	out := make([]string, len(refs))
	for i, r := range refs {
		out[i] = r.Code
	}
	return strings.Join(out, ",")
}

// menuRow is a dish as the cells of menuColumns.
func menuRow(m Menu) []any {
	amounts := map[string]string{}
	for _, n := range m.Nutrients {
		unit := n.Unit
		if unit == "" {
			unit = n.UnitCode
		}
		amounts[n.Nutrient] = strconv.FormatFloat(n.Amount, 'f', -1, 64) + " " + unit
	}
	row := []any{m.Code, m.NameTh, m.NameEn, m.CuisineTypeCode, m.MealComponentCode, m.IddsiType, m.IddsiLevel, m.Price,
		codes(m.Allergens), codes(m.Restricted), codes(m.MealClasses), codes(m.DietTypes), codes(m.Therapeutics)}
	for _, n := range Nutrients {
		row = append(row, amounts[n])
	}
	return append(row, m.Remark, m.Status)
}

func text(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

// contentRow is a content as the cells of cycleMenuColumns and the item's name.
func contentRow(c CycleMenu) []any {
	name := text(c.MenuNameTh)
	if c.MenuSetID != nil {
		name = text(c.MenuSetNameTh)
	}
	return []any{c.CycleCode, c.DayNo, c.MealTimeCode, text(c.MenuCode), text(c.MenuSetCode), text(c.TrayCategoryCode),
		text(c.DietTypeCode), text(c.TherapeuticCode), text(c.CuisineTypeCode), name}
}

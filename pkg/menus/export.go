package menus

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"samrap/pkg/imports"
)

// Sheet answers the branch's dishes (typ MenuImportType) or cycle contents
// (CycleMenuImportType) as the workbook their import reads, so that it imports back
// unchanged: the sheet's name, its columns and its rows (with template, none). pkg/files
// writes it; this package links no spreadsheet code.
func (s *Service) Sheet(ctx context.Context, typ, branch string, template bool) (name string, header []imports.Column, rows [][]any, err error) {
	var cols []column
	switch typ {
	case MenuImportType:
		cols, name = menuColumns, "Menus"
		if !template {
			docs, err := queries.MenusAll(ctx, s.db, branch)
			if err != nil {
				return "", nil, nil, fmt.Errorf("menus.export: %w", err)
			}
			all, err := decodeAll[Menu]("export dishes", docs)
			if err != nil {
				return "", nil, nil, err
			}
			for _, m := range all {
				rows = append(rows, menuRow(m))
			}
		}
	case CycleMenuImportType:
		cols, name = append(slices.Clone(cycleMenuColumns), itemNameColumn), "Cycle menus"
		if !template {
			docs, err := queries.CycleMenusAll(ctx, s.db, branch)
			if err != nil {
				return "", nil, nil, fmt.Errorf("menus.export: %w", err)
			}
			all, err := decodeAll[CycleMenu]("export contents", docs)
			if err != nil {
				return "", nil, nil, err
			}
			for _, c := range all {
				rows = append(rows, contentRow(c))
			}
		}
	default:
		return "", nil, nil, fmt.Errorf("menus.export: unknown type %q", typ)
	}
	return name, importColumns(cols), rows, nil
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

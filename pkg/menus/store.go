package menus

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5/pgtype"

	"samrap/pkg/day"
	"samrap/pkg/db"
	"samrap/pkg/db/dbsqlc"
	"samrap/pkg/httpx"
)

// The statements are in pkg/db/dbsqlc/menus.sql; records are read as the documents the
// views of migration 00006 build, decoded here, and rounds as rows (cycleOf).
var queries = dbsqlc.New()

// decode reads a record's document.
func decode[T any](op string, doc []byte) (T, error) {
	var v T
	if err := json.Unmarshal(doc, &v); err != nil {
		return v, fmt.Errorf("%s: decode: %w", op, err)
	}
	return v, nil
}

func decodeAll[T any](op string, docs [][]byte) ([]T, error) {
	out := make([]T, len(docs))
	for i, d := range docs {
		var err error
		if out[i], err = decode[T](op, d); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Filter narrows a list; zero fields do not narrow it.
type Filter struct {
	Criteria string // part of the code or a name
	Status   string // ACTIVE or INACTIVE
	// Dishes: by kitchen and component. Sets: by diet type and therapeutic food.
	CuisineTypeID, MealComponentID, DietTypeID, TherapeuticID int64
	// Contents: by round and by codes.
	CycleID                                                       int64
	CuisineCode, DietTypeCode, TherapeuticCode, MealComponentCode string
}

func (f Filter) active() *bool {
	if f.Status == "" {
		return nil
	}
	a := f.Status == StatusActive
	return &a
}

func optText(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func menuByID(ctx context.Context, q db.DBTX, branch string, id int64) (Menu, error) {
	doc, err := queries.MenusByID(ctx, q, dbsqlc.MenusByIDParams{Branch: branch, ID: id})
	if err != nil {
		return Menu{}, db.NotFound(fmt.Sprintf("menu %d", id), err)
	}
	return decode[Menu]("menu", doc)
}

func searchMenus(ctx context.Context, q db.DBTX, branch string, f Filter, p httpx.PageParams) ([]Menu, int, error) {
	rows, err := queries.MenusSearch(ctx, q, dbsqlc.MenusSearchParams{Branch: branch, SortBy: p.SortBy, SortDesc: p.SortDesc,
		Pattern: db.Contains(f.Criteria), Active: f.active(), CuisineTypeID: db.OptID(f.CuisineTypeID), MealComponentID: db.OptID(f.MealComponentID),
		PageSize: int32(p.Size), PageOffset: int32(p.Offset())})
	if err != nil {
		return nil, 0, fmt.Errorf("search menus: %w", err)
	}
	docs, total := make([][]byte, len(rows)), 0
	for i, r := range rows {
		docs[i], total = r.Doc, int(r.Total)
	}
	items, err := decodeAll[Menu]("search menus", docs)
	return items, total, err
}

func menuSetByID(ctx context.Context, q db.DBTX, branch string, id int64) (MenuSet, error) {
	doc, err := queries.MenuSetsByID(ctx, q, dbsqlc.MenuSetsByIDParams{Branch: branch, ID: id})
	if err != nil {
		return MenuSet{}, db.NotFound(fmt.Sprintf("menu set %d", id), err)
	}
	return decode[MenuSet]("menu set", doc)
}

func searchMenuSets(ctx context.Context, q db.DBTX, branch string, f Filter, p httpx.PageParams) ([]MenuSet, int, error) {
	rows, err := queries.MenuSetsSearch(ctx, q, dbsqlc.MenuSetsSearchParams{Branch: branch, SortBy: p.SortBy, SortDesc: p.SortDesc,
		Pattern: db.Contains(f.Criteria), Active: f.active(), DietTypeID: db.OptID(f.DietTypeID), TherapeuticID: db.OptID(f.TherapeuticID),
		PageSize: int32(p.Size), PageOffset: int32(p.Offset())})
	if err != nil {
		return nil, 0, fmt.Errorf("search menu sets: %w", err)
	}
	docs, total := make([][]byte, len(rows)), 0
	for i, r := range rows {
		docs[i], total = r.Doc, int(r.Total)
	}
	items, err := decodeAll[MenuSet]("search menu sets", docs)
	return items, total, err
}

// cycleOf answers a round's row, with the count of its contents, as the API shows it.
func cycleOf(r dbsqlc.Cycle, items int64) Cycle {
	c := Cycle{ID: r.ID, Code: r.Code, NameTh: r.NameTh, NameEn: r.NameEn, RoundType: r.RoundType, DayCount: int(r.DayCount),
		StartDate: r.StartDate.Time.Format(time.DateOnly), Remark: r.Remark, Status: StatusInactive, UpdatedAt: r.UpdatedAt,
		UpdatedBy: r.UpdatedBy, Items: int(items)}
	if r.EndDate.Valid {
		end := r.EndDate.Time.Format(time.DateOnly)
		c.EndDate = &end
	}
	if r.Active {
		c.Status = StatusActive
	}
	return c
}

func cycleByID(ctx context.Context, q db.DBTX, branch string, id int64) (Cycle, error) {
	r, err := queries.CyclesByID(ctx, q, dbsqlc.CyclesByIDParams{Branch: branch, ID: id})
	if err != nil {
		return Cycle{}, db.NotFound(fmt.Sprintf("cycle %d", id), err)
	}
	return cycleOf(r.Cycle, r.Items), nil
}

func searchCycles(ctx context.Context, q db.DBTX, branch string, f Filter, p httpx.PageParams) ([]Cycle, int, error) {
	rows, err := queries.CyclesSearch(ctx, q, dbsqlc.CyclesSearchParams{Branch: branch, SortBy: p.SortBy, SortDesc: p.SortDesc,
		Pattern: db.Contains(f.Criteria), Active: f.active(), PageSize: int32(p.Size), PageOffset: int32(p.Offset())})
	if err != nil {
		return nil, 0, fmt.Errorf("search cycles: %w", err)
	}
	items, total := make([]Cycle, len(rows)), 0
	for i, r := range rows {
		items[i], total = cycleOf(r.Cycle, r.Items), int(r.Total)
	}
	return items, total, nil
}

func cycleMenuByID(ctx context.Context, q db.DBTX, branch string, id int64) (CycleMenu, error) {
	doc, err := queries.CycleMenusByID(ctx, q, dbsqlc.CycleMenusByIDParams{Branch: branch, ID: id})
	if err != nil {
		return CycleMenu{}, db.NotFound(fmt.Sprintf("cycle menu %d", id), err)
	}
	return decode[CycleMenu]("cycle menu", doc)
}

func searchCycleMenus(ctx context.Context, q db.DBTX, branch string, f Filter, p httpx.PageParams) ([]CycleMenu, int, error) {
	rows, err := queries.CycleMenusSearch(ctx, q, dbsqlc.CycleMenusSearchParams{Branch: branch, CycleID: db.OptID(f.CycleID),
		CuisineCode: optText(f.CuisineCode), DietTypeCode: optText(f.DietTypeCode), TherapeuticCode: optText(f.TherapeuticCode),
		MealComponentCode: optText(f.MealComponentCode), PageSize: int32(p.Size), PageOffset: int32(p.Offset())})
	if err != nil {
		return nil, 0, fmt.Errorf("search cycle menus: %w", err)
	}
	docs, total := make([][]byte, len(rows)), 0
	for i, r := range rows {
		docs[i], total = r.Doc, int(r.Total)
	}
	items, err := decodeAll[CycleMenu]("search cycle menus", docs)
	return items, total, err
}

// dateOf reads "YYYY-MM-DD" (pkg/day; "" is an unset date).
func dateOf(s string) (pgtype.Date, bool) {
	if s == "" {
		return pgtype.Date{}, true
	}
	t, err := day.Parse(s)
	if err != nil {
		return pgtype.Date{}, false
	}
	return pgtype.Date{Time: t, Valid: true}, true
}

package menus

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5/pgtype"

	"samrap/pkg/day"
	"samrap/pkg/db"
	"samrap/pkg/db/dbsqlc"
	"samrap/pkg/errs"
)

// DayMenu is the menu of a branch for a date and meal type. Covered is false, with no
// round and no items, when no active round covers the date.
type DayMenu struct {
	Date       string    `json:"date"`
	MealTimeID int64     `json:"mealTimeId"`
	Covered    bool      `json:"covered"`
	Cycle      *Cycle    `json:"cycle"` // the round: id, code, names, round type, day count, dates
	DayNo      int       `json:"dayNo"` // the day of the round (WEEKDAY: Monday 1 … Sunday 7)
	Items      []DayItem `json:"items"`
}

// DayItem is a dish or a set the round serves that day for the meal type, with the content
// that puts it there (tray category, food type, disease food, kitchen). Menu carries the
// dish's derived allergens, restricted ingredients and texture; MenuSet its dishes' and
// their textures.
type DayItem struct {
	Content CycleMenu `json:"content"`
	Menu    *Menu     `json:"menu,omitempty"`
	MenuSet *MenuSet  `json:"menuSet,omitempty"`
}

// dayRow is a row of the function menus_of_day (migration 00007): the round covering the
// date and the day of it, with a content of that day and its dish's or set's document (nil
// for an empty day, or an inactive dish or set).
type dayRow struct {
	CycleID     int64      `json:"cycleId"`
	CycleCode   string     `json:"cycleCode"`
	CycleNameTh string     `json:"cycleNameTh"`
	CycleNameEn string     `json:"cycleNameEn"`
	RoundType   string     `json:"roundType"`
	DayCount    int        `json:"dayCount"`
	StartDate   string     `json:"startDate"`
	EndDate     *string    `json:"endDate"`
	DayNo       int        `json:"dayNo"`
	Content     *CycleMenu `json:"content"`
	Menu        *Menu      `json:"menu"`
	MenuSet     *MenuSet   `json:"menuSet"`
}

// MenuOfDay answers what the branch serves on date for the meal type, in one round trip
// (two for a day with no item): the active round covering the date (active rounds never
// overlap), the day of it — LOOP: days since its start modulo its day count, from 1;
// WEEKDAY: the date's ISO weekday — and that day's active dishes and sets for the meal
// type. A meal type the branch does not have is a 422 on mealTimeId.
func (s *Service) MenuOfDay(ctx context.Context, branch string, date time.Time, mealTimeID int64) (DayMenu, error) {
	docs, err := queries.MenusOfDay(ctx, s.db, dbsqlc.MenusOfDayParams{Branch: branch, MealTimeID: mealTimeID,
		OnDate: pgtype.Date{Time: date, Valid: true}})
	if err != nil {
		return DayMenu{}, fmt.Errorf("menus.menuOfDay: %w", err)
	}
	d, err := dayMenuOf(date, mealTimeID, docs)
	if err != nil || len(d.Items) > 0 {
		return d, err
	}
	// An empty day is also what a meal type the branch does not have gives: that is the
	// caller's mistake, told as one (a second round trip, for empty days only).
	known, err := queries.MenusMealTimeExists(ctx, s.db, dbsqlc.MenusMealTimeExistsParams{Branch: branch, ID: mealTimeID})
	if err != nil {
		return DayMenu{}, fmt.Errorf("menus.menuOfDay: meal type: %w", err)
	}
	if !known {
		return DayMenu{}, errs.Fields(map[string]string{"mealTimeId": "menus.mealTimeUnknown"})
	}
	return d, nil
}

// DayKey is a date and a meal type.
type DayKey struct {
	Date       string // YYYY-MM-DD
	MealTimeID int64
}

// MenusOfDays answers MenuOfDay for several dates and meal types in one round trip, in q (a
// pool or the caller's transaction), by key.
func MenusOfDays(ctx context.Context, q db.DBTX, branch string, keys []DayKey) (map[DayKey]DayMenu, error) {
	arg := dbsqlc.MenusOfDaysParams{Branch: branch}
	dates := make([]time.Time, len(keys))
	for i, k := range keys {
		d, err := day.Parse(k.Date)
		if err != nil {
			return nil, fmt.Errorf("menus.menusOfDays: date %q: %w", k.Date, err)
		}
		dates[i] = d
		arg.OnDates = append(arg.OnDates, pgtype.Date{Time: d, Valid: true})
		arg.MealTimeIds = append(arg.MealTimeIds, k.MealTimeID)
	}
	rows, err := queries.MenusOfDays(ctx, q, arg)
	if err != nil {
		return nil, fmt.Errorf("menus.menusOfDays: %w", err)
	}
	docs := map[DayKey][][]byte{}
	for _, r := range rows {
		k := DayKey{Date: r.OnDate.Time.Format(time.DateOnly), MealTimeID: r.MealTimeID}
		if r.Doc != nil {
			docs[k] = append(docs[k], r.Doc)
		}
	}
	out := make(map[DayKey]DayMenu, len(keys))
	for i, k := range keys {
		if out[k], err = dayMenuOf(dates[i], k.MealTimeID, docs[k]); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// dayMenuOf builds the day's menu from the rows of menus_of_day.
func dayMenuOf(date time.Time, mealTimeID int64, docs [][]byte) (DayMenu, error) {
	rows, err := decodeAll[dayRow]("menu of day", docs)
	if err != nil {
		return DayMenu{}, err
	}
	out := DayMenu{Date: date.Format(time.DateOnly), MealTimeID: mealTimeID, Items: []DayItem{}}
	for _, r := range rows {
		if out.Cycle == nil {
			out.Covered, out.DayNo = true, r.DayNo
			out.Cycle = &Cycle{ID: r.CycleID, Code: r.CycleCode, NameTh: r.CycleNameTh, NameEn: r.CycleNameEn,
				RoundType: r.RoundType, DayCount: r.DayCount, StartDate: r.StartDate, EndDate: r.EndDate, Status: StatusActive}
		}
		if r.Content == nil || (r.Menu == nil && r.MenuSet == nil) {
			continue // an empty day, or an inactive dish or set
		}
		out.Items = append(out.Items, DayItem{Content: *r.Content, Menu: r.Menu, MenuSet: r.MenuSet})
	}
	return out, nil
}

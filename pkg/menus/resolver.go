package menus

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5/pgtype"

	"samrap/pkg/db/dbsqlc"
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

// MenuOfDay answers what the branch serves on date for the meal type, in one round trip:
// the active round covering the date (active rounds never overlap), the day of it — LOOP:
// days since its start modulo its day count, from 1; WEEKDAY: the date's ISO weekday — and
// that day's active dishes and sets for the meal type.
func (s *Service) MenuOfDay(ctx context.Context, branch string, date time.Time, mealTimeID int64) (DayMenu, error) {
	rows, err := queries.MenusOfDay(ctx, s.db, dbsqlc.MenusOfDayParams{Branch: branch, MealTimeID: mealTimeID,
		OnDate: pgtype.Date{Time: date, Valid: true}})
	if err != nil {
		return DayMenu{}, fmt.Errorf("menus.menuOfDay: %w", err)
	}
	out := DayMenu{Date: date.Format(time.DateOnly), MealTimeID: mealTimeID, Items: []DayItem{}}
	for _, r := range rows {
		if out.Cycle == nil {
			out.Covered, out.DayNo = true, int(r.DayNo)
			out.Cycle = &Cycle{ID: r.CycleID, Code: r.CycleCode, NameTh: r.CycleNameTh, NameEn: r.CycleNameEn,
				RoundType: r.RoundType, DayCount: int(r.DayCount), StartDate: r.StartDate.Time.Format(time.DateOnly), Status: StatusActive}
			if r.EndDate.Valid {
				end := r.EndDate.Time.Format(time.DateOnly)
				out.Cycle.EndDate = &end
			}
		}
		if r.Menu == nil && r.MenuSet == nil {
			continue // an empty cell, or an inactive dish or set
		}
		var it DayItem
		if it.Content, err = decode[CycleMenu]("menu of day", r.Content); err != nil {
			return DayMenu{}, err
		}
		if r.Menu != nil {
			m, err := decode[Menu]("menu of day", r.Menu)
			if err != nil {
				return DayMenu{}, err
			}
			it.Menu = &m
		}
		if r.MenuSet != nil {
			m, err := decode[MenuSet]("menu of day", r.MenuSet)
			if err != nil {
				return DayMenu{}, err
			}
			it.MenuSet = &m
		}
		out.Items = append(out.Items, it)
	}
	return out, nil
}

package orders

import (
	"context"
	"time"

	"samrap/pkg/db"
	"samrap/pkg/db/dbsqlc"
	"samrap/pkg/patients"
)

// ListRow is a patient of the order list (search) and of the meal round: the patient as now,
// whether any of the date's live orders needs review, and one meal per active meal type of the
// branch.
type ListRow struct {
	patients.Brief
	DietType          *patients.Ref  `json:"dietType"`
	Therapeutics      []patients.Ref `json:"therapeutics"`
	Allergens         []patients.Ref `json:"allergens"`
	Restricted        []patients.Ref `json:"restricted"`
	UnmappedAllergies []string       `json:"unmappedAllergies"`
	Religion          *patients.Ref  `json:"religion"`
	Vegetarian        *patients.Ref  `json:"vegetarian"`
	TextureFood       *int           `json:"textureFood"`
	TextureDrink      *int           `json:"textureDrink"`
	NpoFrom           *Time          `json:"npoFrom"`
	NpoTo             *Time          `json:"npoTo"`
	VisitStatus       string         `json:"visitStatus"`
	HospitalStatus    string         `json:"hospitalStatus"`
	Version           int            `json:"version"`
	NeedsReview       bool           `json:"needsReview"`
	Meals             []ListMeal     `json:"meals"`
}

// ListMeal is a meal type of a list row: whether the patient's NPO covers its window on the
// date, and the live orders of the patient and of the caregiver (nil: none).
type ListMeal struct {
	MealTimeID     int64      `json:"mealTimeId"`
	Code           string     `json:"code"`
	NameTh         string     `json:"nameTh"`
	NameEn         string     `json:"nameEn"`
	Abbreviation   string     `json:"abbreviation"`
	MealColor      string     `json:"mealColor"`
	TextColor      string     `json:"textColor"`
	NPO            bool       `json:"npo"`
	Order          *ListOrder `json:"order"`
	CaregiverOrder *ListOrder `json:"caregiverOrder"`
}

// ListOrder is a live order as a list row's meal shows it.
type ListOrder struct {
	OrderID     string `json:"orderId"`
	OrderType   string `json:"orderType"`
	Status      string `json:"status"`
	NeedsReview bool   `json:"needsReview"`
}

// listPage reads the order list's page (two statements: the page of patients, filtered,
// sorted and paged in OrderSearch, and their live orders of the date) and answers its rows
// with the total.
func listPage(ctx context.Context, q db.DBTX, arg dbsqlc.OrderSearchParams, meals []mealType) ([]ListRow, int, error) {
	rows, err := queries.OrderSearch(ctx, q, arg)
	if err != nil {
		return nil, 0, err
	}
	ids := make([]int64, len(rows))
	for i, r := range rows {
		ids[i] = r.PatientView.ID
	}
	live, err := queries.OrderListOrders(ctx, q, dbsqlc.OrderListOrdersParams{Branch: arg.Branch, OnDate: arg.OnDate, PatientIds: ids})
	if err != nil {
		return nil, 0, err
	}
	type slot struct {
		patientID, mealTimeID int64
		caregiver             bool
	}
	orders := make(map[slot]*ListOrder, len(live))
	for _, o := range live {
		orders[slot{o.PatientID, o.MealTimeID, o.Caregiver}] = &ListOrder{OrderID: o.ID, OrderType: o.OrderType,
			Status: o.Status, NeedsReview: o.NeedsReview}
	}
	out, total := make([]ListRow, len(rows)), 0
	for i, r := range rows {
		p, err := patients.FromView(r.PatientView)
		if err != nil {
			return nil, 0, err
		}
		row := ListRow{Brief: p.Brief(), DietType: p.DietType, Therapeutics: p.Therapeutics,
			Allergens: p.Allergens, Restricted: p.Restricted, UnmappedAllergies: p.UnmappedAllergies, Religion: p.Religion,
			Vegetarian: p.Vegetarian, TextureFood: p.TextureFood, TextureDrink: p.TextureDrink, NpoFrom: timeOf(p.NpoFrom),
			NpoTo: timeOf(p.NpoTo), VisitStatus: p.VisitStatus, HospitalStatus: p.HospitalStatus, Version: p.Version,
			NeedsReview: r.NeedsReview, Meals: make([]ListMeal, len(meals))}
		for j, m := range meals {
			row.Meals[j] = ListMeal{MealTimeID: m.ID, Code: m.Code, NameTh: m.NameTh, NameEn: m.NameEn,
				Abbreviation: m.Abbreviation, MealColor: m.MealColor, TextColor: m.TextColor,
				NPO:            npoCovers(p.NpoFrom, p.NpoTo, arg.OnDate.Time, m),
				Order:          orders[slot{r.PatientView.ID, m.ID, false}],
				CaregiverOrder: orders[slot{r.PatientView.ID, m.ID, true}]}
		}
		out[i], total = row, int(r.Total)
	}
	return out, total, nil
}

// npoCovers says whether an NPO [from, to) (open-ended when to is nil) overlaps the meal's
// window on date (midnight in Asia/Bangkok).
func npoCovers(from, to *time.Time, date time.Time, m mealType) bool {
	start, end := date.Add(m.Start), date.Add(m.End)
	return from != nil && from.Before(end) && (to == nil || to.After(start))
}

package reports

import (
	"net/http"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgtype"

	"samrap/pkg/db/dbsqlc"
	"samrap/pkg/errs"
	"samrap/pkg/httpx"
)

// maxFinanceDays bounds a finance request.
const maxFinanceDays = 31

// FinanceOrder is a charged order with its price (in satang: 1/100 baht).
type FinanceOrder struct {
	OrderID   string `json:"orderId"`
	DateOrder string `json:"dateOrder"`
	HnID      string `json:"hnId"`
	Name      string `json:"name"`
	Caregiver bool   `json:"caregiver"`
	Ward      string `json:"ward"`
	Room      string `json:"room"`
	MealType  string `json:"mealType"`
	Items     string `json:"items"`
	Price     int64  `json:"priceSatang"`
}

// Total is a count of orders and their amount (satang).
type Total struct {
	Key    string `json:"key"` // the ward, or the date
	Orders int    `json:"orders"`
	Amount int64  `json:"amountSatang"`
}

// Finance is the finance screen's answer: the charged orders, the totals per ward and per
// day, and the whole.
type Finance struct {
	Orders []FinanceOrder `json:"orders"`
	ByWard []Total        `json:"byWard"`
	ByDay  []Total        `json:"byDay"`
	Total  Total          `json:"total"`
}

type financeBody struct {
	BranchCode string `json:"branchCode"`
	DateFrom   string `json:"dateFrom"`
	DateTo     string `json:"dateTo"`
}

// finance answers the charged orders of patients and caregivers between two dates (at most
// 31 days) with the prices of their dishes or sets (the finance screen, our call).
func (h handlers) finance(w http.ResponseWriter, r *http.Request) error {
	var b financeBody
	if err := httpx.DecodeJSON(r, &b); err != nil {
		return err
	}
	bad := map[string]string{}
	from, err1 := time.Parse(time.DateOnly, b.DateFrom)
	to, err2 := time.Parse(time.DateOnly, b.DateTo)
	switch {
	case err1 != nil:
		bad["dateFrom"] = "reports.dateInvalid"
	case err2 != nil:
		bad["dateTo"] = "reports.dateInvalid"
	case to.Before(from) || to.Sub(from) >= maxFinanceDays*24*time.Hour:
		bad["dateTo"] = "reports.rangeInvalid"
	}
	if len(bad) > 0 {
		return errs.Fields(bad)
	}
	rows, err := queries.ReportFinance(r.Context(), h.env.DB, dbsqlc.ReportFinanceParams{Branch: httpx.Branch(r),
		DateFrom: pgtype.Date{Time: from, Valid: true}, DateTo: pgtype.Date{Time: to, Valid: true}})
	if err != nil {
		return err
	}
	out := Finance{Orders: make([]FinanceOrder, len(rows)), ByWard: []Total{}, ByDay: []Total{}}
	wards, days := map[string]int{}, map[string]int{}
	add := func(list *[]Total, index map[string]int, key string, amount int64) {
		i, ok := index[key]
		if !ok {
			i = len(*list)
			index[key] = i
			*list = append(*list, Total{Key: key})
		}
		(*list)[i].Orders++
		(*list)[i].Amount += amount
	}
	for i, x := range rows {
		o := FinanceOrder{OrderID: x.ID, DateOrder: x.OrderDate, HnID: x.HnID, Caregiver: x.Caregiver,
			Name: bi(strings.TrimSpace(x.FirstNameTh+" "+x.LastNameTh), strings.TrimSpace(x.FirstNameEn+" "+x.LastNameEn)),
			Ward: bi(x.WardTh, x.WardEn), Room: x.RoomCode, MealType: bi(x.MealTh, x.MealEn), Items: x.Items, Price: x.PriceSatang}
		out.Orders[i] = o
		add(&out.ByWard, wards, o.Ward, o.Price)
		add(&out.ByDay, days, o.DateOrder, o.Price)
		out.Total.Orders++
		out.Total.Amount += o.Price
	}
	return httpx.OK(w, r, out)
}

package reports

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgtype"

	"samrap/pkg/day"
	"samrap/pkg/db"
	"samrap/pkg/db/dbsqlc"
	"samrap/pkg/errs"
	"samrap/pkg/httpx"
	"samrap/pkg/orders"
	"samrap/pkg/xlsx"
)

// financeDays: a finance request names both its days, a month (31 days) at most.
var financeDays = day.Span{Max: day.Month}

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
	BranchCode string    `json:"branchCode"`
	DateFrom   string    `json:"dateFrom"`
	DateTo     string    `json:"dateTo"`
	Days       day.Range `json:"-"`
}

// logged: the finance workbook's request is its dates, kept as sent.
func (b financeBody) logged(context.Context, db.DBTX, string) (any, error) { return b, nil }

// readFinance decodes and checks a finance body: two days (pkg/day), 31 days at most.
func readFinance(r *http.Request, now time.Time) (financeBody, error) {
	var b financeBody
	if err := httpx.DecodeJSON(r, &b); err != nil {
		return b, err
	}
	days, bad := financeDays.Read(b.DateFrom, b.DateTo, now)
	if len(bad) > 0 {
		return b, errs.Fields(bad)
	}
	b.Days = days
	return b, nil
}

// loadFinance reads the branch's charged orders of the body's dates with the prices of their
// dishes or sets, and totals them per ward and per day.
func loadFinance(ctx context.Context, q db.DBTX, branch string, b financeBody) (Finance, error) {
	rows, err := queries.ReportFinance(ctx, q, dbsqlc.ReportFinanceParams{Branch: branch,
		DateFrom: pgtype.Date{Time: b.Days.From, Valid: true}, DateTo: pgtype.Date{Time: b.Days.To, Valid: true}})
	if err != nil {
		return Finance{}, fmt.Errorf("reports: finance: %w", err)
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
		d, err := orders.FromRow(x.OrderDetail)
		if err != nil {
			return Finance{}, fmt.Errorf("reports: finance: %w", err)
		}
		var ward, room orders.Named // none: empty names
		if d.Ward != nil {
			ward = *d.Ward
		}
		if d.Room != nil {
			room = *d.Room
		}
		o := FinanceOrder{OrderID: d.OrderID, DateOrder: d.DateOrder, HnID: d.HnID, Caregiver: d.Caregiver,
			Name: bi(strings.TrimSpace(d.FirstNameTh+" "+d.LastNameTh), strings.TrimSpace(d.FirstNameEn+" "+d.LastNameEn)),
			Ward: bi(ward.NameTh, ward.NameEn), Room: room.Code, MealType: bi(d.MealType.NameTh, d.MealType.NameEn),
			Items: itemNames(d), Price: x.PriceSatang}
		out.Orders[i] = o
		add(&out.ByWard, wards, o.Ward, o.Price)
		add(&out.ByDay, days, o.DateOrder, o.Price)
		out.Total.Orders++
		out.Total.Amount += o.Price
	}
	return out, nil
}

// itemNames answers what a finance line names of an order: its dishes' or set's Thai names in
// the order's order, else its description (a specific meal).
func itemNames(o orders.Order) string {
	if len(o.Items) == 0 {
		return o.Description
	}
	names := make([]string, len(o.Items))
	for i, it := range o.Items {
		names[i] = it.NameTh
	}
	return strings.Join(names, ", ")
}

// finance answers the charged orders of patients and caregivers between two dates (at most
// 31 days) with the prices of their dishes or sets (the finance screen, our call).
func (h handlers) finance(w http.ResponseWriter, r *http.Request) error {
	b, err := readFinance(r, h.now())
	if err != nil {
		return err
	}
	out, err := loadFinance(r.Context(), h.db, httpx.Branch(r), b)
	if err != nil {
		return err
	}
	return httpx.OK(w, r, out)
}

// financeWorkbook is the finance screen's export (POST /api/download/excelFinance, ours):
// finance_report.xlsx, stored under reports/<branch>/<dateFrom>/finance/ and answered as a
// signed link; 204 when no order is charged.
func (h handlers) financeWorkbook(w http.ResponseWriter, r *http.Request) error {
	b, err := readFinance(r, h.now())
	if err != nil {
		return err
	}
	fin, err := loadFinance(r.Context(), h.db, httpx.Branch(r), b)
	if err != nil {
		return err
	}
	if len(fin.Orders) == 0 {
		return httpx.NoContent(w)
	}
	var buf bytes.Buffer
	if err := writeFinance(&buf, fin); err != nil {
		return fmt.Errorf("reports: finance workbook: %w", err)
	}
	return h.deliver(w, r, "finance", "finance_report.xlsx", xlsx.ContentType, &buf, b.DateFrom, b, len(fin.Orders), nil, 0, nil)
}

// financeColumns are the finance workbook's columns. The totals below the orders use the
// same columns: the group (ward or day) under "ward", the number of orders under "items".
var financeColumns = []xlsx.Column{
	{Th: "วันที่", En: "Date", Width: 12}, {Th: "หอผู้ป่วย", En: "Ward", Width: 28}, {Th: "เตียง", En: "Bed", Width: 10},
	{Th: "HN", En: "HN", Width: 16}, {Th: "ชื่อ", En: "Name", Width: 30}, {Th: "ญาติ/ผู้ดูแล", En: "Caregiver", Width: 12},
	{Th: "มื้ออาหาร", En: "Meal type", Width: 20}, {Th: "รายการอาหาร", En: "Items", Width: 40},
	{Th: "ราคา (บาท)", En: "Price (baht)", Width: 14},
}

// baht is an amount in satang as a number of baht (two decimals, exact for any sum a
// spreadsheet shows).
func baht(satang int64) float64 { return float64(satang) / 100 }

// writeFinance writes the finance workbook: one line per charged order, then the totals per
// ward, per day, and the whole.
func writeFinance(w io.Writer, fin Finance) error {
	rows := make([][]any, 0, len(fin.Orders)+len(fin.ByWard)+len(fin.ByDay)+6)
	for _, o := range fin.Orders {
		cg := ""
		if o.Caregiver {
			cg = "ญาติ/ผู้ดูแล / Caregiver"
		}
		rows = append(rows, []any{o.DateOrder, o.Ward, o.Room, o.HnID, o.Name, cg, o.MealType, o.Items, baht(o.Price)})
	}
	totals := func(title string, list []Total) {
		rows = append(rows, []any{}, []any{title, "", "", "", "", "", "", "จำนวนรายการ / Orders", "ยอดรวม / Amount"})
		for _, t := range list {
			rows = append(rows, []any{"", t.Key, "", "", "", "", "", t.Orders, baht(t.Amount)})
		}
	}
	totals("รวมตามหอผู้ป่วย / Total per ward", fin.ByWard)
	totals("รวมตามวัน / Total per day", fin.ByDay)
	rows = append(rows, []any{}, []any{"รวมทั้งหมด / Total", "", "", "", "", "", "", fin.Total.Orders, baht(fin.Total.Amount)})
	return xlsx.Write(w, "การเงิน Finance", financeColumns, xlsx.Rows(rows))
}

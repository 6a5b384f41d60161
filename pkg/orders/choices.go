package orders

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"samrap/pkg/db/dbsqlc"
)

// Choice is a master-data row an order form offers: active rows of the branch in code
// order. Patient marks the patient's own (they come first); Source says why a restricted
// ingredient applies (PATIENT, RELIGION, VEGETARIAN; none: it does not); Unmapped marks an
// allergy the branch could not map to an Allergies row (id 0, its text as the names).
type Choice struct {
	ID       int64   `json:"id"`
	Code     string  `json:"code"`
	NameTh   string  `json:"nameTh"`
	NameEn   string  `json:"nameEn"`
	Patient  bool    `json:"patient,omitempty"`
	Source   *string `json:"source,omitempty"`
	Unmapped bool    `json:"unmapped,omitempty"`
}

// choiceTables are the master tables the simple choices read: the names come from this
// list, never from a caller. Each call has its route in Mount (http.go).
var choiceTables = map[string]string{"getDietType": "diet_type", "getTherapeutic": "therapeutic",
	"getAllergens": "allergen", "getAllergensCaregiver": "allergen", "getReligion": "religion",
	"getCuisine": "cuisine_type", "getVegetarian": "vegetarian", "getRemarks": "remark", "getOthers": "other_item",
	"getMealComponents": "meal_component", "getRestricted": "restricted_ingredient",
	"getRestrictedCaregiver": "restricted_ingredient"}

// ChoiceQuery is what a choice call names: the patient, or a religion and vegetarian type.
type ChoiceQuery struct {
	HnID, ReligionCode, VegetarianCode string
}

// Choices answers a choice list. With an HN, getTherapeutic and getAllergens mark the
// patient's rows (first), getAllergens adds the patient's unmapped allergies, getRestricted
// gives each row its source (the patient's, the religion's or the vegetarian type's: the
// codes given, else the patient's); getRestrictedCaregiver only the codes'.
func (s *Service) Choices(ctx context.Context, branch, call string, q ChoiceQuery) ([]Choice, error) {
	hn := q.HnID
	if call == "getRestrictedCaregiver" || call == "getAllergensCaregiver" {
		hn = ""
	}
	rows, err := queries.OrderChoices(ctx, s.db, dbsqlc.OrderChoicesParams{Kind: choiceTables[call], Branch: branch,
		HnID: hn, ReligionCode: q.ReligionCode, VegetarianCode: q.VegetarianCode, PatientCodes: call == "getRestricted"})
	if err != nil {
		return nil, fmt.Errorf("orders.choices %s: %w", call, err)
	}
	out := make([]Choice, 0, len(rows))
	for _, r := range rows {
		c := Choice{ID: r.ID, Code: r.Code, NameTh: r.NameTh, NameEn: r.NameEn, Patient: r.Patient}
		if r.Source != "" {
			src := r.Source
			c.Source = &src
		}
		out = append(out, c)
	}
	if call == "getAllergens" && hn != "" {
		unmapped, err := queries.OrderUnmappedAllergies(ctx, s.db, dbsqlc.OrderUnmappedAllergiesParams{Branch: branch, HnID: hn})
		if err != nil && !errors.Is(err, pgx.ErrNoRows) {
			return nil, fmt.Errorf("orders.choices %s: %w", call, err)
		}
		for _, u := range unmapped {
			out = append(out, Choice{NameTh: u, NameEn: u, Patient: true, Unmapped: true})
		}
	}
	return out, nil
}

// MealTypes answers the branch's active meal types with their times and colours
// (getMealType), in start-time order.
func (s *Service) MealTypes(ctx context.Context, branch string) ([]MealTypeRef, error) {
	_, list, err := loadMealTypes(ctx, s.db, branch)
	if err != nil {
		return nil, fmt.Errorf("orders.mealTypes: %w", err)
	}
	out := make([]MealTypeRef, len(list))
	for i, m := range list {
		out[i] = refOf(m)
	}
	return out, nil
}

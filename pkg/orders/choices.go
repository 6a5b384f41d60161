package orders

import (
	"context"
	"fmt"
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
// list, never from a caller.
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
	table := choiceTables[call]
	var patientSQL string
	switch call {
	case "getTherapeutic":
		patientSQL = `SELECT l.therapeutic_id FROM patient_therapeutic l JOIN patient p ON p.branch_code = l.branch_code AND p.id = l.patient_id
			WHERE p.branch_code = $1 AND p.hn_id = $2`
	case "getAllergens":
		patientSQL = `SELECT l.allergen_id FROM patient_allergen l JOIN patient p ON p.branch_code = l.branch_code AND p.id = l.patient_id
			WHERE p.branch_code = $1 AND p.hn_id = $2`
	case "getRestricted":
		patientSQL = `SELECT l.restricted_id FROM patient_restricted l JOIN patient p ON p.branch_code = l.branch_code AND p.id = l.patient_id
			WHERE p.branch_code = $1 AND p.hn_id = $2`
	default:
		patientSQL = `SELECT NULL::bigint WHERE $2::text IS NULL`
	}
	source := `NULL::text`
	if call == "getRestricted" || call == "getRestrictedCaregiver" {
		// the religion and vegetarian type: the codes named, else (getRestricted) the patient's
		source = `CASE WHEN x.id IN (` + patientSQL + `) THEN 'PATIENT'
			WHEN x.id IN (SELECT r.restricted_id FROM religion_restricted r WHERE r.branch_code = $1 AND r.religion_id =
				coalesce((SELECT g.id FROM religion g WHERE g.branch_code = $1 AND g.code = nullif($3, '')),
					(SELECT p.religion_id FROM patient p WHERE p.branch_code = $1 AND p.hn_id = $2 AND $5))) THEN 'RELIGION'
			WHEN x.id IN (SELECT r.restricted_id FROM vegetarian_restricted r WHERE r.branch_code = $1 AND r.vegetarian_id =
				coalesce((SELECT g.id FROM vegetarian g WHERE g.branch_code = $1 AND g.code = nullif($4, '')),
					(SELECT p.vegetarian_id FROM patient p WHERE p.branch_code = $1 AND p.hn_id = $2 AND $5))) THEN 'VEGETARIAN'
			END`
	}
	// table is one of choiceTables' names, never a caller's text.
	sql := `SELECT x.id, x.code, x.name_th, x.name_en, x.id IN (` + patientSQL + `) AS patient, ` + source + ` AS source
		FROM ` + table + ` x WHERE x.branch_code = $1 AND x.active AND ($3::text IS NULL OR true) AND ($4::text IS NULL OR true) AND ($5::boolean OR true)
		ORDER BY (x.id IN (` + patientSQL + `)) DESC, ` + source + ` IS NULL, x.code`
	rows, err := s.db.Query(ctx, sql, branch, q.HnID, q.ReligionCode, q.VegetarianCode, call == "getRestricted")
	if err != nil {
		return nil, fmt.Errorf("orders.choices %s: %w", call, err)
	}
	defer rows.Close()
	out := []Choice{}
	for rows.Next() {
		var c Choice
		if err := rows.Scan(&c.ID, &c.Code, &c.NameTh, &c.NameEn, &c.Patient, &c.Source); err != nil {
			return nil, fmt.Errorf("orders.choices %s: %w", call, err)
		}
		if call == "getRestricted" && c.Source != nil && *c.Source == "PATIENT" {
			c.Patient = true
		}
		out = append(out, c)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("orders.choices %s: %w", call, err)
	}
	if call == "getAllergens" && q.HnID != "" {
		var unmapped []string
		err := s.db.QueryRow(ctx, `SELECT coalesce((SELECT unmapped_allergies FROM patient WHERE branch_code = $1 AND hn_id = $2), '{}')`,
			branch, q.HnID).Scan(&unmapped)
		if err != nil {
			return nil, fmt.Errorf("orders.choices %s: %w", call, err)
		}
		for _, u := range unmapped {
			out = append(out, Choice{Code: "", NameTh: u, NameEn: u, Patient: true, Unmapped: true})
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

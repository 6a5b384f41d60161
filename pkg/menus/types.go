package menus

import (
	"strings"
	"time"
)

// Statuses of a record.
const (
	StatusActive   = "ACTIVE"
	StatusInactive = "INACTIVE"
)

// Textures (IDDSI): foods are levels 3–7, drinks 0–4.
const (
	Food  = "FOOD"
	Drink = "DRINK"
)

// Round types of a cycle: a loop of DayCount days from the start date, or by weekday
// (7 days, Monday is day 1).
const (
	Loop    = "LOOP"
	Weekday = "WEEKDAY"
)

// Nutrients a dish may state per serving, in the order lists show them.
var Nutrients = []string{"energy", "protein", "fat", "carbohydrate", "sodium", "sugar", "fiber"}

// BaseUnit is the unit a nutrient is added up in, whatever unit a dish states it in
// (migration 00025, nutrient_base): energy in kcal, sodium in mg, the others in g. Targets
// and a tray's or a day's totals are in it (docs/nutrition.md).
func BaseUnit(nutrient string) string {
	switch nutrient {
	case "energy":
		return "kcal"
	case "sodium":
		return "mg"
	}
	return "g"
}

// Amounts is what a tray or a day gives, by nutrient, in base units (BaseUnit); a nutrient
// no dish states is absent.
type Amounts map[string]float64

// Ref is a master-data row a record names.
type Ref struct {
	ID     int64  `json:"id"`
	Code   string `json:"code"`
	NameTh string `json:"nameTh"`
	NameEn string `json:"nameEn"`
	Status string `json:"status,omitempty"`
}

// Nutrient is an amount per serving in a nutrient unit of the branch.
type Nutrient struct {
	Nutrient string  `json:"nutrient"`
	Amount   float64 `json:"amount"`
	UnitID   int64   `json:"unitId"`
	UnitCode string  `json:"unitCode,omitempty"`
	Unit     string  `json:"unit,omitempty"`
}

// Menu is a dish as the API answers it (the view menu_detail builds it). Allergens and
// Restricted are its allergen and restricted ingredients: derived, never typed.
type Menu struct {
	ID                  int64      `json:"id"`
	Code                string     `json:"code"`
	NameTh              string     `json:"nameTh"`
	NameEn              string     `json:"nameEn"`
	CuisineTypeID       int64      `json:"cuisineTypeId"`
	CuisineTypeCode     string     `json:"cuisineTypeCode"`
	CuisineTypeNameTh   string     `json:"cuisineTypeNameTh"`
	CuisineTypeNameEn   string     `json:"cuisineTypeNameEn"`
	MealComponentID     int64      `json:"mealComponentId"`
	MealComponentCode   string     `json:"mealComponentCode"`
	MealComponentNameTh string     `json:"mealComponentNameTh"`
	MealComponentNameEn string     `json:"mealComponentNameEn"`
	IddsiType           string     `json:"iddsiType"`
	IddsiLevel          int        `json:"iddsiLevel"`
	Price               float64    `json:"price"`
	Remark              string     `json:"remark"`
	Status              string     `json:"status"`
	CreatedAt           time.Time  `json:"createdAt"`
	CreatedBy           string     `json:"createdBy"`
	UpdatedAt           time.Time  `json:"updatedAt"`
	UpdatedBy           string     `json:"updatedBy"`
	Allergens           []Ref      `json:"allergens"`
	Restricted          []Ref      `json:"restricted"`
	MealClasses         []Ref      `json:"mealClasses"`
	DietTypes           []Ref      `json:"dietTypes"`
	Therapeutics        []Ref      `json:"therapeutics"`
	Nutrients           []Nutrient `json:"nutrients"`
}

// SetMenu is a dish of a set.
type SetMenu struct {
	ID                  int64  `json:"id"`
	Code                string `json:"code"`
	NameTh              string `json:"nameTh"`
	NameEn              string `json:"nameEn"`
	MealComponentID     int64  `json:"mealComponentId"`
	MealComponentCode   string `json:"mealComponentCode"`
	MealComponentNameTh string `json:"mealComponentNameTh"`
	MealComponentNameEn string `json:"mealComponentNameEn"`
	IddsiType           string `json:"iddsiType"`
	IddsiLevel          int    `json:"iddsiLevel"`
	Status              string `json:"status"`
}

// Texture is an IDDSI level of a food or a drink.
type Texture struct {
	IddsiType  string `json:"iddsiType"`
	IddsiLevel int    `json:"iddsiLevel"`
}

// MenuSet is a set as the API answers it (the view menu_set_detail): its dishes, and
// derived from them its allergens, restricted ingredients and textures.
type MenuSet struct {
	ID                 int64     `json:"id"`
	Code               string    `json:"code"`
	NameTh             string    `json:"nameTh"`
	NameEn             string    `json:"nameEn"`
	TrayCategoryID     *int64    `json:"trayCategoryId"`
	TrayCategoryCode   *string   `json:"trayCategoryCode"`
	TrayCategoryNameTh *string   `json:"trayCategoryNameTh"`
	TrayCategoryNameEn *string   `json:"trayCategoryNameEn"`
	DietTypeID         *int64    `json:"dietTypeId"`
	DietTypeCode       *string   `json:"dietTypeCode"`
	DietTypeNameTh     *string   `json:"dietTypeNameTh"`
	DietTypeNameEn     *string   `json:"dietTypeNameEn"`
	TherapeuticID      *int64    `json:"therapeuticId"`
	TherapeuticCode    *string   `json:"therapeuticCode"`
	TherapeuticNameTh  *string   `json:"therapeuticNameTh"`
	TherapeuticNameEn  *string   `json:"therapeuticNameEn"`
	Price              float64   `json:"price"`
	Remark             string    `json:"remark"`
	Status             string    `json:"status"`
	CreatedAt          time.Time `json:"createdAt"`
	CreatedBy          string    `json:"createdBy"`
	UpdatedAt          time.Time `json:"updatedAt"`
	UpdatedBy          string    `json:"updatedBy"`
	Menus              []SetMenu `json:"menus"`
	Allergens          []Ref     `json:"allergens"`
	Restricted         []Ref     `json:"restricted"`
	Textures           []Texture `json:"textures"`
}

// Cycle is a rotating menu round. Dates are "YYYY-MM-DD"; EndDate nil: open-ended.
type Cycle struct {
	ID        int64     `json:"id"`
	Code      string    `json:"code"`
	NameTh    string    `json:"nameTh"`
	NameEn    string    `json:"nameEn"`
	RoundType string    `json:"roundType"`
	DayCount  int       `json:"dayCount"`
	StartDate string    `json:"startDate"`
	EndDate   *string   `json:"endDate"`
	Remark    string    `json:"remark"`
	Status    string    `json:"status"`
	UpdatedAt time.Time `json:"updatedAt"`
	UpdatedBy string    `json:"updatedBy"`
	Items     int       `json:"items"` // contents of the round
}

// CycleMenu is a content of a round: on day DayNo, for a meal type, a dish or a set, with
// what it is cooked for.
type CycleMenu struct {
	ID                 int64     `json:"id"`
	CycleID            int64     `json:"cycleId"`
	CycleCode          string    `json:"cycleCode"`
	CycleNameTh        string    `json:"cycleNameTh"`
	CycleNameEn        string    `json:"cycleNameEn"`
	DayNo              int       `json:"dayNo"`
	MealTimeID         int64     `json:"mealTimeId"`
	MealTimeCode       string    `json:"mealTimeCode"`
	MealTimeNameTh     string    `json:"mealTimeNameTh"`
	MealTimeNameEn     string    `json:"mealTimeNameEn"`
	MealColor          string    `json:"mealColor"`
	TextColor          string    `json:"textColor"`
	MenuID             *int64    `json:"menuId"`
	MenuCode           *string   `json:"menuCode"`
	MenuNameTh         *string   `json:"menuNameTh"`
	MenuNameEn         *string   `json:"menuNameEn"`
	MenuSetID          *int64    `json:"menuSetId"`
	MenuSetCode        *string   `json:"menuSetCode"`
	MenuSetNameTh      *string   `json:"menuSetNameTh"`
	MenuSetNameEn      *string   `json:"menuSetNameEn"`
	MealComponentID    *int64    `json:"mealComponentId"`
	MealComponentCode  *string   `json:"mealComponentCode"`
	TrayCategoryID     *int64    `json:"trayCategoryId"`
	TrayCategoryCode   *string   `json:"trayCategoryCode"`
	TrayCategoryNameTh *string   `json:"trayCategoryNameTh"`
	TrayCategoryNameEn *string   `json:"trayCategoryNameEn"`
	DietTypeID         *int64    `json:"dietTypeId"`
	DietTypeCode       *string   `json:"dietTypeCode"`
	DietTypeNameTh     *string   `json:"dietTypeNameTh"`
	DietTypeNameEn     *string   `json:"dietTypeNameEn"`
	TherapeuticID      *int64    `json:"therapeuticId"`
	TherapeuticCode    *string   `json:"therapeuticCode"`
	TherapeuticNameTh  *string   `json:"therapeuticNameTh"`
	TherapeuticNameEn  *string   `json:"therapeuticNameEn"`
	CuisineTypeID      *int64    `json:"cuisineTypeId"`
	CuisineTypeCode    *string   `json:"cuisineTypeCode"`
	CuisineTypeNameTh  *string   `json:"cuisineTypeNameTh"`
	CuisineTypeNameEn  *string   `json:"cuisineTypeNameEn"`
	UpdatedAt          time.Time `json:"updatedAt"`
	UpdatedBy          string    `json:"updatedBy"`
}

// MenuInput is the body of updateMenu: no id (or 0) creates, an id updates. Status ""
// keeps the stored status (a create is active). The lists replace the stored ones.
type MenuInput struct {
	ID              int64           `json:"id"`
	BranchCode      string          `json:"branchCode"`
	Code            string          `json:"code"`
	NameTh          string          `json:"nameTh"`
	NameEn          string          `json:"nameEn"`
	CuisineTypeID   int64           `json:"cuisineTypeId"`
	MealComponentID int64           `json:"mealComponentId"`
	IddsiType       string          `json:"iddsiType"`
	IddsiLevel      *int            `json:"iddsiLevel"`
	Price           float64         `json:"price"`
	Remark          string          `json:"remark"`
	Status          string          `json:"status"`
	AllergenIDs     []int64         `json:"allergenIds"`
	RestrictedIDs   []int64         `json:"restrictedIds"`
	MealClassIDs    []int64         `json:"mealClassIds"`
	DietTypeIDs     []int64         `json:"dietTypeIds"`
	TherapeuticIDs  []int64         `json:"therapeuticIds"`
	Nutrients       []NutrientInput `json:"nutrients"`
}

// NutrientInput is a nutrient of a dish to write.
type NutrientInput struct {
	Nutrient string  `json:"nutrient"`
	Amount   float64 `json:"amount"`
	UnitID   int64   `json:"unitId"`
}

// MenuSetInput is the body of updateMenuSet; MenuIDs are the set's dishes in order.
type MenuSetInput struct {
	ID             int64   `json:"id"`
	BranchCode     string  `json:"branchCode"`
	Code           string  `json:"code"`
	NameTh         string  `json:"nameTh"`
	NameEn         string  `json:"nameEn"`
	TrayCategoryID *int64  `json:"trayCategoryId"`
	DietTypeID     *int64  `json:"dietTypeId"`
	TherapeuticID  *int64  `json:"therapeuticId"`
	Price          float64 `json:"price"`
	Remark         string  `json:"remark"`
	Status         string  `json:"status"`
	MenuIDs        []int64 `json:"menuIds"`
}

// CycleInput is the body of updateCycle. A WEEKDAY round has 7 days (DayCount may be left
// out); EndDate "" or absent: open-ended.
type CycleInput struct {
	ID         int64  `json:"id"`
	BranchCode string `json:"branchCode"`
	Code       string `json:"code"`
	NameTh     string `json:"nameTh"`
	NameEn     string `json:"nameEn"`
	RoundType  string `json:"roundType"`
	DayCount   int    `json:"dayCount"`
	StartDate  string `json:"startDate"`
	EndDate    string `json:"endDate"`
	Remark     string `json:"remark"`
	Status     string `json:"status"`
}

// CycleMenuInput is the body of updateCycleMenu: exactly one of MenuID and MenuSetID.
type CycleMenuInput struct {
	ID             int64  `json:"id"`
	BranchCode     string `json:"branchCode"`
	CycleID        int64  `json:"cycleId"`
	DayNo          int    `json:"dayNo"`
	MealTimeID     int64  `json:"mealTimeId"`
	MenuID         *int64 `json:"menuId"`
	MenuSetID      *int64 `json:"menuSetId"`
	TrayCategoryID *int64 `json:"trayCategoryId"`
	DietTypeID     *int64 `json:"dietTypeId"`
	TherapeuticID  *int64 `json:"therapeuticId"`
	CuisineTypeID  *int64 `json:"cuisineTypeId"`
}

// status answers the stored active flag for a status field: "" keeps stored (create:
// active); ok false for anything else than ACTIVE or INACTIVE (any case).
func status(s string, stored bool) (active, ok bool) {
	switch strings.ToUpper(strings.TrimSpace(s)) {
	case "":
		return stored, true
	case StatusActive:
		return true, true
	case StatusInactive:
		return false, true
	}
	return false, false
}

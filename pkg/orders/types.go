package orders

import (
	"regexp"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"samrap/pkg/day"
	"samrap/pkg/errs"
)

// Order types, statuses, food scopes, course types and cancel reasons (docs/orders.md).
const (
	TypeOrder     = "ORD"
	TypeFasting   = "NPO"
	TypeNoMeal    = "NML"
	TypeDischarge = "DIS"

	StatusWaiting   = "WAITING"
	StatusFasting   = "FASTING"
	StatusNoMeal    = "NO_MEAL"
	StatusCancelled = "CANCELLED"
	StatusServed    = "SERVED"

	ScopeNormal    = "NORMAL"
	ScopeBoth      = "BOTH"
	ScopeDysphagia = "DYSPHAGIA"

	CourseMenu     = "MENU"
	CourseSet      = "SET"
	CourseSpecific = "SPECIFIC"
)

// Problem codes (docs/orders.md).
const (
	ProblemNoItem     = "NO_ITEM"
	ProblemNPO        = "NPO"
	ProblemDischarged = "DISCHARGED"
	ProblemConflict   = "CONFLICT"
	ProblemTexture    = "TEXTURE"
	ProblemNotOnMenu  = "NOT_ON_MENU"
	ProblemNoMenu     = "NO_MENU"
	ProblemScope      = "SCOPE"
	ProblemUnmapped   = "UNMAPPED_ALLERGY"
	ProblemStale      = "STALE"
	ProblemMealType   = "MEAL_TYPE"
	ProblemComponent  = "COMPONENT"
	ProblemFreeText   = "FREE_TEXT"
)

// problemKeys are the messages of the problems.
var problemKeys = map[string]string{ProblemNoItem: "orders.problemNO_ITEM", ProblemNPO: "orders.problemNPO",
	ProblemDischarged: "orders.problemDISCHARGED", ProblemConflict: "orders.problemCONFLICT",
	ProblemTexture: "orders.problemTEXTURE", ProblemNotOnMenu: "orders.problemNOT_ON_MENU", ProblemNoMenu: "orders.problemNO_MENU",
	ProblemScope: "orders.problemSCOPE", ProblemUnmapped: "orders.problemUNMAPPED_ALLERGY", ProblemStale: "orders.problemSTALE",
	ProblemMealType: "orders.problemMEAL_TYPE", ProblemComponent: "orders.problemCOMPONENT",
	ProblemFreeText: "orders.problemFREE_TEXT"}

var (
	orderTypes    = []string{TypeOrder, TypeFasting, TypeNoMeal, TypeDischarge}
	scopes        = []string{ScopeNormal, ScopeBoth, ScopeDysphagia}
	courses       = []string{CourseMenu, CourseSet, CourseSpecific}
	cancelReasons = []string{"PATIENT", "DOCTOR", "NUTRITIONIST"}
	statusOfType  = map[string]string{TypeOrder: StatusWaiting, TypeFasting: StatusFasting, TypeNoMeal: StatusNoMeal,
		TypeDischarge: StatusNoMeal}
)

// Limits of a draft.
const (
	MaxDates     = 14
	MaxMealTypes = 10
	MaxItems     = 10
	MaxNote      = 500
	MaxText      = 1000
	MaxPatients  = 200
)

var keyShape = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z0-9._:-]{1,100}$`) })

// Item is a chosen dish or set, with the note that lets a conflict through.
type Item struct {
	MenuID          int64  `json:"menuId,omitempty"`
	MenuSetID       int64  `json:"menuSetId,omitempty"`
	AlternativeNote string `json:"alternativeNote"`
}

// CaregiverInfo is what a caregiver states of themselves.
type CaregiverInfo struct {
	ReligionID    *int64  `json:"religionId"`
	VegetarianID  *int64  `json:"vegetarianId"`
	AllergenIDs   []int64 `json:"allergenIds"`
	RestrictedIDs []int64 `json:"restrictedIds"`
}

// Draft is the body of checkerOrderTaker and submitOrder (submitOrderMany adds HnIDs,
// PatientVersions and FreeTextAcknowledgedHnIDs).
type Draft struct {
	BranchCode               string         `json:"branchCode"`
	HnID                     string         `json:"hnId"`
	HnIDs                    []string       `json:"hnIds,omitempty"`
	PatientVersion           int            `json:"patientVersion"`
	PatientVersions          map[string]int `json:"patientVersions,omitempty"`
	IdempotencyKey           string         `json:"idempotencyKey"`
	Dates                    []string       `json:"dates"`
	MealTimeIDs              []int64        `json:"mealTimeIds"`
	Caregiver                bool           `json:"caregiver"`
	CaregiverInfo            *CaregiverInfo `json:"caregiverInfo"`
	OrderType                string         `json:"orderType"`
	FoodScope                string         `json:"foodScope"`
	CourseType               string         `json:"courseType"`
	DietTypeID               *int64         `json:"dietTypeId"`
	TherapeuticID            *int64         `json:"therapeuticId"`
	CuisineTypeID            *int64         `json:"cuisineTypeId"`
	Items                    []Item         `json:"items"`
	Description              string         `json:"description"`
	OtherIDs                 []int64        `json:"otherIds"`
	RemarkIDs                []int64        `json:"remarkIds"`
	Remark                   string         `json:"remark"`
	Charge                   bool           `json:"charge"`
	DysphagiaFoodType        *int           `json:"dysphagiaFoodType"`
	UnmappedAllergiesChecked bool           `json:"unmappedAllergiesChecked"`
	// FreeTextAcknowledged is the person's acknowledgement that a free-text meal was checked
	// against the food rules shown (docs/orders.md "Free text"); submitOrderMany takes it per
	// patient in FreeTextAcknowledgedHnIDs.
	FreeTextAcknowledged      bool     `json:"freeTextAcknowledged"`
	FreeTextAcknowledgedHnIDs []string `json:"freeTextAcknowledgedHnIds,omitempty"`
	// ackedRules are the rules a stored order's acknowledgement covered (a review, the
	// bedside): still acknowledged while the person's rules are among them.
	ackedRules []Rule
}

// normalise trims and upper-cases the codes, fills the defaults, and drops what only an
// ORD carries from the other order types.
func (d *Draft) normalise() {
	d.HnID = strings.TrimSpace(d.HnID)
	d.OrderType = strings.ToUpper(strings.TrimSpace(d.OrderType))
	d.FoodScope = strings.ToUpper(strings.TrimSpace(d.FoodScope))
	d.CourseType = strings.ToUpper(strings.TrimSpace(d.CourseType))
	d.Description, d.Remark = strings.TrimSpace(d.Description), strings.TrimSpace(d.Remark)
	if d.OrderType == "" {
		d.OrderType = TypeOrder
	}
	if d.FoodScope == "" {
		d.FoodScope = ScopeBoth
	}
	for _, l := range []*[]int64{&d.MealTimeIDs, &d.OtherIDs, &d.RemarkIDs} {
		s := slices.Clone(*l)
		slices.Sort(s)
		*l = slices.Compact(s)
	}
	ds := slices.Clone(d.Dates)
	slices.Sort(ds)
	d.Dates = slices.Compact(ds)
	for i := range d.Items {
		d.Items[i].AlternativeNote = strings.TrimSpace(d.Items[i].AlternativeNote)
	}
	if d.OrderType != TypeOrder {
		d.CourseType, d.Items, d.Description = "", nil, ""
		d.DietTypeID, d.TherapeuticID, d.CuisineTypeID = nil, nil, nil
	}
	if d.CourseType == CourseSpecific {
		d.Items = nil
	} else if d.DysphagiaFoodType != nil && validFoodLevel(*d.DysphagiaFoodType) {
		// only a free text carries a level; one that is no level at all (99999999999) is
		// kept for validate to refuse, rather than dropped as if it had not been sent
		d.DysphagiaFoodType = nil
	}
	if d.Caregiver && d.CaregiverInfo == nil {
		d.CaregiverInfo = &CaregiverInfo{}
	}
	if !d.Caregiver {
		d.CaregiverInfo = nil
	}
	if d.CaregiverInfo != nil {
		for _, l := range []*[]int64{&d.CaregiverInfo.AllergenIDs, &d.CaregiverInfo.RestrictedIDs} {
			if *l == nil {
				*l = []int64{}
			}
		}
	}
}

// validate answers the fields whose shape is wrong (field → message key); today bounds the
// dates. many: the patients are in HnIDs.
func (d Draft) validate(today string, many bool) map[string]string {
	f := map[string]string{}
	if many {
		if len(d.HnIDs) == 0 {
			f["hnIds"] = "field.required"
		} else if len(d.HnIDs) > MaxPatients {
			f["hnIds"] = "field.tooLong"
		}
	} else if d.HnID == "" {
		f["hnId"] = "field.required"
	}
	if d.IdempotencyKey != "" && !keyShape().MatchString(d.IdempotencyKey) {
		f["idempotencyKey"] = "field.invalid"
	}
	if len(d.Dates) == 0 {
		f["dates"] = "field.required"
	} else if len(d.Dates) > MaxDates {
		f["dates"] = "orders.tooManyDates"
	}
	for _, s := range d.Dates {
		if !day.Valid(s) {
			f["dates"] = "date.invalid"
		} else if s < today {
			f["dates"] = "orders.datePast"
		}
	}
	if len(d.MealTimeIDs) == 0 {
		f["mealTimeIds"] = "field.required"
	} else if len(d.MealTimeIDs) > MaxMealTypes {
		f["mealTimeIds"] = "field.tooLong"
	}
	if !slices.Contains(orderTypes, d.OrderType) {
		f["orderType"] = "field.invalid"
	}
	if !slices.Contains(scopes, d.FoodScope) {
		f["foodScope"] = "field.invalid"
	}
	if d.OrderType == TypeOrder && !slices.Contains(courses, d.CourseType) {
		f["courseType"] = "field.required"
	}
	if len(d.Items) > MaxItems {
		f["items"] = "field.tooLong"
	}
	for _, it := range d.Items {
		switch {
		case (it.MenuID != 0) == (it.MenuSetID != 0), it.MenuID < 0, it.MenuSetID < 0:
			f["items"] = "orders.itemInvalid"
		case d.CourseType == CourseMenu && it.MenuID == 0, d.CourseType == CourseSet && it.MenuSetID == 0:
			f["items"] = "orders.itemCourse"
		case utf8.RuneCountInString(it.AlternativeNote) > MaxNote:
			f["items"] = "field.tooLong"
		}
	}
	if d.CourseType == CourseSet && len(d.Items) > 1 {
		f["items"] = "orders.oneSet"
	}
	if d.DysphagiaFoodType != nil && !validFoodLevel(*d.DysphagiaFoodType) {
		f["dysphagiaFoodType"] = "field.outOfRange"
	}
	for name, v := range map[string]string{"description": d.Description, "remark": d.Remark} {
		if utf8.RuneCountInString(v) > MaxText {
			f[name] = "field.tooLong"
		}
	}
	return f
}

// validFoodLevel says whether n is the IDDSI level of a food a free text may name (3–7).
func validFoodLevel(n int) bool { return n >= 3 && n <= 7 }

// pairs answers the (date, meal type) pairs of a draft.
func (d Draft) pairs() (dates []string, meals []int64) {
	for _, date := range d.Dates {
		for _, m := range d.MealTimeIDs {
			dates, meals = append(dates, date), append(meals, m)
		}
	}
	return dates, meals
}

// Failures callers are told about.
var (
	ErrNotFound        = errs.New(errs.NotFound, "orders.notFound")
	ErrPatientNotFound = errs.WithCode(errs.NotFound, "NOT_FOUND", "patients.notFound")
	ErrAlreadyOrdered  = errs.WithCode(errs.Conflict, "ALREADY_ORDERED", "orders.alreadyOrdered")
	ErrCancelled       = errs.WithCode(errs.Conflict, "ALREADY_CANCELLED", "orders.alreadyCancelled")
	ErrInProgress      = errs.WithCode(errs.Conflict, "IN_PROGRESS", "orders.inProgress")
	ErrNotReviewable   = errs.WithCode(errs.Conflict, "NOT_REVIEWABLE", "orders.notReviewable")
)

package patients

// FieldLabel answers the Thai and English label of a patient's field (a key of Patient's
// JSON, as the change log stores it), for the change-log screen (pkg/logs).
func FieldLabel(key string) (th, en string, ok bool) {
	for _, f := range fieldLabels {
		if f.key == key {
			return f.th, f.en, true
		}
	}
	return "", "", false
}

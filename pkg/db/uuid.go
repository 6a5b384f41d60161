package db

// IsUUID reports whether s is a UUID in its canonical text form (8-4-4-4-12 hex digits).
// Check an id from a request or a token with it before it reaches a uuid column: PostgreSQL
// answers anything else with an error (a 500), not with "no rows".
func IsUUID(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i, r := range s {
		switch {
		case i == 8 || i == 13 || i == 18 || i == 23:
			if r != '-' {
				return false
			}
		case '0' <= r && r <= '9', 'a' <= r && r <= 'f', 'A' <= r && r <= 'F':
		default:
			return false
		}
	}
	return true
}

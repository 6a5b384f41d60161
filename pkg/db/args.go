package db

import "strings"

// The arguments of a search: a filter the caller may leave out is a nil parameter, which the
// query reads as "every row".

var likeEscaper = strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)

// LikePattern answers the pattern that LIKE and ILIKE match s with anywhere in a text: s's
// own wildcards (% and _) and the escape (\) are taken literally.
func LikePattern(s string) string { return "%" + likeEscaper.Replace(s) + "%" }

// Contains is the optional criteria of a search: LikePattern of s trimmed, nil when s is blank.
func Contains(s string) *string {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil
	}
	p := LikePattern(s)
	return &p
}

// OptID is an optional row filter: nil for 0.
func OptID(id int64) *int64 {
	if id == 0 {
		return nil
	}
	return &id
}

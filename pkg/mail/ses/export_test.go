package ses

// URL is the SendEmail address s calls.
func URL(s *Sender) string { return s.url }

package auth

// SetBeforeTOTPStep makes s run f between reading an account's last authenticator step and
// recording a new one, so that a test can hold two verifications at that point together.
func SetBeforeTOTPStep(s *Service, f func()) { s.beforeTOTPStep = f }

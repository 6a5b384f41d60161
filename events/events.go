// Package events holds the messages that cross a queue between Samrap's functions and the
// parsing of the S3 notifications that reach a worker through SQS.
//
// Every message is a versioned JSON document. A worker decodes with the Decode function of
// the message, which refuses a version it does not know, so that a message written by a
// newer producer fails loudly (and ends in the dead-letter queue) instead of being half
// understood.
package events

import (
	"encoding/json"
	"errors"
	"fmt"
)

// ErrUnknownVersion is returned when a message carries a version this code does not read.
var ErrUnknownVersion = errors.New("unknown message version")

// ErrInvalid is returned when a message misses a required field.
var ErrInvalid = errors.New("invalid message")

// Current versions of the messages.
const (
	ImportRequestedVersion      = 1
	PatientSyncRequestedVersion = 1
	HL7ReceivedVersion          = 1
)

// ImportRequested asks import-worker to load an uploaded file. The upload API sends it when
// the notification of the upload is not enough (for example a re-run of a job); the usual
// path is the S3 notification of the upload itself.
type ImportRequested struct {
	Version    int    `json:"version"`
	JobID      string `json:"jobId"`
	Kind       string `json:"kind"`       // the master data kind, e.g. "DietType"
	BranchCode string `json:"branchCode"` // e.g. "SRP01"
	Key        string `json:"key"`        // object key of the upload, not URL-encoded
	CreatedBy  string `json:"createdBy"`  // user id
}

// EncodeImportRequested returns the message body. A zero Version is the current one.
func EncodeImportRequested(m ImportRequested) ([]byte, error) {
	if m.Version == 0 {
		m.Version = ImportRequestedVersion
	}
	if m.Version != ImportRequestedVersion {
		return nil, fmt.Errorf("events.encodeImportRequested: version %d: %w", m.Version, ErrUnknownVersion)
	}
	if m.JobID == "" || m.Kind == "" || m.BranchCode == "" || m.Key == "" {
		return nil, fmt.Errorf("events.encodeImportRequested: jobId, kind, branchCode and key are required: %w", ErrInvalid)
	}
	b, err := json.Marshal(m)
	if err != nil {
		return nil, fmt.Errorf("events.encodeImportRequested: %w", err)
	}
	return b, nil
}

// DecodeImportRequested reads a message body.
func DecodeImportRequested(body []byte) (ImportRequested, error) {
	var m ImportRequested
	if err := decode(body, &m, &m.Version, ImportRequestedVersion); err != nil {
		return ImportRequested{}, fmt.Errorf("events.decodeImportRequested: %w", err)
	}
	if m.JobID == "" || m.Kind == "" || m.BranchCode == "" || m.Key == "" {
		return ImportRequested{}, fmt.Errorf("events.decodeImportRequested: jobId, kind, branchCode and key are required: %w", ErrInvalid)
	}
	return m, nil
}

// PatientSyncRequested asks patient-sync-worker to pull a branch's patients from the
// hospital system.
type PatientSyncRequested struct {
	Version    int    `json:"version"`
	JobID      string `json:"jobId"`
	BranchCode string `json:"branchCode"`
	CreatedBy  string `json:"createdBy"`
}

// EncodePatientSyncRequested returns the message body. A zero Version is the current one.
func EncodePatientSyncRequested(m PatientSyncRequested) ([]byte, error) {
	if m.Version == 0 {
		m.Version = PatientSyncRequestedVersion
	}
	if m.Version != PatientSyncRequestedVersion {
		return nil, fmt.Errorf("events.encodePatientSyncRequested: version %d: %w", m.Version, ErrUnknownVersion)
	}
	if m.JobID == "" || m.BranchCode == "" {
		return nil, fmt.Errorf("events.encodePatientSyncRequested: jobId and branchCode are required: %w", ErrInvalid)
	}
	b, err := json.Marshal(m)
	if err != nil {
		return nil, fmt.Errorf("events.encodePatientSyncRequested: %w", err)
	}
	return b, nil
}

// DecodePatientSyncRequested reads a message body.
func DecodePatientSyncRequested(body []byte) (PatientSyncRequested, error) {
	var m PatientSyncRequested
	if err := decode(body, &m, &m.Version, PatientSyncRequestedVersion); err != nil {
		return PatientSyncRequested{}, fmt.Errorf("events.decodePatientSyncRequested: %w", err)
	}
	if m.JobID == "" || m.BranchCode == "" {
		return PatientSyncRequested{}, fmt.Errorf("events.decodePatientSyncRequested: jobId and branchCode are required: %w", ErrInvalid)
	}
	return m, nil
}

// HL7Received asks hl7-feed-worker to apply an HL7 v2 message the feed kept (table
// hl7_message): the message itself stays there (it is personal data), the queue carries
// its id. It is sent to a FIFO queue, grouped by branch and patient.
type HL7Received struct {
	Version    int    `json:"version"`
	MessageID  string `json:"messageId"`
	BranchCode string `json:"branchCode"`
}

// EncodeHL7Received returns the message body. A zero Version is the current one.
func EncodeHL7Received(m HL7Received) ([]byte, error) {
	if m.Version == 0 {
		m.Version = HL7ReceivedVersion
	}
	if m.Version != HL7ReceivedVersion {
		return nil, fmt.Errorf("events.encodeHL7Received: version %d: %w", m.Version, ErrUnknownVersion)
	}
	if m.MessageID == "" || m.BranchCode == "" {
		return nil, fmt.Errorf("events.encodeHL7Received: messageId and branchCode are required: %w", ErrInvalid)
	}
	b, err := json.Marshal(m)
	if err != nil {
		return nil, fmt.Errorf("events.encodeHL7Received: %w", err)
	}
	return b, nil
}

// DecodeHL7Received reads a message body.
func DecodeHL7Received(body []byte) (HL7Received, error) {
	var m HL7Received
	if err := decode(body, &m, &m.Version, HL7ReceivedVersion); err != nil {
		return HL7Received{}, fmt.Errorf("events.decodeHL7Received: %w", err)
	}
	if m.MessageID == "" || m.BranchCode == "" {
		return HL7Received{}, fmt.Errorf("events.decodeHL7Received: messageId and branchCode are required: %w", ErrInvalid)
	}
	return m, nil
}

// decode unmarshals body into v and checks the version it read.
func decode(body []byte, v any, version *int, want int) error {
	if err := json.Unmarshal(body, v); err != nil {
		return err
	}
	if *version != want {
		return fmt.Errorf("version %d (this code reads %d): %w", *version, want, ErrUnknownVersion)
	}
	return nil
}

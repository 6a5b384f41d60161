package events_test

import (
	"errors"
	"testing"

	"samrap/events"
)

func TestImportRequestedRoundTrip(t *testing.T) {
	in := events.ImportRequested{JobID: "j1", Kind: "DietType", BranchCode: "SRP01", Key: "uploads/SRP01/DietType/อาหาร list.xlsx", CreatedBy: "u1"}
	body, err := events.EncodeImportRequested(in)
	if err != nil {
		t.Fatal(err)
	}
	got, err := events.DecodeImportRequested(body)
	if err != nil {
		t.Fatal(err)
	}
	in.Version = events.ImportRequestedVersion
	if got != in {
		t.Fatalf("got %+v, want %+v", got, in)
	}
}

func TestPatientSyncRequestedRoundTrip(t *testing.T) {
	in := events.PatientSyncRequested{JobID: "j2", BranchCode: "SRP02", CreatedBy: "u2"}
	body, err := events.EncodePatientSyncRequested(in)
	if err != nil {
		t.Fatal(err)
	}
	got, err := events.DecodePatientSyncRequested(body)
	if err != nil {
		t.Fatal(err)
	}
	in.Version = events.PatientSyncRequestedVersion
	if got != in {
		t.Fatalf("got %+v, want %+v", got, in)
	}
}

func TestHL7ReceivedRoundTrip(t *testing.T) {
	in := events.HL7Received{MessageID: "m1", BranchCode: "SRP01"}
	body, err := events.EncodeHL7Received(in)
	if err != nil {
		t.Fatal(err)
	}
	got, err := events.DecodeHL7Received(body)
	if err != nil {
		t.Fatal(err)
	}
	in.Version = events.HL7ReceivedVersion
	if got != in {
		t.Fatalf("got %+v, want %+v", got, in)
	}
	if _, err := events.DecodeHL7Received([]byte(`{"version":1,"branchCode":"SRP01"}`)); !errors.Is(err, events.ErrInvalid) {
		t.Fatalf("a message without its id: err = %v, want ErrInvalid", err)
	}
}

func TestDecodeRefuses(t *testing.T) {
	tests := []struct {
		name string
		body string
		want error // nil: any error
	}{
		{"newer version", `{"version":2,"jobId":"j","kind":"DietType","branchCode":"SRP01","key":"k"}`, events.ErrUnknownVersion},
		{"no version", `{"jobId":"j","kind":"DietType","branchCode":"SRP01","key":"k"}`, events.ErrUnknownVersion},
		{"missing key", `{"version":1,"jobId":"j","kind":"DietType","branchCode":"SRP01"}`, events.ErrInvalid},
		{"not json", `uploads/SRP01/x.xlsx`, nil},
		{"version as string", `{"version":"1","jobId":"j","kind":"DietType","branchCode":"SRP01","key":"k"}`, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := events.DecodeImportRequested([]byte(tt.body))
			if err == nil {
				t.Fatal("decoded, want an error")
			}
			if tt.want != nil && !errors.Is(err, tt.want) {
				t.Fatalf("err = %v, want %v", err, tt.want)
			}
		})
	}

	_, err := events.DecodePatientSyncRequested([]byte(`{"version":7,"jobId":"j","branchCode":"SRP01"}`))
	if !errors.Is(err, events.ErrUnknownVersion) {
		t.Fatalf("patient sync v7: err = %v, want ErrUnknownVersion", err)
	}
}

func TestEncodeRefuses(t *testing.T) {
	_, err := events.EncodeImportRequested(events.ImportRequested{Version: 2, JobID: "j", Kind: "k", BranchCode: "b", Key: "k"})
	if !errors.Is(err, events.ErrUnknownVersion) {
		t.Fatalf("version 2: err = %v, want ErrUnknownVersion", err)
	}
	_, err = events.EncodeImportRequested(events.ImportRequested{JobID: "j", Kind: "k", BranchCode: "b"})
	if !errors.Is(err, events.ErrInvalid) {
		t.Fatalf("no key: err = %v, want ErrInvalid", err)
	}
	_, err = events.EncodePatientSyncRequested(events.PatientSyncRequested{JobID: "j"})
	if !errors.Is(err, events.ErrInvalid) {
		t.Fatalf("no branch: err = %v, want ErrInvalid", err)
	}
}

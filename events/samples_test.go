package events_test

import (
	"crypto/md5"
	"encoding/hex"
	"encoding/json"
	"strings"
	"testing"

	lambdaevents "github.com/aws/aws-lambda-go/events"
	"github.com/awslabs/aws-lambda-go-api-proxy/core"

	"samrap/events"
	"samrap/events/samples"
)

// vars fills every placeholder of every sample.
var vars = map[string]string{"PASSWORD": "Dev%21pass1", "ACCESS_TOKEN": "eyJhbGciOiJIUzI1NiJ9.e30.sig"}

func TestEverySampleParses(t *testing.T) {
	names, err := samples.Names()
	if err != nil {
		t.Fatal(err)
	}
	if len(names) < 5 {
		t.Fatalf("found %d samples, want at least 5: %v", len(names), names)
	}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			b, err := samples.Load(name, vars)
			if err != nil {
				t.Fatal(err)
			}
			switch {
			case strings.HasPrefix(name, "apigw-v2-"):
				var ev lambdaevents.APIGatewayV2HTTPRequest
				if err := json.Unmarshal(b, &ev); err != nil {
					t.Fatal(err)
				}
				if ev.Version != "2.0" || ev.RawPath == "" || ev.RequestContext.HTTP.Method == "" || ev.RequestContext.Stage != "$default" {
					t.Fatalf("not an HTTP API v2 event: %+v", ev)
				}
			case strings.HasPrefix(name, "sqs-"):
				var ev lambdaevents.SQSEvent
				if err := json.Unmarshal(b, &ev); err != nil {
					t.Fatal(err)
				}
				if len(ev.Records) == 0 {
					t.Fatal("no records")
				}
				for _, r := range ev.Records {
					sum := md5.Sum([]byte(r.Body))
					if r.EventSource != "aws:sqs" || r.MessageId == "" || r.Attributes["ApproximateReceiveCount"] == "" || r.Md5OfBody != hex.EncodeToString(sum[:]) {
						t.Fatalf("not an SQS record as Lambda sends it: %+v", r)
					}
				}
			default:
				t.Fatalf("sample %s has no known prefix (apigw-v2-, sqs-)", name)
			}
		})
	}
}

func request(t *testing.T, name string) *lambdaevents.APIGatewayV2HTTPRequest {
	t.Helper()
	b, err := samples.Load(name, vars)
	if err != nil {
		t.Fatal(err)
	}
	var ev lambdaevents.APIGatewayV2HTTPRequest
	if err := json.Unmarshal(b, &ev); err != nil {
		t.Fatal(err)
	}
	return &ev
}

// The sign-in sample becomes, through the adapter the functions use, the form post the
// auth handler reads.
func TestSampleAccessToken(t *testing.T) {
	ev := request(t, samples.APIGWPostAccessToken)
	var ra core.RequestAccessorV2
	r, err := ra.EventToRequestWithContext(t.Context(), *ev)
	if err != nil {
		t.Fatal(err)
	}
	if r.Method != "POST" || r.URL.Path != "/api/auth/accessToken" {
		t.Fatalf("got %s %s", r.Method, r.URL.Path)
	}
	if got := r.Header.Get("Accept-Language"); got != "th" {
		t.Fatalf("Accept-Language = %q", got)
	}
	if got := r.PostFormValue("username"); got != "controller@samrap.local" {
		t.Fatalf("username = %q", got)
	}
	if got := r.PostFormValue("password"); got != "Dev!pass1" {
		t.Fatalf("password = %q", got)
	}
}

func TestSampleBranches(t *testing.T) {
	ev := request(t, samples.APIGWGetBranches)
	var ra core.RequestAccessorV2
	r, err := ra.EventToRequestWithContext(t.Context(), *ev)
	if err != nil {
		t.Fatal(err)
	}
	if r.Method != "GET" || r.URL.Path != "/api/parameter/branches" {
		t.Fatalf("got %s %s", r.Method, r.URL.Path)
	}
	if got, want := r.Header.Get("Authorization"), "Bearer "+vars["ACCESS_TOKEN"]; got != want {
		t.Fatalf("Authorization = %q, want %q", got, want)
	}
}

func TestSampleImportRequested(t *testing.T) {
	ev := sqsEvent(t, samples.SQSImportRequested)
	m, err := events.DecodeImportRequested([]byte(ev.Records[0].Body))
	if err != nil {
		t.Fatal(err)
	}
	if m.Key != thaiKey || m.BranchCode != "SRP01" || m.Kind != "DietType" {
		t.Fatalf("got %+v", m)
	}
}

func TestLoadRefusesUnfilledPlaceholder(t *testing.T) {
	_, err := samples.Load(samples.APIGWGetBranches, nil)
	if err == nil || !strings.Contains(err.Error(), "{{ACCESS_TOKEN}}") {
		t.Fatalf("err = %v, want one naming {{ACCESS_TOKEN}}", err)
	}
}

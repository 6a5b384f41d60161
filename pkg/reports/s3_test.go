package reports_test

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"samrap/pkg/apitest"
	"samrap/pkg/awstest"
	"samrap/pkg/platform"
)

var moto awstest.Shared

func TestMain(m *testing.M) {
	code := m.Run()
	moto.Close()
	os.Exit(code)
}

// Against S3 (moto_server): the report is stored under reports/<branch>/<date>/<kind>/ and
// answered as a presigned GET that expires in 5 minutes and names the file.
func TestReportInS3(t *testing.T) {
	f := newFixture(t)
	cfg := awstest.Config(t, moto.Endpoint(t))
	bucket := awstest.NewBucket(t, cfg)
	store := awstest.Store(t, cfg, bucket)
	f.s.Rewire(func(env *platform.Env) { env.Files = store })

	before := time.Now().UTC().Add(-time.Minute)
	link, res := f.report(t, "excelPatientIdentity", f.all(nil))
	if res.status != 200 || link.URL == "" {
		t.Fatalf("%d %+v", res.status, link)
	}
	u, err := url.Parse(link.URL)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	prefix := "/" + bucket + "/reports/SRP01/" + f.today + "/identification/"
	if !strings.HasPrefix(u.Path, prefix) || !strings.HasSuffix(u.Path, "/identification_report.xlsx") {
		t.Errorf("key %s, want under %s", u.Path, prefix)
	}
	signed, err := time.Parse("20060102T150405Z", q.Get("X-Amz-Date"))
	if q.Get("X-Amz-Expires") != "300" || err != nil || signed.Before(before) {
		t.Errorf("expiry: X-Amz-Expires=%q X-Amz-Date=%q", q.Get("X-Amz-Expires"), q.Get("X-Amz-Date"))
	}
	if !strings.Contains(q.Get("response-content-disposition"), "identification_report.xlsx") {
		t.Errorf("disposition %q", q.Get("response-content-disposition"))
	}
	if exp := link.ExpiresAt.Sub(f.s.Clock.Now()); exp != 5*time.Minute {
		t.Errorf("expiresAt in %s", exp)
	}
	// (moto does not answer response-content-disposition: the signed query carries it, above)
	// the object is there, under the prefix, and the link reads it
	list, err := awstest.S3(cfg).ListObjectsV2(context.Background(), &s3.ListObjectsV2Input{Bucket: aws.String(bucket), Prefix: aws.String("reports/SRP01/")})
	if err != nil || len(list.Contents) != 1 {
		t.Fatalf("objects under reports/SRP01/: %v %v", list, err)
	}
	resp, err := http.Get(link.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 || !strings.HasPrefix(string(body), "PK") {
		t.Errorf("GET the link: %d", resp.StatusCode)
	}
	if got := apitest.SheetRows(t, body); len(got) != f.trays(t, "true")+1 {
		t.Errorf("%d lines", len(got))
	}
}

package pipeline_test

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"os"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/sqs"

	"samrap/pkg/apitest"
	"samrap/pkg/awsenv/emulator"
	"samrap/pkg/awstest"
	"samrap/pkg/files"
	"samrap/pkg/imports"
	"samrap/pkg/imports/pipeline"
	"samrap/pkg/platform"
	"samrap/pkg/queue/sqsqueue"
)

var moto awstest.Shared

func TestMain(m *testing.M) {
	code := m.Run()
	moto.Close()
	os.Exit(code)
}

// The cloud path on moto_server: the upload API puts the file in the uploads bucket, the
// bucket's notification reaches the queue, the Poller (standing in for the event source
// mapping) hands it to import-worker, which loads the rows and writes the failed rows to the
// files bucket behind a presigned link.
func TestUploadThroughS3AndSQS(t *testing.T) {
	t.Parallel()
	cfg := awstest.Config(t, moto.Endpoint(t))
	uploads, filesBucket, q := awstest.Name("uploads"), awstest.Name("files"), awstest.Name("imports")
	urls, err := emulator.Provision(t.Context(), cfg, emulator.Resources{
		Buckets: []string{uploads, filesBucket},
		Queues:  []string{q},
		Notify:  []emulator.Notification{{Bucket: uploads, Prefix: "uploads/", Queue: q}},
	})
	if err != nil {
		t.Fatal(err)
	}
	s := newServer(t)
	upStore, filesStore := awstest.Store(t, cfg, uploads), awstest.Store(t, cfg, filesBucket)
	s.Rewire(func(env *platform.Env) { env.Uploads, env.Files = upStore, filesStore })

	ctx, cancel := context.WithCancel(context.Background())
	stopped := make(chan error, 1)
	go func() {
		stopped <- sqsqueue.NewPoller(sqs.NewFromConfig(cfg), urls[q], files.ImportWorker(s.Env), sqsqueue.PollerConfig{WaitTime: time.Second}).Run(ctx)
	}()
	defer func() {
		cancel()
		if err := <-stopped; err != nil {
			t.Errorf("poller: %v", err)
		}
	}()

	j := s.importFile(t, "DietType", "ประเภท อาหาร+1.xlsx", apitest.Testdata(t, "diet_types.xlsx"), "en")
	if j.Status != imports.Done || counts(j) != "added=2 updated=1 deleted=1 unchanged=0 skipped=4 total=8" {
		t.Fatalf("job through S3 and SQS: %s %+v", counts(j), j)
	}
	res, err := http.Get(j.FailedURL)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	if res.StatusCode != 200 {
		t.Fatalf("failed rows link: %d %s", res.StatusCode, body)
	}
	if rows := apitest.SheetRows(t, body); len(rows) != 5 || rows[0][len(rows[0])-1] != "เหตุผล / Reason" {
		t.Fatalf("failed rows %q", rows)
	}
	// A second delivery (a re-put of the same key) leaves the done job and the data alone.
	logs := s.Count(`SELECT count(*) FROM change_log`)
	var key string
	if err := s.DB.QueryRow(t.Context(), `SELECT object_key FROM import_job WHERE id = $1`, j.ID).Scan(&key); err != nil {
		t.Fatal(err)
	}
	obj, err := s.Env.Uploads.Get(t.Context(), key)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := io.ReadAll(obj)
	_ = obj.Close()
	if err := s.Env.Uploads.Put(t.Context(), key, bytesReader(data), pipeline.XLSX); err != nil {
		t.Fatal(err)
	}
	time.Sleep(1500 * time.Millisecond)
	if n := s.Count(`SELECT count(*) FROM change_log`); n != logs {
		t.Fatalf("a second notification changed data (%d change-log rows)", n-logs)
	}
}

func bytesReader(b []byte) io.Reader { return bytes.NewReader(b) }

package surveys_test

import (
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/s3"

	"samrap/pkg/awstest"
	"samrap/pkg/platform"
)

// newS3 points the server's files bucket at a fresh moto_server bucket.
func newS3(t *testing.T, f *fixture) *s3.Client {
	t.Helper()
	cfg := awstest.Config(t, moto.Endpoint(t))
	bucket := awstest.Store(t, cfg, awstest.NewBucket(t, cfg))
	f.s.Rewire(func(env *platform.Env) { env.Files = bucket })
	return awstest.S3(cfg)
}

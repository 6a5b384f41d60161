package surveys_test

import (
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/s3"

	"samrap/pkg/awstest"
	"samrap/pkg/blob/s3blob"
	"samrap/pkg/platform"
)

// newS3 points the server's files bucket at a fresh moto_server bucket.
func newS3(t *testing.T, f *fixture) *s3.Client {
	t.Helper()
	client := s3blob.NewClient(awstest.Config(t, moto.Endpoint(t)), true)
	bucket := s3blob.New(client, awstest.NewBucket(t, client))
	f.s.Rewire(func(env *platform.Env) { env.Files = bucket })
	return client
}

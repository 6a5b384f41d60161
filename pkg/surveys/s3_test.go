package surveys_test

import (
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/s3"

	"samrap/pkg/awstest"
	"samrap/pkg/blob/s3blob"
)

// newS3 points the server's files bucket at a fresh moto_server bucket.
func newS3(t *testing.T, f *fixture) *s3.Client {
	t.Helper()
	client := s3blob.NewClient(awstest.Config(t, moto.Endpoint(t)), true)
	f.s.Env.Files = s3blob.New(client, awstest.NewBucket(t, client))
	return client
}

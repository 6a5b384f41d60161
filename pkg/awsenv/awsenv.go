// Package awsenv builds the aws-sdk-go-v2 configuration shared by the S3, SQS and SES
// adapters (pkg/blob/s3blob, pkg/queue/sqsqueue, pkg/mail/ses), for AWS itself or for a
// local emulator (moto_server, LocalStack). It imports no service client, so a function
// links only the clients of the adapters its main wires (ARCHITECTURE.md §10). The SDK's
// own configuration loader and the emulator's provisioning are in awsenv/emulator, for
// functions/local and tests.
package awsenv

import (
	"context"
	"errors"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	smithyhttp "github.com/aws/smithy-go/transport/http"

	"samrap/pkg/config"
)

// Config builds the AWS configuration from the variables the Lambda runtime sets (or the
// emulator's endpoint and keys), without the SDK's configuration loader.
func Config(cfg config.Config) (aws.Config, error) {
	vars := map[string]string{"AWS_REGION": cfg.AWSRegion, "AWS_ACCESS_KEY_ID": cfg.AWSAccessKeyID,
		"AWS_SECRET_ACCESS_KEY": cfg.AWSSecretAccessKey, "AWS_SESSION_TOKEN": cfg.AWSSessionToken,
		"AWS_ENDPOINT_URL": cfg.AWSEndpointURL}
	c, err := ForLambda(func(k string) string { return vars[k] })
	if err != nil {
		return aws.Config{}, fmt.Errorf("awsenv.config: %w", err)
	}
	return c, nil
}

// Unreachable reports whether err, of an AWS SDK call, says the service was not reached — no
// answer at all (a refused or reset connection, a timeout) or a 5xx, through the SDK's
// retries — while the caller had not given up (ctx): the same call may succeed later. A
// refusal (a 4xx: a missing bucket or queue, no permission) is ours to fix, not this. The
// adapters wrap it in their ErrUnavailable (blob, queue), which the API answers 503.
func Unreachable(ctx context.Context, err error) bool {
	if err == nil || ctx.Err() != nil {
		return false
	}
	var sent *smithyhttp.RequestSendError
	var res *smithyhttp.ResponseError
	return errors.As(err, &sent) || errors.As(err, &res) && res.HTTPStatusCode() >= 500
}

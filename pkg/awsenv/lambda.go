package awsenv

import (
	"errors"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
)

// ForLambda builds the configuration of a Lambda function from the variables the Lambda
// runtime sets (AWS_REGION, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN) and
// AWS_ENDPOINT_URL when an emulator runs the function, read through getenv. Unlike
// emulator.Load it leaves out the SDK's configuration loader (shared files, SSO, STS,
// instance metadata), about 450 kB of a gzipped bootstrap, which the budget of
// ARCHITECTURE.md §10 cannot spare. Config calls it with the values of config.Config.
func ForLambda(getenv func(string) string) (aws.Config, error) {
	region := getenv("AWS_REGION")
	if region == "" {
		return aws.Config{}, errors.New("awsenv.forLambda: AWS_REGION is not set")
	}
	id, secret := getenv("AWS_ACCESS_KEY_ID"), getenv("AWS_SECRET_ACCESS_KEY")
	if id == "" || secret == "" {
		return aws.Config{}, errors.New("awsenv.forLambda: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are not set")
	}
	cfg := aws.Config{
		Region:      region,
		Credentials: credentials.NewStaticCredentialsProvider(id, secret, getenv("AWS_SESSION_TOKEN")),
	}
	if endpoint := getenv("AWS_ENDPOINT_URL"); endpoint != "" {
		cfg.BaseEndpoint = aws.String(endpoint)
		cfg.RequestChecksumCalculation = aws.RequestChecksumCalculationWhenRequired
		cfg.ResponseChecksumValidation = aws.ResponseChecksumValidationWhenRequired
	}
	return cfg, nil
}

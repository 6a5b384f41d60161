// Package emulator builds the aws-sdk-go-v2 configuration through the SDK's own loader and
// creates, on an AWS emulator (moto_server, LocalStack), what a deploy would have created.
// Only functions/local and tests import it: the loader brings the SDK's shared-file, SSO
// and STS packages, and Provision every service client, which no Lambda may link
// (ARCHITECTURE.md §10; a Lambda builds its configuration with awsenv.Config).
package emulator

import (
	"context"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/credentials"
)

// Region is the region used against an emulator when none is given.
const Region = "us-east-1"

// Load builds an aws.Config. With endpointURL empty it is the SDK's default chain (the
// Lambda role in AWS). With endpointURL set (the app's AWS_ENDPOINT_URL), every client built
// from the config talks to that endpoint, and the credentials are the AWS_ACCESS_KEY_ID /
// AWS_SECRET_ACCESS_KEY of the environment or, when those are absent, static dummy ones, so
// the SDK never goes looking for an instance role. Load does no network I/O.
func Load(ctx context.Context, endpointURL, region string) (aws.Config, error) {
	var opts []func(*config.LoadOptions) error
	if region != "" {
		opts = append(opts, config.WithRegion(region))
	}

	if endpointURL != "" {
		if region == "" {
			opts = append(opts, config.WithRegion(Region))
		}
		opts = append(opts,
			config.WithBaseEndpoint(endpointURL),
			config.WithCredentialsProvider(emulatorCredentials()),
			// Emulators accept the checksums the SDK adds by default only partly; send
			// them when an operation requires them.
			config.WithRequestChecksumCalculation(aws.RequestChecksumCalculationWhenRequired),
			config.WithResponseChecksumValidation(aws.ResponseChecksumValidationWhenRequired),
		)
	}

	cfg, err := config.LoadDefaultConfig(ctx, opts...)
	if err != nil {
		return aws.Config{}, fmt.Errorf("emulator.load: %w", err)
	}
	return cfg, nil
}

// emulatorCredentials are the environment's static keys when set, dummy ones otherwise.
func emulatorCredentials() aws.CredentialsProvider {
	env, err := config.NewEnvConfig()
	if err == nil && env.Credentials.HasKeys() {
		return credentials.StaticCredentialsProvider{Value: env.Credentials}
	}
	return credentials.NewStaticCredentialsProvider("test", "test", "")
}

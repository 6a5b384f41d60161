package awsenv_test

import (
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"

	"samrap/pkg/awsenv"
	"samrap/pkg/awstest"
)

func lambdaEnv(endpoint string) map[string]string {
	return map[string]string{
		"AWS_REGION":            "ap-southeast-1",
		"AWS_ACCESS_KEY_ID":     "ASIAEXAMPLE",
		"AWS_SECRET_ACCESS_KEY": "secret",
		"AWS_SESSION_TOKEN":     "token",
		"AWS_ENDPOINT_URL":      endpoint,
	}
}

func TestForLambda(t *testing.T) {
	env := lambdaEnv(moto.Endpoint(t))
	cfg, err := awsenv.ForLambda(func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	creds, err := cfg.Credentials.Retrieve(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if creds.AccessKeyID != "ASIAEXAMPLE" || creds.SessionToken != "token" || cfg.Region != "ap-southeast-1" {
		t.Fatalf("credentials %+v region %q", creds, cfg.Region)
	}
	// The config works: a client built from it talks to the emulator.
	name := awstest.Name("lambda")
	out, err := sqs.NewFromConfig(cfg).CreateQueue(t.Context(), &sqs.CreateQueueInput{QueueName: aws.String(name)})
	if err != nil {
		t.Fatal(err)
	}
	if u := aws.ToString(out.QueueUrl); u == "" {
		t.Fatal("no queue url")
	}
}

func TestForLambdaRefusesMissingSettings(t *testing.T) {
	for _, missing := range []string{"AWS_REGION", "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"} {
		env := lambdaEnv("")
		delete(env, missing)
		if _, err := awsenv.ForLambda(func(k string) string { return env[k] }); err == nil {
			t.Errorf("without %s: no error", missing)
		}
	}
	env := lambdaEnv("")
	cfg, err := awsenv.ForLambda(func(k string) string { return env[k] })
	if err != nil || cfg.BaseEndpoint != nil {
		t.Fatalf("in AWS: endpoint %v, err %v; want the SDK's endpoints", cfg.BaseEndpoint, err)
	}
}

// Command hellolambda is the baseline of the function-package figures in `make bench`: the
// smallest aws-lambda-go function that answers an API Gateway HTTP API (v2) event, built
// exactly as the real functions are (arm64, -tags lambda.norpc -trimpath -ldflags='-s -w').
package main

import (
	"context"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-lambda-go/lambda"
)

func main() {
	lambda.Start(func(ctx context.Context, req events.APIGatewayV2HTTPRequest) (events.APIGatewayV2HTTPResponse, error) {
		return events.APIGatewayV2HTTPResponse{
			StatusCode: 200,
			Headers:    map[string]string{"Content-Type": "text/plain"},
			Body:       "hello world",
		}, nil
	})
}

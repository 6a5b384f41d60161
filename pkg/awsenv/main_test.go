package awsenv_test

import (
	"os"
	"testing"

	"samrap/pkg/awstest"
)

var moto awstest.Shared

func TestMain(m *testing.M) {
	code := m.Run()
	moto.Close()
	os.Exit(code)
}

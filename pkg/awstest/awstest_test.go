package awstest_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"samrap/pkg/awstest"
)

func TestStartServerWithoutMoto(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	_, err := awstest.StartServer()
	if err == nil || !strings.Contains(err.Error(), "moto_server is not on PATH") {
		t.Fatalf("err = %v, want one saying moto_server is not on PATH", err)
	}
}

func TestServerStops(t *testing.T) {
	srv, err := awstest.StartServer()
	if err != nil {
		t.Fatal(err)
	}
	client := &http.Client{Timeout: 2 * time.Second}
	resp, err := client.Get(srv.URL + "/moto-api/data.json")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()

	srv.Close()
	if resp, err := client.Get(srv.URL + "/moto-api/data.json"); err == nil {
		resp.Body.Close()
		t.Fatal("moto_server still answers after Close")
	}
}

package ses_test

import (
	"testing"

	"samrap/pkg/config"
	samrapmail "samrap/pkg/mail"
	"samrap/pkg/mail/ses"
	"samrap/pkg/platform"
)

func lambdaConfig() config.Config {
	return config.Config{AWSRegion: "ap-southeast-1", AWSAccessKeyID: "ASIAEXAMPLE", AWSSecretAccessKey: "secret",
		MailFrom: "สำรับ <no-reply@samrap.local>"}
}

func TestWire(t *testing.T) {
	env := &platform.Env{Config: lambdaConfig(), Adapters: &platform.Adapters{}}
	if err := ses.Wire(env); err != nil {
		t.Fatal(err)
	}
	if _, ok := env.Mail.(*ses.Sender); !ok {
		t.Fatalf("mail: %T, want *ses.Sender", env.Mail)
	}

	// SMTP_HOST takes precedence over SES.
	cfg := lambdaConfig()
	cfg.SMTP = config.SMTP{Host: "localhost", Port: 2525}
	env = &platform.Env{Config: cfg, Adapters: &platform.Adapters{}}
	if err := ses.Wire(env); err != nil {
		t.Fatal(err)
	}
	if _, ok := env.Mail.(*samrapmail.SMTP); !ok {
		t.Fatalf("mail with SMTP_HOST: %T, want *mail.SMTP", env.Mail)
	}

	cfg = lambdaConfig()
	cfg.MailFrom = "not an address"
	if err := ses.Wire(&platform.Env{Config: cfg, Adapters: &platform.Adapters{}}); err == nil {
		t.Fatal("wired with a bad MAIL_FROM")
	}
}

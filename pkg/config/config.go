// Package config reads the typed configuration of every function from the environment.
// Nothing else reads environment variables.
package config

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Config is every setting; each function uses the part it needs.
type Config struct {
	Stage    string // "local" on a laptop or CI; dev, uat or prod in the cloud
	Port     int    // functions/local only
	Host     string // functions/local only: the address it listens on (loopback unless HOST says otherwise)
	LogLevel string

	DatabaseURL       string // local; in the cloud the parts below and a secret are used
	DatabaseSecretARN string
	DatabaseHost      string
	DatabaseName      string
	DBMaxConns        int32
	DBQueryMode       string

	// Secrets are read through the AWS Parameters and Secrets Lambda Extension, which
	// caches them and keeps the AWS SDK out of every binary.
	SecretsExtensionURL string
	AWSAccessKeyID      string // set by the Lambda runtime; "test" against an emulator when unset
	AWSSecretAccessKey  string
	AWSSessionToken     string

	JWTSecret    string // local; in the cloud JWTSecretARN
	JWTSecretARN string
	// OriginSecretARN names the secret CloudFront sends in X-Origin-Verify with every /api
	// request; when set, a request without it (one that reached API Gateway's own endpoint
	// directly) is refused, and only then is CloudFront's viewer address believed.
	OriginSecretARN string
	AccessTokenTTL  time.Duration

	PublicURL string // where people open Samrap, for links in e-mails
	WebDir    string // built web app served by functions/local
	DataDir   string // local files (uploads, reports) and the outbox
	DemoData  bool   // load demo branches, accounts and data on first start (never in the cloud)

	AWSEndpointURL string // an AWS emulator (moto_server, LocalStack); empty means real AWS or local stand-ins
	AWSRegion      string
	UploadsBucket  string
	FilesBucket    string
	MailFrom       string
	SMTP           SMTP
	// QueueURL answers the SQS URL of a catalogue queue (QUEUE_URL_<NAME>, upper case,
	// dashes as underscores); empty when not configured.
	QueueURL func(name string) string
}

// SMTP is an optional mail relay used instead of SES (or of the local outbox).
type SMTP struct {
	Host     string
	Port     int
	Username string
	Password string
}

// Local is true when the process runs on a laptop or CI rather than in Lambda.
func (c Config) Local() bool { return c.Stage == "local" }

// Load reads the configuration with getenv (os.Getenv in main, a map in tests).
func Load(getenv func(string) string) (Config, error) {
	var problems []error
	str := func(key, def string) string {
		if v := getenv(key); v != "" {
			return v
		}
		return def
	}
	num := func(key string, def int) int {
		v := getenv(key)
		if v == "" {
			return def
		}
		n, err := strconv.Atoi(v)
		if err != nil {
			problems = append(problems, fmt.Errorf("%s=%q is not a whole number", key, v))
		}
		return n
	}
	dur := func(key string, def time.Duration) time.Duration {
		v := getenv(key)
		if v == "" {
			return def
		}
		d, err := time.ParseDuration(v)
		if err != nil {
			problems = append(problems, fmt.Errorf("%s=%q is not a duration such as 15m", key, v))
		}
		return d
	}
	flag := func(key string, def bool) bool {
		v := getenv(key)
		if v == "" {
			return def
		}
		b, err := strconv.ParseBool(v)
		if err != nil {
			problems = append(problems, fmt.Errorf("%s=%q is not true or false", key, v))
		}
		return b
	}

	c := Config{
		Stage:              str("STAGE", "local"),
		LogLevel:           str("LOG_LEVEL", "info"),
		DatabaseSecretARN:  getenv("DATABASE_SECRET_ARN"),
		DatabaseHost:       getenv("DATABASE_HOST"),
		DatabaseName:       str("DATABASE_NAME", "samrap"),
		DBQueryMode:        str("DB_QUERY_MODE", "exec"),
		JWTSecretARN:       getenv("JWT_SECRET_ARN"),
		OriginSecretARN:    getenv("ORIGIN_SECRET_ARN"),
		AWSEndpointURL:     getenv("AWS_ENDPOINT_URL"),
		AWSAccessKeyID:     getenv("AWS_ACCESS_KEY_ID"),
		AWSSecretAccessKey: getenv("AWS_SECRET_ACCESS_KEY"),
		AWSSessionToken:    getenv("AWS_SESSION_TOKEN"),
		AWSRegion:          str("AWS_REGION", "ap-southeast-1"),
		UploadsBucket:      str("UPLOADS_BUCKET", "samrap-uploads"),
		FilesBucket:        str("FILES_BUCKET", "samrap-files"),
		MailFrom:           str("MAIL_FROM", "Samrap <no-reply@samrap.local>"),
		SMTP:               SMTP{Host: getenv("SMTP_HOST"), Username: getenv("SMTP_USERNAME"), Password: getenv("SMTP_PASSWORD")},
		QueueURL: func(name string) string {
			return getenv("QUEUE_URL_" + strings.ToUpper(strings.ReplaceAll(name, "-", "_")))
		},
	}
	c.SMTP.Port = num("SMTP_PORT", 587)
	if c.AWSEndpointURL != "" && c.AWSAccessKeyID == "" {
		c.AWSAccessKeyID, c.AWSSecretAccessKey = "test", "test"
	}
	c.Port = num("PORT", 8080)
	// The local server shows the dev outbox (reset links, sign-in codes) and demo accounts:
	// it listens on this machine only unless HOST asks for more (HOST=0.0.0.0).
	c.Host = str("HOST", "127.0.0.1")
	c.SecretsExtensionURL = fmt.Sprintf("http://localhost:%d", num("PARAMETERS_SECRETS_EXTENSION_HTTP_PORT", 2773))
	c.DBMaxConns = int32(num("DB_MAX_CONNS", 4))
	c.AccessTokenTTL = dur("ACCESS_TOKEN_TTL", 15*time.Minute)
	local := c.Local()
	if local {
		c.DatabaseURL = str("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/samrap?sslmode=disable")
		// A development secret, documented in the README; the cloud never uses it.
		c.JWTSecret = str("JWT_SECRET", "samrap-local-development-secret-do-not-use-in-the-cloud")
		c.PublicURL = str("PUBLIC_URL", fmt.Sprintf("http://localhost:%d", c.Port))
		c.WebDir = str("WEB_DIR", "web/dist")
		c.DataDir = str("DATA_DIR", "var")
		c.DemoData = flag("DEMO_DATA", true)
	} else {
		c.DatabaseURL = getenv("DATABASE_URL")
		c.JWTSecret = getenv("JWT_SECRET")
		c.PublicURL = getenv("PUBLIC_URL")
		if flag("DEMO_DATA", false) {
			problems = append(problems, errors.New("DEMO_DATA cannot be set outside the local stage"))
		}
		if c.DatabaseURL == "" && (c.DatabaseSecretARN == "" || c.DatabaseHost == "") {
			problems = append(problems, errors.New("DATABASE_SECRET_ARN and DATABASE_HOST (or DATABASE_URL) are required"))
		}
		if c.JWTSecret == "" && c.JWTSecretARN == "" {
			problems = append(problems, errors.New("JWT_SECRET_ARN (or JWT_SECRET) is required"))
		}
	}
	if c.Port < 1 || c.Port > 65535 {
		problems = append(problems, fmt.Errorf("PORT=%d is out of range", c.Port))
	}
	if c.AccessTokenTTL < time.Minute || c.AccessTokenTTL > time.Hour {
		problems = append(problems, fmt.Errorf("ACCESS_TOKEN_TTL=%s must be between 1m and 1h", c.AccessTokenTTL))
	}
	if len(problems) > 0 {
		return Config{}, fmt.Errorf("config: %w", errors.Join(problems...))
	}
	return c, nil
}

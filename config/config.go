// Package config reads Sheetsmith's settings from the environment (see README "Configuration").
package config

import (
	"os"
	"strconv"
	"strings"
)

// Config holds everything the server reads from the environment. Secrets stay here: they are
// never sent to the browser, logged or put in an error message.
type Config struct {
	AppURL string // public origin, used in e-mails and billing return URLs
	Engine string // "openai" or "offline" (resolved from SHEETSMITH_ENGINE=auto)

	OpenAIKey     string
	OpenAIBaseURL string
	OpenAIModel   string
	// OpenAIStructuredOutput: "auto" asks for the worksheet as JSON (response_format
	// json_schema) and falls back to LaTeX; "off" asks for LaTeX only.
	OpenAIStructuredOutput string
	// OpenAIMaxTokens bounds each model reply in tokens (OPENAI_MAX_TOKENS; 0: the engine's default)
	OpenAIMaxTokens int

	StripeSecretKey     string
	StripeWebhookSecret string
	StripeAPIBase       string
	MonthlyLink         string
	AnnualLink          string

	// UnsafeNoSandbox lets the server compile without bubblewrap (operator opt-out).
	UnsafeNoSandbox bool

	// Paper is the paper of a sheet whose request names none (an API client, the CLI):
	// "letter" or "a4", from SHEETSMITH_PAPER (anything else is Letter).
	Paper string

	// Limits are the per-user quotas and rate limits (docs/SECURITY.md "Quotas and limits").
	Limits Limits
}

// Limits bound what one account can store and how often it can call the costly routes. A
// value of 0 turns that limit off.
type Limits struct {
	FreeWorksheets int // saved worksheets of a user without an active subscription
	FreeStorageMB  int // megabytes of saved sources, keys and titles of such a user
	PaidWorksheets int // the same for an active subscriber
	PaidStorageMB  int
	// UnverifiedWorksheets and UnverifiedStorageMB replace the free quota for an account that
	// neither verified its e-mail address nor ever paid: a sign-up costs no more than this.
	UnverifiedWorksheets int
	UnverifiedStorageMB  int
	// FreeTotalStorageMB caps what all accounts without an active subscription keep together,
	// however many sign up.
	FreeTotalStorageMB int
	SavesPerMinute     int // POST /save-worksheet and duplicates
	GeneratesPerMinute int // POST /generate-latex and POST /generate-answer-key/{id}
	CompilesPerMinute  int // POST /compile
	// MinFreeDiskMB must stay free on the data directory's filesystem: below it new compiles,
	// saves and sign-ups answer 503 until space is freed.
	MinFreeDiskMB int
	// LogMaxRows caps the rows of PocketBase's request and server log (auxiliary.db); the
	// oldest go first.
	LogMaxRows int
}

// DefaultLimits are generous for a teacher at work and small enough that one account cannot
// fill a server's disk or run up its model bill.
var DefaultLimits = Limits{
	FreeWorksheets:       50,
	FreeStorageMB:        10,
	PaidWorksheets:       5000,
	PaidStorageMB:        1000,
	UnverifiedWorksheets: 10,
	UnverifiedStorageMB:  1,
	FreeTotalStorageMB:   1024,
	SavesPerMinute:       20,
	GeneratesPerMinute:   10,
	CompilesPerMinute:    60,
	MinFreeDiskMB:        1024,
	LogMaxRows:           50_000,
}

// Defaults that the spec or DESIGN.md fix.
const (
	DefaultAppURL = "http://127.0.0.1:8090"
	DefaultModel  = "gpt-4o-mini"
	MonthlyPrice  = "7.99"
	AnnualPrice   = "4.00"
)

// FromEnv reads the configuration from the process environment.
func FromEnv() Config {
	return FromLookup(os.Getenv)
}

// FromLookup reads the configuration through getenv, so tests can pass their own values.
func FromLookup(getenv func(string) string) Config {
	get := func(k, def string) string {
		if v := strings.TrimSpace(getenv(k)); v != "" {
			return v
		}
		return def
	}
	c := Config{
		AppURL:                 strings.TrimRight(get("SHEETSMITH_APP_URL", DefaultAppURL), "/"),
		OpenAIKey:              get("OPENAI_API_KEY", ""),
		OpenAIBaseURL:          get("OPENAI_BASE_URL", ""),
		OpenAIModel:            get("OPENAI_MODEL", DefaultModel),
		OpenAIStructuredOutput: get("OPENAI_STRUCTURED_OUTPUT", "auto"),
		StripeSecretKey:        get("STRIPE_SECRET_KEY", ""),
		StripeWebhookSecret:    get("STRIPE_WEBHOOK_SECRET", ""),
		StripeAPIBase:          get("STRIPE_API_BASE", ""),
		MonthlyLink:            get("STRIPE_MONTHLY_LINK", ""),
		AnnualLink:             get("STRIPE_ANNUAL_LINK", ""),
		UnsafeNoSandbox:        get("SHEETSMITH_UNSAFE_NO_SANDBOX", "") == "1",
	}
	c.OpenAIMaxTokens, _ = strconv.Atoi(get("OPENAI_MAX_TOKENS", ""))
	c.Limits = limitsFrom(get)
	c.Paper = "letter"
	if strings.EqualFold(get("SHEETSMITH_PAPER", ""), "a4") {
		c.Paper = "a4"
	}
	switch get("SHEETSMITH_ENGINE", "auto") {
	case "openai":
		c.Engine = "openai"
	case "offline":
		c.Engine = "offline"
	default:
		c.Engine = "offline"
		if c.OpenAIKey != "" {
			c.Engine = "openai"
		}
	}
	return c
}

// limitsFrom reads the limits; a value that is not a whole number of at least 0 keeps its default.
func limitsFrom(get func(k, def string) string) Limits {
	l := DefaultLimits
	for name, v := range map[string]*int{
		"SHEETSMITH_FREE_WORKSHEETS":       &l.FreeWorksheets,
		"SHEETSMITH_FREE_STORAGE_MB":       &l.FreeStorageMB,
		"SHEETSMITH_PAID_WORKSHEETS":       &l.PaidWorksheets,
		"SHEETSMITH_PAID_STORAGE_MB":       &l.PaidStorageMB,
		"SHEETSMITH_UNVERIFIED_WORKSHEETS": &l.UnverifiedWorksheets,
		"SHEETSMITH_UNVERIFIED_STORAGE_MB": &l.UnverifiedStorageMB,
		"SHEETSMITH_FREE_TOTAL_STORAGE_MB": &l.FreeTotalStorageMB,
		"SHEETSMITH_LOG_MAX_ROWS":          &l.LogMaxRows,
		"SHEETSMITH_SAVES_PER_MINUTE":      &l.SavesPerMinute,
		"SHEETSMITH_GENERATES_PER_MINUTE":  &l.GeneratesPerMinute,
		"SHEETSMITH_COMPILES_PER_MINUTE":   &l.CompilesPerMinute,
		"SHEETSMITH_MIN_FREE_DISK_MB":      &l.MinFreeDiskMB,
	} {
		if n, err := strconv.Atoi(get(name, "")); err == nil && n >= 0 {
			*v = n
		}
	}
	return l
}

// Package config reads Sheetsmith's settings from the environment (see README "Configuration").
package config

import (
	"os"
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

	StripeSecretKey     string
	StripeWebhookSecret string
	StripeAPIBase       string
	MonthlyLink         string
	AnnualLink          string

	// UnsafeNoSandbox lets the server compile without bubblewrap (operator opt-out).
	UnsafeNoSandbox bool
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

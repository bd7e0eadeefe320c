package config

import "testing"

func lookup(env map[string]string) func(string) string {
	return func(k string) string { return env[k] }
}

func TestEngineChoice(t *testing.T) {
	cases := []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{}, "offline"},
		{map[string]string{"OPENAI_API_KEY": "sk-x"}, "openai"},
		{map[string]string{"OPENAI_API_KEY": "sk-x", "SHEETSMITH_ENGINE": "offline"}, "offline"},
		{map[string]string{"SHEETSMITH_ENGINE": "openai"}, "openai"},
		{map[string]string{"SHEETSMITH_ENGINE": "nonsense"}, "offline"},
	}
	for _, c := range cases {
		if got := FromLookup(lookup(c.env)).Engine; got != c.want {
			t.Errorf("%v: engine %q, want %q", c.env, got, c.want)
		}
	}
}

func TestDefaults(t *testing.T) {
	c := FromLookup(lookup(map[string]string{"SHEETSMITH_APP_URL": "https://sheets.example.org/ "}))
	if c.AppURL != "https://sheets.example.org" {
		t.Errorf("app url %q: trailing slash and spaces are trimmed", c.AppURL)
	}
	if d := FromLookup(lookup(nil)); d.AppURL != DefaultAppURL || d.OpenAIModel != DefaultModel || d.UnsafeNoSandbox {
		t.Errorf("defaults: %+v", d)
	}
}

func TestLimits(t *testing.T) {
	if got := FromLookup(lookup(nil)).Limits; got != DefaultLimits {
		t.Errorf("defaults: %+v", got)
	}
	got := FromLookup(lookup(map[string]string{
		"SHEETSMITH_FREE_WORKSHEETS": "3", "SHEETSMITH_PAID_STORAGE_MB": "0", "SHEETSMITH_SAVES_PER_MINUTE": "-4",
		"SHEETSMITH_COMPILES_PER_MINUTE": "lots", "SHEETSMITH_UNVERIFIED_WORKSHEETS": "4", "SHEETSMITH_FREE_TOTAL_STORAGE_MB": "0",
		"SHEETSMITH_LOG_MAX_ROWS": "1000",
	})).Limits
	want := DefaultLimits
	want.FreeWorksheets, want.PaidStorageMB, want.UnverifiedWorksheets, want.FreeTotalStorageMB, want.LogMaxRows = 3, 0, 4, 0, 1000
	if got != want {
		t.Errorf("got %+v, want %+v (0 turns a limit off; nonsense keeps the default)", got, want)
	}
}

package migrations

import (
	"os"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
)

// Every path is rate limited: the "/" rules come after "/api/" (PocketBase tries prefix rules
// in order), so /api/ keeps its own rule and anything else meets the page rule; request logs
// are kept three days; the link epoch is gone and the users rules keep only ownership.
func TestRequestLimits(t *testing.T) {
	dir, err := os.MkdirTemp("", "sheetsmith-migrations-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	app, err := tests.NewTestAppWithConfig(core.BaseAppConfig{DataDir: dir, EncryptionEnv: "pb_test_env"})
	if err != nil {
		t.Fatal(err)
	}
	defer app.Cleanup()
	if err := app.ReloadSettings(); err != nil { // the test app turns logs off in memory
		t.Fatal(err)
	}
	s := app.Settings()
	if s.Logs.MaxDays != 3 {
		t.Fatalf("log days %d", s.Logs.MaxDays)
	}
	for path, want := range map[string]string{"/login": "/", "/no/such/thing": "/", "/api/user-profile": "/api/"} {
		for _, audience := range []string{core.RateLimitRuleAudienceGuest, core.RateLimitRuleAudienceAuth} {
			r, ok := s.RateLimits.FindRateLimitRule([]string{"GET " + path, path}, "", audience)
			if !ok || r.Label != want {
				t.Errorf("%s (%s): rule %+v %v, want %q", path, audience, r, ok, want)
			}
		}
	}
	users, _ := app.FindCollectionByNameOrId("users")
	if users.Fields.GetByName("links_epoch") != nil || *users.CreateRule != "" || *users.UpdateRule != "id = @request.auth.id" {
		t.Fatalf("users: epoch %v, rules %q %q", users.Fields.GetByName("links_epoch"), *users.CreateRule, *users.UpdateRule)
	}
}

package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
	"github.com/pocketbase/pocketbase/tools/types"
)

// Request limits (issue 32). Every route is rate limited per address, not only /api/: the
// product routes, the web app and names nothing answers (404s). Request logs are kept three days
// (hooks/requestlog.go also cuts each row and caps the rows). Sign-out now changes the user's
// token key, which ends the session tokens and the PDF links alike, so the link epoch goes. The
// users records API keeps only its ownership rule: the hook in hooks/users.go refuses every
// field a user may not set with a 400 that names it (the rule's conditions answered a bare 404).
// The worksheets get an (owner, size) index for the free accounts' shared quota.
var pageRules = []core.RateLimitRule{
	// "/" is a prefix of every path; PocketBase tries prefix rules in order, so these come
	// after "/api/". A first visit loads a page and its assets (a class behind one address all
	// at once: 30 × 15); a signed-in dashboard loads a picture per worksheet.
	{Label: "/", Audience: core.RateLimitRuleAudienceGuest, MaxRequests: 600, Duration: 10},
	{Label: "/", Audience: core.RateLimitRuleAudienceAuth, MaxRequests: 1200, Duration: 10},
}

const pbDefaultLogDays = 5

func init() {
	m.Register(func(app core.App) error {
		s := app.Settings()
		hasPageRule := false
		for _, r := range s.RateLimits.Rules {
			hasPageRule = hasPageRule || r.Label == "/"
		}
		if !hasPageRule {
			s.RateLimits.Rules = append(s.RateLimits.Rules, pageRules...)
		}
		if s.Logs.MaxDays == pbDefaultLogDays { // an operator's own choice stays
			s.Logs.MaxDays = 3
		}
		if err := app.Save(s); err != nil {
			return err
		}
		users, err := app.FindCollectionByNameOrId("users")
		if err != nil {
			return err
		}
		users.Fields.RemoveByName("links_epoch")
		users.CreateRule = types.Pointer("")
		users.UpdateRule = types.Pointer("id = @request.auth.id")
		if err := app.Save(users); err != nil {
			return err
		}
		// The free accounts' total (library.FreeUsage) reads sizes from this index alone.
		worksheets, err := app.FindCollectionByNameOrId("worksheets")
		if err != nil {
			return err
		}
		worksheets.AddIndex("idx_worksheets_owner_size", false, "owner, size", "")
		return app.Save(worksheets)
	}, func(app core.App) error {
		if worksheets, err := app.FindCollectionByNameOrId("worksheets"); err == nil {
			worksheets.RemoveIndex("idx_worksheets_owner_size")
			if err := app.Save(worksheets); err != nil {
				return err
			}
		}
		s := app.Settings()
		rules := s.RateLimits.Rules[:0]
		for _, r := range s.RateLimits.Rules {
			if r.Label != "/" {
				rules = append(rules, r)
			}
		}
		s.RateLimits.Rules = rules
		if err := app.Save(s); err != nil {
			return err
		}
		users, err := app.FindCollectionByNameOrId("users")
		if err != nil {
			return err
		}
		users.Fields.Add(&core.NumberField{Name: "links_epoch", OnlyInt: true, Hidden: true})
		users.CreateRule = types.Pointer(protectedBillingFields)
		users.UpdateRule = types.Pointer("id = @request.auth.id && " + protectedBillingFields)
		return app.Save(users)
	})
}

package hooks

import (
	"sheetsmith/config"

	"github.com/pocketbase/pocketbase/core"
)

// userProfile answers GET /api/user-profile.
func userProfile(e *core.RequestEvent) error {
	return ok(e, map[string]any{"profile": map[string]any{
		"subscription_status": e.Auth.GetString("subscription_status"),
		"stripe_customer_id":  e.Auth.GetString("stripe_customer_id"),
	}})
}

// publicConfig answers GET /api/config: only what the browser may know.
func publicConfig(cfg config.Config) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		minLength, maxLength := passwordRule(e.App)
		return e.JSON(200, map[string]any{
			"engine":        cfg.Engine,
			"checkoutLinks": map[string]string{"monthly": cfg.MonthlyLink, "annual": cfg.AnnualLink},
			"prices":        map[string]string{"monthly": config.MonthlyPrice, "annual": config.AnnualPrice},
			"password":      map[string]int{"minLength": minLength, "maxLength": maxLength},
		})
	}
}

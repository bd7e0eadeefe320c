// Package hooks binds Sheetsmith's product API and record hooks to the PocketBase app.
// Handlers decode and validate, call a package below (latex, generate, billing) and answer in
// the contract's JSON shape (docs/API.md).
package hooks

import (
	"io/fs"

	"github.com/pocketbase/pocketbase/core"

	"sheetsmith/config"
)

// Deps are what the routes need from main.
type Deps struct {
	Config config.Config
	Public fs.FS // the built frontend
}

// Register binds every route and record hook.
func Register(app core.App, d Deps) {
	app.OnRecordCreate("users").BindFunc(defaultFreeStatus)

	app.OnBootstrap().BindFunc(func(e *core.BootstrapEvent) error {
		if err := e.Next(); err != nil {
			return err
		}
		// Reset e-mails link to the app's public origin.
		e.App.Settings().Meta.AppURL = d.Config.AppURL
		return nil
	})

	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		r := se.Router
		r.GET("/api/config", publicConfig(d.Config))

		user := r.Group("")
		user.BindFunc(requireUser)
		user.GET("/api/user-profile", userProfile)
		user.GET("/my-worksheets", listWorksheets)
		user.DELETE("/my-worksheets/{id}", withOwnedWorksheet(deleteWorksheet))
		user.GET("/worksheet/{id}", withOwnedWorksheet(getWorksheet))
		user.POST("/save-worksheet", saveWorksheet)

		if d.Public != nil {
			r.GET("/{path...}", spa(d.Public))
		}
		return se.Next()
	})
}

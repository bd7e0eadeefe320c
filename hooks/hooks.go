// Package hooks binds Sheetsmith's product API and record hooks to the PocketBase app.
// Handlers decode and validate, call a package below (latex, generate, billing) and answer in
// the contract's JSON shape (docs/API.md).
package hooks

import (
	"errors"
	"io/fs"
	"net/http"
	"strings"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"

	"sheetsmith/config"
	"sheetsmith/generate"
	"sheetsmith/latex"
	"sheetsmith/library"
	"sheetsmith/queue"
)

// Deps are what the routes need from main.
type Deps struct {
	Config   config.Config
	Public   fs.FS           // the built frontend
	Compiler *latex.Compiler // set directly (tests) or made at serve time by NewCompiler
	// NewCompiler starts the compiler when the server starts; if it fails (no bubblewrap, no
	// TeX) the server still serves everything else and says why it cannot compile.
	NewCompiler func() (*latex.Compiler, error)
	Engine      generate.Engine // writes worksheet bodies (model or offline)
	// Queue schedules every compile (per-user fairness, paid and free lanes). Set directly, or
	// made at serve time by NewQueue; without either, the compiler gets a local queue.
	Queue    *queue.Scheduler
	NewQueue func(app core.App) (*queue.Scheduler, error)
	// Export writes worksheets as Word documents and .tex projects (GET /export/{id}); unset,
	// that route answers 503.
	Export ExportFunc
}

// Register binds every route and record hook.
func Register(app core.App, d Deps) {
	app.OnRecordCreate("users").BindFunc(defaultFreeStatus)
	library.Track(app)
	lim := newLimits(d.Config.Limits)
	bindUserRecords(app, lim)
	bindLogBounds(app, d.Config.Limits.LogMaxRows)
	app.OnRecordAfterDeleteSuccess("worksheets").BindFunc(removeThumbnail)

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
		r.Bind(recoverRoute(nil)) // a panic in any route: the spec's message, logged with its request
		bindSecurity(r, d.Config.AppURL)
		r.GET("/api/config", publicConfig(d.Config))

		user := r.Group("")
		user.BindFunc(requireUser)
		user.GET("/api/user-profile", userProfile)
		user.POST("/api/sign-out", signOut)
		user.GET("/my-worksheets", listWorksheets)
		user.DELETE("/my-worksheets/{id}", withOwnedWorksheet(deleteWorksheet))
		user.GET("/worksheet/{id}", withOwnedWorksheet(getWorksheet))
		// The queue starts below; a retitled sheet's key is compiled ahead once it is there.
		compiles := func() *queue.Scheduler { return d.Queue }
		// Saves stop below the free-disk floor, before they count against the rate.
		user.POST("/save-worksheet", saveWorksheet(lim, compiles)).BindFunc(aboveDiskFloor(lim), rateLimited(lim.save))
		user.PATCH("/worksheet/{id}", withOwnedWorksheet(renameWorksheet(compiles))).BindFunc(aboveDiskFloor(lim))
		user.POST("/worksheet/{id}/duplicate", withOwnedWorksheet(duplicateWorksheet(lim))).BindFunc(aboveDiskFloor(lim), rateLimited(lim.save))
		// An export may typeset figures: it counts as a compile.
		user.GET("/export/{id}", withOwnedWorksheet(exportWorksheet(d.Export, compiles))).BindFunc(rateLimited(lim.compile))
		bindBilling(r, user, d)

		var compileOff error
		if d.Queue == nil && d.NewQueue != nil {
			q, err := d.NewQueue(se.App)
			var noCompiler *queue.CompilerError
			switch {
			case errors.As(err, &noCompiler):
				compileOff = noCompiler.Err
			case err != nil:
				return err
			default:
				d.Queue = q
				se.App.OnTerminate().BindFunc(func(e *core.TerminateEvent) error {
					_ = q.Close()
					return e.Next()
				})
			}
		}
		if d.Queue == nil && d.Compiler == nil && d.NewCompiler != nil {
			c, err := d.NewCompiler()
			if err != nil {
				compileOff = err
			} else {
				d.Compiler = c
				se.App.OnTerminate().BindFunc(func(e *core.TerminateEvent) error {
					_ = c.Close()
					return e.Next()
				})
			}
		}
		if compileOff != nil {
			se.App.Logger().Error("Compiling is OFF: "+compileOff.Error(), "fix", "install bubblewrap and TeX Live (make deps), or set SHEETSMITH_UNSAFE_NO_SANDBOX=1 to compile without the sandbox")
			reason := "This server cannot compile documents right now: " + compileOff.Error()
			for _, route := range []string{"POST /compile", "POST /generate-latex", "POST /generate-answer-key/{id}"} {
				r.Route(route[:strings.Index(route, " ")], route[strings.Index(route, " ")+1:], func(e *core.RequestEvent) error {
					return fail(e, http.StatusServiceUnavailable, reason)
				})
			}
		}
		if d.Queue == nil && d.Compiler != nil {
			d.Queue = localQueue(d)
		}
		if d.Queue != nil {
			bindQueue(r, user, d.Queue)
			signer, err := loadPDFSigner(se.App.DataDir())
			if err != nil {
				return err
			}
			user.POST("/compile", compileHandler(d.Queue, signer)).BindFunc(rateLimited(lim.compile))
			r.GET("/pdf/{token}", servePDF(d.Queue, signer))
			r.GET("/pdf/{token}/pages", pdfPages(d.Queue, signer, d.Config.UnsafeNoSandbox))
			r.GET("/pdf/{token}/page/{file}", pdfPage(d.Queue, signer, d.Config.UnsafeNoSandbox))
			r.GET("/api/sheetsmith/pictures", pictureStatus).Bind(apis.RequireSuperuserAuth())
			user.GET("/answer-key/{id}", withOwnedWorksheet(getAnswerKey))
			user.GET("/worksheet/{id}/thumbnail", withOwnedWorksheet(worksheetThumbnail(d.Queue, d.Config.UnsafeNoSandbox)))
			active := user.Group("")
			active.BindFunc(requireActive)
			// One worksheet at a time per user, then the rate: a flood of concurrent requests
			// makes one model call, not one each.
			active.POST("/generate-latex", generateHandler(d)).BindFunc(oneAtATime(lim.writing), rateLimited(lim.generate))
			active.POST("/generate-answer-key/{id}", withOwnedWorksheet(generateAnswerKey(d))).BindFunc(rateLimited(lim.generate))
		}

		if d.Public != nil {
			r.GET("/{path...}", spa(d.Public))
		}
		return se.Next()
	})
}

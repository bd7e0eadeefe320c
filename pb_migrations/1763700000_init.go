// Package migrations creates Sheetsmith's collections, API rules, seeded templates, the
// reset-password mail and the auth rate limits. Registered by importing it from main.go.
package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
	"github.com/pocketbase/pocketbase/tools/types"
)

// Field limits shared with the product API.
const (
	MaxLatex = 200_000
	MaxTitle = 200
)

// protectedUserFields may only be written by superusers and server code.
const protectedUserFields = `@request.body.subscription_status:isset = false && @request.body.stripe_customer_id:isset = false`

func init() {
	m.Register(func(app core.App) error {
		users, err := app.FindCollectionByNameOrId("users")
		if err != nil {
			return err
		}
		if err := setUpUsers(app, users); err != nil {
			return err
		}
		if err := createWorksheets(app, users); err != nil {
			return err
		}
		if err := createTemplates(app); err != nil {
			return err
		}
		return enableRateLimits(app)
	}, func(app core.App) error {
		for _, name := range []string{"worksheets", "templates"} {
			c, err := app.FindCollectionByNameOrId(name)
			if err != nil {
				continue
			}
			if err := app.Delete(c); err != nil {
				return err
			}
		}
		return nil
	})
}

func setUpUsers(app core.App, users *core.Collection) error {
	// The spec's reset form asks for at least 6 characters; PocketBase's default is 8.
	if pw, ok := users.Fields.GetByName("password").(*core.PasswordField); ok {
		pw.Min = 6
	}
	users.Fields.Add(
		&core.TextField{Name: "subscription_status", Max: 64},
		&core.TextField{Name: "stripe_customer_id", Max: 255},
	)
	// Anyone may sign up and a user may edit their own record, but neither may touch the
	// billing fields: only the billing code and superusers write them.
	users.CreateRule = types.Pointer(protectedUserFields)
	users.UpdateRule = types.Pointer("id = @request.auth.id && " + protectedUserFields)
	users.ResetPasswordTemplate = core.EmailTemplate{
		Subject: "Reset your {APP_NAME} password",
		Body: `<p>Hello,</p>
<p>Click the link below to choose a new password for your {APP_NAME} account.</p>
<p><a class="btn" href="{APP_URL}/reset-password/{TOKEN}" target="_blank" rel="noopener">Reset password</a></p>
<p><i>If you did not ask to reset your password, you can ignore this e-mail.</i></p>
<p>Thanks,<br/>The {APP_NAME} team</p>`,
	}
	return app.Save(users)
}

func createWorksheets(app core.App, users *core.Collection) error {
	c := core.NewBaseCollection("worksheets")
	// No API rules: the generic records API exposes nothing; the product API checks ownership.
	c.Fields.Add(
		&core.RelationField{Name: "owner", CollectionId: users.Id, Required: true, MaxSelect: 1, CascadeDelete: true},
		&core.TextField{Name: "document_title", Max: MaxTitle},
		&core.TextField{Name: "latex_code", Max: MaxLatex},
		&core.BoolField{Name: "has_answer_key"},
		&core.TextField{Name: "answer_key", Max: MaxLatex + 50_000},
		&core.JSONField{Name: "answer_checks", MaxSize: 200_000},
		&core.NumberField{Name: "edit_count", OnlyInt: true},
		&core.DateField{Name: "downloaded_at"},
		&core.TextField{Name: "template", Max: 64},
		&core.AutodateField{Name: "created_at", OnCreate: true},
		&core.AutodateField{Name: "updated_at", OnCreate: true, OnUpdate: true},
	)
	c.AddIndex("idx_worksheets_owner_created", false, "owner, created_at", "")
	return app.Save(c)
}

func createTemplates(app core.App) error {
	c := core.NewBaseCollection("templates")
	c.ListRule = types.Pointer("")
	c.ViewRule = types.Pointer("")
	// Readable ids ("default", "exam") for the built-in templates; the admin's get random ones.
	if id, ok := c.Fields.GetByName("id").(*core.TextField); ok {
		id.Min = 2
		id.Max = 32
		id.Pattern = `^[a-z0-9_-]+$`
	}
	c.Fields.Add(
		&core.TextField{Name: "name", Required: true, Max: 100},
		&core.TextField{Name: "description", Max: 500},
		&core.TextField{Name: "icon", Max: 50},
		&core.TextField{Name: "promptInstructions", Max: 5000},
		&core.SelectField{Name: "layout", Values: []string{"default", "exam"}, MaxSelect: 1},
		&core.NumberField{Name: "sort", OnlyInt: true},
	)
	if err := app.Save(c); err != nil {
		return err
	}
	for _, t := range BuiltInTemplates {
		r := core.NewRecord(c)
		r.Set("id", t.ID)
		r.Set("name", t.Name)
		r.Set("description", t.Description)
		r.Set("icon", t.Icon)
		r.Set("promptInstructions", t.Instructions)
		r.Set("layout", t.ID)
		r.Set("sort", t.Sort)
		if err := app.Save(r); err != nil {
			return err
		}
	}
	return nil
}

// Template is a built-in template as seeded (also used by the command line, which has no
// database).
type Template struct {
	ID, Name, Description, Icon, Instructions string
	Sort                                      int
}

// BuiltInTemplates are the spec's two templates; their ids double as their layouts.
var BuiltInTemplates = []Template{
	{
		ID: "default", Name: "Standard Worksheet", Icon: "document", Sort: 1,
		Description:  "Clean layout, balanced spacing, standard sections, numbered questions.",
		Instructions: "Use a clean layout with balanced spacing. Organise the worksheet into standard sections with short headings where helpful, and number every question.",
	},
	{
		ID: "exam", Name: "Exam Format", Icon: "clipboard", Sort: 2,
		Description:  "Instructions at the top, first question on page one, each later question on a new page, plenty of answer space.",
		Instructions: "Format this as an exam: put clear instructions at the top, start the first question on page one, put each later question on a new page, and leave plenty of answer space after every question.",
	},
}

func enableRateLimits(app core.App) error {
	s := app.Settings()
	s.Meta.AppName = "Sheetsmith"
	s.RateLimits.Enabled = true
	// Generous enough for a classroom behind one address, tight enough to slow guessing.
	s.RateLimits.Rules = []core.RateLimitRule{
		{Label: "*:auth", MaxRequests: 10, Duration: 10},
		{Label: "*:requestPasswordReset", MaxRequests: 3, Duration: 60},
		{Label: "*:confirmPasswordReset", MaxRequests: 5, Duration: 60},
		{Label: "users:create", MaxRequests: 30, Duration: 60},
		{Label: "/api/batch", MaxRequests: 3, Duration: 1},
		{Label: "/api/", MaxRequests: 300, Duration: 10},
	}
	return app.Save(s)
}

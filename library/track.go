package library

import (
	"github.com/pocketbase/pocketbase/core"
)

// Size is the bytes a worksheet record keeps: what its owner's quota counts.
func Size(w *core.Record) int64 {
	n := len(w.GetString("latex_code")) + len(w.GetString("answer_key")) + len(w.GetString("document_title"))
	if checks := w.GetString("answer_checks"); checks != "null" {
		n += len(checks)
	}
	return int64(n)
}

// Picture is the key of a worksheet's first-page picture: it changes exactly when the sheet
// does, so the dashboard can keep a picture until then without reading the source.
func Picture(src string) string { return SourceHash(src)[:32] }

// Track keeps every worksheet's size and picture key up to date, however it is written
// (product routes, the admin dashboard, migrations of later versions).
func Track(app core.App) {
	stamp := func(e *core.RecordEvent) error {
		e.Record.Set("size", Size(e.Record))
		e.Record.Set("picture", Picture(e.Record.GetString("latex_code")))
		return e.Next()
	}
	app.OnRecordCreate("worksheets").BindFunc(stamp)
	app.OnRecordUpdate("worksheets").BindFunc(stamp)
}

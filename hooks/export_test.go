package hooks

import (
	"archive/zip"
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sheetsmith/export"
	"sheetsmith/generate"
	"sheetsmith/worksheet"
)

// exportDeps export .tex projects for real and Word documents as a stand-in that names what
// it was asked for (pandoc's own conversion is tested in package export).
func exportDeps() Deps {
	d := testDeps()
	d.Export = func(ctx context.Context, doc worksheet.Document, format string, key bool, _ generate.Compiler) ([]byte, error) {
		if format == "tex" {
			return export.TeXProject(doc, key)
		}
		return []byte("DOCX of " + doc.Title + map[bool]string{true: " (key)"}[key]), nil
	}
	return d
}

// docSheet saves a worksheet with a document for owner: two short questions.
func (f *fixture) docSheet(t *testing.T, owner *core.Record, title string) *core.Record {
	t.Helper()
	q := func(text, answer string) worksheet.Block {
		return worksheet.Block{Kind: worksheet.BlockQuestion, Question: &worksheet.Question{Kind: worksheet.KindShort, Text: text, Answer: worksheet.Answer{Kind: worksheet.AnswerNumber, Value: answer}}}
	}
	sheet, _, err := worksheet.Render(worksheet.Document{Title: title, Blocks: []worksheet.Block{q("$2 + 3 = $", "5"), q("$7 - 4 = $", "3")}})
	if err != nil {
		t.Fatal(err)
	}
	return f.sheet(t, owner, title, sheet)
}

func exportGet(t *testing.T, f *fixture, url string, who *core.Record) (int, http.Header, []byte) {
	t.Helper()
	rec := serve(t, f, tests.ApiScenario{Method: http.MethodGet, URL: url, Headers: bearer(t, who)})
	b, _ := io.ReadAll(rec.Result().Body)
	return rec.Code, rec.Result().Header, b
}

func locked(t *testing.T, f *fixture, id string) bool {
	t.Helper()
	w, err := f.FindRecordById("worksheets", id)
	if err != nil {
		t.Fatal(err)
	}
	return !w.GetDateTime("downloaded_at").IsZero()
}

// Another user's worksheet, a missing one and a bad format are refused exactly as the other
// worksheet routes refuse them; nothing is locked.
func TestExportRefusals(t *testing.T) {
	f := newFixture(t, exportDeps())
	bobs := f.docSheet(t, f.bob, "Bob's sums")
	mine := f.docSheet(t, f.alice, "Alice's sums")
	for _, c := range []struct {
		url  string
		code int
		want string
	}{
		{"/export/" + bobs.Id + "?format=docx", 404, `"error":"Worksheet not found."`},
		{"/export/" + bobs.Id + "?format=pdf", 404, `"error":"Worksheet not found."`},
		{"/export/nosuchworksheet1?format=tex", 404, `"error":"Worksheet not found."`},
		{"/export/" + mine.Id + "?format=pdf", 400, msgExportFormat},
		{"/export/" + mine.Id, 400, msgExportFormat},
		{"/export/" + mine.Id + "?format=docx&key=1", 404, msgNoKeyYet},
		{"/export/" + f.aliceSheet.Id + "?format=docx", 422, msgExportNoDocument},
		{"/export/" + f.aliceSheet.Id + "?format=tex", 422, msgExportNoDocument},
	} {
		code, _, body := exportGet(t, f, c.url, f.alice)
		if code != c.code || !strings.Contains(string(body), c.want) {
			t.Errorf("%s: %d %s, want %d %s", c.url, code, body, c.code, c.want)
		}
	}
	if locked(t, f, bobs.Id) || locked(t, f, mine.Id) || locked(t, f, f.aliceSheet.Id) {
		t.Error("a refused export locked a worksheet")
	}
	rec := serve(t, f, tests.ApiScenario{Method: http.MethodGet, URL: "/export/" + mine.Id + "?format=tex"})
	if rec.Code != 401 {
		t.Errorf("signed out: %d", rec.Code)
	}
}

// The owner gets the .tex project as a zip named from the title, and the worksheet is locked
// as a PDF download locks it.
func TestExportTeXProjectLocksTheWorksheet(t *testing.T) {
	f := newFixture(t, exportDeps())
	w := f.docSheet(t, f.alice, "Sums, week 2")
	code, h, body := exportGet(t, f, "/export/"+w.Id+"?format=tex", f.alice)
	if code != 200 || h.Get("Content-Type") != "application/zip" {
		t.Fatalf("%d %s: %.200s", code, h.Get("Content-Type"), body)
	}
	if cd := h.Get("Content-Disposition"); !strings.HasPrefix(cd, `attachment; filename="sums__week_2.zip"`) {
		t.Errorf("Content-Disposition %q", cd)
	}
	z, err := zip.NewReader(bytes.NewReader(body), int64(len(body)))
	if err != nil {
		t.Fatal(err)
	}
	var main string
	for _, file := range z.File {
		if file.Name == "main.tex" {
			r, _ := file.Open()
			b, _ := io.ReadAll(r)
			main = string(b)
		}
	}
	if !strings.Contains(main, "Sums, week 2") || !strings.Contains(main, "7 - 4") {
		t.Errorf("main.tex lacks the sheet:\n%s", main)
	}
	if !locked(t, f, w.Id) {
		t.Error("the export did not lock the worksheet")
	}
}

// The key exports as a Word document named …_answer_key.docx; like the key's PDF, it ends no
// editing of the sheet. The sheet's Word export does.
func TestExportWordSheetAndKey(t *testing.T) {
	f := newFixture(t, exportDeps())
	w := f.docSheet(t, f.alice, "Sums")
	w.Set("has_answer_key", true)
	w.Set("answer_key", "KEY")
	if err := f.Save(w); err != nil {
		t.Fatal(err)
	}
	code, h, body := exportGet(t, f, "/export/"+w.Id+"?format=docx&key=1", f.alice)
	if code != 200 || string(body) != "DOCX of Sums (key)" ||
		h.Get("Content-Type") != "application/vnd.openxmlformats-officedocument.wordprocessingml.document" ||
		!strings.HasPrefix(h.Get("Content-Disposition"), `attachment; filename="sums_answer_key.docx"`) {
		t.Fatalf("key: %d %v %q", code, h, body)
	}
	if locked(t, f, w.Id) {
		t.Error("exporting the key locked the sheet")
	}
	code, h, body = exportGet(t, f, "/export/"+w.Id+"?format=docx", f.alice)
	if code != 200 || string(body) != "DOCX of Sums" || !strings.HasPrefix(h.Get("Content-Disposition"), `attachment; filename="sums.docx"`) {
		t.Fatalf("sheet: %d %v %q", code, h, body)
	}
	if !locked(t, f, w.Id) {
		t.Error("exporting the sheet did not lock it")
	}
}

// Without an exporter, or with one that cannot start pandoc, the route says so instead of
// failing, and nothing is locked.
func TestExportOffSaysSo(t *testing.T) {
	off := exportDeps()
	off.Export = func(context.Context, worksheet.Document, string, bool, generate.Compiler) ([]byte, error) {
		return nil, fmt.Errorf("%w: pandoc is not installed", ErrExportOff)
	}
	for _, d := range []Deps{testDeps(), off} {
		f := newFixture(t, d)
		w := f.docSheet(t, f.alice, "Sums")
		if code, _, body := exportGet(t, f, "/export/"+w.Id+"?format=docx", f.alice); code != 503 || !strings.Contains(string(body), msgExportOff) {
			t.Errorf("%d %s", code, body)
		}
		if locked(t, f, w.Id) {
			t.Error("a failed export locked the worksheet")
		}
	}
}

func TestExportFileName(t *testing.T) {
	for _, c := range []struct {
		title string
		key   bool
		want  string
	}{
		{"Fractions, Week 2", false, "fractions__week_2"},
		{"  ", false, "worksheet"},
		{"", true, "answer_key"},
		{"Sums", true, "sums_answer_key"},
		{"Señor 😀", false, "se_or___"},
	} {
		if got := exportFileName(c.title, c.key); got != c.want {
			t.Errorf("%q key=%v: %q, want %q", c.title, c.key, got, c.want)
		}
	}
}

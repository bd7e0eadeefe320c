package hooks

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/tests"
)

func TestDuplicateMakesAFreshEditableCopy(t *testing.T) {
	f := newFixture(t)
	src := f.aliceSheet
	src.Set("downloaded_at", time.Now().UTC())
	src.Set("edit_count", 9)
	src.Set("has_answer_key", true)
	src.Set("answer_key", "KEY")
	if err := f.Save(src); err != nil {
		t.Fatal(err)
	}
	res := httpJSON(t, f, tests.ApiScenario{Method: http.MethodPost, URL: "/worksheet/" + src.Id + "/duplicate", Headers: bearer(t, f.alice)})
	if !strings.Contains(res, `"success":true`) || !strings.Contains(res, `"document_title":"Alice's fractions (copy)"`) {
		t.Fatalf("unexpected answer: %s", res)
	}
	list, err := f.FindRecordsByFilter("worksheets", "owner = {:o} && id != {:id}", "", 0, 0, map[string]any{"o": f.alice.Id, "id": src.Id})
	if err != nil || len(list) != 1 {
		t.Fatalf("want one copy, got %d (%v)", len(list), err)
	}
	c := list[0]
	if c.GetString("latex_code") != src.GetString("latex_code") || c.GetInt("edit_count") != 0 ||
		!c.GetDateTime("downloaded_at").IsZero() || c.GetString("answer_key") != "KEY" || !c.GetBool("has_answer_key") {
		t.Fatalf("copy is not a fresh editable copy of the sheet: %v", c.FieldsData())
	}
}

func TestDuplicateAndRenameOfAnotherUsersWorksheetAre404(t *testing.T) {
	for _, s := range []tests.ApiScenario{
		{Name: "duplicate", Method: http.MethodPost},
		{Name: "rename", Method: http.MethodPatch, Body: strings.NewReader(`{"documentTitle":"Mine now"}`)},
	} {
		scenario(t, s, func(f *fixture, s *tests.ApiScenario) {
			s.URL = "/worksheet/" + f.bobSheet.Id
			if s.Method == http.MethodPost {
				s.URL += "/duplicate"
			}
			s.Headers = bearer(t, f.alice)
			s.ExpectedStatus = 404
			s.ExpectedContent = []string{`"success":false`, `"error":"Worksheet not found."`}
		})
	}
}

func TestRenameChangesTheTitle(t *testing.T) {
	f := newFixture(t)
	res := httpJSON(t, f, tests.ApiScenario{Method: http.MethodPatch, URL: "/worksheet/" + f.aliceSheet.Id,
		Body: strings.NewReader(`{"documentTitle":"  Fractions, week 2 "}`), Headers: bearer(t, f.alice)})
	if !strings.Contains(res, `"document_title":"Fractions, week 2"`) {
		t.Fatalf("unexpected answer: %s", res)
	}
	r, _ := f.FindRecordById("worksheets", f.aliceSheet.Id)
	if r.GetString("document_title") != "Fractions, week 2" {
		t.Fatalf("title not saved: %q", r.GetString("document_title"))
	}
	scenario(t, tests.ApiScenario{Name: "blank title", Method: http.MethodPatch, Body: strings.NewReader(`{"documentTitle":"  "}`),
		ExpectedStatus: 400, ExpectedContent: []string{`"error":"Please enter a title."`}},
		func(f *fixture, s *tests.ApiScenario) {
			s.URL = "/worksheet/" + f.aliceSheet.Id
			s.Headers = bearer(t, f.alice)
		})
}

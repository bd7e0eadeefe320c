package hooks

import (
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/tests"
)

// scenario runs s against a fresh fixture prepared by setup.
func scenario(t *testing.T, s tests.ApiScenario, setup func(*fixture, *tests.ApiScenario)) {
	t.Helper()
	f := newFixture(t)
	if setup != nil {
		setup(f, &s)
	}
	s.TestAppFactory = func(testing.TB) *tests.TestApp { return f.TestApp }
	s.Test(t)
}

func TestWorksheetRoutesNeedAuth(t *testing.T) {
	for _, route := range []struct{ method, url string }{
		{http.MethodGet, "/my-worksheets"},
		{http.MethodGet, "/api/user-profile"},
		{http.MethodPost, "/save-worksheet"},
		{http.MethodDelete, "/my-worksheets/abc"},
		{http.MethodGet, "/worksheet/abc"},
	} {
		for name, auth := range map[string]string{"none": "", "garbage": "Bearer not-a-token", "expired": "Bearer eyJhbGciOiJIUzI1NiJ9.eyJleHAiOjEsImlkIjoieCJ9.x"} {
			scenario(t, tests.ApiScenario{
				Name: route.method + " " + route.url + " with " + name + " token", Method: route.method, URL: route.url,
				Headers:         map[string]string{"Authorization": auth},
				ExpectedStatus:  401,
				ExpectedContent: []string{`"success":false`, `"error":"Authentication required. Please log in again."`},
			}, nil)
		}
	}
}

func TestListWorksheetsShowsOnlyOwnNewestFirst(t *testing.T) {
	scenario(t, tests.ApiScenario{
		Name: "list", Method: http.MethodGet, URL: "/my-worksheets",
		ExpectedStatus:     200,
		ExpectedContent:    []string{`"success":true`, `"document_title":"Second"`, `"document_title":"Alice's fractions"`, `"has_answer_key":false`},
		NotExpectedContent: []string{"Bob's sums", "latex_code"},
	}, func(f *fixture, s *tests.ApiScenario) {
		f.sheet(t, f.alice, "Second", "x")
		s.Headers = bearer(t, f.alice)
	})

	// Newest first: created later, listed earlier.
	f := newFixture(t)
	later := f.sheet(t, f.alice, "Later", "x")
	res := httpJSON(t, f, tests.ApiScenario{Method: http.MethodGet, URL: "/my-worksheets", Headers: bearer(t, f.alice)})
	if strings.Index(res, later.Id) > strings.Index(res, f.aliceSheet.Id) {
		t.Fatalf("newest worksheet should come first: %s", res)
	}
}

func TestGetWorksheet(t *testing.T) {
	scenario(t, tests.ApiScenario{
		Name: "own worksheet", Method: http.MethodGet,
		ExpectedStatus:  200,
		ExpectedContent: []string{`"latex_code":"\\documentclass{article}\\begin{document}A\\end{document}"`, `"document_title":"Alice's fractions"`, `"downloaded_at":""`},
	}, func(f *fixture, s *tests.ApiScenario) {
		s.URL = "/worksheet/" + f.aliceSheet.Id
		s.Headers = bearer(t, f.alice)
	})
	scenario(t, tests.ApiScenario{
		Name: "another user's worksheet is a 404", Method: http.MethodGet,
		ExpectedStatus:     404,
		ExpectedContent:    []string{`"success":false`, `"error":"Worksheet not found."`},
		NotExpectedContent: []string{"Bob's sums"},
	}, func(f *fixture, s *tests.ApiScenario) {
		s.URL = "/worksheet/" + f.bobSheet.Id
		s.Headers = bearer(t, f.alice)
	})
	scenario(t, tests.ApiScenario{
		Name: "missing worksheet is the same 404", Method: http.MethodGet, URL: "/worksheet/doesnotexist123",
		ExpectedStatus:  404,
		ExpectedContent: []string{`"error":"Worksheet not found."`},
	}, func(f *fixture, s *tests.ApiScenario) { s.Headers = bearer(t, f.alice) })
}

func TestDeleteWorksheet(t *testing.T) {
	scenario(t, tests.ApiScenario{
		Name: "delete own", Method: http.MethodDelete,
		ExpectedStatus:  200,
		ExpectedContent: []string{`"success":true`},
		AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) {
			n, _ := app.CountRecords("worksheets")
			if n != 1 {
				t.Fatalf("want 1 worksheet left, got %d", n)
			}
		},
	}, func(f *fixture, s *tests.ApiScenario) {
		s.URL = "/my-worksheets/" + f.aliceSheet.Id
		s.Headers = bearer(t, f.alice)
	})
	scenario(t, tests.ApiScenario{
		Name: "cannot delete another user's", Method: http.MethodDelete,
		ExpectedStatus:  404,
		ExpectedContent: []string{`"error":"Worksheet not found."`},
		AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) {
			n, _ := app.CountRecords("worksheets")
			if n != 2 {
				t.Fatalf("bob's worksheet must survive; %d left", n)
			}
		},
	}, func(f *fixture, s *tests.ApiScenario) {
		s.URL = "/my-worksheets/" + f.bobSheet.Id
		s.Headers = bearer(t, f.alice)
	})
}

func TestSaveWorksheet(t *testing.T) {
	long := strings.Repeat("x", 200_001)
	cases := []struct {
		name, body string
		status     int
		content    []string
	}{
		{"saves", `{"latexCode":"\\documentclass{article}","documentTitle":"Fractions Week 3"}`, 200, []string{`"success":true`, `"data":[{`, `"document_title":"Fractions Week 3"`}},
		{"blank title becomes Untitled Worksheet", `{"latexCode":"x","documentTitle":"   "}`, 200, []string{`"document_title":"Untitled Worksheet"`}},
		{"missing title too", `{"latexCode":"x"}`, 200, []string{`"document_title":"Untitled Worksheet"`}},
		{"missing latex", `{"documentTitle":"T"}`, 400, []string{`"error":"latexCode is required."`}},
		{"latex too long", `{"latexCode":"` + long + `"}`, 400, []string{`"error":"latexCode is too long (at most 200,000 characters)."`}},
		{"title too long", `{"latexCode":"x","documentTitle":"` + strings.Repeat("t", 201) + `"}`, 400, []string{`documentTitle is too long`}},
		{"malformed json", `{"latexCode":`, 400, []string{`"error":"The request body is not valid JSON."`}},
		{"wrong type", `{"latexCode":5}`, 400, []string{`"error":"The field latexCode has the wrong type."`}},
		{"oversized body", `{"latexCode":"` + strings.Repeat("y", int(saveBodyCap)) + `"}`, 400, []string{`"error":"The request is too large."`}},
	}
	for _, c := range cases {
		scenario(t, tests.ApiScenario{
			Name: c.name, Method: http.MethodPost, URL: "/save-worksheet", Body: strings.NewReader(c.body),
			ExpectedStatus: c.status, ExpectedContent: c.content,
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				n, _ := app.CountRecords("worksheets")
				want := int64(2)
				if c.status == 200 {
					want = 3
				}
				if n != want {
					t.Fatalf("want %d worksheets, got %d", want, n)
				}
			},
		}, func(f *fixture, s *tests.ApiScenario) { s.Headers = bearer(t, f.alice) })
	}
}

func TestSavedWorksheetBelongsToCaller(t *testing.T) {
	f := newFixture(t)
	body := httpJSON(t, f, tests.ApiScenario{
		Method: http.MethodPost, URL: "/save-worksheet", Headers: bearer(t, f.bob),
		Body: strings.NewReader(`{"latexCode":"x","documentTitle":"Mine","owner":"` + f.alice.Id + `"}`),
	})
	records, err := f.FindAllRecords("worksheets", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range records {
		if r.GetString("document_title") == "Mine" && r.GetString("owner") != f.bob.Id {
			t.Fatalf("saved worksheet must belong to the caller: %s", body)
		}
	}
}

func TestUserProfile(t *testing.T) {
	scenario(t, tests.ApiScenario{
		Name: "profile", Method: http.MethodGet, URL: "/api/user-profile",
		ExpectedStatus:  200,
		ExpectedContent: []string{`"success":true`, `"subscription_status":"active"`, `"stripe_customer_id":""`},
	}, func(f *fixture, s *tests.ApiScenario) { s.Headers = bearer(t, f.bob) })
}

func TestNewUserIsFree(t *testing.T) {
	scenario(t, tests.ApiScenario{
		Name: "sign-up gets free", Method: http.MethodPost, URL: "/api/collections/users/records",
		Headers:         map[string]string{"Content-Type": "application/json"},
		Body:            strings.NewReader(`{"email":"new@example.com","password":"password123","passwordConfirm":"password123"}`),
		ExpectedStatus:  200,
		ExpectedContent: []string{`"subscription_status":"free"`},
	}, nil)
}

// A user's own record stays editable apart from the billing fields (those are tested, on
// every route, in billing_test.go).
func TestUserCanEditOtherOwnFields(t *testing.T) {
	scenario(t, tests.ApiScenario{
		Name: "PATCH own name", Method: http.MethodPatch, Body: strings.NewReader(`{"name":"Alice"}`),
		ExpectedStatus: 200, ExpectedContent: []string{`"name":"Alice"`, `"subscription_status":"free"`},
	}, func(f *fixture, s *tests.ApiScenario) {
		s.URL = "/api/collections/users/records/" + f.alice.Id
		s.Headers = bearer(t, f.alice)
	})
}

// The generic records API exposes no worksheet to users; templates are public.
func TestRecordsAPIRules(t *testing.T) {
	scenario(t, tests.ApiScenario{
		Name: "list worksheets via records API", Method: http.MethodGet, URL: "/api/collections/worksheets/records",
		ExpectedStatus: 403, ExpectedContent: []string{`"data":{}`},
	}, func(f *fixture, s *tests.ApiScenario) { s.Headers = bearer(t, f.alice) })
	scenario(t, tests.ApiScenario{
		Name: "view another's worksheet via records API", Method: http.MethodGet,
		ExpectedStatus: 403, NotExpectedContent: []string{"Bob's sums"},
	}, func(f *fixture, s *tests.ApiScenario) {
		s.URL = "/api/collections/worksheets/records/" + f.bobSheet.Id
		s.Headers = bearer(t, f.alice)
	})
	scenario(t, tests.ApiScenario{
		Name: "create worksheet via records API", Method: http.MethodPost, URL: "/api/collections/worksheets/records",
		ExpectedStatus: 403, ExpectedContent: []string{`"data":{}`},
	}, func(f *fixture, s *tests.ApiScenario) {
		s.Headers = bearer(t, f.alice)
		s.Body = strings.NewReader(`{"owner":"` + f.bob.Id + `","document_title":"x"}`)
	})
	scenario(t, tests.ApiScenario{
		Name: "templates are public", Method: http.MethodGet, URL: "/api/collections/templates/records?sort=sort",
		ExpectedStatus:  200,
		ExpectedContent: []string{`"id":"default"`, `"name":"Standard Worksheet"`, `"id":"exam"`, `"name":"Exam Format"`, `"promptInstructions":"Format this as an exam`},
	}, nil)
}

func TestPublicConfig(t *testing.T) {
	scenario(t, tests.ApiScenario{
		Name: "config", Method: http.MethodGet, URL: "/api/config",
		ExpectedStatus:     200,
		ExpectedContent:    []string{`"engine":"offline"`, `"monthly":"7.99"`, `"annual":"4.00"`, `"password":{"maxLength":71,"minLength":6}`},
		NotExpectedContent: []string{"sk_", "whsec"},
	}, nil)
}

func TestClientRoutesAndNotFound(t *testing.T) {
	for _, u := range []string{"/", "/login", "/signup", "/forgot-password", "/terms", "/privacy", "/contact", "/reset-password", "/reset-password/tok123", "/dashboard", "/templates", "/account", "/app", "/view-worksheet/abc", "/view-answer-key/abc"} {
		scenario(t, tests.ApiScenario{
			Name: "client route " + u, Method: http.MethodGet, URL: u,
			ExpectedStatus: 200, ExpectedContent: []string{"<title>Sheetsmith</title>"},
		}, nil)
	}
	for _, u := range []string{"/nope", "/dashboard/extra", "/view-worksheet", "/index.html/x", "/wp-login.php"} {
		scenario(t, tests.ApiScenario{
			Name: "unknown " + u, Method: http.MethodGet, URL: u,
			ExpectedStatus: 404, ExpectedContent: []string{"404 Not Found"},
		}, nil)
	}
	scenario(t, tests.ApiScenario{
		Name: "asset", Method: http.MethodGet, URL: "/assets/app-1.js",
		ExpectedStatus: 200, ExpectedContent: []string{"console.log(1)"},
		ExpectedEvents: map[string]int{"*": 0},
	}, nil)
}

func TestResetMailLinksToApp(t *testing.T) {
	f := newFixture(t)
	users, _ := f.FindCollectionByNameOrId("users")
	if !strings.Contains(users.ResetPasswordTemplate.Body, "{APP_URL}/reset-password/{TOKEN}") {
		t.Fatalf("reset mail must link to the app: %s", users.ResetPasswordTemplate.Body)
	}
	if !f.Settings().RateLimits.Enabled {
		t.Fatal("auth rate limits must be on")
	}
}

// The spec's password minimum is 6 characters.
func TestSixCharacterPasswords(t *testing.T) {
	scenario(t, tests.ApiScenario{
		Name: "6 characters", Method: http.MethodPost, URL: "/api/collections/users/records",
		Headers:        map[string]string{"Content-Type": "application/json"},
		Body:           strings.NewReader(`{"email":"six@example.com","password":"abc123","passwordConfirm":"abc123"}`),
		ExpectedStatus: 200, ExpectedContent: []string{`"subscription_status":"free"`},
	}, nil)
	scenario(t, tests.ApiScenario{
		Name: "5 characters", Method: http.MethodPost, URL: "/api/collections/users/records",
		Headers:        map[string]string{"Content-Type": "application/json"},
		Body:           strings.NewReader(`{"email":"five@example.com","password":"abc12","passwordConfirm":"abc12"}`),
		ExpectedStatus: 400, ExpectedContent: []string{`"password"`},
	}, nil)
}

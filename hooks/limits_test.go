package hooks

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"

	"sheetsmith/config"
	"sheetsmith/queue"
)

// withLimits is deps with the given limits (the rest default).
func withLimits(d Deps, set func(*config.Limits)) Deps {
	set(&d.Config.Limits)
	return d
}

func worksheetCount(t *testing.T, f *fixture, owner *core.Record) int {
	t.Helper()
	n, err := f.CountRecords("worksheets", dbx.HashExp{"owner": owner.Id})
	if err != nil {
		t.Fatal(err)
	}
	return int(n)
}

func saveBody(src, title string) string {
	return `{"latexCode":` + jsonString(src) + `,"documentTitle":` + jsonString(title) + `}`
}

// Issue 18 (3): a free account's saves stop at its quota of worksheets with a sentence that
// says what to do; nothing of the refused save is stored, nothing saved before is lost, a copy
// counts too, and a subscriber's larger quota is untouched.
func TestSaveOverTheWorksheetQuotaIsRefused(t *testing.T) {
	f := newFixture(t, withLimits(testDeps(), func(l *config.Limits) { l.FreeWorksheets = 3 }))
	alice := bearer(t, f.alice)
	for i := range 2 { // alice already has one
		if code, out := do(t, f, http.MethodPost, "/save-worksheet", alice, saveBody(fmt.Sprintf("sheet %d", i), "Mine")); code != 200 {
			t.Fatalf("save %d: %d %v", i, code, out)
		}
	}
	const planted = "REFUSED-SHEET-41c9"
	code, out := do(t, f, http.MethodPost, "/save-worksheet", alice, saveBody(planted, "One too many"))
	msg, _ := out["error"].(string)
	if code != http.StatusForbidden || out["success"] != false || !strings.Contains(msg, "(3)") || !strings.Contains(msg, "Delete worksheets you no longer need") || !strings.Contains(msg, "subscribe") {
		t.Fatalf("over quota: %d %v", code, out)
	}
	if n := worksheetCount(t, f, f.alice); n != 3 {
		t.Fatalf("alice keeps exactly her 3 worksheets, has %d", n)
	}
	if found, _ := f.FindAllRecords("worksheets"); strings.Contains(toJSON(found), planted) {
		t.Fatal("the refused save was stored")
	}
	if code, out := do(t, f, http.MethodPost, "/worksheet/"+f.aliceSheet.Id+"/duplicate", alice, ""); code != http.StatusForbidden {
		t.Fatalf("a copy counts against the quota: %d %v", code, out)
	}
	if code, out := do(t, f, http.MethodPost, "/save-worksheet", bearer(t, f.bob), saveBody("bob's", "Bob")); code != 200 {
		t.Fatalf("another user is not affected: %d %v", code, out)
	}
	// Deleting one makes room again.
	if code, _ := do(t, f, http.MethodDelete, "/my-worksheets/"+f.aliceSheet.Id, alice, ""); code != 200 {
		t.Fatal("delete")
	}
	if code, out := do(t, f, http.MethodPost, "/save-worksheet", alice, saveBody("after a delete", "Room")); code != 200 {
		t.Fatalf("after a delete: %d %v", code, out)
	}
}

// The bytes quota: large sources fill it long before the count does.
func TestSaveOverTheStorageQuotaIsRefused(t *testing.T) {
	f := newFixture(t, withLimits(testDeps(), func(l *config.Limits) {
		l.FreeWorksheets, l.FreeStorageMB, l.SavesPerMinute = 0, 1, 0
	}))
	big := strings.Repeat("x", 199_990) // 200 kB each: five fit in 1 MB, the sixth does not
	for i := range 5 {
		if code, out := do(t, f, http.MethodPost, "/save-worksheet", bearer(t, f.alice), saveBody(big+strconv.Itoa(i), "Big")); code != 200 {
			t.Fatalf("save %d: %d %v", i, code, out)
		}
	}
	code, out := do(t, f, http.MethodPost, "/save-worksheet", bearer(t, f.alice), saveBody(big+"6", "Big"))
	if msg, _ := out["error"].(string); code != http.StatusForbidden || !strings.Contains(msg, "all of your 1 MB of storage") {
		t.Fatalf("over the bytes quota: %d %v", code, out)
	}
	if n := worksheetCount(t, f, f.alice); n != 6 {
		t.Fatalf("1 + 5 saved, got %d", n)
	}
}

// Issue 18 (3): saves are rate limited per user: 429, Retry-After and the spec's words.
func TestSaveFloodAnswers429(t *testing.T) {
	f := newFixture(t, withLimits(testDeps(), func(l *config.Limits) { l.SavesPerMinute = 5 }))
	h := handler(t, f)
	for i := range 5 {
		if rec := call(h, http.MethodPost, "/save-worksheet", bearer(t, f.alice), saveBody("s"+strconv.Itoa(i), "T")); rec.Code != 200 {
			t.Fatalf("save %d: %d %s", i, rec.Code, rec.Body)
		}
	}
	rec := call(h, http.MethodPost, "/save-worksheet", bearer(t, f.alice), saveBody("flood", "T"))
	wantTooMany(t, rec)
	if n := worksheetCount(t, f, f.alice); n != 6 {
		t.Fatalf("nothing of the refused save is stored: %d", n)
	}
	if rec := call(h, http.MethodPost, "/save-worksheet", bearer(t, f.bob), saveBody("bob", "T")); rec.Code != 200 {
		t.Fatalf("bob has his own limit: %d", rec.Code)
	}
}

// Issue 18 (3): compiles are rate limited per user.
func TestCompileFloodAnswers429(t *testing.T) {
	d := withLimits(testDeps(), func(l *config.Limits) { l.CompilesPerMinute = 3 })
	d.Queue = queue.New(instant{}, queue.Config{Slots: 2})
	f := newFixture(t, d)
	h := handler(t, f)
	body := `{"latexCode":` + jsonString(helloTeX) + `}`
	for i := range 3 {
		if rec := call(h, http.MethodPost, "/compile", bearer(t, f.bob), body); rec.Code != 200 {
			t.Fatalf("compile %d: %d %s", i, rec.Code, rec.Body)
		}
	}
	wantTooMany(t, call(h, http.MethodPost, "/compile", bearer(t, f.bob), body))
}

// Issue 18 (5): worksheets and answer keys share one rate per user (each may be a model call).
func TestGenerateFloodAnswers429(t *testing.T) {
	f := newFixture(t, withLimits(compilerDeps(t), func(l *config.Limits) { l.GeneratesPerMinute = 2 }))
	h := handler(t, f)
	for i := range 2 {
		if rec := call(h, http.MethodPost, "/generate-latex", bearer(t, f.bob), genBody("10 addition problems within 20", "Sums", "")); rec.Code != 200 {
			t.Fatalf("generate %d: %d %s", i, rec.Code, rec.Body)
		}
	}
	rec := call(h, http.MethodPost, "/generate-latex", bearer(t, f.bob), genBody("10 addition problems within 20", "Sums", ""))
	wantTooMany(t, rec)
	if strings.Contains(rec.Body.String(), "details") {
		t.Fatal("no details: the browser shows the spec's words for 429")
	}
	wantTooMany(t, call(h, http.MethodPost, "/generate-answer-key/"+f.bobSheet.Id, bearer(t, f.bob), ""))
}

// Issue 18 (5): 30 concurrent /generate-latex of one user make the model calls of one
// generation, not 30: the others are turned away with 429 and Retry-After while it runs.
func TestOneGenerationAtATimePerUser(t *testing.T) {
	release := make(chan struct{})
	var arrived sync.Mutex
	var concurrent int
	var letGo sync.Once
	reply := answer("\\begin{questions}\n\\question $2 + 3 = $ \\answerblank\n\\begin{solution}$5$\\end{solution}\n\\end{questions}\n")
	m := newReplayModel(t, func(w http.ResponseWriter, stream bool) {
		arrived.Lock()
		concurrent++
		if concurrent > 1 { // a second generation reached the model: no point holding the first
			letGo.Do(func() { close(release) })
		}
		arrived.Unlock()
		<-release // the first generation holds its turn until every other request is answered
		reply(w, stream)
	})
	f := newFixture(t, m.deps(t, replayKey))
	h := handler(t, f)
	const n = 30
	codes := make(chan *httptest.ResponseRecorder, n)
	var wg sync.WaitGroup
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			codes <- call(h, http.MethodPost, "/generate-latex", bearer(t, f.bob), genBody("one sum", "Sum", ""))
		}()
	}
	for range n - 1 { // every request but the one holding the turn answers while the model waits
		rec := <-codes
		wantTooMany(t, rec)
	}
	letGo.Do(func() { close(release) })
	wg.Wait()
	if rec := <-codes; rec.Code != 200 {
		t.Fatalf("the one generation: %d %s", rec.Code, rec.Body)
	}
	m.mu.Lock()
	calls := m.calls
	m.mu.Unlock()
	if calls < 1 || calls > 3 { // one write, at most two repairs
		t.Fatalf("%d model calls for one generation", calls)
	}
	// The turn is free again.
	if rec := call(h, http.MethodPost, "/generate-latex", bearer(t, f.bob), genBody("one sum", "Sum", "")); rec.Code != 200 {
		t.Fatalf("after the first finished: %d %s", rec.Code, rec.Body)
	}
}

func wantTooMany(t *testing.T, rec *httptest.ResponseRecorder) {
	t.Helper()
	after, err := strconv.Atoi(rec.Header().Get("Retry-After"))
	if rec.Code != http.StatusTooManyRequests || err != nil || after < 1 ||
		!strings.Contains(rec.Body.String(), `"error":"Too many requests. Please try again later.`) {
		t.Fatalf("want 429 with Retry-After: %d %q %s", rec.Code, rec.Header().Get("Retry-After"), rec.Body)
	}
}

// handler is f's router built once, so requests can run concurrently and share its state.
func handler(t testing.TB, f *fixture) http.Handler {
	t.Helper()
	r, err := apis.NewRouter(f)
	if err != nil {
		t.Fatal(err)
	}
	se := &core.ServeEvent{App: f, Router: r}
	if err := f.OnServe().Trigger(se, func(e *core.ServeEvent) error { return e.Next() }); err != nil {
		t.Fatal(err)
	}
	mux, err := r.BuildMux()
	if err != nil {
		t.Fatal(err)
	}
	return mux
}

func call(h http.Handler, method, url string, headers map[string]string, body string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, url, strings.NewReader(body))
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

// Issue 32: an account that signed up and did nothing more (no verified address, never paid)
// keeps the small unverified quota, with a sentence that says so; a verified address or a
// past payment gives the free quota.
func TestUnverifiedAccountGetsTheSmallQuota(t *testing.T) {
	f := newFixture(t, withLimits(testDeps(), func(l *config.Limits) {
		l.UnverifiedWorksheets, l.FreeWorksheets, l.SavesPerMinute = 2, 5, 0
	}))
	h := handler(t, f)
	rec := call(h, http.MethodPost, "/api/collections/users/records", map[string]string{"Content-Type": "application/json"},
		`{"email":"new@example.com","password":"password123","passwordConfirm":"password123"}`)
	if rec.Code != 200 {
		t.Fatalf("sign-up: %d %s", rec.Code, rec.Body)
	}
	newcomer, err := f.FindAuthRecordByEmail("users", "new@example.com")
	if err != nil || newcomer.Verified() {
		t.Fatalf("the sign-up: %v verified %v", err, newcomer.Verified())
	}
	for i := range 2 {
		if rec := call(h, http.MethodPost, "/save-worksheet", bearer(t, newcomer), saveBody(fmt.Sprint("sheet ", i), "Mine")); rec.Code != 200 {
			t.Fatalf("save %d: %d %s", i, rec.Code, rec.Body)
		}
	}
	const planted = "UNVERIFIED-THIRD-9c1d"
	code, out := do(t, f, http.MethodPost, "/save-worksheet", bearer(t, newcomer), saveBody(planted, "Third"))
	if msg, _ := out["error"].(string); code != http.StatusForbidden ||
		!strings.Contains(msg, "Until its e-mail address is verified, your account can keep 2 worksheets") || !strings.Contains(msg, "subscribe") {
		t.Fatalf("third save: %d %v", code, out)
	}
	if found, _ := f.FindAllRecords("worksheets"); strings.Contains(toJSON(found), planted) || worksheetCount(t, f, newcomer) != 2 {
		t.Fatal("the refused save was stored")
	}
	// A customer who once paid (the billing link is the server's) has the free quota.
	newcomer.Set("stripe_customer_id", "cus_was_paying")
	if err := f.Save(newcomer); err != nil {
		t.Fatal(err)
	}
	if code, out := do(t, f, http.MethodPost, "/save-worksheet", bearer(t, newcomer), saveBody(planted, "Third")); code != 200 {
		t.Fatalf("with a past payment: %d %v", code, out)
	}
	// A verified free account has the free quota: alice has 1 and saves 3 more.
	for i := range 3 {
		if code, out := do(t, f, http.MethodPost, "/save-worksheet", bearer(t, f.alice), saveBody(fmt.Sprint("a", i), "A")); code != 200 {
			t.Fatalf("verified save %d: %d %v", i, code, out)
		}
	}
}

// Issue 32: accounts without a subscription share one server-wide room, however many sign
// up: the save that would pass it is refused with a sentence that says so and stores nothing;
// a subscriber's saves are not counted against it and still work.
func TestFreeStorageCapAcrossAccounts(t *testing.T) {
	f := newFixture(t, withLimits(testDeps(), func(l *config.Limits) {
		l.FreeTotalStorageMB, l.FreeStorageMB, l.FreeWorksheets, l.UnverifiedStorageMB, l.UnverifiedWorksheets, l.SavesPerMinute = 1, 0, 0, 0, 0, 0
	}))
	h := handler(t, f)
	big := strings.Repeat("x", 190_000) // five fit in 1 MB, the sixth does not
	carol, dave := f.user(t, "carol@example.com", "free"), f.account(t, "dave@example.com", "", false)
	owners := []*core.Record{f.alice, f.alice, carol, dave, dave}
	for i, u := range owners {
		if rec := call(h, http.MethodPost, "/save-worksheet", bearer(t, u), saveBody(big+fmt.Sprint(i), "Big")); rec.Code != 200 {
			t.Fatalf("save %d: %d %s", i, rec.Code, rec.Body)
		}
	}
	const planted = "OVER-THE-SERVER-CAP-51e2"
	eve := f.account(t, "eve@example.com", "", false)
	code, out := do(t, f, http.MethodPost, "/save-worksheet", bearer(t, eve), saveBody(big+planted, "Big"))
	if msg, _ := out["error"].(string); code != http.StatusForbidden ||
		!strings.Contains(msg, "This server's storage for accounts without a subscription (1 MB) is full") {
		t.Fatalf("over the server's free room: %d %v", code, out)
	}
	if found, _ := f.FindAllRecords("worksheets"); strings.Contains(toJSON(found), planted) {
		t.Fatal("the refused save was stored")
	}
	if rec := call(h, http.MethodPost, "/save-worksheet", bearer(t, f.bob), saveBody(big+"bob", "Paid")); rec.Code != 200 {
		t.Fatalf("a subscriber: %d %s", rec.Code, rec.Body)
	}
}

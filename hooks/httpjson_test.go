package hooks

import (
	"encoding/json"
	"io"
	"net/http/httptest"
	"testing"

	"github.com/pocketbase/pocketbase/tests"
)

// httpJSON performs one request against f's router and returns the body, for tests that need
// to read the answer rather than match fragments.
func httpJSON(t testing.TB, f *fixture, s tests.ApiScenario) string {
	t.Helper()
	rec := serve(t, f, s)
	b, _ := io.ReadAll(rec.Result().Body)
	return string(b)
}

func serve(t testing.TB, f *fixture, s tests.ApiScenario) *httptest.ResponseRecorder {
	t.Helper()
	mux := handler(t, f)
	req := httptest.NewRequest(s.Method, s.URL, s.Body)
	for k, v := range s.Headers {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	mux.ServeHTTP(rec, req)
	return rec
}

func toJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

package hooks

import (
	"bufio"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/tests"
)

// readingHas reports whether a response's reading holds a span of these words and role.
func readingHas(reading any, text, role string) bool {
	spans, _ := reading.([]any)
	for _, s := range spans {
		m, _ := s.(map[string]any)
		if m["text"] == text && m["role"] == role {
			return true
		}
	}
	return false
}

// An offline sheet comes back with how its request was read, beside the contract's fields; the
// streamed answer's last line carries it too.
func TestGenerateReturnsTheReading(t *testing.T) {
	f := newFixture(t, compilerDeps(t))
	prompt := "12 two-digit addition problems for grade 2, large print please"
	code, out := do(t, f, http.MethodPost, "/generate-latex", bearer(t, f.bob), genBody(prompt, "Sums", ""))
	if code != 200 || out["success"] != true || questionsIn(out["latexCode"].(string)) != 12 {
		t.Fatalf("generate: %d %v", code, out)
	}
	for _, want := range [][2]string{{"12", "count"}, {"addition", "skill"}, {"grade 2", "context"}, {"large print", "setting"}} {
		if !readingHas(out["reading"], want[0], want[1]) {
			t.Errorf("the reading lacks %q as %s: %v", want[0], want[1], out["reading"])
		}
	}
	spans, _ := out["reading"].([]any)
	last, _ := spans[len(spans)-1].(map[string]any)
	if end, _ := last["end"].(float64); int(end) != len(prompt) || last["text"] != "please" {
		t.Errorf("the reading does not reach the request's last word: %v", last)
	}

	h := bearer(t, f.bob)
	h["Accept"] = "application/x-ndjson"
	rec := serve(t, f, tests.ApiScenario{Method: http.MethodPost, URL: "/generate-latex", Headers: h,
		Body: strings.NewReader(genBody("10 multiplication problems", "Times", ""))})
	var final map[string]any
	sc := bufio.NewScanner(rec.Body)
	sc.Buffer(make([]byte, 1<<20), 1<<22)
	for sc.Scan() {
		final = nil
		if err := json.Unmarshal(sc.Bytes(), &final); err != nil {
			t.Fatalf("bad line %q", sc.Text())
		}
	}
	if final["success"] != true || !readingHas(final["reading"], "multiplication", "skill") || !readingHas(final["reading"], "10", "count") {
		t.Fatalf("the stream's last line has no reading: %v", final)
	}
}

// A model's sheet has no reading: the field is left out.
func TestModelSheetHasNoReading(t *testing.T) {
	m := newReplayModel(t, answer(recorded(t, "fenced_fractions.txt")))
	f := newFixture(t, m.deps(t, replayKey))
	code, out := do(t, f, http.MethodPost, "/generate-latex", bearer(t, f.bob), genBody("a worksheet", "Model sheet", ""))
	if code != 200 || out["success"] != true {
		t.Fatalf("%d %v", code, out)
	}
	if _, ok := out["reading"]; ok {
		t.Fatalf("a model's sheet came back with a reading: %v", out["reading"])
	}
}

package hooks

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"sheetsmith/generate"
)

// draftEngine answers every request with one body in the vocabulary (no document), as a model
// tricked by a prompt could write it.
type draftEngine struct{ draft generate.Draft }

func (e draftEngine) Write(context.Context, generate.Request, func(string)) (generate.Draft, error) {
	return e.draft, nil
}

// A model's body reaches TeX only through the body check, whatever the generator adds to the
// preamble for it (TikZ libraries, mhchem): a body naming a sealed primitive through \csname
// is refused, nothing is recorded as server-made, and no PDF address comes back.
func TestGeneratedBodyIsCheckedWhateverItsPreamble(t *testing.T) {
	body := `\begin{questions}
\question Balance \ce{H2 + O2 -> H2O}. \csname pdfcatalog\endcsname{/OpenAction << /S /JavaScript /JS (app.alert(1)) >>}
\begin{solution} \ce{2H2 + O2 -> 2H2O} \end{solution}
\end{questions}`
	cases := map[string]generate.Draft{
		"tikz libraries": {Body: strings.ReplaceAll(body, `\ce{`, `\textbf{`), Libraries: []string{"calc"}},
		"mhchem":         {Body: body, Packages: []string{"mhchem"}},
		"both":           {Body: body, Packages: []string{"pgfplots", "mhchem"}, Libraries: []string{"calc", "arrows.meta"}},
	}
	for name, draft := range cases {
		t.Run(name, func(t *testing.T) {
			d := compilerDeps(t)
			d.Engine = draftEngine{draft}
			f := newFixture(t, d)
			code, out := do(t, f, http.MethodPost, "/generate-latex", bearer(t, f.bob), genBody("Balance equations", "Chemistry", ""))
			if code == http.StatusOK || out["success"] == true {
				t.Fatalf("the body was compiled: %d %v", code, out)
			}
			if details, _ := out["details"].(string); !strings.Contains(details, "not allowed") {
				t.Fatalf("want the body check's refusal, got %d %v", code, out)
			}
			if n, _ := f.CountRecords("generations"); n != 0 {
				t.Fatalf("%d sources recorded as server-made", n)
			}
		})
	}
}

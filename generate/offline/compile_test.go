package offline

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"sheetsmith/generate"
	"sheetsmith/generate/llm/normalize/pdftest"
	"sheetsmith/generate/offline/skills"
	"sheetsmith/latex"
	"sheetsmith/worksheet"
)

// pdf compiles a complete source with real TeX and returns its text and page count.
func pdf(t *testing.T, name, src string) (string, int) {
	t.Helper()
	if testing.Short() {
		t.Skip("pdflatex compile skipped in -short mode")
	}
	if _, err := exec.LookPath("pdflatex"); err != nil {
		t.Skip("pdflatex not installed")
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, name+".tex"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	var out []byte
	var err error
	for pass := 0; pass == 0 || (pass < 3 && strings.Contains(string(out), "Rerun")); pass++ {
		cmd := exec.Command("pdflatex", "-no-shell-escape", "-interaction=nonstopmode", "-halt-on-error", name+".tex")
		cmd.Dir = dir
		if out, err = cmd.CombinedOutput(); err != nil {
			s := string(out)
			t.Fatalf("%s: pdflatex failed: %v\n%s", name, err, s[max(0, len(s)-3000):])
		}
	}
	file := filepath.Join(dir, name+".pdf")
	if keep := os.Getenv("SHEETSMITH_KEEP_PDF"); keep != "" {
		b, _ := os.ReadFile(file)
		os.WriteFile(filepath.Join(keep, name+".pdf"), b, 0o644)
	}
	text, err := exec.Command("pdftotext", "-layout", file, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	info, err := exec.Command("pdfinfo", file).Output()
	if err != nil {
		t.Fatalf("pdfinfo: %v", err)
	}
	pages, _ := strconv.Atoi(regexp.MustCompile(`Pages:\s+(\d+)`).FindStringSubmatch(string(info))[1])
	return string(text), pages
}

// Every skill, in one document with a section per skill, renders a sheet and a key that
// compile with real TeX in both templates and both languages, page for page.
func TestEverySkillCompilesSheetAndKey(t *testing.T) {
	var secs []Section
	for _, sk := range skills.All() {
		secs = append(secs, Section{Skill: sk.ID, Count: 2, P: skills.Params{Grade: sk.DefaultGrade()}})
	}
	for _, layout := range []string{"default", "exam", "large"} {
		for _, code := range []string{"en", "es"} {
			if layout == "large" && code == "es" {
				continue
			}
			t.Run(layout+"/"+code, func(t *testing.T) {
				spec := Spec{Lang: code, Grade: -1, Sections: secs, Seed: 11, Columns: 2, Large: layout == "large"}
				if layout == "large" {
					layout = "default"
				}
				doc, err := build(context.Background(), spec, generate.Request{Settings: latex.Settings{Title: "All skills", ShowName: true, NarrowMargins: true, Layout: layout}})
				if err != nil {
					t.Fatal(err)
				}
				sheet, key, err := worksheet.Render(doc)
				if err != nil {
					t.Fatal(err)
				}
				text, pages := pdf(t, "sheet", sheet)
				keyText, keyPages := pdf(t, "key", key)
				if pages != keyPages {
					t.Errorf("sheet %d pages, key %d", pages, keyPages)
				}
				// Page for page: each page of the key numbers the same questions as the sheet's.
				sp, kp := strings.Split(text, "\f"), strings.Split(keyText, "\f")
				next := 1
				for i := range min(len(sp), len(kp)) {
					a, b := numbersOn(sp[i], next), numbersOn(kp[i], next)
					if fmt.Sprint(a) != fmt.Sprint(b) {
						t.Errorf("page %d: sheet questions %v, key questions %v", i+1, a, b)
					}
					next += len(a)
				}
				if want := len(questionsOf(&doc)); layout == "default" && next-1 != want {
					t.Errorf("the sheet numbers %d questions, the document has %d", next-1, want)
				}
				keyTitle := map[string]string{"en": "Answer Key", "es": "Clave de respuestas"}[code]
				if !strings.Contains(text, "All skills") || strings.Contains(text, keyTitle) || !strings.Contains(keyText, keyTitle) {
					t.Errorf("headers wrong")
				}
				// Every section heading is on the sheet.
				for _, sk := range skills.All() {
					h := heading(lang(code).Skills[sk.ID].Name)
					if layout == "default" && !strings.Contains(strings.Join(strings.Fields(text), " "), strings.Fields(h)[0]) {
						t.Errorf("heading %q missing", h)
					}
				}
			})
		}
	}
}

// Until every pipeline renders documents, the draft's body alone compiles in the older
// wrapper (worksheet.Wrap, which writes the vocabulary and checks the body), and its key
// (exam's printanswers) shows the answers.
func TestBodyCompilesInTheOlderWrapper(t *testing.T) {
	d := writeOn(t, New(seeds()), "", "4 addition problems and 2 clocks")
	src := pdftest.Wrap(t, d.Body, latex.Settings{Title: "Practice"})
	sheet, _ := pdf(t, "old", src)
	key, _ := pdf(t, "oldkey", latex.WithAnswers(src))
	answer := d.Document.Blocks[2].Question.Answer.Value
	if strings.Contains(sheet, "Answer Key") || !strings.Contains(key, "Answer Key") || !strings.Contains(key, answer) {
		t.Errorf("answer %q; sheet:\n%s\nkey:\n%s", answer, sheet, key)
	}
}

// numbersOn lists the question numbers printed on one page, looking for from, from+1, … in
// reading order (pdftotext may glue a label to its question: "101.3 + 5 =").
func numbersOn(page string, from int) []int {
	var out []int
	rest := page
	for n := from; ; n++ {
		loc := regexp.MustCompile(`(?:^|\s)` + strconv.Itoa(n) + `\.`).FindStringIndex(rest)
		if loc == nil {
			return out
		}
		out = append(out, n)
		rest = rest[loc[1]:]
	}
}

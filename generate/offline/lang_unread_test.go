package offline

import (
	"context"
	"errors"
	"strings"
	"testing"

	"sheetsmith/generate"
)

// A request in a language without a folder is refused in English, in one sentence naming
// that language: never answered in another language, nor refused for needing a language model.
func TestLangUnreadNamesTheLanguage(t *testing.T) {
	rows, _ := readCorpus(t, "testdata/other-languages.tsv")
	if len(rows) < 10 {
		t.Fatalf("only %d rows in other-languages.tsv", len(rows))
	}
	for _, r := range rows {
		name := strings.TrimSuffix(strings.TrimPrefix(corpusToken.FindAllString(r.expected, -1)[2], `note:"`), `"`)
		_, err := New(func() int64 { return 7 }).Write(context.Background(), generate.Request{Prompt: r.prompt}, nil)
		var unsup *generate.UnsupportedError
		switch {
		case !errors.As(err, &unsup):
			t.Errorf("%q: not refused (%v)", r.prompt, err)
		case !strings.HasPrefix(unsup.Message, "I can") || !strings.Contains(unsup.Message, name):
			t.Errorf("%q: %q does not name %s in English", r.prompt, unsup.Message, name)
		case strings.Count(unsup.Message, ". ") > 0 || strings.Contains(unsup.Message, "language model"):
			t.Errorf("%q: %q is not one sentence saying the language is not read", r.prompt, unsup.Message)
		}
	}
	// Requests in the read languages, with a foreign word or two, are read.
	for _, p := range []string{"20 addition problems for my Kindergarten und Vorschule kids", "una hoja de 10 sumas para mis alumnos", "Make 10 problems about the word собака"} {
		if name := unreadLanguage(p); name != "" {
			t.Errorf("%q read as %s", p, name)
		}
	}
}

// Each folder's grammar composes its numbers and names its country's school years.
func TestLangGrammarNumbersAndGrades(t *testing.T) {
	for in, want := range map[string]string{
		"twenty five two-digit sums":         "25 2-digit sums",
		"twenty-five problems":               "25 problems",
		"twenty two-digit sums":              "20 2-digit sums",
		"two hundred and five":               "200 and 5",
		"two thousand five hundred":          "2500",
		"a dozen-question quiz":              "a dozen-question quiz",
		"treinta y cinco restas":             "35 restas",
		"treinta y uno sumas":                "31 sumas",
		"doscientos cincuenta":               "250",
		"cinco y seis":                       "5 y 6",
		"un problema":                        "un problema",
		"10 divisiones para 4 o de primaria": "10 divisiones para grado 4",
		"para 1o de eso":                     "para grado 7",
	} {
		if got := numbersToDigits(in); got != want {
			t.Errorf("numbersToDigits(%q) = %q, want %q", in, got, want)
		}
	}
}

package generate

import (
	"context"
	"errors"
	"strings"
	"testing"

	"sheetsmith/latex"
	"sheetsmith/worksheet"
)

type fixedSolver struct{ body string }

func (s fixedSolver) Solve(context.Context, string) (string, error) { return s.body, nil }

func TestAnswerKeyCorrectsAndMarks(t *testing.T) {
	src := latex.Document(unparsed, latex.Settings{Title: "Sums"})
	key, err := AnswerKey(context.Background(), src, nil, &fakeCompiler{})
	if err != nil {
		t.Fatal(err)
	}
	if len(key.Changes) != 1 || key.Changes[0].Sentence() != "I corrected the answer to question 1: 75, not 85." {
		t.Errorf("changes %+v", key.Changes)
	}
	if key.Checked != 2 || !strings.Contains(key.Key, latex.KeyLegend) || !strings.Contains(key.Key, `\printanswers`) {
		t.Errorf("checked %d; the key needs its legend and answers:\n%s", key.Checked, key.Key)
	}
	if !strings.Contains(key.Sheet, `$75$ \computed`) || strings.Contains(key.Sheet, "$85$") {
		t.Errorf("the sheet's own answers are not corrected:\n%s", key.Sheet)
	}
}

// The legend explains the ✓; a key in which nothing could be computed has no ✓ and no legend.
func TestKeyLegendOnlyWhenAnAnswerWasChecked(t *testing.T) {
	poem := "\\begin{questions}\n\\question Write a short poem about autumn.\n\\begin{solution}Any poem about autumn.\\end{solution}\n\\end{questions}"
	key, err := AnswerKey(context.Background(), latex.Document(poem, latex.Settings{Title: "Poems"}), nil, &fakeCompiler{})
	if err != nil {
		t.Fatal(err)
	}
	if key.Checked != 0 || strings.Contains(key.Key, "marks an answer checked by computation") {
		t.Errorf("legend without a checked answer:\n%s", key.Key)
	}
	if !strings.Contains(key.Key, "Answer Key") {
		t.Errorf("the key's title must still say it is the answer key:\n%s", key.Key)
	}
}

func TestAnswerKeyErrors(t *testing.T) {
	noSolutions := latex.Document("\\begin{questions}\n\\question $2 + 3 = $\n\\end{questions}", latex.Settings{})
	if _, err := AnswerKey(context.Background(), noSolutions, nil, &fakeCompiler{}); !errors.Is(err, ErrNoSolutions) {
		t.Errorf("no solver: %v", err)
	}
	key, err := AnswerKey(context.Background(), noSolutions, fixedSolver{"\\begin{questions}\n\\question $2 + 3 = $\n\\begin{solution}6\\end{solution}\n\\end{questions}"}, &fakeCompiler{})
	// The solved sheet is in the vocabulary, so it is keyed as a document.
	if err != nil || len(key.Changes) != 1 || key.Changes[0].Now != "5" || !strings.Contains(key.Key, `\sskeytrue`) {
		t.Errorf("solved key: %v %+v", err, key)
	}
	if _, err := AnswerKey(context.Background(), "no document here", nil, &fakeCompiler{}); !errors.Is(err, ErrNoBody) {
		t.Errorf("no body: %v", err)
	}
	texFail := &fakeCompiler{err: func(context.Context, string) error { return &latex.Error{Line: 9, Problem: "Missing $ inserted"} }}
	var kce *KeyCompileError
	if _, err := AnswerKey(context.Background(), latex.Document(unparsed, latex.Settings{}), nil, texFail); !errors.As(err, &kce) {
		t.Errorf("TeX failure: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancelled := &fakeCompiler{err: func(context.Context, string) error { cancel(); return &latex.Error{Problem: "Emergency stop"} }}
	if _, err := AnswerKey(ctx, latex.Document(unparsed, latex.Settings{}), nil, cancelled); !errors.Is(err, context.Canceled) || errors.As(err, &kce) {
		t.Errorf("cancelled: %v", err)
	}
}

// An older save in the vocabulary (no document embedded) is keyed as a document: the key is
// its sheet page for page, and the title, fields and layout it was saved with are kept.
func TestOlderSaveIsKeyedAsADocument(t *testing.T) {
	settings := latex.Settings{Title: "Sums & Differences #2", ShowName: true, ShowPeriod: true, NarrowMargins: true, Layout: "exam"}
	key, err := AnswerKey(context.Background(), latex.Document(sums, settings), nil, &fakeCompiler{})
	if err != nil {
		t.Fatal(err)
	}
	doc, ok := worksheet.Extract(key.Sheet)
	if !ok || !strings.Contains(key.Key, `\sskeytrue`) {
		t.Fatalf("not keyed as a document:\n%s", key.Key)
	}
	s := doc.Settings
	if doc.Title != settings.Title || !s.ShowName || s.ShowDate || !s.ShowPeriod || !s.NarrowMargins || s.Layout != "exam" {
		t.Errorf("settings lost: %q %+v", doc.Title, s)
	}
	if len(key.Changes) != 1 || doc.Blocks[0].Question.Answer.Value != "75" || key.Checked != 2 {
		t.Errorf("changes %+v, checked %d", key.Changes, key.Checked)
	}
}

func TestSourceSettingsReadsWhatDocumentWrote(t *testing.T) {
	for _, s := range []latex.Settings{
		{Title: "Plain", Layout: "default"},
		{Title: `Odd {title} $5 100% a_b ~ #1 \ & more`, ShowName: true, ShowDate: true, ShowPeriod: true, ShowInstructor: true, NarrowMargins: true, Layout: "exam"},
	} {
		if got := SourceSettings(latex.Document("x", s)); got != s {
			t.Errorf("%+v read back as %+v", s, got)
		}
	}
}

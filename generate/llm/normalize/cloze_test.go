package normalize

import (
	"strings"
	"testing"
)

// Round 5 of the replay corpus: habits of models that ignore the vocabulary.

func TestTasksListBecomesAList(t *testing.T) {
	body, _, _ := Body("\\begin{tasks}(2)\n\\task $1+1$\n\\task $2+2$\n\\end{tasks}")
	if strings.Contains(body, `\task`) || strings.Count(body, `\item`) != 2 || !strings.Contains(body, `\begin{enumerate}`) {
		t.Fatalf("each \\task should be an item of a list:\n%s", body)
	}
}

func TestCutInsideACommandName(t *testing.T) {
	body, _, fixes := Body("\\begin{questions}\n\\question Which is a herbivore?\n\\begin{choices}\n\\choice hawk\n\\CorrectCho")
	if strings.Contains(body, `\CorrectCho`) {
		t.Fatalf("the cut command name should go:\n%s", body)
	}
	if n := Notices(fixes); len(n) == 0 {
		t.Fatal("the reply should say the last line was left out")
	}
	if b, _, _ := Body("\\begin{questions}\n\\question Why?\n\\end{questions}\n\\par"); !strings.Contains(b, `\par`) {
		t.Fatalf("\\par is a whole command, not a cut one:\n%s", b)
	}
}

func TestGradeTableIsDroppedAndNamed(t *testing.T) {
	body, _, fixes := Body("\\begin{questions}\n\\question[2] Name a star.\n\\begin{solution}the Sun\\end{solution}\n\\end{questions}\n\\gradetable[h][questions]\n")
	if strings.Contains(body, "gradetable") {
		t.Fatalf("the grade table needs \\addpoints and stops the compile:\n%s", body)
	}
	if !strings.Contains(strings.Join(Notices(fixes), " "), "grade table") {
		t.Fatalf("the reply should say the grade table was left out: %v", Notices(fixes))
	}
}

func TestMarkdownImageIsAMissingFigureWithItsCaption(t *testing.T) {
	body, _, fixes := Body("Look at the picture.\n\n![A plant cell](plant_cell.png)\n\n\\begin{questions}\n\\question Name the wall.\n\\begin{solution}cell wall\\end{solution}\n\\end{questions}")
	if strings.Contains(body, "![") || !strings.Contains(body, "A plant cell") {
		t.Fatalf("the image should be a labelled box with its caption:\n%s", body)
	}
	if !strings.Contains(strings.Join(Notices(fixes), " "), "plant_cell.png") {
		t.Fatalf("the reply should name the file: %v", Notices(fixes))
	}
}

func TestTextFieldMarkdownAndBabelQuotes(t *testing.T) {
	for in, want := range map[string]string{
		"***Challenge:*** think":     `\textbf{\textit{Challenge:}} think`,
		"__Flowers__ make seeds":     `\textbf{Flowers} make seeds`,
		"fill in ___ here":           "fill in ___ here",
		`\og Un quart \fg{} s'écrit`: `\guillemotleft{}~ Un quart ~\guillemotright{}{} s'écrit`,
	} {
		if got, _ := Text(in); got != want {
			t.Errorf("Text(%q) = %q, want %q", in, got, want)
		}
	}
	if got, _ := FromHTML("Tom &amp; Jerry<br><b>Who won?</b> 3 &lt; 5"); got != "Tom & Jerry\n\\textbf{Who won?} 3 < 5" {
		t.Errorf("FromHTML = %q", got)
	}
}

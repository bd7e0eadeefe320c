package worksheet

import (
	"strings"

	"sheetsmith/latex"
)

// writingOf is how a document's letters print (latex.WritingOf): chosen from its language and
// everything the sheet and its key print, the labels included. It refuses a document with a
// letter no installed font has, or one whose language pack the server lacks.
func writingOf(doc Document, body string) (latex.Writing, error) {
	l := labelsFor(doc.Language)
	return latex.WritingOf(doc.Language, strings.Join([]string{doc.Title, body, l.Name, l.Date, l.Period,
		l.Instructor, l.AnswerKey, l.True, l.False, l.Legend, l.Missing, l.Point, l.Points}, "\n"))
}

// projectProgram is the first line of a .tex project that needs XeLaTeX or LuaLaTeX: TeX
// editors (and the compiler) read it to choose the engine.
func projectProgram(w latex.Writing) string {
	if w.Engine == latex.PDFLaTeX {
		return ""
	}
	return "% !TEX program = " + string(w.Engine) + "\n"
}

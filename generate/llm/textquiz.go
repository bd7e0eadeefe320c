package llm

import (
	"html"
	"regexp"
	"strconv"
	"strings"

	"sheetsmith/generate"
)

// A quiz written as Markdown or plain text (a chat model's usual answer): numbered questions,
// lettered choices on their own lines or inline, ✅/❌ or (correct) marks, "Answer:" and
// "Explanation:" lines in many languages, Q:/A: flashcards, and an answer section after the
// questions. It is read once into the flat items the JSON path reads, so it becomes a document:
// the questions on the sheet, the answers and explanations in the key.

var (
	// questionHead starts a question: "1.", "Q1:", "Question 2:", "Frage 3:", "**4)**"; rest is
	// its text (which may be empty: the question on the lines after a heading)
	questionHead = regexp.MustCompile(`^(?i:(?:q(?:uestion)?|frage|pregunta|question|kysymys|spørgsmål|вопрос|aufgabe|exercice|ejercicio)\s*\d{0,3}\s*[:.)]|q\d{1,3}\s*[:.)]?|\d{1,3}\s*[.):])\s*(.*)$`)
	choiceHead   = regexp.MustCompile(`^\(?([A-Ha-hА-Га-г])[).:]\s+(.+)$`)
	answerHead   = regexp.MustCompile(`^(?i:(?:the\s+)?(?:correct\s+)?answer|richtige\s+antwort|antwort|lösung|respuesta(?:\s+correcta)?|solución|réponse(?:\s+correcte)?|solution|ответ|vastaus|svar|a)\s*[:：]\s*(.*)$`)
	explainHead  = regexp.MustCompile(`^(?i:explanation|erklärung|begründung|justificación|explicación|explication|justification|rationale|объяснение|selitys|forklaring|worked\s+solution)\s*[:：]\s*(.*)$`)
	keySection   = regexp.MustCompile(`^(?i:answer\s*key|answers|lösungen|antworten|réponses|corrigé|respuestas|soluciones|solutions|ответы|vastaukset)\s*:?$`)
	keyEntry     = regexp.MustCompile(`^(\d{1,3})\s*[.):-]\s*(.+)$`)
	bareNumber   = regexp.MustCompile(`^\d`)
	blankRun     = regexp.MustCompile(`_{3,}`)
	mdNoise      = regexp.MustCompile(`\*\*|__|^#{1,6}\s*|^>\s*|^[-*+•]\s+`)
	textTag      = regexp.MustCompile(`(?i)<br\s*/?>[ \t]*\n?|</?(?:p|li|h[1-6]|div|ul|ol|tr)\b[^>]*>`)
	anyTag       = regexp.MustCompile(`</?[a-zA-Z][^<>]*>`)
	latexBody    = regexp.MustCompile(`\\(?:documentclass|begin\{(?:document|questions|enumerate|itemize|parts|solution|exercise)\}|question\b|item\b|(?:sub)*section\*?\{)`)
)

// textQuiz reads a Markdown or plain-text quiz; ok is false for a reply that is LaTeX or holds
// no question with choices or an answer.
func textQuiz(raw string) (flatDoc, bool) {
	if latexBody.MatchString(raw) {
		return flatDoc{}, false
	}
	s := textTag.ReplaceAllString(raw, "\n")
	s = html.UnescapeString(anyTag.ReplaceAllString(s, ""))
	var items []flatItem
	cur := -1      // the question being read
	field := ""    // what a continuation line belongs to: text, answer or explain
	inKey := false // in an answer section after the questions
	keyOf := -1    // the question the answer section's lines are about
	answered := 0  // questions with choices or an answer
	for _, line := range strings.Split(s, "\n") {
		line = strings.ReplaceAll(mdNoise.ReplaceAllString(blankRun.ReplaceAllString(strings.TrimSpace(line), "\x00"), ""), "\x00", "___")
		line = strings.TrimSpace(line)
		line = strings.TrimSpace(strings.Trim(line, "*"))
		if line == "" || strings.Trim(line, "-=_*") == "" {
			if field == "explain" || field == "answer" && items[cur].Answer != "" {
				field = ""
			}
			continue
		}
		if keySection.MatchString(line) && len(items) > 0 {
			inKey = true
			continue
		}
		if inKey {
			// "3. B": a question's answer; the lines after it (or, for a one-question quiz,
			// every line) explain it
			if m := keyEntry.FindStringSubmatch(line); m != nil {
				if n, _ := strconv.Atoi(m[1]); n >= 1 && n <= len(items) {
					keyOf = n - 1
					if items[keyOf].Answer == "" {
						items[keyOf].Answer = m[2]
						continue
					}
				}
			}
			if keyOf < 0 && len(items) == 1 {
				keyOf = 0
			}
			if keyOf >= 0 {
				items[keyOf].explain = strings.TrimSpace(items[keyOf].explain + " " + line)
			}
			continue
		}
		// "2." inside a worked answer is a step of it; "Q2:" or "Frage 2:" is a question
		if m := questionHead.FindStringSubmatch(line); m != nil && (!bareNumber.MatchString(line) || field != "answer" && field != "explain") {
			it := flatItem{Kind: "short", Text: m[1]}
			field = "text"
			if stem, inline := letteredOptions(m[1]); len(inline) > 1 {
				it.Text, it.Choices, field = stem, inline, "choice"
			}
			items = append(items, it)
			cur = len(items) - 1
			continue
		}
		if cur < 0 {
			continue // the chat before the first question
		}
		it := &items[cur]
		if m := answerHead.FindStringSubmatch(line); m != nil {
			if strings.Trim(m[1], "_. ") == "" && m[1] != "" {
				field = "" // "Answer: ______": a line to write on, not an answer
				continue
			}
			it.Answer, field = m[1], "answer"
			continue
		}
		if m := explainHead.FindStringSubmatch(line); m != nil {
			it.explain, field = m[1], "explain"
			continue
		}
		if m := choiceHead.FindStringSubmatch(line); m != nil && it.Answer == "" && (field == "text" || field == "choice") {
			if _, inline := letteredOptions(line); len(inline) > 1 {
				it.Choices = append(it.Choices, inline...)
			} else {
				it.Choices = append(it.Choices, m[2])
			}
			field = "choice"
			continue
		}
		if (field == "text" || field == "choice") && it.Answer == "" && (rightMark.MatchString(line) || strings.ContainsAny(line, "❌✗✘")) {
			it.Choices, field = append(it.Choices, line), "choice" // "Richtig ✅": a marked choice without a letter
			continue
		}
		switch field {
		case "text":
			if stem, inline := letteredOptions(line); len(inline) > 1 {
				it.Text, it.Choices, field = strings.TrimSpace(it.Text+" "+stem), inline, "choice"
			} else {
				it.Text = strings.TrimSpace(it.Text + " " + line)
			}
		case "answer":
			it.Answer = strings.TrimSpace(it.Answer + " " + line)
		case "explain":
			it.explain += " " + line
		}
	}
	var fd flatDoc
	for _, it := range items {
		if strings.TrimSpace(it.Text) == "" {
			continue
		}
		textMarks(&it)
		if len(it.Choices) > 1 || it.Answer != "" {
			answered++
		}
		fd.Items = append(fd.Items, it)
	}
	return fd, answered > 0 && answered*2 >= len(fd.Items)
}

// textMarks sets a question's kind and answer from what its lines hold: ✅ or (correct) on a
// choice, an answer naming a choice by its letter ("b)", "B") or its text, a true/false word,
// a worked answer in words (an open question).
func textMarks(it *flatItem) {
	it.Answer = strings.TrimSpace(choiceMarks.ReplaceAllString(it.Answer, " "))
	it.explain = strings.TrimSpace(choiceMarks.ReplaceAllString(it.explain, " "))
	if len(it.Choices) == 0 && it.Answer != "" && strings.Contains(it.Text, "___") {
		it.Kind = "blank" // "Die ________ ist …" with its answer
		return
	}
	if len(it.Choices) > 1 {
		it.Kind = "choice"
		if marked := markedChoices(nil, it.Choices); marked != "" && it.Answer == "" {
			it.Answer = marked
		}
		for i, c := range it.Choices {
			it.Choices[i] = strings.TrimSpace(choiceMarks.ReplaceAllString(c, " "))
		}
		// "b) To identify patterns": the letter is the answer, the rest repeats the choice
		if m := choiceHead.FindStringSubmatch(it.Answer); m != nil {
			it.Answer = m[1]
		} else if m := regexp.MustCompile(`^\(?([A-Ha-h])\)?[.:]?$`).FindStringSubmatch(it.Answer); m != nil {
			it.Answer = m[1]
		}
		return
	}
	if t := truthOf(it.Answer); (t == "true" || t == "false") && len(strings.Fields(it.Answer)) <= 2 {
		it.Kind = "truefalse"
		return
	}
	if len(strings.Fields(it.Answer)) > 8 || it.explain != "" {
		it.Kind = "open"
		if it.explain != "" {
			it.Answer = strings.TrimSpace(strings.TrimRight(it.Answer, ". ") + ". " + it.explain)
			it.explain = ""
		}
	}
}

// textDraft is the document of a text quiz, when it validates with its answers or without
// some of them (the key then leaves those empty and the reply names them).
func textDraft(req generate.Request, raw string, truncated bool) (generate.Draft, bool) {
	fd, ok := textQuiz(raw)
	if !ok {
		return generate.Draft{}, false
	}
	d, err := documentDraft(req, fd, truncated)
	return d, err == nil
}

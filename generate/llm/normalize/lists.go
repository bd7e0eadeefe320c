package normalize

import (
	"regexp"
	"strconv"
	"strings"
)

var (
	// keyNumber is an answer's number: "1." or "2)" at the start or after a separator.
	keyNumber    = regexp.MustCompile(`(?:^|[\s,;]|\\quad|\\qquad|\\\\|\\hfill|\\par)(\d{1,3})[.)][ \t]*`)
	keySeparator = regexp.MustCompile(`(?:\s|\\quad|\\qquad|\\\\|\\hfill|\\par|\\newline|\\medskip|\\smallskip|[,;])+$`)
)

// keyNumbers finds the numbers of an answer key written in a line ("1. 2.8 \quad 2. 7.5"):
// keyNumber's matches without the decimals it would misread ("2.8" is not the number 2).
func keyNumbers(s string) [][]int {
	var ms [][]int
	for _, m := range keyNumber.FindAllStringSubmatchIndex(s, -1) {
		if m[1] == m[3]+1 && m[1] < len(s) && s[m[1]] >= '0' && s[m[1]] <= '9' {
			continue
		}
		if n, _ := strconv.Atoi(s[m[2]:m[3]]); n != len(ms)+1 {
			break
		}
		ms = append(ms, m)
	}
	return ms
}

// A model that ignores the vocabulary may also number its questions by hand, as bold
// paragraphs: "\textbf{1.} …", "\textbf{Question 2.} …", with "\textbf{Answer:} …" after a
// question or a line "\textbf{Answers:} 1. adjective \quad 2. verb" at the end.
// questionsFromBold turns them into questions with their solutions.

var (
	boldNumber    = regexp.MustCompile(`(?m)^[ \t]*(?:\\noindent\s*)?\\textbf\{\s*(?:Question|Q|Problem|Exercise|Pregunta|Ejercicio)?\s*(\d{1,3})\s*[.):]?\s*\}[ \t]*`)
	boldAnswer    = regexp.MustCompile(`(?s)\\textbf\{\s*(?:Answer|Solution|Respuesta)\s*:?\s*\}\s*:?\s*(.*)$`)
	boldKey       = regexp.MustCompile(`(?s)\\textbf\{\s*(?:Answers|Answer\s*Key|Solutions|Respuestas)\s*:?\s*\}\s*:?(.*)$`)
	boldKeyNumber = regexp.MustCompile(`(?:^|\s|\\quad|\\qquad|,|;)\s*(\d{1,3})[.)]\s+`)
	answerRules   = regexp.MustCompile(`\\hfill\s*\\underline\{\\hspace\{[^}]*\}\}|\\noindent\s*\\rule\{\\(?:line|text)width\}\{[^}]*\}`)
)

func questionsFromBold(body string, f *fixLog) string {
	if strings.Contains(body, `\question`) || strings.Contains(body, `\begin{questions}`) {
		return body
	}
	marks := boldNumber.FindAllStringSubmatchIndex(body, -1)
	if len(marks) < 2 {
		return body
	}
	for i, m := range marks { // numbered 1, 2, 3… in order
		if n, _ := strconv.Atoi(body[m[2]:m[3]]); n != i+1 {
			return body
		}
	}
	head, rest := body[:marks[0][0]], body[marks[0][0]:]
	var key map[int]string
	if loc := boldKey.FindStringSubmatchIndex(rest); loc != nil {
		key = numberedAnswers(rest[loc[2]:loc[3]])
		if len(key) > 0 {
			rest = rest[:loc[0]]
			f.add("Moved the model's answer key into solutions")
		}
	}
	marks = boldNumber.FindAllStringSubmatchIndex(rest, -1)
	var b strings.Builder
	b.WriteString(head)
	b.WriteString("\\begin{questions}\n")
	for i, m := range marks {
		end := len(rest)
		if i+1 < len(marks) {
			end = marks[i+1][0]
		}
		text := rest[m[1]:end]
		solution := ""
		if a := boldAnswer.FindStringSubmatchIndex(text); a != nil {
			solution = strings.TrimSpace(text[a[2]:a[3]])
			text = text[:a[0]]
		} else if k, ok := key[i+1]; ok {
			solution = k
		}
		text = strings.TrimSpace(answerRules.ReplaceAllString(text, ""))
		b.WriteString(`\question ` + text + "\n")
		if solution != "" {
			b.WriteString(`\begin{solution}` + solution + "\\end{solution}\n")
		}
	}
	b.WriteString("\\end{questions}\n")
	f.add("Turned numbered bold paragraphs into questions")
	return b.String()
}

// numberedAnswers reads "1. adjective \quad 2. verb" as answers by number.
func numberedAnswers(s string) map[int]string {
	ms := boldKeyNumber.FindAllStringSubmatchIndex(s, -1)
	out := map[int]string{}
	for i, m := range ms {
		end := len(s)
		if i+1 < len(ms) {
			end = ms[i+1][0]
		}
		n, _ := strconv.Atoi(s[m[2]:m[3]])
		a := strings.TrimSpace(strings.TrimRight(strings.TrimSpace(s[m[1]:end]), ",;"))
		if a != "" {
			out[n] = a
		}
	}
	return out
}

var (
	tasksBegin = regexp.MustCompile(`\\begin\{tasks\}(?:\[[^\]]*\])?(?:\(\d+\))?`)
	tasksItem  = regexp.MustCompile(`\\task\b\*?(?:\(\d+\))?(?:\[[^\]]*\])?`)
)

// tasksAsList reads the tasks package's list (\begin{tasks}(2) \task …), which the server does
// not load, as the enumerate list it stands for, whose items become questions.
func tasksAsList(body string, f *fixLog) string {
	if !tasksBegin.MatchString(body) {
		return body
	}
	f.add(`Read the tasks environment as a list`)
	body = tasksBegin.ReplaceAllString(body, `\begin{enumerate}`)
	body = strings.ReplaceAll(body, `\end{tasks}`, `\end{enumerate}`)
	return tasksItem.ReplaceAllString(body, `\item`)
}

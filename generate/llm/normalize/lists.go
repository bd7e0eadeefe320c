package normalize

import (
	"regexp"
	"strconv"
	"strings"

	"sheetsmith/worksheet"
)

// A model that ignores the vocabulary writes its questions as an enumerate list and, often,
// its answers as a second list under "Answer Key" — which would print the answers on the
// students' sheet. questionsFromLists turns the lists into questions and the answer list
// into their solutions, so the answer key comes from the same source again.

var (
	listEdge   = regexp.MustCompile(`\\(begin|end)\{(enumerate|itemize)\}`)
	answerHead = regexp.MustCompile(`(?i)answer\s*key|answers|solutions`)
)

// inlineAnswer is an answer a model wrote at the end of a list item: "\textit{Answer: 54}",
// "\textbf{Answer:} 54", "(Answer: 54)".
var inlineAnswer = regexp.MustCompile(`(?s)\s*(?:\\(?:textit|emph|textbf|textcolor\{[a-z]+\})\{\s*(?:Answer|Ans\.?|Solution|Respuesta)\s*:\s*([^{}]+)\}|\\textbf\{\s*(?:Answer|Solution|Respuesta)\s*:?\s*\}\s*:?\s*([^\n{}]+)|\((?:Answer|Ans\.?)\s*:\s*([^()]+)\))\s*$`)

type list struct {
	start, end   int // the whole \begin{enumerate}…\end{enumerate}
	contentStart int // after \begin{enumerate} and its [options]
	contentEnd   int // before \end{enumerate}
}

func questionsFromLists(body string, f *fixLog) string {
	if strings.Contains(body, `\question`) || strings.Contains(body, `\begin{questions}`) {
		return body
	}
	lists := topLevelEnumerates(body)
	if len(lists) == 0 {
		return body
	}
	var answers []string
	for k := len(lists) - 1; k >= 1; k-- {
		// the key: the lists after a heading saying so (one, or one per part under the
		// part's heading), one answer per question; "Part B: show your solutions" over more
		// questions is not one
		between := body[lists[k-1].end:lists[k].start]
		loc := answerHead.FindStringIndex(between)
		if loc == nil {
			continue
		}
		keyStart := lists[k-1].end + lineStart(between, loc[0])
		var keyItems []string
		for _, l := range lists[k:] {
			keyItems = append(keyItems, items(body[l.contentStart:l.contentEnd])...)
		}
		questions := 0
		for _, l := range lists[:k] {
			questions += len(items(body[l.contentStart:l.contentEnd]))
		}
		rest := body[lists[k].start:]
		shifted := make([]list, 0, len(lists)-k)
		for _, l := range lists[k:] {
			shifted = append(shifted, list{start: l.start - lists[k].start, end: l.end - lists[k].start})
		}
		if len(keyItems) == questions && onlyHeadings(rest, shifted) {
			answers = keyItems
			body = body[:keyStart] + body[lists[len(lists)-1].end:]
			lists = lists[:k]
			f.add("Moved the model's answer key into solutions")
		}
		break
	}
	var b strings.Builder
	prev, q := 0, 0
	movedInline := false
	for _, l := range lists {
		b.WriteString(body[prev:l.start])
		b.WriteString("\\begin{questions}\n")
		for _, it := range items(body[l.contentStart:l.contentEnd]) {
			it = strings.TrimSpace(it)
			inline := ""
			if m := inlineAnswer.FindStringSubmatchIndex(it); m != nil && q >= len(answers) {
				// "\textit{Answer: 54}" at the end of the item: its solution, off the sheet
				for g := 2; g < len(m); g += 2 {
					if m[g] >= 0 {
						inline = strings.TrimSpace(it[m[g]:m[g+1]])
					}
				}
				if inline != "" {
					it = strings.TrimSpace(it[:m[0]])
					movedInline = true
				}
			}
			b.WriteString(`\question ` + letteredChoices(it) + "\n")
			if q < len(answers) {
				b.WriteString(`\begin{solution}` + strings.TrimSpace(answers[q]) + "\\end{solution}\n")
			} else if inline != "" {
				b.WriteString(`\begin{solution}` + inline + "\\end{solution}\n")
			}
			q++
		}
		b.WriteString(`\end{questions}`)
		prev = l.end
	}
	b.WriteString(body[prev:])
	f.add("Turned an enumerate list into questions")
	if movedInline {
		f.add("Moved the answers written in the questions into solutions")
	}
	return b.String()
}

// topLevelEnumerates finds the enumerate lists not nested in another list.
func topLevelEnumerates(body string) []list {
	var out []list
	depth := 0
	var cur list
	for _, m := range listEdge.FindAllStringSubmatchIndex(body, -1) {
		kind, env := body[m[2]:m[3]], body[m[4]:m[5]]
		if kind == "begin" {
			if depth == 0 && env == "enumerate" {
				cur = list{start: m[0], contentStart: skipOptions(body, m[1])}
			}
			depth++
			continue
		}
		depth--
		if depth == 0 && env == "enumerate" && cur.contentStart > 0 {
			cur.contentEnd, cur.end = m[0], m[1]
			out = append(out, cur)
			cur = list{}
		}
		if depth < 0 {
			depth = 0
		}
	}
	return out
}

// items splits a list's content at its own \item commands (not those of nested lists).
func items(content string) []string {
	var out []string
	depth, start := 0, -1
	for i := 0; i < len(content); i++ {
		rest := content[i:]
		switch {
		case strings.HasPrefix(rest, `\begin{`):
			depth++
		case strings.HasPrefix(rest, `\end{`):
			depth--
		case depth == 0 && strings.HasPrefix(rest, `\item`) && (len(rest) == 5 || !isLetter(rest[5])):
			if start >= 0 {
				out = append(out, content[start:i])
			}
			i += len(`\item`)
			i = skipOptions(content, i) - 1
			start = i + 1
		}
	}
	if start >= 0 {
		out = append(out, content[start:])
	}
	return out
}

func skipOptions(s string, i int) int {
	j := i
	for j < len(s) && s[j] == ' ' {
		j++
	}
	if j < len(s) && s[j] == '[' {
		if k := strings.IndexByte(s[j:], ']'); k >= 0 {
			return j + k + 1
		}
	}
	return i
}

func lineStart(s string, i int) int {
	return strings.LastIndexByte(s[:i], '\n') + 1
}

var (
	// keyHeading is a heading over a model's answer key: \section*{Answer Key}, \textbf{Answers:},
	// **Answer Key**, ## Answers, "Answer Key:" on its own line.
	keyHeading = regexp.MustCompile(`(?im)^[ \t]*(?:\\(?:sub)*section\*?\{\s*(?:answer\s*key|answers|solutions)\s*:?\s*\}|\\textbf\{\s*(?:answer\s*key|answers|solutions)\s*:?\s*\}|#{1,6}[ \t]*(?:answer\s*key|answers|solutions)|\*\*(?:answer\s*key|answers|solutions):?\*\*|(?:answer\s*key|answers|solutions)\s*:)(?:[ \t]*(?:\\\\|\\par)?[ \t]*$|[ \t]+)`)
	// keyNumber is an answer's number: "1." or "2)" at the start or after a separator.
	keyNumber    = regexp.MustCompile(`(?:^|[\s,;]|\\quad|\\qquad|\\\\|\\hfill|\\par)(\d{1,3})[.)][ \t]*`)
	keySeparator = regexp.MustCompile(`(?:\s|\\quad|\\qquad|\\\\|\\hfill|\\par|\\newline|\\medskip|\\smallskip|[,;])+$`)
	questionCmd  = regexp.MustCompile(`\\question\b`)
)

// keyAfterQuestions moves an answer key a model wrote after its questions environment ("Answer
// Key: 1. T \quad 2. F …", or a numbered list under the heading) into the questions'
// solutions, when it gives exactly one answer per question and the questions have none; left
// where it was, it would print the answers on the students' sheet.
func keyAfterQuestions(body string, f *fixLog) string {
	end := strings.LastIndex(body, `\end{questions}`)
	if end < 0 {
		return body
	}
	head := body[:end]
	if worksheet.HasAnswers(head) {
		return body
	}
	after := end + len(`\end{questions}`)
	loc := keyHeading.FindStringIndex(body[after:])
	if loc == nil {
		return body
	}
	key := body[after+loc[1]:]
	var answers []string
	if lists := topLevelEnumerates(key); len(lists) > 0 && onlyHeadings(key, lists) {
		// one list, or one list per part under its heading ("Part A", "Part B"), in order
		for _, l := range lists {
			answers = append(answers, items(key[l.contentStart:l.contentEnd])...)
		}
	} else {
		ms := keyNumbers(key)
		if len(ms) == 0 || strings.TrimSpace(key[:ms[0][0]]) != "" {
			return body
		}
		for i, m := range ms {
			if n := key[m[2]:m[3]]; n != strconv.Itoa(i+1) {
				return body // not numbered 1, 2, 3…: not an answer key we can read
			}
			stop := len(key)
			if i+1 < len(ms) {
				stop = ms[i+1][0]
			}
			answers = append(answers, key[m[1]:stop])
		}
	}
	for i, a := range answers {
		answers[i] = strings.TrimSpace(keySeparator.ReplaceAllString(strings.TrimSpace(a), ""))
		if answers[i] == "" {
			return body
		}
	}
	qs := questionCmd.FindAllStringIndex(head, -1)
	if len(qs) == 0 || len(qs) != len(answers) || strings.Count(head, `\begin{questions}`) != 1 {
		return body
	}
	var b strings.Builder
	prev := 0
	for i, q := range qs {
		if i > 0 {
			b.WriteString(withAnswer(strings.TrimRight(head[prev:q[0]], " \t\n"), answers[i-1]))
			prev = q[0]
		}
	}
	b.WriteString(withAnswer(strings.TrimRight(head[prev:], " \t\n"), answers[len(answers)-1]))
	b.WriteString(`\end{questions}`)
	b.WriteString("\n" + strings.TrimRight(body[after:after+loc[0]], " \t\n"))
	f.add("Moved the model's answer key into solutions")
	return strings.TrimRight(b.String(), " \t\n") + "\n"
}

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

// onlyHeadings: outside its lists the key holds nothing but short heading lines ("\textbf{Part A}").
func onlyHeadings(key string, lists []list) bool {
	prev := 0
	for i := 0; i <= len(lists); i++ {
		end := len(key)
		if i < len(lists) {
			end = lists[i].start
		}
		for _, line := range strings.Split(key[prev:end], "\n") {
			if line = strings.TrimSpace(line); len(line) > 40 || strings.Contains(line, `\question`) {
				return false
			}
		}
		if i < len(lists) {
			prev = lists[i].end
		}
	}
	return true
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
	letteredLine = regexp.MustCompile(`^\s*\(?([a-hA-H])[).]\s+(\S.*)$`)
	answerLetter = regexp.MustCompile(`^\(?([a-hA-H])[).](?:\s|$)`)
	plainChoice  = regexp.MustCompile(`\\choice\b`)
)

// letteredChoices turns the lines "a) Lyon", "b) Paris"… that end a question into its
// choices.
func letteredChoices(q string) string {
	lines := strings.Split(q, "\n")
	start := len(lines)
	for start > 0 && letteredLine.MatchString(lines[start-1]) {
		start--
	}
	if len(lines)-start < 2 || start == 0 {
		return q
	}
	var b strings.Builder
	b.WriteString(strings.TrimRight(strings.Join(lines[:start], "\n"), " \t") + "\n\\begin{choices}\n")
	for i, l := range lines[start:] {
		m := letteredLine.FindStringSubmatch(l)
		if strings.ToLower(m[1])[0] != byte('a'+i) {
			return q
		}
		b.WriteString(`\choice ` + strings.TrimSpace(m[2]) + "\n")
	}
	b.WriteString(`\end{choices}`)
	return b.String()
}

// withAnswer ends a question with its answer: "b) Paris" for a question with choices marks
// choice b correct, any other answer is its solution.
func withAnswer(q, answer string) string {
	if m := answerLetter.FindStringSubmatch(answer); m != nil && strings.Contains(q, `\begin{choices}`) && !strings.Contains(q, `\CorrectChoice`) {
		n := int(strings.ToLower(m[1])[0] - 'a')
		if cs := plainChoice.FindAllStringIndex(q, -1); n < len(cs) {
			c := cs[n]
			return q[:c[0]] + `\CorrectChoice` + q[c[1]:] + "\n"
		}
	}
	return q + "\n\\begin{solution}" + answer + "\\end{solution}\n"
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

var (
	questionsEnv = regexp.MustCompile(`(?s)\\begin\{questions\}(.*?)\\end\{questions\}`)
	itemCmd      = regexp.MustCompile(`\\item\b`)
	nestedList   = regexp.MustCompile(`\\begin\{(?:enumerate|itemize|description|parts|choices|checkboxes|oneparchoices|oneparcheckboxes)\}`)
)

// itemsAsQuestions reads \item written straight inside the questions environment (a model
// mixing enumerate into the exam vocabulary) as the \question it stands for.
func itemsAsQuestions(body string, f *fixLog) string {
	return questionsEnv.ReplaceAllStringFunc(body, func(env string) string {
		inner := questionsEnv.FindStringSubmatch(env)[1]
		if questionCmd.MatchString(inner) || nestedList.MatchString(inner) || !itemCmd.MatchString(inner) {
			return env
		}
		f.add(`Read \item in the questions environment as \question`)
		return `\begin{questions}` + itemCmd.ReplaceAllString(inner, `\question`) + `\end{questions}`
	})
}

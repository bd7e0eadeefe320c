package llm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"sheetsmith/generate"
	"sheetsmith/worksheet"
)

// The scripts corpus: replies a model writes in every script the server prints, each served
// by the test OpenAI-compatible server and taken through the whole pipeline with the real
// compiler (pdfLaTeX, XeLaTeX or LuaLaTeX as the letters ask), its sheet and key read back with
// pdftotext and compared letter for letter after NFKC. Before the engines by script, the
// Russian reply printed "1. 7 × 8?" with every Cyrillic letter left out.

// scriptReply is one reply: the sheet's language, its labels when the server has no file for
// it, its title and questions (text, answer; a question with choices is multiple choice).
type scriptReply struct {
	name, lang, title string
	labels            *worksheet.Labels
	questions         [][3]string // text, answer, comma-separated choices ("" for a short answer)
	latex             bool        // also replay it as the LaTeX a model writes without the schema
}

var scriptReplies = []scriptReply{
	{name: "russian", lang: "ru", title: "Умножение", latex: true, questions: [][3]string{
		{"Сколько будет $7 \\times 8$?", "56", ""},
		{"Как называется результат умножения?", "Произведение", ""},
		{"Какое число чётное?", "Восемь", "Семь,Восемь,Девять"},
	}},
	{name: "bulgarian, labels from the model", lang: "bg", title: "Умножение", labels: &worksheet.Labels{
		Name: "Име", Date: "Дата", Period: "Час", Instructor: "Учител", AnswerKey: "Отговори", True: "Вярно", False: "Невярно",
		Legend: "отбелязва отговор, проверен чрез изчисление", Missing: "Фигурата липсва", Point: "точка", Points: "точки"},
		questions: [][3]string{{"Колко е $6 \\times 7$?", "42", ""}, {"Кое число е нечетно?", "Седем", "Шест,Седем"}}},
	{name: "greek", lang: "el", title: "Γεωμετρία", questions: [][3]string{
		{"Πόσες πλευρές έχει ένα τρίγωνο;", "Τρεις", ""},
		{"Η γωνία $\\alpha$ είναι ορθή. Πόσες μοίρες έχει;", "90", ""},
	}},
	{name: "english teaching spanish", lang: "en", title: "Spanish Verbs", questions: [][3]string{
		{"Translate: ¿Cómo estás? (señor, niño, corazón)", "How are you?", ""},
		{"Which verb means to eat?", "comer", "beber,comer,vivir"},
	}},
	{name: "chinese with pinyin", lang: "zh", title: "水果词汇", latex: true, questions: [][3]string{
		{"苹果 (píngguǒ) 是什么意思？", "Apple", ""},
		{"“香蕉”的拼音是什么？", "xiāngjiāo", "xiāngjiāo,píngguǒ,júzi"},
	}},
	{name: "japanese", lang: "ja", title: "かけ算", questions: [][3]string{
		{"七かける八はいくつですか。", "五十六", ""},
		{"りんごが三つとみかんが四つあります。ぜんぶでいくつですか。", "七つ", ""},
	}},
	{name: "korean", lang: "ko", title: "곱셈 연습", questions: [][3]string{
		{"칠 곱하기 팔은 얼마입니까?", "오십육", ""},
	}},
	{name: "arabic", lang: "ar", title: "جدول الضرب", latex: true, questions: [][3]string{
		{"كم يساوي $7 \\times 8$؟", "56", ""},
		{"ما هو العدد الزوجي؟", "ثمانية", "سبعة,ثمانية,تسعة"},
	}},
	{name: "hebrew", lang: "he", title: "לוח הכפל", questions: [][3]string{
		{"כמה זה $7 \\times 8$?", "56", ""},
		{"איזה מספר זוגי?", "שמונה", "שבע,שמונה"},
	}},
}

// asJSON is the reply as the structured output the schema asks for.
func (r scriptReply) asJSON() string {
	items := []map[string]any{}
	for _, q := range r.questions {
		item := map[string]any{"kind": "short", "text": q[0], "title": "", "answer": q[1], "choices": []string{},
			"blanks": []string{}, "left": []string{}, "right": []string{}, "latex": "", "part": false, "points": 0}
		if q[2] != "" {
			choices := strings.Split(q[2], ",")
			item["kind"], item["choices"] = "choice", choices
			for i, c := range choices {
				if c == q[1] {
					item["answer"] = string(rune('A' + i))
				}
			}
		}
		items = append(items, item)
	}
	b, _ := json.Marshal(map[string]any{"title": r.title, "language": r.lang, "labels": r.labels, "items": items})
	return string(b)
}

// asLaTeX is the reply as the exam-class LaTeX a model writes when it ignores the schema.
func (r scriptReply) asLaTeX() string {
	var b strings.Builder
	b.WriteString("Here is your worksheet.\n\n\\begin{questions}\n")
	for _, q := range r.questions {
		fmt.Fprintf(&b, "\\question %s\n", q[0])
		if q[2] != "" {
			b.WriteString("\\begin{choices}\n")
			for _, c := range strings.Split(q[2], ",") {
				if c == q[1] {
					fmt.Fprintf(&b, "\\CorrectChoice %s\n", c)
				} else {
					fmt.Fprintf(&b, "\\choice %s\n", c)
				}
			}
			b.WriteString("\\end{choices}\n")
			continue
		}
		fmt.Fprintf(&b, "\\begin{solution}%s\\end{solution}\n", q[1])
	}
	return b.String() + "\\end{questions}\n"
}

var mathOrCommand = regexp.MustCompile(`\$[^$]*\$|\\[a-zA-Z]+`)

// lettersOf is the letters and digits of s after NFKC, accents aside (a Greek capital's tonos
// prints before the letter), maths and commands left out: what pdftotext must give back.
func lettersOf(s string) string {
	s = mathOrCommand.ReplaceAllString(s, " ")
	var b strings.Builder
	for _, r := range norm.NFKD.String(norm.NFKC.String(s)) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// lamAlef is the Arabic ligature of lam and an alef, which pdftotext reads apart from its word.
var lamAlef = regexp.MustCompile(`ل[اأإآ]`)

func TestRepliesInEveryScriptPrintEveryLetter(t *testing.T) {
	compiler := realCompiler(t)
	for _, r := range scriptReplies {
		variants := []string{"json"}
		if r.latex {
			variants = append(variants, "latex")
		}
		for _, variant := range variants {
			t.Run(r.name+"/"+variant, func(t *testing.T) {
				t.Parallel() // two at a time, on the compiler's two workers
				reply := r.asJSON()
				if variant == "latex" {
					reply = r.asLaTeX()
				}
				model := newFakeModel(t, streamed(reply))
				p := &generate.Pipeline{Engine: model.engine(Config{}), Compiler: compiler}
				ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
				defer cancel()
				res, err := p.Run(ctx, generate.Request{Prompt: "a worksheet", Settings: sheetSettings}, nil)
				if err != nil {
					t.Fatalf("pipeline: %v", err)
				}
				if strings.Contains(res.Message, "left out") {
					t.Errorf("the reply says something was left out: %s", res.Message)
				}
				key, err := generate.AnswerKey(ctx, res.Source, nil, compiler)
				if err != nil {
					t.Fatalf("answer key: %v", err)
				}
				sheet := lettersOf(pdfTextMode(t, res.PDF.PDF, "-raw"))
				keyText := lettersOf(pdfTextMode(t, key.PDF.PDF, "-raw"))
				for _, q := range r.questions {
					want := []string{q[0]}
					if q[2] != "" {
						want = append(want, strings.Split(q[2], ",")...)
					}
					for _, w := range want {
						for _, part := range mathOrCommand.Split(w, -1) { // the words between maths
							if l := lettersOf(part); !strings.Contains(sheet, l) || !strings.Contains(keyText, l) {
								t.Errorf("sheet or key lacks %q (%s) of %q", part, l, w)
							}
						}
					}
					if q[2] == "" && !strings.Contains(keyText, lettersOf(q[1])) {
						t.Errorf("the key lacks the answer %q", q[1])
					}
				}
				if variant == "json" { // the chrome in the sheet's language: its file, else the model's labels
					l := worksheet.LabelsFor(r.lang)
					if r.labels != nil {
						l = *r.labels
					}
					for _, w := range []string{l.Name, l.Date} {
						if !lamAlef.MatchString(w) && !strings.Contains(sheet, lettersOf(w)) {
							t.Errorf("the sheet lacks the label %q", w)
						}
					}
					if !lamAlef.MatchString(l.AnswerKey) && !strings.Contains(keyText, lettersOf(l.AnswerKey)) {
						t.Errorf("the key lacks the label %q", l.AnswerKey)
					}
				}
				if t.Failed() {
					t.Logf("reply: %s\nsheet: %s\nkey: %s", res.Message, sheet, keyText)
				}
			})
		}
	}
}

// A reply in letters no installed font has is refused with a sentence for the teacher, and the
// model is not asked to repair what it cannot change.
func TestReplyInAnUnprintableScriptIsRefusedInWords(t *testing.T) {
	compiler := realCompiler(t)
	r := scriptReply{lang: "am", title: "ሒሳብ", questions: [][3]string{{"ሰባት ጊዜ ስምንት ስንት ነው?", "56", ""}}}
	for _, reply := range []string{r.asJSON(), r.asLaTeX()} {
		model := newFakeModel(t, streamed(reply))
		p := &generate.Pipeline{Engine: model.engine(Config{}), Compiler: compiler}
		_, err := p.Run(context.Background(), generate.Request{Prompt: "a worksheet in Amharic", Settings: sheetSettings}, nil)
		var unsupported *generate.UnsupportedError
		if !errors.As(err, &unsupported) || !strings.Contains(err.Error(), "Ethiopic") {
			t.Errorf("%.30s…: %v, want the sentence naming the Ethiopic letters", reply, err)
		}
		if n := len(model.received()); n != 1 {
			t.Errorf("the model was asked %d times", n)
		}
	}
}

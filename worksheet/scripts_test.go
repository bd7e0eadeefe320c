package worksheet

import (
	"bytes"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// scriptDoc is a sheet with every question kind, its words in one language.
func scriptDoc(lang, title, question, answer, yes, no, blank string) Document {
	return Document{Title: title, Language: lang, Settings: Settings{ShowName: true, ShowDate: true},
		Blocks: []Block{
			{Kind: BlockInstructions, Text: question},
			{Kind: BlockQuestion, Question: &Question{Kind: KindShort, Text: question + " $7 \\times 8$", Answer: Answer{Kind: AnswerNumber, Value: "56"}}},
			{Kind: BlockQuestion, Question: &Question{Kind: KindShort, Text: question, Answer: Answer{Kind: AnswerText, Value: answer}}},
			{Kind: BlockQuestion, Question: &Question{Kind: KindChoice, Text: question, Choices: []Choice{{Text: yes, Correct: true}, {Text: no}}}},
			{Kind: BlockQuestion, Question: &Question{Kind: KindTrueFalse, Text: question, Answer: Answer{Value: "true"}}},
			{Kind: BlockQuestion, Question: &Question{Kind: KindBlank, Text: blank + " " + BlankMark + ".", Blanks: []Answer{{Kind: AnswerText, Value: answer}}}},
		}}
}

// letterRun is the letters and digits of s after NFKC, in order, their accents left out:
// a Greek capital's tonos prints before the letter (΄Ο), and pdftotext reads it there.
func letterRun(s string) string {
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

// A sheet in each script prints every letter of its questions and answers, in sheet and key.
func TestSheetsInEveryScript(t *testing.T) {
	for _, d := range []Document{
		scriptDoc("ru", "Умножение", "Сколько будет семь умножить на восемь?", "пятьдесят шесть", "Да", "Нет", "Ответ"),
		scriptDoc("el", "Πολλαπλασιασμός", "Πόσο κάνει επτά επί οκτώ;", "πενήντα έξι", "Ναι", "Όχι", "Απάντηση"),
		scriptDoc("zh", "乘法练习", "七乘以八等于多少？", "五十六", "是", "否", "答案是"),
		scriptDoc("he", "כפל", "כמה זה שבע כפול שמונה?", "חמישים ושש", "כן", "לא", "התשובה"),
		scriptDoc("ar", "الضرب", "كم يساوي سبعة في ثمانية؟", "ستة وخمسون", "نعم", "لا", "الجواب"),
	} {
		t.Run(d.Language, func(t *testing.T) {
			var sheet, key []string
			if d.Language == "he" || d.Language == "ar" {
				// the key's title adds "Answer Key", which moves a centred title's letters, and
				// pdftotext reads each right-to-left letter as a word: compileBoth cannot skip them
				sp, kp := compilePDFs(t, d)
				sheet, key = pages(t, sp), pages(t, kp)
			} else {
				sheet, key = compileBoth(t, d)
			}
			s, k := letterRun(strings.Join(sheet, "")), letterRun(strings.Join(key, ""))
			for _, want := range []string{d.Title, d.Blocks[2].Question.Text, d.Blocks[3].Question.Choices[1].Text} {
				if w := letterRun(want); !strings.Contains(s, w) {
					t.Errorf("sheet lacks %q: %s", w, s)
				}
			}
			if w := letterRun(d.Blocks[2].Question.Answer.Value); !strings.Contains(k, w) || strings.Contains(s, w) {
				t.Errorf("the answer %q should be in the key only", w)
			}
			// the chrome in the sheet's language (worksheet/lang), never English
			l := LabelsFor(d.Language)
			for _, want := range []string{l.Name, l.Date, l.True, l.False} {
				if lamAlef.MatchString(want) {
					continue // pdftotext reads the lam-alef ligature apart from its word
				}
				if !strings.Contains(s, letterRun(want)) {
					t.Errorf("sheet lacks the label %q", want)
				}
			}
			if !lamAlef.MatchString(l.AnswerKey) && !strings.Contains(k, letterRun(l.AnswerKey)) {
				t.Errorf("key lacks %q", l.AnswerKey)
			}
			for _, english := range []string{"Name", "Date", "True", "False"} {
				if strings.Contains(s, english) {
					t.Errorf("sheet prints the English %q", english)
				}
			}
		})
	}
}

// A letter no installed font has refuses the sheet, naming it, instead of leaving it out.
func TestUnprintableLetterRefusesTheSheet(t *testing.T) {
	_, _, err := Render(scriptDoc("am", "ሒሳብ", "ሰባት ጊዜ ስምንት ስንት ነው?", "56", "አዎ", "አይ", "መልስ"))
	if err == nil || !strings.Contains(err.Error(), "Ethiopic") {
		t.Fatalf("Render: %v, want a refusal naming the Ethiopic script", err)
	}
}

// A right-to-left sheet reads from the right: each question's number is right of its words,
// the answer line left of them (at the line's end), and the maths inside reads left to right.
func TestRightToLeftReadingOrder(t *testing.T) {
	for _, d := range []Document{
		scriptDoc("he", "כפל", "כמה זה שבע כפול שמונה?", "חמישים ושש", "כן", "לא", "התשובה"),
		scriptDoc("ar", "الضرب", "كم يساوي سبعة في ثمانية؟", "ستة وخمسون", "نعم", "لا", "الجواب"),
	} {
		t.Run(d.Language, func(t *testing.T) {
			sheet, _ := compilePDFs(t, d)
			ws := words(t, sheet)
			line := func(w word) []word { // the words on w's line
				var out []word
				for _, o := range ws {
					if o.page == w.page && o.y < w.yMax && w.y < o.yMax {
						out = append(out, o)
					}
				}
				return out
			}
			var seven, eight *word
			for i, w := range ws {
				switch w.text {
				case "7":
					seven = &ws[i]
				case "8":
					eight = &ws[i]
				}
			}
			if seven == nil || eight == nil {
				t.Fatalf("7 × 8 not found in %v", ws)
			}
			if seven.x > eight.x {
				t.Errorf("the maths reads right to left: 7 at %.1f, 8 at %.1f", seven.x, eight.x)
			}
			var number *word
			for _, w := range line(*seven) {
				if strings.TrimSuffix(w.text, ".") == "1" {
					number = &w
				}
			}
			if number == nil {
				t.Fatalf("question 1's number is not on its line: %v", line(*seven))
			}
			for _, w := range line(*seven) {
				if w != *number && w.xMax > number.x {
					t.Errorf("%q (%.1f–%.1f) is right of the question number (%.1f)", w.text, w.x, w.xMax, number.x)
				}
			}
		})
	}
}

// pdfFonts are the names of the fonts a PDF embeds (pdffonts).
func pdfFonts(t *testing.T, pdf []byte) string {
	t.Helper()
	cmd := exec.Command("pdffonts", "-")
	cmd.Stdin = bytes.NewReader(pdf)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("pdffonts: %v", err)
	}
	return string(out)
}

// Each script prints in its Noto family, serif by default and sans in the sans face, and the
// face is read back from the source as for a Latin sheet.
func TestFontsPerScript(t *testing.T) {
	for _, c := range []struct {
		doc         Document
		face, fonts string
	}{
		{scriptDoc("zh", "乘法练习", "七乘以八等于多少？", "五十六", "是", "否", "答案是"), FontDefault, "NotoSerifCJK"},
		{scriptDoc("zh", "乘法练习", "七乘以八等于多少？", "五十六", "是", "否", "答案是"), FontSans, "NotoSansCJK"},
		{scriptDoc("ko", "곱셈", "칠 곱하기 팔은?", "오십육", "예", "아니요", "답"), FontDefault, "NotoSerifCJK"},
		{scriptDoc("he", "כפל", "כמה זה שבע כפול שמונה?", "חמישים ושש", "כן", "לא", "התשובה"), FontDefault, "NotoSerifHebrew"},
		{scriptDoc("ar", "الضرب", "كم يساوي سبعة في ثمانية؟", "ستة وخمسون", "نعم", "لا", "الجواب"), FontSans, "NotoSansArabic"},
	} {
		t.Run(c.doc.Language+"/"+c.face, func(t *testing.T) {
			c.doc.Settings.Font = c.face
			sheet, _ := compilePDFs(t, c.doc)
			if fonts := pdfFonts(t, sheet); !strings.Contains(fonts, c.fonts) {
				t.Errorf("the sheet is not in %s:\n%s", c.fonts, fonts)
			}
			src, _, err := Render(c.doc)
			if err != nil {
				t.Fatal(err)
			}
			if _, font, _ := SourcePrint(src); font != c.face {
				t.Errorf("SourcePrint reads the face %q, want %q", font, c.face)
			}
		})
	}
}

// A right-to-left sheet teaching a Russian or Greek word prints it (Noto Serif behind the
// Hebrew font); a CJK sheet with Cyrillic is refused in words, never printed without them.
func TestMixedScripts(t *testing.T) {
	d := scriptDoc("he", "מילים", "מה פירוש המילה привет?", "שלום", "λόγος", "apple", "התשובה")
	sheet, _ := compilePDFs(t, d)
	got := letterRun(strings.Join(pages(t, sheet), ""))
	for _, w := range []string{"привет", "λογος", "apple", "מהפירושהמילה"} {
		if !strings.Contains(got, w) {
			t.Errorf("the sheet lacks %q: %s", w, got)
		}
	}
	_, _, err := Render(scriptDoc("zh", "俄语词汇", "“привет” 是什么意思？", "你好", "是", "否", "答案"))
	if err == nil || !strings.Contains(err.Error(), "cannot yet mix Chinese with Cyrillic") {
		t.Errorf("Render: %v", err)
	}
}

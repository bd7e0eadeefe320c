package worksheet

import (
	"bytes"
	"context"
	"fmt"
	"html"
	"io"
	"log/slog"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"sheetsmith/latex"
)

var (
	compilerOnce sync.Once
	compiler     *latex.Compiler
	compilerErr  error
	formatDir    string
)

func TestMain(m *testing.M) {
	var err error
	if formatDir, err = os.MkdirTemp("", "sheetsmith-worksheet-fmt-"); err != nil {
		panic(err)
	}
	code := m.Run()
	if compiler != nil {
		compiler.Close()
	}
	os.RemoveAll(formatDir)
	os.Exit(code)
}

// texCompiler is the project's compiler (pdflatex in bubblewrap, warm pool), shared by the
// tests that typeset.
func texCompiler(t testing.TB) *latex.Compiler {
	t.Helper()
	if testing.Short() {
		t.Skip("runs pdflatex in bubblewrap")
	}
	compilerOnce.Do(func() {
		compiler, compilerErr = latex.New(latex.Config{Workers: 2, Queue: 256, Timeout: 60 * time.Second,
			FormatDir: formatDir, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	})
	if compilerErr != nil {
		t.Fatal(compilerErr)
	}
	return compiler
}

// pages is the text of each page of a PDF (pdftotext ends every page with a form feed).
func pages(t testing.TB, pdf []byte) []string {
	t.Helper()
	cmd := exec.Command("pdftotext", "-", "-")
	cmd.Stdin = bytes.NewReader(pdf)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	ps := strings.Split(string(out), "\f")
	if len(ps) > 0 && strings.TrimSpace(ps[len(ps)-1]) == "" {
		ps = ps[:len(ps)-1]
	}
	return ps
}

// compileBoth compiles a document's sheet and key, checks that the key can be laid over the
// sheet (every word of the sheet at the same place on the same page of the key), and returns
// the text of their pages.
func compileBoth(t testing.TB, doc Document) (sheet, key []string) {
	t.Helper()
	s, k := compilePDFs(t, doc)
	if moved := overlays(t, s, k, doc.Title); len(moved) > 0 {
		t.Errorf("words of the sheet are elsewhere in the key: %s", strings.Join(moved, "; "))
	}
	return pages(t, s), pages(t, k)
}

// word is one word of a PDF where pdftotext finds it.
type word struct {
	page             int
	text             string
	x, y, xMax, yMax float64
}

// words are the words of a PDF with their positions (pdftotext -bbox).
func words(t testing.TB, pdf []byte) []word {
	t.Helper()
	cmd := exec.Command("pdftotext", "-bbox", "-", "-")
	cmd.Stdin = bytes.NewReader(pdf)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("pdftotext -bbox: %v", err)
	}
	var ws []word
	page := 0
	for _, line := range strings.Split(string(out), "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "<page ") {
			page++
			continue
		}
		m := bboxWord.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		var v [4]float64
		for i := range v {
			v[i], _ = strconv.ParseFloat(m[i+1], 64)
		}
		ws = append(ws, word{page, html.UnescapeString(m[5]), v[0], v[1], v[2], v[3]})
	}
	return ws
}

var bboxWord = regexp.MustCompile(`^<word xMin="([0-9.]+)" yMin="([0-9.]+)" xMax="([0-9.]+)" yMax="([0-9.]+)">(.*)</word>$`)

// overlays reports the first words of the sheet that are not at the same place on the same
// page of the key (the key may add words, the answers, but moves none). Words of the title
// line are left out: the key's title adds "Answer Key" (on page 1, and on each page a
// new-page section starts with the header again).
func overlays(t testing.TB, sheet, key []byte, title string) []string {
	t.Helper()
	type at struct {
		page int
		text string
	}
	inKey := map[at][]word{}
	keyWords := words(t, key)
	for _, w := range keyWords {
		inKey[at{w.page, w.text}] = append(inKey[at{w.page, w.text}], w)
	}
	// pdftotext may join a sheet's word with an answer drawn next to it ("1" over "2" of a
	// fraction becomes "12"): then the word is inside a key word that contains it
	within := func(w word) bool {
		return slices.ContainsFunc(keyWords, func(k word) bool {
			return k.page == w.page && strings.Contains(k.text, w.text) &&
				k.x-0.05 <= w.x && w.x <= k.xMax && k.y-0.05 <= w.y && w.y <= k.yMax
		})
	}
	skip := map[string]bool{}
	for _, w := range strings.Fields(title) {
		skip[w] = true
	}
	var moved []string
	for _, w := range words(t, sheet) {
		if skip[w.text] { // page 1's header, and the header each version's page repeats
			continue
		}
		// PDF coordinates differ by rounding (thousandths of a point) around pictures
		found := slices.ContainsFunc(inKey[at{w.page, w.text}], func(k word) bool {
			return math.Abs(k.x-w.x) < 0.05 && math.Abs(k.y-w.y) < 0.05
		})
		if !found && !within(w) {
			moved = append(moved, fmt.Sprintf("%q on page %d at (%.2f, %.2f)", w.text, w.page, w.x, w.y))
			if len(moved) == 5 {
				break
			}
		}
	}
	return moved
}

// compilePDFs renders a document and compiles its sheet and key with the project's compiler.
func compilePDFs(t testing.TB, doc Document) (sheetPDF, keyPDF []byte) {
	t.Helper()
	c := texCompiler(t)
	s, k, err := Render(doc)
	if err != nil {
		t.Fatalf("Render: %v", err)
	}
	var wg sync.WaitGroup
	var sr, kr *latex.Result
	var se, ke error
	wg.Go(func() { sr, se = c.Compile(context.Background(), s) })
	wg.Go(func() { kr, ke = c.Compile(context.Background(), k) })
	wg.Wait()
	if se != nil {
		t.Fatalf("sheet: %v\n%s", se, numbered(s, se))
	}
	if ke != nil {
		t.Fatalf("key: %v", ke)
	}
	return sr.PDF, kr.PDF
}

// numbered shows the source lines around a compile error's line.
func numbered(src string, err error) string {
	var ce *latex.Error
	line := 0
	if e, ok := err.(*latex.Error); ok {
		ce = e
		line = ce.Line
	}
	lines := strings.Split(src, "\n")
	var b strings.Builder
	for i := max(0, line-8); i < min(len(lines), line+3); i++ {
		fmt.Fprintf(&b, "%4d %s\n", i+1, lines[i])
	}
	return b.String()
}

// token marks question i in the PDF text; answer(i) marks its answer.
func token(i int) string  { return fmt.Sprintf("qk%03d", i) }
func answerTok(i int) int { return 7000 + i }

var fillerWords = strings.Fields(`the a train leaves at noon and travels miles each hour how far has it gone
after three hours find value of expression below round your answer to nearest tenth show working`)

// makeQuestion is question i of a kind, its text of a length drawn from rng, carrying
// token(i) in its text and answerTok(i) in its answer where the kind prints one.
func makeQuestion(kind string, i int, rng *rand.Rand) Question {
	text := token(i)
	for range rng.IntN(25) {
		text += " " + fillerWords[rng.IntN(len(fillerWords))]
	}
	ans := Answer{Kind: AnswerNumber, Value: fmt.Sprint(answerTok(i)), Checked: rng.IntN(2) == 0}
	switch kind {
	case KindShort:
		sp := []Space{{}, {Kind: SpaceWork, Size: 1 + float64(rng.IntN(3))}, {Kind: SpaceLines, Size: 2}, {Kind: SpaceBox, Size: 1.5}}[rng.IntN(4)]
		return Question{Kind: KindShort, Text: text + " $3 \\times 4$", Answer: ans, Space: sp}
	case KindChoice:
		q := Question{Kind: KindChoice, Text: text + "?"}
		n := 2 + rng.IntN(4)
		for c := range n {
			t := fmt.Sprintf("option %d", c+1)
			if rng.IntN(3) == 0 {
				t += " which is rather long and wraps onto the next line"
			}
			q.Choices = append(q.Choices, Choice{Text: t, Correct: c == i%n})
		}
		return q
	case KindTrueFalse:
		return Question{Kind: KindTrueFalse, Text: text + ".", Answer: Answer{Value: []string{"true", "false"}[i%2], Checked: ans.Checked}}
	case KindBlank:
		return Question{Kind: KindBlank, Text: text + " equals ___ and then ___.", Blanks: []Answer{ans, {Kind: AnswerText, Value: "word"}}}
	case KindMatching:
		q := Question{Kind: KindMatching, Text: text + ":"}
		n := 2 + rng.IntN(3)
		for p := range n {
			q.Pairs = append(q.Pairs, Pair{Left: fmt.Sprintf("left %d", p+1), Right: fmt.Sprintf("right %d", p+1)})
		}
		q.Shuffle = rng.Perm(n)
		return q
	case KindOpen:
		sp := []Space{{}, {Kind: SpaceBox, Size: 2}, {Kind: SpaceGrid, Size: 2}, {Kind: SpaceLines, Size: 3}}[rng.IntN(4)]
		return Question{Kind: KindOpen, Text: text + "?", Space: sp,
			Answer: Answer{Kind: AnswerText, Value: fmt.Sprintf("%d because the model answer says so", answerTok(i))}}
	case KindGroup:
		q := Question{Kind: KindGroup, Text: text + "."}
		for p := range 1 + rng.IntN(3) {
			q.Parts = append(q.Parts, Question{Kind: KindShort, Text: fmt.Sprintf("$%d + %d$", p, i),
				Answer: Answer{Kind: AnswerNumber, Value: fmt.Sprint(p + i)}})
		}
		q.Parts[0].Answer.Value = fmt.Sprint(answerTok(i))
		return q
	}
	panic(kind)
}

var allKinds = []string{KindShort, KindChoice, KindTrueFalse, KindBlank, KindMatching, KindOpen, KindGroup}

// makeDocument has n questions of a kind ("" mixes every kind), with a section heading and
// instructions every 12 questions.
func makeDocument(kind string, n, cols int, layout string, seed uint64) Document {
	rng := rand.New(rand.NewPCG(seed, 1))
	doc := Document{Title: "Layout test", Settings: Settings{Layout: layout, Columns: cols, ShowName: true, ShowDate: true, NarrowMargins: seed%2 == 0}}
	for i := 1; i <= n; i++ {
		if i%12 == 1 && i > 1 {
			doc.Blocks = append(doc.Blocks, Block{Kind: BlockSection, Title: fmt.Sprintf("Part %d", i/12+1)})
		}
		k := kind
		if k == "" {
			k = allKinds[rng.IntN(len(allKinds))]
		}
		q := makeQuestion(k, i, rng)
		doc.Blocks = append(doc.Blocks, Block{Kind: BlockQuestion, Question: &q})
	}
	return doc
}

// answerPrinted reports whether question i's kind prints answerTok(i) as text in the key.
func answerPrinted(q Question) bool {
	switch q.Kind {
	case KindShort, KindBlank, KindOpen, KindGroup:
		return true
	}
	return false
}

// TestKeyIsTheSheetPageForPage typesets sheet and key for every question kind, 1 to 100
// questions, 1 to 4 columns, both layouts and large print: every word of the sheet is at the
// same place on the same page of the key (the key can be laid over the sheet); every question
// is on the same page of the sheet and of the key, exactly once; the key has as many pages as the sheet; each printed answer is
// on its question's page of the key and nowhere in the sheet.
func TestKeyIsTheSheetPageForPage(t *testing.T) {
	type variant struct {
		kind   string
		n      int
		cols   int
		layout string
		large  bool
	}
	var vs []variant
	for _, n := range []int{1, 7, 30, 100} {
		for cols := 1; cols <= 4; cols++ {
			vs = append(vs, variant{"", n, cols, LayoutStandard, false})
		}
		vs = append(vs, variant{"", n, 1, LayoutExam, false})
	}
	vs = append(vs, variant{"", 30, 2, LayoutStandard, true}, variant{"", 7, 1, LayoutExam, true})
	for i, k := range allKinds {
		vs = append(vs, variant{k, 14, i%4 + 1, LayoutStandard, false}, variant{k, 3, 1, LayoutExam, false})
	}
	for _, v := range vs {
		name := fmt.Sprintf("%s/%d-questions/%d-columns/%s", cmpOr(v.kind, "mixed"), v.n, v.cols, v.layout)
		if v.large {
			name += "/large-print"
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			doc := makeDocument(v.kind, v.n, v.cols, v.layout, uint64(v.n*10+v.cols))
			doc.Settings.LargePrint = v.large
			sheet, key := compileBoth(t, doc)
			if len(key) != len(sheet) {
				t.Errorf("the key has %d pages, the sheet %d", len(key), len(sheet))
			}
			if v.layout == LayoutExam && len(sheet) < v.n {
				t.Errorf("exam layout: %d questions on %d pages", v.n, len(sheet))
			}
			n := 0
			for _, b := range doc.Blocks {
				if b.Kind != BlockQuestion {
					continue
				}
				n++
				tok := token(n)
				sp, kp := pageOf(sheet, tok), pageOf(key, tok)
				if len(sp) != 1 || len(kp) != 1 || sp[0] != kp[0] {
					t.Errorf("question %d is on sheet pages %v and key pages %v", n, sp, kp)
					continue
				}
				a := fmt.Sprint(answerTok(n))
				if answerPrinted(*b.Question) {
					if !strings.Contains(key[kp[0]-1], a) {
						t.Errorf("the answer of question %d (%s) is not on its page %d of the key", n, a, kp[0])
					}
					if len(pageOf(sheet, a)) > 0 {
						t.Errorf("the sheet shows the answer of question %d", n)
					}
				}
			}
		})
	}
}

func cmpOr(a, b string) string {
	if a == "" {
		return b
	}
	return a
}

func pageOf(ps []string, s string) []int {
	var out []int
	for i, p := range ps {
		if c := strings.Count(p, s); c > 0 {
			for range c {
				out = append(out, i+1)
			}
		}
	}
	return out
}

// A missing figure's caption still names it: printed under the labelled box, and in the
// reply's sentence about it.
func TestMissingFigureKeepsItsCaption(t *testing.T) {
	q := shortQ("Which colony was farthest south?")
	q.Figure = &Figure{Missing: "colonies.png", Caption: "Map of the thirteen colonies, 1775"}
	doc := one(q)
	sheet, key := compileBoth(t, doc)
	for _, pages := range [][]string{sheet, key} {
		text := strings.Join(pages, "\n")
		if !strings.Contains(text, "Map of the thirteen colonies, 1775") || !strings.Contains(text, "colonies.png") {
			t.Errorf("the box or its caption is missing:\n%s", text)
		}
	}
	if n := Notices(doc); len(n) != 1 || !strings.Contains(n[0], "“Map of the thirteen colonies, 1775” (colonies.png)") {
		t.Errorf("notices: %q", n)
	}
}

package wordsheet

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"sheetsmith/latex"
	"sheetsmith/worksheet"
)

var wordLists = map[string][][]string{
	"en": {
		{"cat", "dog", "fish", "bird", "frog", "duck"},
		{"sun", "moon", "star", "planet", "comet", "galaxy", "orbit", "meteor", "asteroid", "telescope", "gravity", "nebula"},
		{"photosynthesis", "chlorophyll", "carbon dioxide", "oxygen", "glucose", "sunlight", "stomata", "roots", "xylem", "phloem",
			"leaf", "stem", "water", "energy", "light", "plant", "cell", "seed", "flower", "fruit"},
		{"level", "noon", "stop", "pots", "racecar", "kayak", "radar", "civic"}, // palindromes and a reversed pair
	},
	"es": {
		{"niño", "canción", "árbol", "mañana", "corazón", "pingüino"},
		{"sol", "luna", "estrella", "planeta", "cometa", "galaxia", "órbita", "meteoro", "cielo", "tierra"},
	},
}

// scan reads a grid in all eight directions, as a pupil would, and counts where word appears:
// each place once, however it is read.
func scan(grid [][]rune, word []rune) int {
	n := len(grid)
	seen := map[string]bool{}
	for r := range n {
		for c := range n {
			for dr := -1; dr <= 1; dr++ {
				for dc := -1; dc <= 1; dc++ {
					if dr == 0 && dc == 0 {
						continue
					}
					ok := true
					for i := range word {
						rr, cc := r+i*dr, c+i*dc
						if rr < 0 || rr >= n || cc < 0 || cc >= n || grid[rr][cc] != word[i] {
							ok = false
							break
						}
					}
					if ok {
						er, ec := r+(len(word)-1)*dr, c+(len(word)-1)*dc
						a, b := fmt.Sprint(r, c), fmt.Sprint(er, ec)
						if b < a {
							a, b = b, a
						}
						seen[a+"-"+b] = true
					}
				}
			}
		}
	}
	return len(seen)
}

// Every word of a word search is in its grid exactly once (read any way), along a direction
// its level allows; the fill letters come from the sheet's alphabet and spell no offensive
// word; Spanish words keep their accents and ñ.
func TestWordSearchProperties(t *testing.T) {
	for code, lists := range wordLists {
		l := lang(code)
		for li, words := range lists {
			for _, grade := range []int{-1, 0, 2, 4, 7} {
				for _, opt := range []Spec{{}, {NoDiagonals: true}, {NoBackwards: true}, {Level: LevelHard}} {
					for seed := range int64(6) {
						s := Spec{Kind: KindWordSearch, Lang: code, Grade: grade, Words: words, Seed: seed*7919 + int64(li),
							Level: opt.Level, NoDiagonals: opt.NoDiagonals, NoBackwards: opt.NoBackwards}
						name := fmt.Sprintf("%s/%d/grade%d/%+v/seed%d", code, li, grade, opt, seed)
						checkWordSearch(t, name, s, l)
					}
				}
			}
		}
	}
}

func checkWordSearch(t *testing.T, name string, s Spec, l *Lang) {
	t.Helper()
	ws, left := layWordSearchFor(s)
	if len(left) > 0 {
		t.Errorf("%s: words left out: %v", name, left)
	}
	n := len(ws.Grid)
	if s.Grade >= 0 && s.Grade <= 2 && n > 15 {
		t.Errorf("%s: a K–2 grid of %d", name, n)
	}
	allowed := s.directions()
	covered := map[[2]int]bool{}
	for _, p := range ws.Placed {
		if got := scan(ws.Grid, p.Letters); got != 1 {
			t.Errorf("%s: %q appears %d times\n%s", name, p.Word, got, gridString(ws.Grid))
		}
		if !slices.Contains(allowed, p.Dir) {
			t.Errorf("%s: %q runs %v, not allowed at level %d", name, p.Word, p.Dir, s.level())
		}
		if s.Grade >= 0 && s.Grade <= 2 && s.Level == 0 && (p.Dir.diagonal() || p.Dir.backwards()) {
			t.Errorf("%s: a K–2 word runs %v", name, p.Dir)
		}
		for i, c := range p.cells() {
			covered[c] = true
			if ws.Grid[c[0]][c[1]] != p.Letters[i] {
				t.Errorf("%s: %q is not where it is said to be", name, p.Word)
			}
		}
		if want := gridLetters(p.Word); string(p.Letters) != string(want) {
			t.Errorf("%s: %q placed as %q", name, p.Word, string(p.Letters))
		}
	}
	if len(ws.Placed) == 0 {
		t.Fatalf("%s: nothing placed", name)
	}
	for r, row := range ws.Grid {
		if len(row) != n {
			t.Fatalf("%s: row %d is %d long in a grid of %d", name, r, len(row), n)
		}
		for c, ch := range row {
			if !covered[[2]int{r, c}] && !strings.ContainsRune(l.Alphabet, ch) {
				t.Errorf("%s: fill letter %q is not in the %s alphabet", name, ch, l.Code)
			}
		}
	}
	// no offensive word crosses a fill letter, in any direction
	for _, w := range offensive {
		for _, o := range Occurrences(ws.Grid, []rune(w)) {
			dr, dc := sign(o[1][0]-o[0][0]), sign(o[1][1]-o[0][1])
			for i := range len([]rune(w)) {
				if !covered[[2]int{o[0][0] + i*dr, o[0][1] + i*dc}] {
					t.Errorf("%s: the fill spells %q\n%s", name, w, gridString(ws.Grid))
					break
				}
			}
		}
	}
}

func gridString(g [][]rune) string {
	var b strings.Builder
	for _, row := range g {
		b.WriteString(string(row) + "\n")
	}
	return b.String()
}

// Spanish grids keep the teacher's accents and ñ, and fill from the Spanish alphabet (ñ in it).
func TestSpanishGridKeepsAccents(t *testing.T) {
	s := Spec{Kind: KindWordSearch, Lang: "es", Grade: 4, Words: []string{"niño", "canción", "árbol", "pingüino"}, Seed: 4}
	ws, _ := layWordSearchFor(s)
	all := gridString(ws.Grid)
	for _, r := range "ÑÓÁÜ" {
		if !strings.ContainsRune(all, r) {
			t.Errorf("the grid lost %q:\n%s", r, all)
		}
	}
	if !strings.ContainsRune(lang("es").Alphabet, 'Ñ') || strings.ContainsRune(lang("en").Alphabet, 'Ñ') {
		t.Error("the Spanish alphabet has ñ; the English one does not")
	}
}

// A word inside another (read either way) would be found twice: it is left out and named.
func TestWordInsideAnotherIsNamed(t *testing.T) {
	doc, _, notes, err := Build(Spec{Kind: KindWordSearch, Lang: "en", Grade: 4, Words: []string{"cat", "caterpillar", "stop", "pots", "sun", "a"}, Seed: 1}, latex.Settings{})
	if err != nil {
		t.Fatal(err)
	}
	joined := strings.Join(notes, " ")
	for _, w := range []string{"“cat” is inside “caterpillar”", "“stop” is inside “pots”", "“a” is a single letter"} {
		if !strings.Contains(joined, w) {
			t.Errorf("notes %q do not say %s", joined, w)
		}
	}
	if q := doc.Blocks[1].Question.Text; strings.Contains(q, "cat,") || !strings.Contains(q, "caterpillar") {
		t.Errorf("the list printed: %s", q)
	}
}

// The fill never makes a word of the list appear a second time, even with a tiny alphabet
// of the words' own letters (so the fill is full of near misses).
func TestFillNeverRepeatsAWord(t *testing.T) {
	rngWords := []string{"abc", "bca", "cab"}
	l := &Lang{Code: "xx", Alphabet: "ABCDEF"}
	grids := 0
	defer func() {
		if grids < 10 {
			t.Errorf("only %d of 20 grids settled", grids)
		}
	}()
	for seed := range int64(20) {
		s := Spec{Kind: KindWordSearch, Lang: "en", Grade: 5, Words: rngWords, Seed: seed, Level: LevelHard}
		ws, left := layWordSearch(context.Background(), s, rngWords, l)
		if ws.Grid == nil {
			continue // no grid settles: nothing printed, which is allowed
		}
		grids++
		for _, p := range ws.Placed {
			if got := scan(ws.Grid, p.Letters); got != 1 {
				t.Fatalf("seed %d: %s appears %d times (left %v)\n%s", seed, string(p.Letters), got, left, gridString(ws.Grid))
			}
		}
	}
}

// A crossword is connected, and its numbers agree with its grid and its lists: every run of
// two or more letters is an entry, numbered in reading order.
func TestCrosswordProperties(t *testing.T) {
	sets := [][]string{
		{"orbit", "comet", "planet", "moon", "star", "gravity", "galaxy", "meteor", "sun", "telescope"},
		{"habitat", "predator", "prey", "food chain", "producer", "consumer", "herbivore", "carnivore", "omnivore", "decomposer", "ecosystem", "energy"},
		{"canción", "niño", "mañana", "corazón", "árbol", "camión"},
		{"cat", "dog", "zzz"}, // zzz cannot cross
	}
	for si, words := range sets {
		clues := make([]string, len(words))
		for i := range clues {
			clues[i] = "clue " + words[i]
		}
		for seed := range int64(15) {
			s := Spec{Kind: KindCrossword, Words: words, Clues: clues, Seed: seed}
			cw, left := layCrosswordFor(s)
			name := fmt.Sprintf("set %d seed %d", si, seed)
			checkCrossword(t, name, cw)
			if len(cw.Entries)+len(left) != len(words) {
				t.Errorf("%s: %d placed and %d left of %d", name, len(cw.Entries), len(left), len(words))
			}
			if si == 3 && !slices.Contains(left, "zzz") {
				t.Errorf("%s: zzz crosses nothing yet was not named: %v", name, left)
			}
			if si < 3 && len(left) > 0 {
				t.Errorf("%s: words left out of a set that connects: %v", name, left)
			}
		}
	}
}

// Words that repeat one letter cross each other in thousands of places: the layout tries a
// bounded number of them and still gives a consistent crossword.
func TestCrosswordOfRepeatedLettersIsBounded(t *testing.T) {
	var words, clues []string
	for i := range maxWords {
		words = append(words, strings.Repeat("a", maxLetters-1)+string(rune('b'+i%20)))
		clues = append(clues, "x")
	}
	cw, left := layCrossword(context.Background(), words, clues, 1)
	checkCrossword(t, "repeated letters", cw)
	if len(cw.Entries)+len(left) != len(words) || len(cw.Entries) < 2 {
		t.Errorf("%d placed, %d left", len(cw.Entries), len(left))
	}
}

func checkCrossword(t *testing.T, name string, cw Crossword) {
	t.Helper()
	letters := cw.Letters()
	for _, e := range cw.Entries {
		for i, ch := range e.Letters {
			if got := letters[e.cell(i)]; got != ch {
				t.Fatalf("%s: %s crosses a different letter", name, e.Word)
			}
		}
	}
	// connected: every letter reached from the first
	var start [2]int
	for c := range letters {
		start = c
		break
	}
	seen := map[[2]int]bool{start: true}
	queue := [][2]int{start}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		for _, d := range [][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}} {
			nb := [2]int{c[0] + d[0], c[1] + d[1]}
			if _, ok := letters[nb]; ok && !seen[nb] {
				seen[nb] = true
				queue = append(queue, nb)
			}
		}
	}
	if len(seen) != len(letters) {
		t.Errorf("%s: the grid is not connected (%d of %d cells)", name, len(seen), len(letters))
	}
	// every run of 2+ letters is an entry, and the numbers go in reading order
	type run struct {
		r, c   int
		across bool
		word   string
	}
	var runs []run
	for r := -1; r <= cw.Rows; r++ {
		for c := -1; c <= cw.Cols; c++ {
			_, here := letters[[2]int{r, c}]
			if !here {
				continue
			}
			for _, across := range []bool{true, false} {
				dr, dc := 0, 1
				if !across {
					dr, dc = 1, 0
				}
				if _, before := letters[[2]int{r - dr, c - dc}]; before {
					continue
				}
				var w []rune
				for i := 0; ; i++ {
					ch, ok := letters[[2]int{r + i*dr, c + i*dc}]
					if !ok {
						break
					}
					w = append(w, ch)
				}
				if len(w) >= 2 {
					runs = append(runs, run{r, c, across, string(w)})
				}
			}
		}
	}
	if len(runs) != len(cw.Entries) {
		t.Errorf("%s: the grid reads %d words but the lists have %d", name, len(runs), len(cw.Entries))
	}
	number, next := map[[2]int]int{}, 1
	for _, rn := range runs {
		k := [2]int{rn.r, rn.c}
		if number[k] == 0 {
			number[k] = next
			next++
		}
		i := slices.IndexFunc(cw.Entries, func(e Entry) bool { return e.Row == rn.r && e.Col == rn.c && e.Across == rn.across })
		if i < 0 {
			t.Errorf("%s: the grid's %s at (%d,%d) is not in the lists", name, rn.word, rn.r, rn.c)
			continue
		}
		if e := cw.Entries[i]; string(e.Letters) != rn.word || e.Number != number[k] {
			t.Errorf("%s: entry %d %s reads %s numbered %d in the grid", name, e.Number, string(e.Letters), rn.word, number[k])
		}
	}
}

// Bingo cards are all different, each 24 different items of the list with the centre free.
func TestBingoCardsDistinct(t *testing.T) {
	var its []string
	for i := range 24 {
		its = append(its, fmt.Sprintf("w%d", i))
	}
	for _, n := range []int{2, 10, 40} {
		for seed := range int64(5) {
			cards := BingoCards(its, n, seed)
			if len(cards) != n {
				t.Fatalf("%d cards asked, %d dealt", n, len(cards))
			}
			seen := map[string]bool{}
			for _, c := range cards {
				if len(c) != 25 || c[12] != "" {
					t.Fatalf("a card of %d cells, centre %q", len(c), c[12])
				}
				k := strings.Join(c, ",")
				if seen[k] {
					t.Fatalf("two cards alike: %v", c)
				}
				seen[k] = true
				items := slices.Clone(c)
				items = slices.DeleteFunc(items, func(s string) bool { return s == "" })
				slices.Sort(items)
				if len(slices.Compact(items)) != 24 {
					t.Fatalf("a card repeats an item: %v", c)
				}
				for _, it := range items {
					if !slices.Contains(its, it) {
						t.Fatalf("a card holds %q, not in the list", it)
					}
				}
			}
		}
	}
}

// A cloze passage's text is the teacher's passage less its blanks: each blank filled with its
// answer gives the passage back exactly (marks taken off), whatever marks the blanks.
func TestClozeTextIsThePassage(t *testing.T) {
	passage := "Plants need *sunlight* and water to grow.\n\nThey make food in their leaves; the food is a sugar called glucose (50% of it is used at once) & stored as starch."
	plain := strings.ReplaceAll(passage, "*", "")
	for _, s := range []Spec{
		{Kind: KindCloze, Lang: "en", Passage: passage, Seed: 1},
		{Kind: KindCloze, Lang: "en", Passage: passage, Blank: []string{"leaves", "glucose"}, Seed: 2},
		{Kind: KindCloze, Lang: "en", Passage: passage, Every: 5, Seed: 3},
		{Kind: KindCloze, Lang: "en", Passage: passage, Every: 3, Blank: []string{"starch"}, Seed: 4},
	} {
		doc, _, _, err := Build(s, latex.Settings{})
		if err != nil {
			t.Fatal(err)
		}
		var q *worksheet.Question
		var bank string
		for _, b := range doc.Blocks {
			if b.Question != nil {
				q = b.Question
			}
			if b.Figure != nil {
				bank = b.Figure.LaTeX
			}
		}
		parts := strings.Split(q.Text, worksheet.BlankMark)
		if len(parts)-1 != len(q.Blanks) || len(q.Blanks) == 0 {
			t.Fatalf("%+v: %d blanks, %d answers", s, len(parts)-1, len(q.Blanks))
		}
		var b strings.Builder
		for i, p := range parts {
			b.WriteString(p)
			if i < len(q.Blanks) {
				b.WriteString(q.Blanks[i].Value)
				if !strings.Contains(bank, q.Blanks[i].Value) {
					t.Errorf("the word bank lacks %q", q.Blanks[i].Value)
				}
			}
		}
		if got, want := b.String(), escapePassage(plain); got != want {
			t.Errorf("%+v:\n got %q\nwant %q", s, got, want)
		}
		if s.Every == 5 && (q.Blanks[0].Value != "sunlight" || q.Blanks[1].Value != "water") { // marked, then Plants need sunlight and [water]
			t.Errorf("every 5th word: the blanks are %v", q.Blanks)
		}
	}
}

// A scramble is the word's letters in another order, never the word nor another word of the list.
func TestScrambleNeverTheWord(t *testing.T) {
	words := []string{"stop", "pots", "tops", "spot", "opts", "post", "on", "no", "listen", "silent", "enlist", "tinsel", "inlets", "aaa"}
	for seed := range int64(30) {
		doc, _, notes, err := Build(Spec{Kind: KindScramble, Lang: "en", Words: words, Seed: seed}, latex.Settings{})
		if err != nil {
			t.Fatal(err)
		}
		set := map[string]bool{}
		for _, w := range words {
			set[w] = true
		}
		n := 0
		for _, b := range doc.Blocks {
			if b.Question == nil {
				continue
			}
			n++
			q := b.Question
			shown := strings.NewReplacer("{\\large\\texttt{", "", "}", "", " ", "").Replace(q.Text)
			if set[shown] {
				t.Errorf("seed %d: %q is shown as %q, a word of the list", seed, q.Answer.Value, shown)
			}
			a, b := []rune(shown), []rune(q.Answer.Value)
			slices.Sort(a)
			slices.Sort(b)
			if string(a) != string(b) {
				t.Errorf("seed %d: %q is not an anagram of %q", seed, shown, q.Answer.Value)
			}
		}
		// "on" and "no" are each other's only other order: neither can be scrambled
		joined := strings.Join(notes, " ")
		if n != len(words)-3 || !strings.Contains(joined, "“aaa” cannot be scrambled") || !strings.Contains(joined, "“no” cannot be scrambled") {
			t.Errorf("seed %d: %d questions, notes %v", seed, n, notes)
		}
	}
}

// Matching is shuffled by a seeded permutation, never left in order, the same for the same seed.
func TestMatchingShuffled(t *testing.T) {
	s := Spec{Kind: KindMatching, Lang: "en", Words: []string{"a1", "b2", "c3"}, Clues: []string{"x", "y", "z"}}
	for seed := range int64(20) {
		s.Seed = seed
		d1, _, _, _ := Build(s, latex.Settings{})
		d2, _, _, _ := Build(s, latex.Settings{})
		q := d1.Blocks[1].Question
		if identity(q.Shuffle) || !slices.Equal(q.Shuffle, d2.Blocks[1].Question.Shuffle) {
			t.Fatalf("seed %d: shuffle %v / %v", seed, q.Shuffle, d2.Blocks[1].Question.Shuffle)
		}
	}
}

// A hundreds chart's key is complete: every number from 1 to the end, the hidden ones in the
// key's colour; the sheet shows every number but the hidden ones.
func TestChartKeyComplete(t *testing.T) {
	for _, s := range []Spec{
		{Kind: KindChart, Lang: "en", Max: 100, Grade: 1, Seed: 2},
		{Kind: KindChart, Lang: "es", Max: 120, Skip: 5, Seed: 3},
	} {
		doc, _, _, err := Build(s, latex.Settings{})
		if err != nil {
			t.Fatal(err)
		}
		q := doc.Blocks[1].Question
		hidden := chartHidden(s)
		for n := 1; n <= s.Max; n++ {
			cell := fmt.Sprintf("{%d}", n)
			if !strings.Contains(q.Answer.Figure.LaTeX, cell) {
				t.Errorf("the key lacks %d", n)
			}
			if strings.Contains(q.Figure.LaTeX, "]"+cell) == hidden[n] {
				t.Errorf("the sheet shows %d: %v, hidden %v", n, !hidden[n], hidden[n])
			}
		}
		if s.Skip == 5 && (len(hidden) != 24 || !hidden[115] || hidden[7]) {
			t.Errorf("count by 5s hides %d numbers", len(hidden))
		}
	}
}

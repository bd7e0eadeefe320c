package wordsheet

import (
	"cmp"
	"context"
	"maps"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
)

// dir is a direction a word runs in a grid: a step in rows and columns.
type dir struct{ DR, DC int }

// allDirs is every direction a reader may find a word in.
var allDirs = []dir{{0, 1}, {1, 0}, {1, 1}, {-1, 1}, {0, -1}, {-1, 0}, {-1, -1}, {1, -1}}

func (d dir) diagonal() bool  { return d.DR != 0 && d.DC != 0 }
func (d dir) backwards() bool { return d.DC < 0 || d.DC == 0 && d.DR < 0 }

// directions a word search of this spec places words in: across and down; diagonals from the
// medium level; backwards at the hard level; less what the teacher turned off.
func (s Spec) directions() []dir {
	var out []dir
	for _, d := range allDirs {
		switch lv := s.level(); {
		case d.diagonal() && (lv < LevelMedium || s.NoDiagonals):
		case d.backwards() && (lv < LevelHard || s.NoBackwards):
		case d.diagonal() && d.backwards() && s.NoDiagonals:
		default:
			out = append(out, d)
		}
	}
	if s.level() >= LevelHard && s.NoDiagonals && !s.NoBackwards {
		return []dir{{0, 1}, {1, 0}, {0, -1}, {-1, 0}}
	}
	return out
}

// dirsKey names the directions for the sheet's instructions and the reply.
func (s Spec) dirsKey() string {
	lv := s.level()
	switch {
	case lv == LevelEasy || lv == LevelMedium && s.NoDiagonals || s.NoDiagonals && s.NoBackwards:
		return "easy"
	case lv == LevelHard && s.NoDiagonals:
		return "nodiag"
	case lv == LevelHard && s.NoBackwards:
		return "noback"
	case lv == LevelHard:
		return "hard"
	}
	return "medium"
}

// Placement is one word in a grid: its letters from (Row, Col), one step of Dir at a time.
type Placement struct {
	Word    string // as the teacher wrote it
	Letters []rune // as the grid holds it
	Row     int
	Col     int
	Dir     dir
}

// cells are the grid cells the placement covers, first letter first.
func (p Placement) cells() [][2]int {
	out := make([][2]int, len(p.Letters))
	for i := range p.Letters {
		out[i] = [2]int{p.Row + i*p.Dir.DR, p.Col + i*p.Dir.DC}
	}
	return out
}

// WordSearch is a laid-out word search: the grid and where each word is.
type WordSearch struct {
	Grid   [][]rune
	Placed []Placement
}

// Occurrences are the places a run of letters can be read in grid, in any of the eight
// directions: each once, however it is read (a palindrome read both ways is one place).
// Each place is its first and last cell.
func Occurrences(grid [][]rune, letters []rune) [][2][2]int {
	n := len(grid)
	seen := map[[4]int]bool{}
	var out [][2][2]int
	if len(letters) == 0 {
		return nil
	}
	for r := range n {
		for c := range len(grid[r]) {
			if grid[r][c] != letters[0] {
				continue
			}
			for _, d := range allDirs {
				er, ec := r+(len(letters)-1)*d.DR, c+(len(letters)-1)*d.DC
				if er < 0 || er >= n || ec < 0 || ec >= len(grid[er]) {
					continue
				}
				ok := true
				for i, l := range letters {
					if grid[r+i*d.DR][c+i*d.DC] != l {
						ok = false
						break
					}
				}
				if !ok {
					continue
				}
				k := [4]int{r, c, er, ec}
				if er < r || er == r && ec < c {
					k = [4]int{er, ec, r, c}
				}
				if !seen[k] {
					seen[k] = true
					out = append(out, [2][2]int{{r, c}, {er, ec}})
				}
			}
		}
	}
	return out
}

// prepareWords prepares a word search's words: repeats, single letters and words that sit
// inside another (found twice) are left out, each named in notes.
func prepareWords(words []string, l *Lang, limit int) (kept []string, notes []string) {
	var dups []string
	seen := map[string]bool{}
	for _, w := range words {
		g := string(gridLetters(w))
		switch {
		case seen[g]:
			dups = append(dups, w)
			continue
		case len([]rune(g)) < 2:
			notes = append(notes, l.M("tooShort", w))
			continue
		}
		seen[g] = true
		kept = append(kept, w)
	}
	if len(dups) > 0 {
		notes = append(notes, l.M("duplicate", l.quoted(dups)))
	}
	if len(kept) > limit {
		notes = append(notes, l.M("tooMany", l.M("kind.wordsearch"), limit, l.quoted(kept[limit:])))
		kept = kept[:limit]
	}
	return kept, notes
}

// insideOthers leaves out the words a grid would show twice: one inside another word, read
// either way ("CAT" in "CATERPILLAR", "POTS" in "STOP" read backwards).
func insideOthers(words []string, l *Lang) (kept []string, notes []string) {
	for i, w := range words {
		g := string(gridLetters(w))
		r := string(reversed(gridLetters(w)))
		inside := ""
		for j, o := range words {
			og := string(gridLetters(o))
			if i == j || len(og) < len(g) || og == g {
				continue
			}
			if strings.Contains(og, g) || strings.Contains(og, r) {
				inside = o
				break
			}
		}
		if inside != "" {
			notes = append(notes, l.M("inside", w, inside))
			continue
		}
		kept = append(kept, w)
	}
	return kept, notes
}

func reversed(rs []rune) []rune {
	out := slices.Clone(rs)
	slices.Reverse(out)
	return out
}

// gridSize is a word search's side: room for its letters about twice over (a little more for
// the youngest), never less than the longest word or the grade's least.
func gridSize(s Spec, words []string) (n, most int) {
	longest, total := 0, 0
	for _, w := range words {
		k := len(gridLetters(w))
		longest = max(longest, k)
		total += k
	}
	density := map[int]float64{LevelEasy: 2.4, LevelMedium: 2.1, LevelHard: 1.9}[s.level()]
	least := 10
	if s.Grade >= 0 && s.Grade <= 2 {
		least = 8
	}
	n = max(longest, least, int(math.Ceil(math.Sqrt(float64(total)*density))))
	most = 20
	if s.Grade >= 0 && s.Grade <= 2 {
		most = 15
	}
	return min(n, most), most
}

// layWordSearch lays words out in a grid: each word exactly once, the fill letters from the
// sheet's alphabet, never spelling a listed word again or an offensive word. left names the
// words that did not fit even in the largest grid.
func layWordSearch(ctx context.Context, s Spec, words []string, l *Lang) (ws WordSearch, left []string) {
	rng := rand.New(rand.NewPCG(uint64(s.Seed), 0x77656172))
	order := slices.Clone(words)
	slices.SortStableFunc(order, func(a, b string) int { return len(gridLetters(b)) - len(gridLetters(a)) })
	n, most := gridSize(s, order)
	dirs := s.directions()
	alphabet := []rune(l.Alphabet)
	var best WordSearch
	bestLeft := order
	for ; n <= most && ctx.Err() == nil; n++ { // the request gone: no larger grid tried
		for range 10 {
			g, placed, missed := place(n, order, dirs, rng)
			if len(missed) < len(bestLeft) || best.Grid == nil {
				if filled, ok := fill(g, placed, order, alphabet, rng); ok {
					best, bestLeft = WordSearch{Grid: filled, Placed: placed}, missed
					if len(missed) == 0 {
						return best, nil
					}
				}
			}
		}
	}
	return best, bestLeft
}

// place puts each word (longest first) at a random start and direction where every cell is
// empty or already holds its letter.
func place(n int, words []string, dirs []dir, rng *rand.Rand) ([][]rune, []Placement, []string) {
	g := make([][]rune, n)
	for i := range g {
		g[i] = make([]rune, n)
	}
	var placed []Placement
	var missed []string
	type start struct {
		r, c int
		d    dir
	}
	var starts []start
	for r := range n {
		for c := range n {
			for _, d := range dirs {
				starts = append(starts, start{r, c, d})
			}
		}
	}
	for _, w := range words {
		letters := gridLetters(w)
		rng.Shuffle(len(starts), func(i, j int) { starts[i], starts[j] = starts[j], starts[i] })
		done := false
		for _, st := range starts {
			er, ec := st.r+(len(letters)-1)*st.d.DR, st.c+(len(letters)-1)*st.d.DC
			if er < 0 || er >= n || ec < 0 || ec >= n {
				continue
			}
			ok := true
			for i, ch := range letters {
				if got := g[st.r+i*st.d.DR][st.c+i*st.d.DC]; got != 0 && got != ch {
					ok = false
					break
				}
			}
			if !ok {
				continue
			}
			for i, ch := range letters {
				g[st.r+i*st.d.DR][st.c+i*st.d.DC] = ch
			}
			placed = append(placed, Placement{Word: w, Letters: letters, Row: st.r, Col: st.c, Dir: st.d})
			done = true
			break
		}
		if !done {
			missed = append(missed, w)
		}
	}
	return g, placed, missed
}

// fill fills the empty cells from alphabet and redraws any fill letter that makes a listed
// word appear a second time or spells an offensive word; ok is false if that does not settle.
func fill(g [][]rune, placed []Placement, words []string, alphabet []rune, rng *rand.Rand) ([][]rune, bool) {
	n := len(g)
	out := make([][]rune, n)
	isFill := make([][]bool, n)
	for r := range n {
		out[r] = slices.Clone(g[r])
		isFill[r] = make([]bool, n)
		for c := range n {
			if out[r][c] == 0 {
				isFill[r][c] = true
				out[r][c] = alphabet[rng.IntN(len(alphabet))]
			}
		}
	}
	for range 80 {
		bad := map[[2]int]bool{}
		for _, p := range placed {
			for _, o := range Occurrences(out, p.Letters) {
				if !samePlace(o, p) {
					markFill(bad, isFill, o, len(p.Letters), true)
				}
			}
		}
		for _, w := range offensive {
			for _, o := range Occurrences(out, []rune(w)) {
				markFill(bad, isFill, o, len([]rune(w)), false) // the teacher's own letters are theirs
			}
		}
		if len(bad) == 0 {
			return out, true
		}
		// a copy made only of placed letters cannot be redrawn: lay the words out again
		if bad[[2]int{-1, -1}] {
			return nil, false
		}
		cells := slices.Collect(maps.Keys(bad))
		slices.SortFunc(cells, func(a, b [2]int) int { return cmp.Or(a[0]-b[0], a[1]-b[1]) }) // the same seed, the same grid
		for _, c := range cells {
			out[c[0]][c[1]] = alphabet[rng.IntN(len(alphabet))]
		}
	}
	return nil, false
}

// markFill adds the fill cells of an occurrence to bad, or the mark {-1, -1} when placed
// letters alone spell it (when mark is set).
func markFill(bad map[[2]int]bool, isFill [][]bool, o [2][2]int, length int, mark bool) {
	dr, dc := sign(o[1][0]-o[0][0]), sign(o[1][1]-o[0][1])
	any := false
	for i := range length {
		r, c := o[0][0]+i*dr, o[0][1]+i*dc
		if isFill[r][c] {
			bad[[2]int{r, c}] = true
			any = true
		}
	}
	if !any && mark {
		bad[[2]int{-1, -1}] = true // placed letters alone spell it: no redraw can help
	}
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// samePlace: the occurrence is the placement itself (read either way).
func samePlace(o [2][2]int, p Placement) bool {
	cs := p.cells()
	a, b := cs[0], cs[len(cs)-1]
	return o[0] == a && o[1] == b || o[0] == b && o[1] == a
}

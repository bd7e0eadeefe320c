package wordsheet

import (
	"context"
	"math/rand/v2"
	"slices"
	"sort"
)

// Entry is one word of a crossword: where it starts, which way it runs, and its number.
type Entry struct {
	Word    string // as the teacher wrote it
	Clue    string
	Letters []rune
	Row     int
	Col     int
	Across  bool
	Number  int
}

func (e Entry) cell(i int) [2]int {
	if e.Across {
		return [2]int{e.Row, e.Col + i}
	}
	return [2]int{e.Row + i, e.Col}
}

// Crossword is a laid-out crossword: its entries (numbered) and its size.
type Crossword struct {
	Entries    []Entry
	Rows, Cols int
}

// Letters is the crossword's filled cells.
func (c Crossword) Letters() map[[2]int]rune {
	m := map[[2]int]rune{}
	for _, e := range c.Entries {
		for i, l := range e.Letters {
			m[e.cell(i)] = l
		}
	}
	return m
}

// board is a crossword being built: its letters, and which way the word through each cell runs.
type board struct {
	letters      map[[2]int]rune
	across, down map[[2]int]bool
	entries      []Entry
	minR, minC   int
	maxR, maxC   int
	started      bool
}

func newBoard() *board {
	return &board{letters: map[[2]int]rune{}, across: map[[2]int]bool{}, down: map[[2]int]bool{}}
}

// fits reports whether e can go on the board, and how many words it crosses: every cell empty
// or holding its letter in a word of the other direction, no letters touching it side by side
// but those it crosses, and the cells before and after it empty.
func (b *board) fits(e Entry) (int, bool) {
	before, after := e.cell(-1), e.cell(len(e.Letters))
	if b.letters[before] != 0 || b.letters[after] != 0 {
		return 0, false
	}
	crossings := 0
	for i, l := range e.Letters {
		c := e.cell(i)
		got := b.letters[c]
		if got != 0 {
			if got != l || e.Across && b.across[c] || !e.Across && b.down[c] {
				return 0, false
			}
			crossings++
			continue
		}
		var n1, n2 [2]int
		if e.Across {
			n1, n2 = [2]int{c[0] - 1, c[1]}, [2]int{c[0] + 1, c[1]}
		} else {
			n1, n2 = [2]int{c[0], c[1] - 1}, [2]int{c[0], c[1] + 1}
		}
		if b.letters[n1] != 0 || b.letters[n2] != 0 {
			return 0, false
		}
	}
	if crossings == len(e.Letters) {
		return 0, false // wholly on top of other words
	}
	return crossings, true
}

func (b *board) put(e Entry) {
	for i, l := range e.Letters {
		c := e.cell(i)
		b.letters[c] = l
		if e.Across {
			b.across[c] = true
		} else {
			b.down[c] = true
		}
		if !b.started {
			b.minR, b.maxR, b.minC, b.maxC, b.started = c[0], c[0], c[1], c[1], true
		}
		b.minR, b.maxR = min(b.minR, c[0]), max(b.maxR, c[0])
		b.minC, b.maxC = min(b.minC, c[1]), max(b.maxC, c[1])
	}
	b.entries = append(b.entries, e)
}

// area is the bounding box's area with e on the board.
func (b *board) area(e Entry) int {
	minR, maxR, minC, maxC := b.minR, b.maxR, b.minC, b.maxC
	for _, i := range []int{0, len(e.Letters) - 1} {
		c := e.cell(i)
		minR, maxR = min(minR, c[0]), max(maxR, c[0])
		minC, maxC = min(minC, c[1]), max(maxC, c[1])
	}
	h, w := maxR-minR+1, maxC-minC+1
	return h*w + 2*abs(h-w) // a square grid reads better than a long strip
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// layCrossword lays words with their clues out as a compact connected crossword: the longest
// across first, then each word where it crosses the most words and keeps the grid smallest,
// over a few orders, keeping the layout with the most words and then the smallest grid. left
// names the words that could not cross any other.
func layCrossword(ctx context.Context, words, clues []string, seed int64) (Crossword, []string) {
	rng := rand.New(rand.NewPCG(uint64(seed), 0x63726f73))
	work := 0 // places tried, over all orders: a bound on time however the words repeat letters
	idx := make([]int, len(words))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return len(gridLetters(words[idx[a]])) > len(gridLetters(words[idx[b]])) })
	var best *board
	var bestLeft []int
	for try := 0; try < 24 && (try == 0 || work < crosswordWork && ctx.Err() == nil); try++ {
		order := slices.Clone(idx)
		if try > 0 { // the longest stays first; the rest in a shuffled order
			rest := order[1:]
			rng.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
			sort.SliceStable(rest, func(a, b int) bool {
				return len(gridLetters(words[rest[a]]))/3 > len(gridLetters(words[rest[b]]))/3
			})
		}
		b := newBoard()
		first := order[0]
		b.put(Entry{Word: words[first], Clue: clues[first], Letters: gridLetters(words[first]), Across: true})
		pending := order[1:]
		for progress := true; progress && len(pending) > 0; {
			progress = false
			var still []int
			for _, i := range pending {
				if work >= 2*crosswordWork { // words that repeat one letter endlessly: leave the rest out, named
					still = append(still, i)
					continue
				}
				if e, ok := bestSpot(b, Entry{Word: words[i], Clue: clues[i], Letters: gridLetters(words[i])}, rng, &work); ok {
					b.put(e)
					progress = true
				} else {
					still = append(still, i)
				}
			}
			pending = still
		}
		if best == nil || len(pending) < len(bestLeft) ||
			len(pending) == len(bestLeft) && (b.maxR-b.minR+1)*(b.maxC-b.minC+1) < (best.maxR-best.minR+1)*(best.maxC-best.minC+1) {
			best, bestLeft = b, pending
		}
	}
	var left []string
	slices.Sort(bestLeft)
	for _, i := range bestLeft {
		left = append(left, words[i])
	}
	return number(best), left
}

// crosswordWork is how many places a crossword's layout tries before it keeps the best order
// found (and, at twice that, stops placing words).
const crosswordWork = 400_000

// bestSpot is where e crosses the most words in the smallest grid; work counts the places tried.
func bestSpot(b *board, e Entry, rng *rand.Rand, work *int) (Entry, bool) {
	type spot struct {
		e     Entry
		score int
	}
	var spots []spot
	for _, p := range b.entries {
		for j, pl := range p.Letters {
			for i, l := range e.Letters {
				if l != pl {
					continue
				}
				c := p.cell(j)
				cand := e
				cand.Across = !p.Across
				if cand.Across {
					cand.Row, cand.Col = c[0], c[1]-i
				} else {
					cand.Row, cand.Col = c[0]-i, c[1]
				}
				*work++
				if n, ok := b.fits(cand); ok {
					spots = append(spots, spot{cand, n*40 - b.area(cand)})
				}
			}
		}
	}
	if len(spots) == 0 {
		return e, false
	}
	rng.Shuffle(len(spots), func(i, j int) { spots[i], spots[j] = spots[j], spots[i] })
	best := spots[0]
	for _, s := range spots[1:] {
		if s.score > best.score {
			best = s
		}
	}
	return best.e, true
}

// number moves the board to start at row 0, column 0 and numbers its entries in reading
// order: a cell where an across and a down word start has one number for both.
func number(b *board) Crossword {
	cw := Crossword{Rows: b.maxR - b.minR + 1, Cols: b.maxC - b.minC + 1}
	for _, e := range b.entries {
		e.Row -= b.minR
		e.Col -= b.minC
		cw.Entries = append(cw.Entries, e)
	}
	sort.SliceStable(cw.Entries, func(i, j int) bool {
		a, c := cw.Entries[i], cw.Entries[j]
		if a.Row != c.Row {
			return a.Row < c.Row
		}
		if a.Col != c.Col {
			return a.Col < c.Col
		}
		return a.Across && !c.Across
	})
	n := 0
	var last [2]int
	for i := range cw.Entries {
		start := [2]int{cw.Entries[i].Row, cw.Entries[i].Col}
		if i == 0 || start != last {
			n++
		}
		cw.Entries[i].Number = n
		last = start
	}
	return cw
}

package generate

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"sheetsmith/worksheet"
)

func choiceQ(text string, right int, opts ...string) worksheet.Block {
	q := &worksheet.Question{Kind: worksheet.KindChoice, Text: text}
	for i, o := range opts {
		q.Choices = append(q.Choices, worksheet.Choice{Text: o, Correct: i == right})
	}
	return worksheet.Block{Kind: worksheet.BlockQuestion, Question: q}
}

func rightAt(q *worksheet.Question) (int, string) {
	for i, c := range q.Choices {
		if c.Correct {
			return i, c.Text
		}
	}
	return -1, ""
}

// A model that puts every right answer at B gets a sheet whose right answers are spread evenly
// over A–D; each question keeps its options and its right answer; arranging again, or from the
// options in another order, gives the same sheet.
func TestArrangeSpreadsRightAnswers(t *testing.T) {
	doc := worksheet.Document{Title: "Capitals"}
	for i := range 20 {
		doc.Blocks = append(doc.Blocks, choiceQ(fmt.Sprintf("Question %d?", i), 1,
			fmt.Sprintf("wrong %d a", i), fmt.Sprintf("right %d", i), fmt.Sprintf("wrong %d c", i), fmt.Sprintf("wrong %d d", i)))
	}
	Arrange(&doc)
	count := map[int]int{}
	for i, b := range doc.Blocks {
		pos, text := rightAt(b.Question)
		if text != fmt.Sprintf("right %d", i) || len(b.Question.Choices) != 4 {
			t.Fatalf("question %d lost its right answer or an option: %+v", i+1, b.Question.Choices)
		}
		count[pos]++
	}
	for pos := range 4 {
		if count[pos] != 5 {
			t.Errorf("right answers by position %v, want 5 at each of A–D", count)
			break
		}
	}
	again := doc
	again.Blocks = slices.Clone(doc.Blocks)
	for i := range again.Blocks {
		q := *again.Blocks[i].Question
		q.Choices = slices.Clone(q.Choices)
		rand.Shuffle(len(q.Choices), func(a, b int) { q.Choices[a], q.Choices[b] = q.Choices[b], q.Choices[a] })
		again.Blocks[i].Question = &q
	}
	Arrange(&again)
	if !reflect.DeepEqual(again, doc) {
		t.Error("arranging the same questions again gives another sheet")
	}
}

// Options whose order is their meaning keep it; numbers go smallest first.
func TestArrangeKeepsOrderedOptions(t *testing.T) {
	doc := worksheet.Document{Blocks: []worksheet.Block{
		choiceQ("Which are mammals?", 3, "whale", "bat", "dog", "All of the above"),
		choiceQ("Pick one", 2, "A only", "B only", "A and B", "neither"),
		choiceQ("What is 6 × 7?", 0, "42", "$36$", "48", "1,200"),
	}}
	Arrange(&doc)
	if got := doc.Blocks[0].Question.Choices[3].Text; got != "All of the above" {
		t.Errorf("\"All of the above\" moved: %+v", doc.Blocks[0].Question.Choices)
	}
	if pos, _ := rightAt(doc.Blocks[1].Question); pos != 2 {
		t.Errorf("options naming each other were moved: %+v", doc.Blocks[1].Question.Choices)
	}
	var nums []string
	for _, c := range doc.Blocks[2].Question.Choices {
		nums = append(nums, c.Text)
	}
	if !slices.Equal(nums, []string{"$36$", "42", "48", "1,200"}) {
		t.Errorf("numbers not in order: %q", nums)
	}
	if _, right := rightAt(doc.Blocks[2].Question); right != "42" {
		t.Errorf("the right number changed: %q", right)
	}
}

// Matching written in order is permuted, no right item beside its own match; an order the
// writer chose is kept.
func TestArrangePermutesMatching(t *testing.T) {
	for n := 2; n <= 12; n++ {
		q := &worksheet.Question{Kind: worksheet.KindMatching, Text: "Match"}
		for i := range n {
			q.Pairs = append(q.Pairs, worksheet.Pair{Left: fmt.Sprint("term ", i), Right: fmt.Sprint("meaning ", i)})
		}
		doc := worksheet.Document{Blocks: []worksheet.Block{{Kind: worksheet.BlockQuestion, Question: q}}}
		Arrange(&doc)
		seen := map[int]bool{}
		for i, j := range q.Shuffle {
			if i == j || seen[j] || j < 0 || j >= n {
				t.Fatalf("%d pairs: order %v is not a permutation without fixed points", n, q.Shuffle)
			}
			seen[j] = true
		}
		if len(q.Shuffle) != n {
			t.Fatalf("%d pairs: order %v", n, q.Shuffle)
		}
	}
	mine := &worksheet.Question{Kind: worksheet.KindMatching, Pairs: []worksheet.Pair{{Left: "a", Right: "1"}, {Left: "b", Right: "2"}, {Left: "c", Right: "3"}}, Shuffle: []int{2, 0, 1}}
	Arrange(&worksheet.Document{Blocks: []worksheet.Block{{Kind: worksheet.BlockQuestion, Question: mine}}})
	if !slices.Equal(mine.Shuffle, []int{2, 0, 1}) {
		t.Errorf("a chosen order was changed: %v", mine.Shuffle)
	}
}

// A heading that repeats the title is dropped; other headings stay.
func TestArrangeDropsTheTitleRepeated(t *testing.T) {
	doc := worksheet.Document{Title: "Fractions Quiz", Blocks: []worksheet.Block{
		{Kind: worksheet.BlockSection, Title: "Fractions quiz!"},
		{Kind: worksheet.BlockSection, Title: "Part A"},
		choiceQ("Half of 8?", 0, "4", "2"),
	}}
	Arrange(&doc)
	if len(doc.Blocks) != 2 || doc.Blocks[0].Title != "Part A" {
		t.Errorf("blocks %+v", doc.Blocks)
	}
}

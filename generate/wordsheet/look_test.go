package wordsheet

import (
	"fmt"
	"testing"

	"sheetsmith/latex"
	"sheetsmith/worksheet"
)

func TestLook(t *testing.T) {
	for i, p := range []string{
		"word search with these words: sun, moon, star, planet, comet, galaxy, orbit",
		"sopa de letras con estas palabras: niño, canción, árbol, mañana, corazón",
		"crossword: orbit – the path of a planet around the sun; comet – a ball of ice and dust; planet – a large body that orbits a star; moon – a body that orbits a planet; star - a ball of burning gas",
		"word scramble with these words: apple, banana, grape, lemon",
		"vocabulary matching: habitat – where an animal lives; predator – an animal that hunts; prey – an animal that is hunted",
		"cloze: Plants need *sunlight* and *water* to grow. They make food in their *leaves*.",
		"spelling practice: because, friend, said, people",
		"handwriting practice for the letters a, b, c",
		"2 bingo cards with our sight words: the, and, a, to, said, in, he, I, of, it, was, you, they, on, she, is, for, at, his, but, that, with, all, we",
		"120 chart count by 5s",
	} {
		r, _ := Read(p, 5)
		doc, _, _, err := Build(r.spec, latex.Settings{ShowName: true})
		if err != nil {
			t.Fatal(err)
		}
		sheet, key, err := worksheet.Render(doc)
		if err != nil {
			t.Fatal(err)
		}
		pdf(t, fmt.Sprintf("s%d", i), sheet)
		pdf(t, fmt.Sprintf("k%d", i), key)
	}
}

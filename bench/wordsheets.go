package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"time"

	"sheetsmith/generate"
	"sheetsmith/generate/offline"
	"sheetsmith/latex"
)

func init() { sections = append(sections, benchWordSheets) }

// wordSheetPrompts are word sheets a teacher would ask for, one of each kind (issue 21: "in
// about a second").
var wordSheetPrompts = []string{
	"word search for grade 4 with these words: volcano, magma, lava, crater, ash, eruption, plate, crust, mantle, core, geyser, basalt",
	"sopa de letras con estas palabras: niño, canción, árbol, mañana, corazón, pingüino",
	"crossword: orbit – the path of a planet around the sun; comet – a ball of ice and dust; planet – a body that orbits a star; moon – a body that orbits a planet; star – a ball of burning gas; galaxy – a huge group of stars",
	"word scramble with these words: apple, banana, grape, lemon, mango, peach, cherry, melon",
	"vocabulary matching: habitat – where an animal lives; predator – an animal that hunts; prey – an animal that is hunted; herbivore – eats plants",
	"cloze, every 7th word: The water cycle moves water around the Earth. The sun heats water in oceans and lakes, and it rises as vapour. High in the sky the vapour cools and forms clouds. When the drops grow heavy they fall as rain or snow.",
	"spelling practice: because, friend, said, people, could, would, should, their",
	"handwriting practice for the letters a, b, c, d",
	"6 bingo cards with our sight words: the, and, a, to, said, in, he, I, of, it, was, you, they, on, she, is, for, at, his, but, that, with, all, we",
	"120 chart, count by 5s",
}

// benchWordSheets times word sheets end to end on the server's path: read, lay out, render,
// compile the PDF.
func benchWordSheets() error {
	c, err := latex.New(latex.Config{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		return err
	}
	defer c.Close()
	time.Sleep(time.Second) // let the warm pool fill, as on a running server
	p := &generate.Pipeline{Engine: offline.New(nil), Compiler: c}
	var all []time.Duration
	fmt.Printf("\nWord sheets end to end (lay out, render, compile; %d fresh runs per prompt)\n", *runs)
	fmt.Printf("%-48s %9s %9s\n", "prompt", "p50", "max")
	for _, prompt := range wordSheetPrompts {
		var times []time.Duration
		for range *runs {
			req := generate.Request{Prompt: prompt, Settings: latex.Settings{ShowName: true, ShowDate: true, NarrowMargins: true}}
			start := time.Now()
			if _, err := p.Run(context.Background(), req, nil); err != nil {
				return fmt.Errorf("%q: %w", prompt, err)
			}
			times = append(times, time.Since(start))
		}
		sortDurations(times)
		all = append(all, times...)
		name := prompt
		if len(name) > 46 {
			name = name[:45] + "…"
		}
		fmt.Printf("%-48s %9s %9s\n", name, ms(times[len(times)/2]), ms(times[len(times)-1]))
	}
	sortDurations(all)
	p50 := all[len(all)/2]
	fmt.Printf("%-48s %9s %9s   target p50 < 1 s: %s\n", "all word sheets", ms(p50), ms(all[len(all)-1]), verdict(p50 < time.Second))
	return nil
}

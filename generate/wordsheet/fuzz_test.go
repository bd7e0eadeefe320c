package wordsheet

import (
	"context"
	"testing"

	"sheetsmith/generate"
	"sheetsmith/latex"
	"sheetsmith/worksheet"
)

// Any request, read and built, gives a valid document or a refusal: never a panic, never a
// document the worksheet layer refuses.
func FuzzWrite(f *testing.F) {
	for _, s := range []string{
		"word search with these words: sun, moon, star",
		"crossword: a – b; c – d; ab – e",
		"cloze, every 2nd word: a b c d e f",
		"cloze: *{}* and *$x$* and *\\\\evil* are *%*",
		"6 bingo cards with: " + "a,b,c,d,e,f,g,h,i,j,k,l,m,n,o,p,q,r,s,t,u,v,w,x,y,z",
		"word search: ___, ^^5c, \\input{x}, #1, ~, ñ",
		"handwriting: \\\\, {, }",
		"120 chart count by 0s",
		"tabla del 100 de 999 en 999",
		"vocabulary matching: $ – %; & – #",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, prompt string) {
		d, handled, err := Write(context.Background(), generate.Request{Prompt: prompt}, func() int64 { return 3 }, nil, nil)
		if !handled || err != nil {
			return
		}
		if err := worksheet.Validate(*d.Document); err != nil {
			t.Fatalf("%q: %v", prompt, err)
		}
		if _, _, err := worksheet.Render(*d.Document); err != nil {
			t.Fatalf("%q: %v", prompt, err)
		}
		if s, ok := FromOrigin(d.Document.Origin); !ok {
			t.Fatalf("%q: the origin does not read back", prompt)
		} else if _, _, _, err := Build(s, latex.Settings{}); err != nil {
			t.Fatalf("%q: the origin does not rebuild: %v", prompt, err)
		}
	})
}

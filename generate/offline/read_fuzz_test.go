package offline

import (
	"testing"

	"sheetsmith/generate/offline/skills"
)

// FuzzRead: no request panics the reader (a panic is a 500 on the server and a goroutine
// trace on the CLI). The seeds are requests that once did.
func FuzzRead(f *testing.F) {
	for _, s := range []string{
		"8 word problems on multiplication and 8 on division",
		"5 word problems on addition and 5 on subtraction",
		"10 word problems: 5 multiplication and 5 division",
		"20 addition and subtraction problems",
		"12 area and perimeter problems, then 6 volume",
		"",
		"and and and 3 4 5",
		"20 one-step equations like x + 5 = 12",
		"Please use these:\n1. 2x + 3 = 11\n2. 3/4 + 1/8\n3. 12 x 7\n4. (8 - 3) × 5",
		"1) 2x + 5 = 17 2) 3(x - 2) = 12 3) 4x / 0 = 1",
		"problems like 0/0 of 0, 5 ÷ 0",
		"use 3.14 for pi, 10%, 25% and 50%, 0 through 5",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, prompt string) {
		q := read(prompt)
		if len(q.sections) > 0 && q.refused == "" {
			spec, _ := fresh(q, 1)
			for i, sec := range spec.Sections {
				sk, _ := skills.Get(sec.Skill)
				sec.write(sk, int64(i), lang(spec.Lang).T) // pasted problems typeset and solved, or refused: never a panic
			}
		}
		for _, s := range q.sections {
			if s.count < 0 {
				t.Errorf("%q: a negative count %d", prompt, s.count)
			}
		}
	})
}

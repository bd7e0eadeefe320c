package offline

import "testing"

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
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, prompt string) {
		q := read(prompt)
		for _, s := range q.sections {
			if s.count < 0 {
				t.Errorf("%q: a negative count %d", prompt, s.count)
			}
		}
	})
}

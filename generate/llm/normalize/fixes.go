package normalize

import "fmt"

// fixLog counts each kind of change so the server log reads "Escaped % (3×)" rather than
// one line per character.
type fixLog struct {
	order  []string
	counts map[string]int
}

func (f *fixLog) add(note string) {
	if f.counts == nil {
		f.counts = map[string]int{}
	}
	if f.counts[note] == 0 {
		f.order = append(f.order, note)
	}
	f.counts[note]++
}

func (f *fixLog) list() []string {
	out := make([]string, 0, len(f.order))
	for _, n := range f.order {
		if c := f.counts[n]; c > 1 {
			out = append(out, fmt.Sprintf("%s (%d×)", n, c))
		} else {
			out = append(out, n)
		}
	}
	return out
}

package offline

import (
	"context"
	"fmt"
	"testing"

	"sheetsmith/generate"
)

func TestZZSmoke(t *testing.T) {
	for _, p := range []string{
		"20 two-digit addition problems",
		"5 addition, 5 subtraction and 5 multiplication problems for grade 3",
		"four of each operation",
		"a dozen long division problems for grade 5",
		"fifteen substraction problems within 20",
		"20 sumas de dos cifras para segundo grado",
		"write a reading passage about frogs",
		"telling time to the nearest 5 minutes, big print",
		"the 7 and 8 times tables",
		"make 3 versions of a quiz on two-step equations",
	} {
		q := read(p)
		fmt.Printf("%q → lang=%s grade=%d total=%d each=%d p=%+v secs=%+v refused=%q\n", p, q.lang, q.grade, q.total, q.each, q.p, q.sections, q.refused)
		d, err := New(func() int64 { return 3 }).Write(context.Background(), generate.Request{Prompt: p}, nil)
		if err != nil {
			fmt.Println("  ERR", err)
			continue
		}
		fmt.Println("  ", d.Message, len(d.Document.Blocks))
	}
}

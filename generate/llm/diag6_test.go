package llm

import (
	"fmt"
	"os"
	"testing"
)

func TestDiag6(t *testing.T) {
	c := readCase(t, os.Getenv("DIAGF"))
	fd, _ := parseFlat(c.json)
	doc, fixes, err := fd.build(nil)
	t.Logf("%v %v", fixes, err)
	for _, b := range doc.Blocks {
		s := fmt.Sprintf("%+v", b)
		if b.Figure != nil {
			s += fmt.Sprintf(" FIG %+v", *b.Figure)
		}
		if b.Question != nil {
			s += fmt.Sprintf(" Q %+v", *b.Question)
		}
		t.Log(s)
	}
}

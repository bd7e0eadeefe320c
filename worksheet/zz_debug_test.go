package worksheet

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

func TestZZExpand(t *testing.T) {
	b, _ := os.ReadFile("../generate/llm/testdata/corpus/real-solution-12.txt")
	s := string(b)
	s = s[strings.Index(s, "-- latex --")+12:]
	body := s[strings.Index(s, `\begin{document}`):]
	out := expandMacros(s, body)
	for _, l := range strings.Split(out, "\n") {
		if strings.Contains(l, `\(`) {
			fmt.Println(l)
		}
	}
}

func TestZZParse12(t *testing.T) {
	b, _ := os.ReadFile("../generate/llm/testdata/corpus/real-solution-12.txt")
	s := string(b)
	s = s[strings.Index(s, "-- latex --")+12:]
	doc, _ := Parse(s)
	for _, bl := range doc.Blocks {
		if strings.Contains(bl.Text, `\(`) || strings.Contains(bl.Text, `\)`) {
			i := strings.Index(bl.Text, `\(`)
			fmt.Println(i, bl.Text[max(0, i-200):min(len(bl.Text), i+100)])
		}
	}
}

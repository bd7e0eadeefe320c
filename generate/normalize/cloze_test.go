package normalize

import (
	"os"
	"strings"
	"testing"

	"sheetsmith/worksheet"
)

func TestClozeDebug(t *testing.T) {
	b, _ := os.ReadFile("../llm/testdata/corpus/124_cloze_numbered_blanks.txt")
	s := string(b)
	s = s[strings.Index(s, "-- latex --")+12 : strings.Index(s, "-- expect --")]
	out, _, fixes := Body(s)
	t.Log(fixes, "\n", out)
	_, problems := worksheet.Parse(out)
	t.Log(problems)
}

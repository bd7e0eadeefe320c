package llm

import (
	"os"
	"testing"

	"sheetsmith/generate/normalize"
)

func TestDiag7(t *testing.T) {
	c := readCase(t, os.Getenv("DIAGF"))
	body, _, fixes := normalize.Body(c.latex)
	t.Logf("%v\n%s", fixes, body)
}

package llm

import (
	"context"
	"strings"
	"testing"
	"time"

	"sheetsmith/generate"
)

// A reply the model's length limit cut off is named on every path: a sheet read from it, a
// sheet printed as written, and a reply too short to hold any worksheet (JSON or text).
func TestCutOffReplyIsNamedOnEveryPath(t *testing.T) {
	compiler := realCompiler(t)
	for name, r := range map[string]string{
		"read":       "\\begin{questions}\n\\question What is $2+2$?\n\\begin{solution}4\\end{solution}\n\\question Name the capital of Fra",
		"as written": "\\documentclass{article}\\begin{document}\\textcolor{blue}{Quiz}\n\\begin{enumerate}\\item What is $2+2$? \\wstitle{x}\n\\item Name the capital of Fra",
		"json":       `{"title":"Quiz","blocks":[{"kind":"question","question":{"kind":"short","text":"What is 2+2?","answer":{"value":"4"}}},{"kind":"question","question":{"kind":"short","text":"Name the capit`,
		"text":       "1. What is 2+2?\nAnswer: 4\n2. Name the capital of Fra",
	} {
		t.Run(name, func(t *testing.T) {
			model := newFakeModel(t, streamedUntil(r, "length"))
			p := &generate.Pipeline{Engine: model.engine(Config{}), Compiler: compiler}
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			res, err := p.Run(ctx, generate.Request{Prompt: "a worksheet", Settings: sheetSettings}, nil)
			said := ""
			if err != nil {
				said = err.Error()
			} else {
				said = res.Message
			}
			if !strings.Contains(said, "cut short") {
				t.Errorf("the teacher is not told the reply was cut off: %q", said)
			}
		})
	}
}

package llm

import (
	"slices"
	"testing"
)

func TestReaderRound3Shapes(t *testing.T) {
	fd, ok := parseFlat(`{"sections": [{"title": "Part A", "instructions": "Add.", "questions": [{"type": "short", "question": "$2+2$", "answer": "4"}]},
	 {"kind": "passage", "text": "A story.", "questions": [{"type": "open", "question": "Why?", "answer": "Because."}]}]}`)
	if !ok || len(fd.Items) != 5 || fd.Items[0].Kind != "section" || fd.Items[1].Kind != "instructions" || fd.Items[3].Kind != "passage" {
		t.Fatalf("sections: %+v", fd.Items)
	}
	fd, ok = parseFlat(`{"questions": [{"type": "mc", "question": "Q?", "options": {"A": "x", "B": "y", "C": "z"}, "answer": "B"}]}`)
	if !ok || !slices.Equal(fd.Items[0].Choices, []string{"x", "y", "z"}) {
		t.Fatalf("options object: %+v", fd.Items)
	}
	for a, want := range map[string]string{"T (true)": "true", "F.": "false", "**False**": "false", "True, not false": "true, not false"} {
		if got := truthOf(a); got != want {
			t.Errorf("truthOf(%q) = %q, want %q", a, got, want)
		}
	}
	for a, want := range map[string]string{"Answer: 54": "54", "= 54": "54", "**60**": "60", "132.": "132", "x = 5": "x = 5"} {
		if got := bareAnswer(a); got != want {
			t.Errorf("bareAnswer(%q) = %q, want %q", a, got, want)
		}
	}
	pairs, extra := matchRights([]string{"a", "b"}, []string{"1", "2", "3"}, "1-B, 2-C")
	if !slices.Equal(pairs, []string{"2", "3"}) || !slices.Equal(extra, []string{"1"}) {
		t.Errorf("matchRights: %v %v", pairs, extra)
	}
}

package offline

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"sheetsmith/generate"
)

func TestExplore(t *testing.T) {
	if os.Getenv("EXPLORE") == "" {
		t.Skip()
	}
	for _, p := range strings.Split(os.Getenv("EXPLORE"), ";") {
		d, err := New(func() int64 { return 3 }).Write(context.Background(), generate.Request{Prompt: p}, nil)
		fmt.Printf("%-90s → %s%v\n", p, d.Message, err)
	}
}

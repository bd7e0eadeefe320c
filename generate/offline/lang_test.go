package offline

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"sheetsmith/generate/offline/skills"
)

// Every language file says everything English says, with the same places to fill, and names
// every skill; a new language is a file, and this test says what it still lacks.
func TestEveryLanguageFileIsComplete(t *testing.T) {
	en := langs["en"]
	verbs := regexp.MustCompile(`%\[\d\][sd]`)
	places := func(s string) string {
		v := verbs.FindAllString(s, -1)
		slices.Sort(v)
		return strings.Join(slices.Compact(v), " ")
	}
	for _, code := range langOrder {
		l := langs[code]
		for _, table := range []struct {
			name     string
			en, this map[string]string
		}{{"text", en.Text, l.Text}, {"messages", en.Messages, l.Messages}} {
			for k, v := range table.en {
				w, ok := table.this[k]
				if !ok {
					t.Errorf("%s: %s %q is missing", code, table.name, k)
					continue
				}
				if k != "names" && k != "objects" && places(v) != places(w) {
					t.Errorf("%s: %s %q fills %q, English %q", code, table.name, k, places(w), places(v))
				}
			}
		}
		for _, sk := range skills.All() {
			sw, ok := l.Skills[sk.ID]
			if !ok || sw.Name == "" || sw.Instructions == "" || sw.Example == "" || len(sw.Words) == 0 {
				t.Errorf("%s: skill %s is not described", code, sk.ID)
			}
		}
		for k := range en.Words {
			if _, ok := l.Words[k]; !ok {
				t.Errorf("%s: words %q are missing", code, k)
			}
		}
	}
}

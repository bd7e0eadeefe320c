package hooks

import (
	"net/http"
	"strings"
	"testing"

	"sheetsmith/latex"
	migrations "sheetsmith/pb_migrations"
)

// escapedEmoji is one character written as a JSON surrogate-pair escape: 12 bytes, the most
// any JSON encoder spends on a character.
const escapedEmoji = `\ud83d\ude00`

// One length unit everywhere: characters. The collection, /save-worksheet, /compile and the
// compiler share one limit, and every body the limits allow fits under the body cap.
func TestLengthsAreCharacters(t *testing.T) {
	if latex.MaxSource != migrations.MaxLatex || latexLimit != migrations.MaxLatex {
		t.Fatalf("one limit: latex %d, collection %d, hooks %d", latex.MaxSource, migrations.MaxLatex, latexLimit)
	}
	f := newFixture(t, compilerDeps(t))
	head := `\documentclass{article}\begin{document}x\end{document}` + "\n"
	fill := func(n int) string { // n characters after the document, on lines TeX never reads
		var b strings.Builder
		for i := 0; i < n; i++ {
			if i%1000 == 999 {
				b.WriteString(`\n`)
			} else {
				b.WriteString(escapedEmoji)
			}
		}
		return b.String()
	}
	jsonHead := jsonString(head)
	jsonHead = jsonHead[1 : len(jsonHead)-1]
	atLimit := jsonHead + fill(latexLimit-len([]rune(head)))
	overLimit := jsonHead + fill(latexLimit-len([]rune(head))+1)

	// /save-worksheet: 200,000 characters in their largest encoding save; one more is too long.
	code, out := do(t, f, http.MethodPost, "/save-worksheet", bearer(t, f.alice), `{"latexCode":"`+atLimit+`","documentTitle":"`+strings.Repeat(escapedEmoji, migrations.MaxTitle)+`"}`)
	if code != 200 {
		t.Fatalf("save at the limit: %d %v", code, out["error"])
	}
	id := out["data"].([]any)[0].(map[string]any)["id"].(string)
	w, _ := f.FindRecordById("worksheets", id)
	if n := len([]rune(w.GetString("latex_code"))); n != latexLimit {
		t.Fatalf("saved %d characters", n)
	}
	code, out = do(t, f, http.MethodPost, "/save-worksheet", bearer(t, f.alice), `{"latexCode":"`+overLimit+`"}`)
	if code != 400 || out["error"] != msgLatexTooLong {
		t.Fatalf("save over the limit: %d %v", code, out)
	}

	// /compile agrees: the same source is not refused by the route, one more character is.
	code, out = do(t, f, http.MethodPost, "/compile", bearer(t, f.bob), `{"latexCode":"`+atLimit+`","worksheetId":"`+f.bobSheet.Id+`"}`)
	if out["error"] == msgBodyTooLarge || out["error"] == msgLatexTooLong {
		t.Fatalf("compile at the limit refused by the route: %d %v", code, out)
	}
	code, out = do(t, f, http.MethodPost, "/compile", bearer(t, f.bob), `{"latexCode":"`+overLimit+`"}`)
	if code != 400 || out["error"] != msgLatexTooLong {
		t.Fatalf("compile over the limit: %d %v", code, out)
	}
	// A body past the cap is refused before it is read further.
	code, out = do(t, f, http.MethodPost, "/save-worksheet", bearer(t, f.alice), `{"latexCode":"`+strings.Repeat("y", int(saveBodyCap))+`"}`)
	if code != 400 || out["error"] != msgBodyTooLarge {
		t.Fatalf("oversized body: %d %v", code, out)
	}
}

// The chat is measured in characters too: a long non-ASCII message within the limit is fine.
func TestGenerateCountsCharacters(t *testing.T) {
	entry := func(n int) []chatEntry {
		return []chatEntry{{Role: "user", Content: strings.Repeat("é", n)}}
	}
	ok := generateRequest{Prompt: strings.Repeat("ü", maxPrompt), Preferences: preferences{DocumentTitle: "T"}, ChatHistory: entry(maxHistoryEntry)}
	if f := validateGenerate(&ok); f != nil {
		t.Fatalf("%d two-byte characters: %v", maxHistoryEntry, f.body())
	}
	long := generateRequest{Prompt: "x", Preferences: preferences{DocumentTitle: "T"}, ChatHistory: entry(maxHistoryEntry + 1)}
	if f := validateGenerate(&long); f == nil || f.details != "A chat message is too long." {
		t.Fatalf("one character over: %v", f)
	}
	var chat []chatEntry
	for range maxHistoryChars/maxHistoryEntry + 1 {
		chat = append(chat, entry(maxHistoryEntry)...)
	}
	whole := generateRequest{Prompt: "x", Preferences: preferences{DocumentTitle: "T"}, ChatHistory: chat}
	if f := validateGenerate(&whole); f == nil || f.details != "The chat is too long. Save this worksheet and start a new one." {
		t.Fatalf("a chat over the total: %v", f)
	}
	// The largest accepted chat fits the body cap in its largest encoding.
	if need := int64(12*(maxPrompt+200+maxHistoryChars)) + int64(maxHistory)*64; need > generateBodyCap {
		t.Fatalf("body cap %d < %d", generateBodyCap, need)
	}
}

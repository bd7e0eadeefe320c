package commands

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"sheetsmith/config"
	"sheetsmith/generate/offline"
)

func pdfTool(t *testing.T, tool, path string) string {
	t.Helper()
	out, err := exec.Command(tool, path).Output()
	if err != nil {
		t.Fatalf("%s %s: %v", tool, path, err)
	}
	return string(out)
}

// TestGenerateCommandPrintSettings: --paper a4 --large-print --font hyperlegible print the
// sheet and its key on A4 in Atkinson Hyperlegible; SHEETSMITH_PAPER is the default paper.
func TestGenerateCommandPrintSettings(t *testing.T) {
	if testing.Short() {
		t.Skip("needs TeX Live")
	}
	dir := t.TempDir()
	sheet, key := filepath.Join(dir, "sheet.pdf"), filepath.Join(dir, "key.pdf")
	cmd := Generate(config.Config{}, offline.New(func() int64 { return 3 }))
	var out bytes.Buffer
	cmd.SetOut(&out)
	cmd.SetErr(&out)
	cmd.SetArgs([]string{"10 two-digit addition problems", "-o", sheet, "--answer-key", key, "--paper", "a4", "--large-print", "--font", "hyperlegible"})
	if err := cmd.Execute(); err != nil {
		t.Fatalf("generate: %v\n%s", err, out.String())
	}
	for _, path := range []string{sheet, key} {
		if info := pdfTool(t, "pdfinfo", path); !strings.Contains(info, "595.276 x 841.89 pts (A4)") {
			t.Errorf("%s is not A4:\n%s", filepath.Base(path), info)
		}
		if fonts := pdfTool(t, "pdffonts", path); !strings.Contains(fonts, "AtkinsonHyperlegible-Regular") {
			t.Errorf("%s is not in Atkinson Hyperlegible:\n%s", filepath.Base(path), fonts)
		}
	}

	// The server's default paper is the command's too; large print alone is a sans face.
	a4 := config.FromLookup(func(k string) string {
		if k == "SHEETSMITH_PAPER" {
			return "a4"
		}
		return ""
	})
	plain := filepath.Join(dir, "plain.pdf")
	cmd = Generate(a4, offline.New(func() int64 { return 3 }))
	cmd.SetOut(&out)
	cmd.SetErr(&out)
	cmd.SetArgs([]string{"10 two-digit addition problems", "-o", plain, "--large-print"})
	if err := cmd.Execute(); err != nil {
		t.Fatalf("generate: %v\n%s", err, out.String())
	}
	if info := pdfTool(t, "pdfinfo", plain); !strings.Contains(info, "(A4)") {
		t.Errorf("SHEETSMITH_PAPER=a4 printed on:\n%s", info)
	}
	if fonts := pdfTool(t, "pdffonts", plain); !strings.Contains(fonts, "NimbusSanL") {
		t.Errorf("large print is not in a sans face:\n%s", fonts)
	}
}

func TestGenerateCommandRefusesUnknownPrintSettings(t *testing.T) {
	for flag, want := range map[string]string{"--paper=legal": "unknown paper", "--font=comic": "unknown font"} {
		cmd := Generate(config.Config{}, offline.New(nil))
		cmd.SetArgs([]string{"10 addition problems", "-o", filepath.Join(t.TempDir(), "x.pdf"), flag})
		cmd.SetOut(&bytes.Buffer{})
		cmd.SetErr(&bytes.Buffer{})
		if err := cmd.Execute(); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v", flag, err)
		}
	}
}

package latex

import (
	_ "embed"
	"io/fs"
	"path"
)

// fontLicence is the bundled fonts' licence, which travels with them (SIL OFL 1.1).
//
//go:embed fonts/atkinson/OFL.txt
var fontLicence []byte

// FontFiles are the files a face needs beside a source compiled outside the server (a .tex
// project): its metrics, its TrueType files and their licence, by file name. A face TeX Live
// has needs none.
func FontFiles(face string) (map[string][]byte, error) {
	if face != FontHyperlegible {
		return nil, nil
	}
	files := map[string][]byte{"OFL.txt": fontLicence}
	err := fs.WalkDir(bundledFonts, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := bundledFonts.ReadFile(p)
		files[path.Base(p)] = data
		return err
	})
	return files, err
}

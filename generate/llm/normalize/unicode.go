package normalize

import (
	"slices"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// A Unicode character pdflatex (T1, utf8) cannot typeset is replaced by its LaTeX form:
// math symbols by a math command (the scanner puts $…$ around it in text), the rest by text.
type uniForm struct {
	math string // the form in math mode; "" means the text form also works in math
	text string // the form in text mode; "" means it is math only (wrapped in $…$)
}

var uniMap = map[rune]uniForm{
	'\u2212': {math: "-"}, // minus sign
	'\u00d7': {math: `\times`},
	'\u00f7': {math: `\div`},
	'\u22c5': {math: `\cdot`},
	'\u00b7': {math: `\cdot`},
	'\u2264': {math: `\le`},
	'\u2265': {math: `\ge`},
	'\u2260': {math: `\ne`},
	'\u00b1': {math: `\pm`},
	'\u2248': {math: `\approx`},
	'\u221e': {math: `\infty`},
	'\u03c0': {math: `\pi`},
	'\u03b8': {math: `\theta`},
	'\u03b1': {math: `\alpha`},
	'\u03b2': {math: `\beta`},
	'\u0394': {math: `\Delta`},
	'\u2220': {math: `\angle`},
	'\u25b3': {math: `\triangle`},
	'\u2192': {math: `\rightarrow`},
	'\u2190': {math: `\leftarrow`},
	'\u21d2': {math: `\Rightarrow`},
	'\u22a5': {math: `\perp`},
	'\u2225': {math: `\parallel`},
	'\u2245': {math: `\cong`},
	'\u2261': {math: `\equiv`},
	'\u2208': {math: `\in`},
	'\u2229': {math: `\cap`},
	'\u222a': {math: `\cup`},
	'\u2205': {math: `\emptyset`},
	'\u2211': {math: `\sum`},
	'\u00b2': {math: `^2`},
	'\u00b3': {math: `^3`},
	'\u00b9': {math: `^1`},
	'\u00bd': {math: `\frac{1}{2}`},
	'\u00bc': {math: `\frac{1}{4}`},
	'\u00be': {math: `\frac{3}{4}`},
	'\u2153': {math: `\frac{1}{3}`},
	'\u2154': {math: `\frac{2}{3}`},
	'\u2713': {math: `\checkmark`},
	'\u2714': {math: `\checkmark`},
	'\u2717': {math: `\times`},
	'\u2605': {math: `\star`},
	'\u25a1': {math: `\square`},
	'\u2610': {math: `\square`},
	'\u00b0': {math: `^\circ`, text: `\textdegree{}`},
	'\u2022': {math: `\bullet`, text: `\textbullet{}`},
	'\u2026': {math: `\ldots`, text: `\ldots{}`},
	'\u2018': {math: "`", text: "`"},
	'\u2019': {math: "'", text: "'"},
	'\u201c': {math: "``", text: "``"},
	'\u201d': {math: "''", text: "''"},
	'\u201e': {math: ",,", text: ",,"},
	'\u2032': {math: "'", text: "'"},
	'\u2013': {math: "-", text: "--"},
	'\u2014': {math: "-", text: "---"},
	'\u2010': {math: "-", text: "-"},
	'\u2011': {math: "-", text: "-"},
	'\u00a0': {math: "~", text: "~"},
	'\u202f': {math: `\,`, text: `\,`},
	'\u2009': {math: `\,`, text: `\,`},
	'\u2002': {math: " ", text: " "},
	'\u2003': {math: `\quad`, text: `\quad{}`},
	'\u20ac': {math: `\text{\texteuro}`, text: `\texteuro{}`},
	'\u2122': {math: `\text{\texttrademark}`, text: `\texttrademark{}`},
}

// more symbols seen in model output: logic, geometry, circles to fill in, fractions,
// superscript and subscript digits.
func init() {
	for r, math := range map[rune]string{
		'\u2234': `\therefore`, '\u2235': `\because`, '\u2206': `\Delta`, '\u2219': `\cdot`,
		'\u25cb': `\circ`, '\u25ef': `\bigcirc`, '\u25cf': `\bullet`, '\u2611': `\checkmark`,
		'\u2718': `\times`, '\u2216': `\setminus`, '\u2218': `\circ`, '\u2194': `\leftrightarrow`,
		'\u21d4': `\Leftrightarrow`, '\u220f': `\prod`, '\u222b': `\int`, '\u2202': `\partial`,
		'\u223c': `\sim`, '\u221d': `\propto`, '\u230a': `\lfloor`, '\u230b': `\rfloor`,
		'\u2308': `\lceil`, '\u2309': `\rceil`, '\u226a': `\ll`, '\u226b': `\gg`, '\u2223': `\mid`,
		'\u215b': `\frac{1}{8}`, '\u2155': `\frac{1}{5}`, '\u2150': `\frac{1}{7}`, '\u2151': `\frac{1}{9}`,
		'\u2152': `\frac{1}{10}`, '\u2156': `\frac{2}{5}`, '\u2157': `\frac{3}{5}`, '\u2158': `\frac{4}{5}`,
		'\u2159': `\frac{1}{6}`, '\u215a': `\frac{5}{6}`, '\u215c': `\frac{3}{8}`, '\u215d': `\frac{5}{8}`,
		'\u215e': `\frac{7}{8}`, '\u25a2': `\square`, '\u2b1c': `\square`,
		'\u2113': `\ell`, '\u2266': `\leqq`, '\u2267': `\geqq`, '\u2044': `/`, '\u2215': `/`,
		'\u2033': `''`, '\u2200': `\forall`, '\u2203': `\exists`, '\u00ac': `\neg`,
	} {
		if _, ok := uniMap[r]; !ok {
			uniMap[r] = uniForm{math: math}
		}
	}
	for i, r := range []rune("\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079") {
		uniMap[r] = uniForm{math: "^" + string(rune('0'+i))}
	}
	for i := range 10 {
		uniMap[rune(0x2080+i)] = uniForm{math: "_" + string(rune('0'+i))}
	}
	uniMap['\u00a2'] = uniForm{math: `\text{\textcent}`, text: `\textcent{}`}
}

// dropRunes are invisible characters that only confuse pdflatex.
var dropRunes = set("\u200b", "\u200c", "\u200d", "\ufeff", "\u00ad", "\u2060")

// typesettable reports whether pdflatex with T1/utf8 prints r as it is: ASCII and the
// Latin letters of Latin-1 and Latin Extended-A (accented names like José or Zoë).
func typesettable(r rune) bool {
	switch {
	case r < 0x80:
		return true
	case r == 0x126 || r == 0x127 || r == 0x138 || r == 0x13f || r == 0x140 || r == 0x149 ||
		r == 0x166 || r == 0x167 || r == 0x17f:
		return false // Ħ ħ ĸ Ŀ ŀ ŉ Ŧ ŧ ſ: utf8/T1 has no glyph (checked with pdflatex)
	case r >= 0xc0 && r <= 0x17f && r != 0xd7 && r != 0xf7:
		return true
	case r == 0xa3 || r == 0xa7 || r == 0xa9 || r == 0xab || r == 0xbb || r == 0xbf || r == 0xa1 || r == 0xb5:
		return true // £ § © « » ¿ ¡ µ
	}
	return false
}

// Greek letters, which models use for angles and constants.
func init() {
	lower := []string{"alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota",
		"kappa", "lambda", "mu", "nu", "xi", "o", "pi", "rho", "varsigma", "sigma", "tau", "upsilon",
		"phi", "chi", "psi", "omega"}
	for i, name := range lower {
		r := rune(0x03b1 + i)
		if _, ok := uniMap[r]; ok || name == "o" {
			continue
		}
		uniMap[r] = uniForm{math: `\` + name}
	}
	for r, name := range map[rune]string{0x0393: "Gamma", 0x0394: "Delta", 0x0398: "Theta", 0x039b: "Lambda",
		0x039e: "Xi", 0x03a0: "Pi", 0x03a3: "Sigma", 0x03a6: "Phi", 0x03a8: "Psi", 0x03a9: "Omega"} {
		uniMap[r] = uniForm{math: `\` + name}
	}
}

// keepLetter reports whether src[i] is a letter (or a mark on one) that a sheet prints as it
// is: every script's letters are kept, and the sheet's engine is chosen by them
// (latex.WritingOf), which refuses a sheet with a letter no installed font has, so a letter
// is never left out. A Greek letter that uniMap knows is maths when it stands alone (α in
// "angle α"), text next to Greek words; the punctuation and digits of the Arabic, Hebrew and
// CJK scripts (؟ ، ٣ ״ 。 ？) are kept in a text that has their letters.
func keepLetter(src []rune, i int) bool {
	r := src[i]
	if unicode.Is(unicode.Greek, r) && unicode.IsLetter(r) {
		if _, ok := uniMap[r]; ok {
			return near(src, i, func(c rune) bool { return unicode.Is(unicode.Greek, c) && unicode.IsLetter(c) })
		}
		return true
	}
	if f := family(r); f != "" && !unicode.IsLetter(r) {
		return slices.ContainsFunc(src, func(c rune) bool { return unicode.IsLetter(c) && family(c) == f })
	}
	if _, ok := uniMap[r]; ok || typesettable(r) {
		return false
	}
	return unicode.IsLetter(r) || unicode.In(r, unicode.Mn, unicode.Mc) && i > 0 && unicode.IsLetter(src[i-1])
}

// family groups the scripts whose punctuation a sheet keeps with their letters.
func family(r rune) string {
	switch {
	case unicode.Is(unicode.Arabic, r), r == '\u060c', r == '\u061b', r == '\u061f':
		return "arabic"
	case unicode.Is(unicode.Hebrew, r):
		return "hebrew"
	case unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul),
		r >= 0x3000 && r <= 0x303f, r >= 0xff00 && r <= 0xffef:
		return "cjk"
	}
	return ""
}

// near reports whether a neighbour of src[i], either side and across one space, is in.
func near(src []rune, i int, in func(rune) bool) bool {
	for _, d := range []int{-1, 1} {
		j := i + d
		if j >= 0 && j < len(src) && src[j] == ' ' {
			j += d
		}
		if j >= 0 && j < len(src) && in(src[j]) {
			return true
		}
	}
	return false
}

// letter writes a kept letter: as it is in text, in \text{…} inside maths (where TeX prints
// no text letters).
func (s *scanner) letter(c rune) {
	if s.inMath() {
		s.emit(`\text{` + string(c) + `}`)
		return
	}
	s.out = append(s.out, c)
}

// StyledLetter is the plain letter or digit a styled one stands for (the n of ₙ, the x of 𝐱),
// from its compatibility form when that is ASCII; raise is -1 for a letter Unicode lowers, 1
// for one it raises, 0 for one only styled. Only the blocks of styled letters (which the
// fonts never have) are taken, and any character when failed (TeX could not print it).
func StyledLetter(r rune, failed bool) (plain string, raise int, ok bool) {
	lowered := r >= 0x2080 && r <= 0x209c || r >= 0x1d62 && r <= 0x1d6a || r == 0x2c7c
	raised := !lowered && (r >= 0x2070 && r <= 0x207f || r >= 0x1d2c && r <= 0x1dbf)
	if !failed && !lowered && !raised && (r < 0x1d400 || r > 0x1d7ff) {
		return "", 0, false
	}
	k := norm.NFKC.String(string(r))
	if k == string(r) || strings.IndexFunc(k, func(c rune) bool { return c > unicode.MaxASCII || !unicode.IsPrint(c) }) >= 0 {
		return "", 0, false
	}
	switch {
	case lowered:
		return k, -1, true
	case raised:
		return k, 1, true
	}
	return k, 0, true
}

package normalize

import "sheetsmith/worksheet"

// fitColumns widens a table whose rows have more cells than its column spec has columns
// (worksheet.FitColumns), and says so.
func fitColumns(s string, f *fixLog) string {
	s, widened := worksheet.FitColumns(s)
	if widened {
		f.add("Added the columns a table's rows use to its column spec")
	}
	return s
}

// braceMathValues braces the maths values of TikZ options that hold an equals sign
// (worksheet.BraceMathValues), and says so.
func braceMathValues(s string, f *fixLog) string {
	s, changed := worksheet.BraceMathValues(s)
	if changed {
		f.add("Put braces around maths in drawing options")
	}
	return s
}

package skills

import "strings"

// Names are the first names the language's data file gives for word problems.
func (g *Gen) Names() []string { return strings.Split(g.T("names"), ",") }

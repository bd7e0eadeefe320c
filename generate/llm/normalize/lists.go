package normalize

import (
	"regexp"
	"strings"
)

var (
	tasksBegin = regexp.MustCompile(`\\begin\{tasks\}(?:\[[^\]]*\])?(?:\(\d+\))?`)
	tasksItem  = regexp.MustCompile(`\\task\b\*?(?:\(\d+\))?(?:\[[^\]]*\])?`)
)

// tasksAsList reads the tasks package's list (\begin{tasks}(2) \task …), which the server does
// not load, as the enumerate list it stands for (which the reader reads as questions).
func tasksAsList(body string, f *fixLog) string {
	if !tasksBegin.MatchString(body) {
		return body
	}
	f.add(`Read the tasks environment as a list`)
	body = tasksBegin.ReplaceAllString(body, `\begin{enumerate}`)
	body = strings.ReplaceAll(body, `\end{tasks}`, `\end{enumerate}`)
	return tasksItem.ReplaceAllString(body, `\item`)
}

package skills

import (
	"slices"
	"strings"

	"sheetsmith/worksheet"
)

// Mean, median, mode and range of a small data set: 6.SP.B.5c (measures of center and
// variability). The data are made so that the mean is a whole number and one value, the mode,
// occurs more often than any other; an even count's median may be a half.
var _ = register(&Skill{ID: "mean-median-mode", Constraints: []string{TakesSize}, Family: "statistics", Grades: [2]int{6, 7}, Standard: "6.SP.B.5c",
	Make: func(g *Gen) Item {
		n := pick(g.R, byLevel[int64](g.P.Level, 5, 5, 6, 8), byLevel[int64](g.P.Level, 5, 7, 8, 10))
		hi := byLevel[int64](g.P.Level, 10, 20, 50, 100)
		if g.P.Size > 0 { // "each with 7 numbers"
			n = min(max(g.P.Size, 3), 12)
			hi = max(hi, 2*n)
		}
		var data []int64
		for try := 0; try < 500; try++ {
			data = data[:0]
			mode := pick(g.R, 1, hi)
			data = append(data, mode, mode)
			for int64(len(data)) < n {
				if v := pick(g.R, 1, hi); !slices.Contains(data, v) {
					data = append(data, v)
				}
			}
			// the last value makes the sum a multiple of n, staying in range and unlike the others
			var sum int64
			for _, v := range data[:n-1] {
				sum += v
			}
			last := data[n-1] - (sum+data[n-1])%n
			if last >= 1 && !slices.Contains(data[:n-1], last) {
				data[n-1] = last
				break
			}
		}
		g.R.Shuffle(len(data), func(i, j int) { data[i], data[j] = data[j], data[i] })
		sorted := slices.Clone(data)
		slices.Sort(sorted)
		var sum int64
		var list []string
		for _, v := range data {
			sum += v
			list = append(list, Num(v))
		}
		median := decAnswer(sorted[n/2]*10, 1)
		if n%2 == 0 {
			median = decAnswer((sorted[n/2-1]+sorted[n/2])*5, 1)
		}
		var mode int64
		for i := 1; i < len(sorted); i++ {
			if sorted[i] == sorted[i-1] {
				mode = sorted[i]
			}
		}
		return Item{Q: worksheet.Question{Kind: worksheet.KindBlank, Space: noSpace(),
			Text:   g.T("stats.q", m(strings.Join(list, ",\\ "))),
			Blanks: []worksheet.Answer{number(sum / n), median, number(mode), number(sorted[n-1] - sorted[0])}}, Nums: data}
	}})

package offline

// standard is what a Common Core code asks for: its grade, the skills that practise it, and
// the size of the numbers it names ("within 20"). A request that names skills in words takes
// only the code's grade.
type standard struct {
	grade  int
	skills []string
	max    int64
}

var ops4Decimals = []string{"add-decimals", "subtract-decimals", "multiply-decimals", "divide-decimals"}

// standards are the Common Core math codes (K–8) the offline skills practise.
var standards = map[string]standard{
	"K.CC.4": {0, []string{"count-objects"}, 0}, "K.CC.5": {0, []string{"count-objects"}, 0},
	"K.CC.6": {0, []string{"compare-numbers"}, 10}, "K.CC.7": {0, []string{"compare-numbers"}, 10},
	"K.OA.1": {0, []string{"addition", "subtraction"}, 10}, "K.OA.2": {0, []string{"word-problems-add-sub"}, 10},
	"K.OA.3": {0, []string{"number-bonds"}, 10}, "K.OA.4": {0, []string{"missing-addend"}, 10},
	"K.OA.5": {0, []string{"addition", "subtraction"}, 5}, "K.NBT.1": {0, []string{"tens-ones"}, 0},

	"1.OA.1": {1, []string{"word-problems-add-sub"}, 0}, "1.OA.4": {1, []string{"missing-addend"}, 20},
	"1.OA.6": {1, []string{"addition", "subtraction"}, 20}, "1.OA.8": {1, []string{"missing-addend"}, 20},
	"1.NBT.2": {1, []string{"tens-ones"}, 0}, "1.NBT.3": {1, []string{"compare-numbers"}, 100},
	"1.NBT.4": {1, []string{"addition"}, 100}, "1.NBT.6": {1, []string{"subtraction"}, 100},
	"1.MD.3": {1, []string{"telling-time"}, 0}, "1.G.3": {1, []string{"fraction-models"}, 0},

	"2.OA.1": {2, []string{"word-problems-add-sub"}, 0}, "2.OA.2": {2, []string{"addition", "subtraction"}, 20},
	"2.OA.3": {2, []string{"even-odd"}, 0}, "2.NBT.1": {2, []string{"place-value"}, 0},
	"2.NBT.2": {2, []string{"skip-counting"}, 0}, "2.NBT.3": {2, []string{"expanded-form"}, 0},
	"2.NBT.4": {2, []string{"compare-numbers"}, 1000}, "2.NBT.5": {2, []string{"addition", "subtraction"}, 100},
	"2.NBT.7": {2, []string{"addition", "subtraction"}, 1000}, "2.MD.7": {2, []string{"telling-time"}, 0},
	"2.MD.8": {2, []string{"counting-money", "money-word-problems"}, 0}, "2.G.3": {2, []string{"fraction-models"}, 0},

	"3.OA.3": {3, []string{"word-problems-mul-div"}, 0}, "3.OA.4": {3, []string{"multiplication", "division"}, 0},
	"3.OA.7": {3, []string{"multiplication", "division"}, 0}, "3.OA.8": {3, []string{"word-problems-two-step"}, 0},
	"3.NBT.1": {3, []string{"rounding"}, 0}, "3.NBT.2": {3, []string{"addition", "subtraction"}, 1000},
	"3.NF.1": {3, []string{"fraction-models"}, 0}, "3.NF.2": {3, []string{"fraction-number-line"}, 0},
	"3.NF.3": {3, []string{"equivalent-fractions", "compare-fractions"}, 0}, "3.MD.1": {3, []string{"telling-time", "elapsed-time"}, 0},
	"3.MD.7": {3, []string{"area-rectangles"}, 0}, "3.MD.8": {3, []string{"perimeter-rectangles"}, 0},

	"4.OA.3": {4, []string{"word-problems-two-step"}, 0}, "4.NBT.2": {4, []string{"expanded-form", "compare-numbers"}, 0},
	"4.NBT.3": {4, []string{"rounding"}, 0}, "4.NBT.4": {4, []string{"addition", "subtraction"}, 0},
	"4.NBT.5": {4, []string{"multi-digit-multiplication"}, 0}, "4.NBT.6": {4, []string{"long-division"}, 0},
	"4.NF.1": {4, []string{"equivalent-fractions"}, 0}, "4.NF.2": {4, []string{"compare-fractions"}, 0},
	"4.NF.3": {4, []string{"add-fractions", "subtract-fractions"}, 0}, "4.NF.4": {4, []string{"multiply-fractions"}, 0},
	"4.NF.6": {4, []string{"fraction-to-decimal"}, 0}, "4.MD.1": {4, []string{"unit-conversions"}, 0},
	"4.MD.2": {4, []string{"elapsed-time", "making-change", "money-word-problems"}, 0}, "4.MD.3": {4, []string{"area-rectangles", "perimeter-rectangles"}, 0},
	"4.MD.7": {4, []string{"angles"}, 0}, "4.OA.4": {4, []string{"list-factors", "prime-composite"}, 0},

	"5.OA.1": {5, []string{"order-of-operations"}, 0}, "5.NBT.4": {5, []string{"rounding-decimals"}, 0},
	"5.NBT.5": {5, []string{"multi-digit-multiplication"}, 0}, "5.NBT.6": {5, []string{"long-division"}, 0},
	"5.NBT.7": {5, ops4Decimals, 0}, "5.NF.1": {5, []string{"add-fractions", "subtract-fractions"}, 0},
	"5.NF.2": {5, []string{"add-fractions", "subtract-fractions"}, 0}, "5.NF.4": {5, []string{"multiply-fractions"}, 0},
	"5.NF.7": {5, []string{"divide-fractions"}, 0}, "5.MD.1": {5, []string{"unit-conversions"}, 0},
	"5.MD.5": {5, []string{"volume"}, 0},

	"6.RP.1": {6, []string{"ratios"}, 0}, "6.RP.2": {6, []string{"unit-rates"}, 0},
	"6.RP.3": {6, []string{"unit-rates", "percent-of"}, 0}, "6.NS.1": {6, []string{"divide-fractions"}, 0},
	"6.NS.2": {6, []string{"long-division"}, 0}, "6.NS.3": {6, ops4Decimals, 0},
	"6.EE.1": {6, []string{"exponents"}, 0}, "6.EE.2": {6, []string{"evaluate-expressions"}, 0},
	"6.EE.3": {6, []string{"distributive-property", "combine-like-terms"}, 0}, "6.EE.7": {6, []string{"one-step-equations"}, 0},
	"6.EE.8": {6, []string{"inequalities"}, 0}, "6.G.1": {6, []string{"area-triangles", "area-parallelograms", "area-trapezoids", "composite-area"}, 0},
	"6.G.2": {6, []string{"volume"}, 0}, "6.NS.4": {6, []string{"gcf", "lcm"}, 0},
	"6.SP.3": {6, []string{"mean-median-mode"}, 0}, "6.SP.5": {6, []string{"mean-median-mode"}, 0},

	"7.NS.1": {7, []string{"add-integers", "subtract-integers"}, 0}, "7.NS.2": {7, []string{"multiply-integers", "divide-integers"}, 0},
	"7.RP.1": {7, []string{"unit-rates"}, 0}, "7.RP.2": {7, []string{"proportions"}, 0},
	"7.RP.3": {7, []string{"percent-change"}, 0}, "7.EE.1": {7, []string{"combine-like-terms", "distributive-property"}, 0},
	"7.EE.4": {7, []string{"two-step-equations", "inequalities"}, 0}, "7.G.5": {7, []string{"angles"}, 0},
	"7.G.4": {7, []string{"circle-circumference", "circle-area"}, 0}, "7.SP.5": {7, []string{"probability"}, 0},
	"7.SP.7": {7, []string{"probability"}, 0}, "8.G.7": {8, []string{"pythagorean-theorem"}, 0},

	"8.EE.1": {8, []string{"exponent-properties"}, 0}, "8.EE.7": {8, []string{"multi-step-equations"}, 0},
	"8.EE.2": {8, []string{"square-roots"}, 0}, "8.EE.3": {8, []string{"scientific-notation"}, 0},
	"8.EE.4": {8, []string{"scientific-notation"}, 0}, "8.EE.8": {8, []string{"systems-of-equations"}, 0},
	"8.EE.6": {8, []string{"slope"}, 0},

	"8.F.1": {8, []string{"function-notation"}, 0}, "8.F.3": {8, []string{"slope-intercept"}, 0},
	"8.F.4": {8, []string{"slope", "slope-intercept"}, 0},
}

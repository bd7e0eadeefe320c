// Example requests offered as chips under the prompt box. The offline engine writes arithmetic
// practice and word sheets from the teacher's own words (docs/WORDSHEETS.md), so its examples
// are ones it can serve; a language model can do much more.

export const OFFLINE_EXAMPLES = [
  '20 two-digit addition problems for grade 2',
  'The 7 times table',
  'Division with remainders for grade 4, in two columns',
  'Simplify fractions, 12 problems',
  'Round to the nearest 100',
  'Word search with these words: sun, moon, star, planet, comet, orbit',
] as const;

export const MODEL_EXAMPLES = [
  'A short reading passage about the water cycle with 5 comprehension questions for grade 4',
  '10 multiple-choice questions on the causes of World War I',
  '12 two-step word problems with money for grade 3',
  '15 fill-in-the-blank Spanish sentences about food',
  'Solve linear equations in one variable, 10 problems, with space to show work',
] as const;

/** The examples for the server's engine (from /api/config); offline until it is known to be a model. */
export function examplePrompts(engine: string | undefined): readonly string[] {
  return engine === 'openai' ? MODEL_EXAMPLES : OFFLINE_EXAMPLES;
}

/**
 * How many generated cases a bad-input property (`*.bad-input.test.ts`, fast-check) tries. CI
 * (`CI=true`, set by .ci/run) runs the file's full count; a local run tries LOCAL_RUNS, enough to
 * catch a route that answers 500 to a malformed field, in a fraction of the time. BAD_INPUT_RUNS
 * overrides both (e.g. BAD_INPUT_RUNS=1000 to search harder after touching a schema).
 */
const LOCAL_RUNS = 40;

export function badInputRuns(ciRuns: number): number {
  const override = Number(process.env.BAD_INPUT_RUNS);
  if (Number.isSafeInteger(override) && override > 0) return override;
  return process.env.CI === 'true' ? ciRuns : Math.min(ciRuns, LOCAL_RUNS);
}

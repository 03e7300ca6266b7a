/** A 0–1 rate as a whole percentage, or a dash when there was nothing to count. */
export const percent = (rate: number | null | undefined) =>
  rate === null || rate === undefined ? '—' : `${Math.round(rate * 100)}%`;

/** A 0–1 rate as a chart value in percent (null stays a gap). */
export const chartPercent = (rate: number | null | undefined) =>
  rate === null || rate === undefined ? null : Math.round(rate * 1000) / 10;

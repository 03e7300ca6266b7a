/**
 * An inspection percentage as every screen shows it (issue 48): the one decimal the score keeps
 * (contract/forms.ts scoreInspection), or a dash when nothing scored was answered.
 */
export const scorePercent = (value: number | null) => (value === null ? '—' : `${value}%`);

import { StateChip } from '../../components/StateChip';

/** Passed or failed against the template's pass mark; nothing without one (or without a score). */
export function ScoreChip({ passed }: { passed: boolean | null }) {
  if (passed === null) return null;
  return passed ? (
    <StateChip label="inspections.passed" color="success" />
  ) : (
    <StateChip label="inspections.failed" color="error" />
  );
}

/** "80%", or a dash while nothing scored has been answered. */
export const percentText = (
  percentage: number | null,
  translate: (key: string, options?: Record<string, unknown>) => string,
) => (percentage === null ? '—' : translate('inspections.score.percent', { value: percentage }));

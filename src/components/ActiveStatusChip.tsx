import { StateChip } from './StateChip';

/** Active (filled, green) or anything else (outlined), in the words of `<prefix>.status.<status>`. */
export function ActiveStatusChip({ status, prefix }: { status: string; prefix: string }) {
  const active = status === 'active';
  return (
    <StateChip
      label={`${prefix}.status.${status}`}
      color={active ? 'success' : 'default'}
      outlined={!active}
    />
  );
}

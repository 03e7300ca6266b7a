import type { ReactNode } from 'react';
import { LoadingIndicator, useRecordContext } from 'react-admin';
import type { FormTemplate } from '../../../contract/api/forms';

/**
 * Its children once the record holds its definition. A list's rows fill the detail cache without
 * one (rows carry counts, not questions), so a template opened from the list first has none until
 * its own answer arrives; a builder started then would begin empty.
 */
export function WithDefinition({ children }: { children: ReactNode }) {
  const record = useRecordContext<Partial<FormTemplate>>();
  if (record && !record.definition) return <LoadingIndicator />;
  return <>{children}</>;
}

import type { AppFolder } from '../../routing/types';

/** Inspections (issue 48) under Audit: /audit/inspection… (inspection module). */
export const inspections: AppFolder = { routes: [] };

import { useEffect } from 'react';
import { useSessionUser } from './useSession';

/** "Page · Tenant" in the browser tab, so people with several tabs open can tell them apart. */
export function useDocumentTitle(title: string): void {
  const tenant = useSessionUser()?.tenant.name ?? 'Storeline';
  useEffect(() => {
    document.title = `${title} · ${tenant}`;
  }, [title, tenant]);
}

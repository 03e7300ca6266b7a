import { createContext, type ReactNode, useContext } from 'react';
import type { ScreenRegistry } from './types';

const ScreenRegistryContext = createContext<ScreenRegistry | undefined>(undefined);

/** Hands the app's registry to the layout and pages below (AdminApp mounts it once). */
export function ScreenRegistryProvider({
  registry,
  children,
}: {
  registry: ScreenRegistry;
  children: ReactNode;
}) {
  return <ScreenRegistryContext.Provider value={registry}>{children}</ScreenRegistryContext.Provider>;
}

/** The registered screens; only inside AdminApp, where every caller is. */
export function useScreenRegistry(): ScreenRegistry {
  const registry = useContext(ScreenRegistryContext);
  if (!registry) throw new Error('useScreenRegistry needs the ScreenRegistryProvider that AdminApp mounts');
  return registry;
}

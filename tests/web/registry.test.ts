// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { endpointsFor } from '../../src/providers/dataProvider/endpoints';
import { moduleOfResource } from '../../src/providers/resourceAccess';
import { type AppFolder, isResource } from '../../src/routing/types';
import { RESOURCES, SCREENS } from '../../src/screenRegistry';

const APP_ROUTES = SCREENS.routes;

// Every folder's index.ts, found on disk: a folder that declares screens but is missing from the
// one registration list (src/screenRegistry.ts) would be a screen nobody can open.
const indexes = import.meta.glob<Record<string, unknown>>(
  ['../../src/resources/*/index.ts', '../../src/customRoutes/*/index.ts'],
  { eager: true },
);

const isFolder = (value: unknown): value is AppFolder =>
  typeof value === 'object' && value !== null && Array.isArray((value as { routes?: unknown }).routes);

const declared = Object.entries(indexes).flatMap(([file, exports]) =>
  Object.values(exports)
    .filter(isFolder)
    .map((folder) => ({ file, folder })),
);

describe('the screen registry', () => {
  it('finds the folders on disk', () => {
    expect(declared.length).toBeGreaterThanOrEqual(15);
  });

  it('mounts every route a folder declares, exactly once', () => {
    const paths = APP_ROUTES.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const { file, folder } of declared) {
      for (const route of folder.routes) expect(paths, `${route.path} of ${file}`).toContain(route.path);
    }
  });

  it('registers every resource with its module and endpoints, under the name screens use', () => {
    const resources = declared.map(({ folder }) => folder).filter(isResource);
    expect(RESOURCES.map((r) => r.name).sort()).toEqual(resources.map((r) => r.name).sort());
    for (const resource of RESOURCES) {
      expect(moduleOfResource(RESOURCES, resource.name)).toBe(resource.module);
      expect(endpointsFor(RESOURCES, resource.name).base).toMatch(/^\/api\//);
      // A resource's screens are rendered inside its ResourceContextProvider.
      const mounted = APP_ROUTES.filter((route) => route.resource === resource.name);
      expect(mounted.map((r) => r.path)).toEqual(resource.routes.map((r) => r.path));
    }
  });
});

import type { ManifestOptions } from 'vite-plugin-pwa';

/** The brand's colour; a tenant's own primary colour replaces it in the page at sign-in (themeColour.ts). */
export const BRAND_COLOUR = '#6b4fbb';

/**
 * The web app manifest (issue 30): what a phone needs to install Storeline and open it like an
 * app. The icons are generated from public/favicon.svg by the build and added to it.
 */
export const pwaManifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'Storeline',
  short_name: 'Storeline',
  description: 'Store tasks and communications, also on a weak signal',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  theme_color: BRAND_COLOUR,
  background_color: '#ffffff',
  lang: 'en',
};

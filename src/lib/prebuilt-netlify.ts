import netlify from '@astrojs/netlify';
import type { AstroIntegration } from 'astro';

type NetlifyOptions = Parameters<typeof netlify>[0];
type ConfigDoneParams = Parameters<NonNullable<AstroIntegration['hooks']['astro:config:done']>>[0];

/**
 * Netlify's adapter, declaring the build static: every page here is prebuilt and every server route
 * is a function of netlify/functions. Left to itself the adapter makes Astro build in server mode and
 * deploys an "Astro SSR" function at `/*` that answers wherever no file does. On Netlify a function's
 * path is matched before the redirect rules, so that function would answer /orders/<number> (a mail's
 * order link) and unknown products with its 404 page instead of netlify.toml's rewrites. Built static,
 * the adapter writes no such function, and the build no longer bundles a server entry for it.
 */
export function prebuiltNetlify(options: NetlifyOptions): AstroIntegration {
  const adapter = netlify(options);
  const configDone = adapter.hooks['astro:config:done'];
  if (!configDone) return adapter;
  return {
    ...adapter,
    hooks: {
      ...adapter.hooks,
      'astro:config:done': (params) => {
        // The parameters keep their getters (`buildOutput` is read after setAdapter has run).
        const staticParams = Object.defineProperties({}, Object.getOwnPropertyDescriptors(params)) as ConfigDoneParams;
        staticParams.setAdapter = (adapterSettings) =>
          params.setAdapter({ ...adapterSettings, adapterFeatures: { ...adapterSettings.adapterFeatures, buildOutput: 'static' } });
        return configDone(staticParams);
      },
    },
  };
}

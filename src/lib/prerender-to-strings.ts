import type { AstroIntegration, AstroPrerenderer } from 'astro';

type SetPrerenderer = Parameters<NonNullable<AstroIntegration['hooks']['astro:build:start']>>[0]['setPrerenderer'];

/** What Astro's default prerenderer holds once set up: the app whose flag picks streamed or string rendering. */
interface PrerenderApp {
  resolveStreaming: () => boolean | undefined;
}

const hasPrerenderApp = (prerenderer: AstroPrerenderer): prerenderer is AstroPrerenderer & { app: PrerenderApp } => {
  const app = (prerenderer as { app?: unknown }).app;
  return typeof app === 'object' && app !== null && typeof (app as Partial<PrerenderApp>).resolveStreaming === 'function';
};

/** Astro's default prerenderer, drawing every page to one string rather than a stream of encoded chunks. */
export function prerenderingToStrings(defaultPrerenderer: AstroPrerenderer): AstroPrerenderer {
  return {
    ...defaultPrerenderer,
    name: 'prerender-to-strings',
    async setup() {
      await defaultPrerenderer.setup?.();
      if (!hasPrerenderApp(defaultPrerenderer)) {
        throw new Error("Astro's default prerenderer no longer holds an app with resolveStreaming(); src/lib/prerender-to-strings.ts needs reading again.");
      }
      defaultPrerenderer.app.resolveStreaming = () => false;
    },
    getStaticPaths: () => defaultPrerenderer.getStaticPaths(),
    render: (request, options) => defaultPrerenderer.render(request, options),
    teardown: () => defaultPrerenderer.teardown?.() ?? Promise.resolve(),
  };
}

/**
 * A build with a page drawn on request (Hindi product and list pages) is a "server" build, and Astro
 * then prerenders every other page as a stream: each chunk encoded to bytes and read back, about a
 * tenth of a 100,000-product build's CPU in its profile (and garbage to collect), for pages written
 * whole to files. A fully static build draws them to strings; this gives this build's prebuilt pages the same.
 * The prerenderer is set once the build's Vite configuration is made: set earlier, Astro expects the
 * adapter to bring its own prerender entry, which Netlify's does not.
 */
export function prerenderToStrings(): AstroIntegration {
  let setPrerenderer: SetPrerenderer | undefined;
  return {
    name: 'prerender-to-strings',
    hooks: {
      'astro:build:start': ({ setPrerenderer: set }) => {
        setPrerenderer = set;
      },
      'astro:build:setup': ({ target }) => {
        if (target === 'server') setPrerenderer?.(prerenderingToStrings);
      },
    },
  };
}

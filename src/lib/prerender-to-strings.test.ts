import type { AstroIntegration, AstroPrerenderer } from 'astro';
import { describe, expect, it, vi } from 'vitest';
import { prerenderingToStrings, prerenderToStrings } from './prerender-to-strings';

/** Astro's default prerenderer as the build hands it over: its app streams until told otherwise. */
function defaultPrerenderer(app: object | null = { resolveStreaming: () => undefined }) {
  const prerenderer: AstroPrerenderer & { app?: object } = {
    name: 'astro:default',
    setup: vi.fn(async () => {
      if (app) prerenderer.app = app;
    }),
    getStaticPaths: vi.fn(async () => []),
    render: vi.fn(async () => new Response('<html></html>')),
    teardown: vi.fn(async () => undefined),
  };
  return prerenderer;
}

describe('prerendering to strings', () => {
  it("sets up Astro's own prerenderer, then has its app draw pages to strings", async () => {
    const original = defaultPrerenderer();
    const wrapped = prerenderingToStrings(original);
    await wrapped.setup!();
    expect(original.setup).toHaveBeenCalledOnce();
    expect((original.app as { resolveStreaming: () => unknown }).resolveStreaming()).toBe(false);
  });

  it("leaves paths, rendering and teardown to Astro's prerenderer", async () => {
    const original = defaultPrerenderer();
    const wrapped = prerenderingToStrings(original);
    const request = new Request('http://localhost/products');
    const options = { routeData: {} as never };
    expect(await (await (wrapped.render(request, options) as Promise<Response>)).text()).toBe('<html></html>');
    expect(original.render).toHaveBeenCalledWith(request, options);
    await wrapped.getStaticPaths();
    await wrapped.teardown!();
    expect(original.getStaticPaths).toHaveBeenCalledOnce();
    expect(original.teardown).toHaveBeenCalledOnce();
  });

  it('stops the build, naming this file, when Astro no longer holds such an app', async () => {
    await expect(prerenderingToStrings(defaultPrerenderer({})).setup!()).rejects.toThrow(/prerender-to-strings\.ts needs reading again/);
    await expect(prerenderingToStrings(defaultPrerenderer(null)).setup!()).rejects.toThrow(/resolveStreaming/);
  });
});

describe('the integration', () => {
  type Hooks = AstroIntegration['hooks'];
  const run = (target: 'server' | 'client') => {
    const hooks = prerenderToStrings().hooks as Required<Pick<Hooks, 'astro:build:start' | 'astro:build:setup'>>;
    const setPrerenderer = vi.fn();
    void hooks['astro:build:start']({ setPrerenderer, logger: {} as never });
    void hooks['astro:build:setup']({ target, vite: {}, pages: new Map(), updateConfig: vi.fn(), logger: {} as never });
    return setPrerenderer;
  };

  it("sets the prerenderer once the server build's configuration is made", () => {
    expect(run('server')).toHaveBeenCalledWith(prerenderingToStrings);
  });

  it('leaves the client build alone', () => {
    expect(run('client')).not.toHaveBeenCalled();
  });
});

// @ts-check
import { defineConfig, envField } from 'astro/config';
import react from '@astrojs/react';
import netlify from '@astrojs/netlify';
import tailwindcss from '@tailwindcss/vite';
import { loadEnv } from 'vite';

const env = { ...loadEnv('production', process.cwd(), ''), ...process.env };

// The well-known anon key of a local Supabase stack (Supabase CLI and our emulator share its JWT
// secret); public by design, overridden by PUBLIC_SUPABASE_ANON_KEY for a hosted project.
const LOCAL_SUPABASE_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

export default defineConfig({
  site: env.SITE_URL ?? env.URL ?? 'http://localhost:8888',
  output: 'static',
  trailingSlash: 'ignore',
  adapter: netlify({ devFeatures: { edgeFunctions: false, images: false, environmentVariables: false }, imageCDN: false }),
  integrations: [react()],
  prefetch: false,
  build: { inlineStylesheets: 'always' },
  env: {
    schema: {
      PUBLIC_SUPABASE_URL: envField.string({ context: 'client', access: 'public', default: 'http://127.0.0.1:54321' }),
      PUBLIC_SUPABASE_ANON_KEY: envField.string({ context: 'client', access: 'public', default: LOCAL_SUPABASE_ANON_KEY }),
      PUBLIC_RAZORPAY_KEY_ID: envField.string({ context: 'client', access: 'public', default: 'rzp_test_localemulator' }),
      PUBLIC_RAZORPAY_CHECKOUT_URL: envField.string({ context: 'client', access: 'public', default: 'http://127.0.0.1:54330/v1/checkout.js' }),
    },
  },
  vite: { plugins: [tailwindcss()] },
});

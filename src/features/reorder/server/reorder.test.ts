import { describe, expect, it } from 'vitest';
import hindi from '../../../domain/strings/languages/hi';
import { reorderStrings } from '../../../domain/reorder-strings';
import { reorderHandler, type ReorderDependencies } from './reorder';

const deps = () => ({ env: { ORDER_LINK_SECRET: 'a-test-secret-of-at-least-thirty-two-bytes!' } }) as ReorderDependencies;
const reorder = (language?: string) =>
  reorderHandler(
    new Request('https://www.medikart.in/api/orders/reorder', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ reminder: '5b0f2a7e-1c3d-4e5f-8a9b-0c1d2e3f4a5b', key: 'A'.repeat(43), ...(language ? { language } : {}) }),
    }),
    deps,
  );

describe('a reorder link that is not ours', () => {
  it('is refused in the reorder page’s language: English, or Hindi from /hi/reorder', async () => {
    expect(await (await reorder()).json()).toEqual({ error: reorderStrings.badReminderLink });
    const inHindi = await reorder('hi');
    expect(inHindi.status).toBe(403);
    expect(await inHindi.json()).toEqual({ error: hindi.text.reorder.badReminderLink });
  });
});

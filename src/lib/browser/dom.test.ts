import { describe, expect, it } from 'vitest';
import { nextTask } from './dom';

describe('drawing in a task of its own', () => {
  it('waits for the tasks already queued, not only for promises', async () => {
    const happened: string[] = [];
    setTimeout(() => happened.push('task queued before'));
    void Promise.resolve().then(() => happened.push('promise'));
    await nextTask();
    happened.push('drawn');
    expect(happened).toEqual(['promise', 'task queued before', 'drawn']);
  });
});

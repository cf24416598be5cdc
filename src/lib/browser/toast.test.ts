import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $toast, dismissToast, showToast, TOAST_DURATION_MS } from './toast';

describe('toast store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    const visible = $toast.get();
    if (visible) dismissToast(visible.id);
    vi.useRealTimers();
  });

  it('shows a notification with its kind and message', () => {
    showToast('success', 'Files selected for upload');
    expect($toast.get()).toMatchObject({ kind: 'success', message: 'Files selected for upload' });
  });

  it('keeps at most one: a new notification replaces the visible one', () => {
    showToast('info', 'first');
    showToast('error', 'second');
    expect($toast.get()).toMatchObject({ kind: 'error', message: 'second' });
  });

  it('hides itself after the duration', () => {
    showToast('info', 'soon gone');
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect($toast.get()?.message).toBe('soon gone');
    vi.advanceTimersByTime(1);
    expect($toast.get()).toBeNull();
  });

  it('gives a replacing notification its own full duration', () => {
    showToast('info', 'first');
    vi.advanceTimersByTime(TOAST_DURATION_MS - 100);
    showToast('success', 'second');
    vi.advanceTimersByTime(200);
    expect($toast.get()?.message).toBe('second');
    vi.advanceTimersByTime(TOAST_DURATION_MS);
    expect($toast.get()).toBeNull();
  });

  it('dismissing an old id leaves the newer notification visible', () => {
    showToast('info', 'first');
    const firstId = $toast.get()!.id;
    showToast('success', 'second');
    dismissToast(firstId);
    expect($toast.get()?.message).toBe('second');
    dismissToast($toast.get()!.id);
    expect($toast.get()).toBeNull();
  });
});

import { atom } from 'nanostores';

export type ToastKind = 'success' | 'error' | 'info';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

/** The look of each kind, shared by the React Toaster and the plain-DOM one. */
export const TOAST_KIND_CLASSES: Record<ToastKind, string> = {
  success: 'border-brand-600 bg-brand-50 text-brand-900',
  error: 'border-red-600 bg-red-50 text-red-900',
  info: 'border-slate-400 bg-white text-slate-900',
};

/** How long a notification stays before it hides itself. */
export const TOAST_DURATION_MS = 4000;

/** The one visible transient notification: the spec allows at most one at a time. */
export const $toast = atom<Toast | null>(null);

let nextId = 1;
let hideTimer: ReturnType<typeof setTimeout> | undefined;

/** Shows a notification, replacing any visible one, and hides it after TOAST_DURATION_MS. */
export function showToast(kind: ToastKind, message: string): void {
  clearTimeout(hideTimer);
  const toast = { id: nextId++, kind, message };
  $toast.set(toast);
  hideTimer = setTimeout(() => dismissToast(toast.id), TOAST_DURATION_MS);
}

/** Hides the notification with this id; a newer one that replaced it stays. */
export function dismissToast(id: number): void {
  if ($toast.get()?.id === id) {
    clearTimeout(hideTimer);
    $toast.set(null);
  }
}

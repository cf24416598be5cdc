import { $toast, dismissToast, TOAST_KIND_CLASSES } from './toast';

/**
 * Shows the one notification on pages that have no island with a <Toaster> (a product page, the
 * landing page), in plain DOM: e.g. the notice that a signed-in cart keeps failing to sync.
 */
let following = false;

export function followToastsOutsideIslands(): void {
  // Both the header's start-up and a page's own script may ask; one region shows the toast.
  if (following) return;
  following = true;
  let region: HTMLElement | null = null;
  $toast.subscribe((toast) => {
    if (document.querySelector('[data-toaster]')) return;
    if (!region) {
      region = document.createElement('div');
      region.setAttribute('role', 'status');
      region.setAttribute('aria-live', 'polite');
      region.className = 'pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4';
      document.body.append(region);
    }
    region.replaceChildren();
    if (!toast) return;
    const box = document.createElement('div');
    box.className = `pointer-events-auto flex max-w-md items-start gap-3 rounded-lg border-l-4 px-4 py-3 shadow-lg ${TOAST_KIND_CLASSES[toast.kind]}`;
    box.dataset.kind = toast.kind;
    const text = document.createElement('p');
    text.className = 'text-sm font-medium';
    text.textContent = toast.message;
    const close = document.createElement('button');
    close.type = 'button';
    close.className = 'ml-auto text-sm opacity-70 hover:opacity-100';
    close.setAttribute('aria-label', 'Dismiss notification');
    close.textContent = '×';
    close.addEventListener('click', () => dismissToast(toast.id));
    box.append(text, close);
    region.append(box);
  });
}

import { useStore } from '@nanostores/react';
import { $toast, dismissToast, TOAST_KIND_CLASSES } from './toast';

/** The polite live region that announces the one visible notification; render once per island. */
export function Toaster() {
  const toast = useStore($toast);
  return (
    <div data-toaster aria-live="polite" role="status" className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4">
      {toast && (
        <div
          key={toast.id}
          data-kind={toast.kind}
          className={`pointer-events-auto flex max-w-md items-start gap-3 rounded-lg border-l-4 px-4 py-3 shadow-lg ${TOAST_KIND_CLASSES[toast.kind]}`}
        >
          <p className="text-sm font-medium">{toast.message}</p>
          <button
            type="button"
            onClick={() => dismissToast(toast.id)}
            className="ml-auto text-sm opacity-70 hover:opacity-100"
            aria-label="Dismiss notification"
          >
            ×
          </button>
        </div>
      )}
    </div>
  );
}

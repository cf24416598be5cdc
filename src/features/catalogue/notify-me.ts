import { hasStoredSession } from '../../lib/browser/auth-storage';
import { loadSupabase } from '../../lib/browser/load-supabase';

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
/** Postgres' unique violation: this email already asked about this product. */
const ALREADY_ASKED = '23505';


/**
 * "Notify me" on a sold-out product: the email (the signed-in customer's, until they change it)
 * goes to the insert-only stock_alerts table; asking twice counts as done.
 */
export function enhanceNotifyMe(form: HTMLFormElement): void {
  const input = form.querySelector<HTMLInputElement>('input[name="email"]');
  const status = form.querySelector<HTMLElement>('[data-notify-status]');
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const productId = Number(form.dataset.productId);
  if (!input || !status || !button || !Number.isInteger(productId)) return;

  // Only a signed-in visitor pays for supabase-js up front, to see their own email in the box.
  if (hasStoredSession()) {
    void loadSupabase()
      .then((supabase) => supabase.auth.getUser())
      .then(({ data }) => {
        if (data.user?.email && input.value === '') input.value = data.user.email;
      })
      .catch(() => undefined);
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const email = input.value.trim();
    if (!EMAIL.test(email)) {
      status.textContent = form.dataset.invalidEmail!;
      input.setAttribute('aria-invalid', 'true');
      input.focus();
      return;
    }
    input.removeAttribute('aria-invalid');
    button.disabled = true;
    try {
      const supabase = await loadSupabase();
      const { data } = await supabase.auth.getSession();
      const { error } = await supabase.from('stock_alerts').insert({ product_id: productId, email, user_id: data.session?.user.id ?? null });
      status.textContent = !error || error.code === ALREADY_ASKED ? form.dataset.saved! : form.dataset.failed!;
    } catch {
      status.textContent = form.dataset.failed!;
    } finally {
      button.disabled = false;
    }
  });
}

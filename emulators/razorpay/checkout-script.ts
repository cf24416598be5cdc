/**
 * The stand-in for https://checkout.razorpay.com/v1/checkout.js: same constructor, options and
 * events, with an accessible in-page modal whose Pay / Fail / Cancel buttons call the emulator.
 */
export function checkoutScript(apiBase: string): string {
  return `(() => {
  'use strict';
  const API = ${JSON.stringify(apiBase)};
  const DIALOG_NAME = 'Razorpay Checkout (test)';
  const KNOWN = ['key', 'amount', 'currency', 'name', 'description', 'image', 'order_id', 'handler', 'notes', 'prefill', 'theme', 'modal', 'retry', 'callback_url', 'redirect'];

  function fail(message) { throw new Error('Razorpay (test): ' + message); }

  function post(path, body) {
    return fetch(API + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
      .then((response) => response.json().then((json) => {
        if (!response.ok) throw new Error((json.error && json.error.description) || ('HTTP ' + response.status));
        return json;
      }));
  }

  function Razorpay(options) {
    if (!(this instanceof Razorpay)) fail('use new Razorpay(options)');
    if (!options || typeof options !== 'object') fail('options are required');
    const unknown = Object.keys(options).filter((name) => !KNOWN.includes(name));
    if (unknown.length) fail('unsupported option(s): ' + unknown.join(', '));
    if (typeof options.key !== 'string' || !options.key) fail('option "key" is required');
    if (typeof options.order_id !== 'string' || !options.order_id) fail('option "order_id" is required');
    if (typeof options.handler !== 'function') fail('option "handler" must be a function');
    this.options = options;
    this.listeners = {};
    this.failures = 0;
    this.root = null;
  }

  Razorpay.prototype.on = function (event, callback) {
    if (event !== 'payment.failed') fail('unsupported event "' + event + '"');
    if (typeof callback !== 'function') fail('event callback must be a function');
    this.listeners[event] = callback;
  };

  Razorpay.prototype.close = function () {
    if (!this.root) return;
    document.removeEventListener('keydown', this.onKey, true);
    this.root.remove();
    this.root = null;
    if (this.previousFocus && this.previousFocus.focus) this.previousFocus.focus();
  };

  Razorpay.prototype.dismiss = function () {
    this.close();
    const modal = this.options.modal || {};
    if (typeof modal.ondismiss === 'function') modal.ondismiss();
  };

  Razorpay.prototype.retriesLeft = function () {
    const retry = this.options.retry;
    if (retry === false || (retry && retry.enabled === false)) return false;
    const max = retry && typeof retry.max_count === 'number' ? retry.max_count : Infinity;
    return this.failures < max;
  };

  Razorpay.prototype.open = function () {
    if (this.root) return;
    const options = this.options;
    const modal = options.modal || {};
    const color = (options.theme && options.theme.color) || '#2b83ea';
    const amount = new Intl.NumberFormat('en-IN', { style: 'currency', currency: options.currency || 'INR' }).format((Number(options.amount) || 0) / 100);
    this.previousFocus = document.activeElement;

    const root = document.createElement('div');
    root.setAttribute('data-razorpay-emulator', '');
    root.style.cssText = 'position:fixed;inset:0;z-index:2147483647;display:flex;align-items:center;justify-content:center;background:rgba(0,0,0,.55);font-family:system-ui,sans-serif';
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-modal', 'true');
    dialog.setAttribute('aria-label', DIALOG_NAME);
    dialog.style.cssText = 'background:#fff;color:#111;border-radius:8px;min-width:300px;max-width:90vw;padding:20px;box-shadow:0 10px 40px rgba(0,0,0,.3)';
    const header = document.createElement('div');
    header.style.cssText = 'border-top:6px solid ' + color + ';margin:-20px -20px 12px;border-radius:8px 8px 0 0';
    const title = document.createElement('h2');
    title.textContent = DIALOG_NAME;
    title.style.cssText = 'font-size:18px;margin:0 0 8px';
    const merchant = document.createElement('p');
    merchant.textContent = [options.name, options.description].filter(Boolean).join(' - ');
    const total = document.createElement('p');
    total.textContent = 'Amount: ' + amount;
    total.style.cssText = 'font-size:20px;font-weight:600';
    const status = document.createElement('p');
    status.setAttribute('role', 'alert');
    status.style.cssText = 'color:#b00020;min-height:1.2em';
    const buttons = document.createElement('div');
    buttons.style.cssText = 'display:flex;gap:8px;margin-top:12px';
    const button = (label, background) => {
      const element = document.createElement('button');
      element.type = 'button';
      element.textContent = label;
      element.style.cssText = 'padding:8px 16px;border-radius:4px;border:1px solid #999;cursor:pointer;background:' + background + ';color:' + (background === '#fff' ? '#111' : '#fff');
      buttons.appendChild(element);
      return element;
    };
    const pay = button('Pay', color);
    const decline = button('Fail', '#b00020');
    const cancel = button('Cancel', '#fff');
    dialog.append(header, title, merchant, total, status, buttons);
    root.appendChild(dialog);
    document.body.appendChild(root);
    this.root = root;
    pay.focus();

    const setBusy = (busy) => { pay.disabled = busy; decline.disabled = busy; };
    const request = { key: options.key, order_id: options.order_id, amount: options.amount, currency: options.currency || 'INR', notes: options.notes || {}, email: (options.prefill && options.prefill.email) || '', contact: (options.prefill && options.prefill.contact) || '' };

    pay.addEventListener('click', () => {
      setBusy(true);
      status.textContent = '';
      post('/v1/checkout/pay', request).then((response) => {
        this.close();
        options.handler(response);
      }, (error) => { setBusy(false); status.textContent = error.message; });
    });
    decline.addEventListener('click', () => {
      setBusy(true);
      post('/v1/checkout/fail', request).then((response) => {
        this.failures += 1;
        setBusy(false);
        status.textContent = response.error.description;
        if (!this.retriesLeft()) this.close();
        const listener = this.listeners['payment.failed'];
        if (listener) listener({ error: response.error });
      }, (error) => { setBusy(false); status.textContent = error.message; });
    });
    cancel.addEventListener('click', () => this.dismiss());
    root.addEventListener('click', (event) => {
      if (event.target === root && modal.backdropclose === true) this.dismiss();
    });
    this.onKey = (event) => {
      if (event.key === 'Escape' && modal.escape !== false) { event.stopPropagation(); this.dismiss(); }
    };
    document.addEventListener('keydown', this.onKey, true);
  };

  window.Razorpay = Razorpay;
})();
`;
}

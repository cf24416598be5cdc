import type { RazorpayVerifyRequest } from '../../domain/payment-contract';
import { words } from './checkout-strings';

/** The part of Razorpay's checkout.js this storefront uses. */
export interface RazorpayOptions {
  key: string;
  amount: number;
  currency: string;
  name: string;
  description: string;
  order_id: string;
  handler(response: RazorpayVerifyRequest): void;
  notes: Record<string, string | number>;
  prefill: { email?: string };
  theme: { color: string };
  retry: { enabled: boolean; max_count: number };
  modal: { escape: boolean; backdropclose: boolean; ondismiss(): void };
}

export interface RazorpayFailure {
  error?: { description?: string };
}

export interface RazorpayCheckout {
  on(event: 'payment.failed', callback: (failure: RazorpayFailure) => void): void;
  open(): void;
}

export type RazorpayConstructor = new (options: RazorpayOptions) => RazorpayCheckout;

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor;
  }
}

let loading: Promise<RazorpayConstructor> | null = null;

/** Injects the checkout script once per page; a failed load is forgotten so a retry loads it again. */
export function loadRazorpay(scriptUrl: string): Promise<RazorpayConstructor> {
  if (window.Razorpay) return Promise.resolve(window.Razorpay);
  loading ??= new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = scriptUrl;
    script.async = true;
    script.onload = () => (window.Razorpay ? resolve(window.Razorpay) : reject(new Error(words().sdkNotLoaded)));
    script.onerror = () => {
      script.remove();
      reject(new Error(words().sdkLoadFailed));
    };
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

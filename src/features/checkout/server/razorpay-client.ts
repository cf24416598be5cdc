import { z } from 'zod';
import { CheckoutRefusal } from './http';

export interface RazorpayConfig {
  apiBase: string;
  keyId: string;
  keySecret: string;
}

const razorpayOrderSchema = z.object({
  id: z.string().min(1),
  amount: z.number().int(),
  currency: z.string(),
  status: z.string(),
});
export type RazorpayOrder = z.infer<typeof razorpayOrderSchema>;

/** POST /v1/orders with Basic auth; any failure is a 502 that names Razorpay but not its reply. */
export async function createRazorpayOrder(
  config: RazorpayConfig,
  order: { amountPaise: number; receipt: string; notes: Record<string, string> },
  fetcher: typeof fetch = fetch,
): Promise<RazorpayOrder> {
  const auth = Buffer.from(`${config.keyId}:${config.keySecret}`).toString('base64');
  let response: Response;
  try {
    response = await fetcher(new URL('/v1/orders', config.apiBase), {
      method: 'POST',
      headers: { authorization: `Basic ${auth}`, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: order.amountPaise, currency: 'INR', receipt: order.receipt, notes: order.notes }),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    console.error(`[razorpay] order request failed: ${(error as Error).message}`);
    throw new CheckoutRefusal(502, 'Razorpay could not be reached. Please try again.');
  }
  const body: unknown = await response.json().catch(() => null);
  const parsed = razorpayOrderSchema.safeParse(body);
  if (!response.ok || !parsed.success) {
    console.error(`[razorpay] order creation answered ${response.status}`);
    throw new CheckoutRefusal(502, 'Razorpay could not create the order. Please try again.');
  }
  return parsed.data;
}

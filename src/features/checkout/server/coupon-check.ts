import { couponCheckRequestSchema, type CouponCheckResponse } from '../../../domain/payment-contract';
import { indianMobileSchema } from '../../../domain/address';
import { HttpRefusal, jsonResponse, parseBody, parseJson, readRawBody, requirePost, respond } from '../../../lib/server/http';
import { couponCheck } from './coupon-store';
import type { CheckoutDependencies } from './dependencies';
import { priceOrder } from './pricing';
import { refusals } from '../../../domain/strings/english/refusals';
import { answeredIn } from '../../../lib/server/answered-in';
import type { z } from 'zod';

/**
 * POST /api/coupons/check: the cart's quote for a code, priced exactly as create-order prices it
 * (priceOrder with the code) so the saving shown is the saving charged. Open to guests; a bearer
 * token, when sent, must be valid and makes the customer's uses count by account.
 */
export function couponCheckHandler(req: Request, deps: () => CheckoutDependencies): Promise<Response> {
  return respond('coupon check', async () => {
    requirePost(req);
    const body = parseBody(couponCheckRequestSchema, parseJson(await readRawBody(req)));
    return answeredIn(body.language, () => quote(req, deps(), body));
  });
}

async function quote(req: Request, dependencies: CheckoutDependencies, body: z.output<typeof couponCheckRequestSchema>): Promise<Response> {
  const header = req.headers.get('authorization');
  let userId: string | null = null;
  if (header !== null) {
    const token = /^Bearer\s+(\S+)$/i.exec(header.trim())?.[1];
    userId = token ? await dependencies.orders.userIdOfAccessToken(token) : null;
    if (!userId) throw new HttpRefusal(401, refusals.signInExpired);
  }
  const mobile = body.mobile ? indianMobileSchema.safeParse(body.mobile) : null;
  const check = await couponCheck(dependencies.coupons, body.code, { userId, mobile: mobile?.success ? mobile.data : null }, dependencies.now());
  const priced = priceOrder(await dependencies.catalogue.lookup(body.lines.map((line) => line.productId)), body.lines, null, check);
  const reply: CouponCheckResponse = {
    code: check.coupon!.code,
    description: check.coupon!.description,
    subtotalPaise: priced.subtotalPaise,
    discountPaise: priced.discountPaise,
    amountPaise: priced.amountPaise,
  };
  return jsonResponse(reply);
}

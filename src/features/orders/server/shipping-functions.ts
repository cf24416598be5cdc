import { respond } from '../../../lib/server/http';
import { sendWaitingMessages } from '../../messages/server/public';
import { handleCourierUpdate, reconcileShipments, shippingDependencies } from '../../shipping/server/public';
import { buildServerDependencies, parseServerDependenciesEnv, type ServerDependencies } from './server-dependencies';

let orders: ServerDependencies | null = null;

/**
 * POST /api/shipping/courier-updates, wired here above shipping and messages: the courier's news
 * moves the parcel (and a delivered parcel its order), then the messages it queued go out.
 */
export function courierUpdatesFunction(): (req: Request) => Promise<Response> {
  return (req) =>
    respond('/api/shipping/courier-updates', () => {
      const shipping = shippingDependencies();
      orders ??= buildServerDependencies(parseServerDependenciesEnv(process.env));
      const deps = orders;
      return handleCourierUpdate(
        req,
        {
          db: shipping.db,
          now: shipping.now,
          afterChange: async (orderId) => {
            await sendWaitingMessages(deps, { orderId });
          },
        },
        shipping.shiprocket?.webhookToken ?? null,
      );
    });
}

/** Every hour: parcels whose courier news stopped are asked about (the webhook's work, when a post was lost). */
export async function reconcileShipmentsRun(): Promise<Response> {
  const shipping = shippingDependencies();
  if (!shipping.courier) return new Response(null, { status: 204 });
  orders ??= buildServerDependencies(parseServerDependenciesEnv(process.env));
  const deps = orders;
  const deadline = Date.now() + 20_000;
  const report = await reconcileShipments(
    { db: shipping.db, now: shipping.now, courier: shipping.courier, afterChange: async (orderId) => void (await sendWaitingMessages(deps, { orderId })) },
    () => Date.now() < deadline,
  );
  console.log(`[shipping reconcile] ${JSON.stringify(report)}`);
  return new Response(null, { status: 204 });
}

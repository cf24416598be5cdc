-- The courier's journey reaches the customer through the one outbox: out for delivery, a failed
-- delivery attempt (NDR), returned to origin (RTO) and a booked return pickup. The kinds mirror
-- src/domain/messages.ts (the source); each is about an order.

alter table public.message_outbox drop constraint message_outbox_kind_check;
alter table public.message_outbox
  add constraint message_outbox_kind_check check (kind in (
    'order_confirmation', 'prescription_reviewed', 'order_shipped', 'order_delivered',
    'order_out_for_delivery', 'order_delivery_failed', 'order_returned_to_origin', 'order_return_pickup',
    'order_cancelled', 'refund_initiated', 'refund_processed',
    'request_received', 'request_proposed', 'request_rejected', 'request_expiring', 'request_expired', 'refill_due'));

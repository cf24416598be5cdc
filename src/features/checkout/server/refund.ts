/** A provider's answer about a refund, in the shop's terms; amounts in paise. */
export interface Refund {
  refundId: string;
  amountPaise: number;
  state: 'pending' | 'completed' | 'failed';
}

/** A provider's refund state as the shop's refunds table records it. */
export const REFUND_ROW_STATES = { pending: 'pending', completed: 'processed', failed: 'failed' } as const satisfies Record<Refund['state'], string>;

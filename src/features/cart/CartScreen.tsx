import type { ReactNode } from 'react';
import { type CartScreenState, cartScreenView, DELIVERY_SLOT } from './cart-screen-view';
import { toReact } from './view-react';

interface CartScreenProps {
  state: CartScreenState;
  onTap(key: string): void;
  deliveryStep?: ReactNode;
}

/** The cart's screen as React draws it: the one view the first screen draws too (cart-screen-view.ts). */
export function CartScreen({ state, onTap, deliveryStep }: CartScreenProps): ReactNode {
  return toReact(cartScreenView(state), { onTap, slots: { [DELIVERY_SLOT]: deliveryStep } });
}

import { useEffect, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { isStaffRole } from '../../domain/desk';
import { sessionAccessToken } from '../../lib/browser/session-token';
import type { StaffSession } from './desk-api';
import { drawDeskQueues } from './desk-queues';
import StaffGate from './StaffGate';

/** The queues of desk-queues.ts under the staff gate, drawn once the gate has a staff member. */
function Queues({ staff }: { staff: StaffSession }) {
  const holder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!holder.current || !isStaffRole(staff.role)) return;
    return drawDeskQueues(holder.current, staff.role, staff.session.access_token, sessionAccessToken).stop;
  }, [staff]);
  return <div ref={holder} />;
}

/** /desk for whoever has no fresh staff token stored: the staff sign-in, then the queues. */
export function mountDeskGate(holder: HTMLElement): void {
  holder.replaceChildren();
  createRoot(holder).render(<StaffGate>{(staff) => <Queues staff={staff} />}</StaffGate>);
}

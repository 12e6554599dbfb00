import type { Role } from '@booking/contracts';

/** A person the stand-in can sign in as: the user id the platform sees, and their role. */
export interface DemoAccount {
  accountId: string;
  name: string;
  role: Role;
}

/** The demo people `npm start` seeds data for: each host owns demo resources. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { accountId: 'customer-1', name: 'Linh (customer)', role: 'customer' },
  { accountId: 'customer-2', name: 'Sam (customer)', role: 'customer' },
  { accountId: 'host-7', name: 'Minh (host of the demo cars)', role: 'host' },
  { accountId: 'host-9', name: 'Jordan (host of the meeting room)', role: 'host' },
  { accountId: 'host-12', name: 'Dr. Weber (clinician)', role: 'host' },
  { accountId: 'admin-1', name: 'Ada (administrator)', role: 'admin' },
];

import { DEMO_USERS } from '../../../server/seed/people';

// Typed as strings: suites pass them where any username goes, beside people they add themselves.

/** The seeded Acme people the suites act as, by role (server/seed/people.ts). */
export const OWNER: string = DEMO_USERS.owner;
export const AREA: string = DEMO_USERS.area;
export const STORE: string = DEMO_USERS.store;
export const STAFF: string = DEMO_USERS.staff;

/** The zone Acme's seeded stores keep time in (server/seed/acmeTree.ts). */
export const SYDNEY = 'Australia/Sydney';

import type { Db } from '../db/client';
import { hasNoTenants } from '../modules/tenants/service';
import { seedAcme } from './acme';
import type { DemoStep, DemoTenants } from './demo';
import { seedDemoForms } from './demoForms';
import { seedDemoTasks } from './demoTasks';
import { seedDepartments } from './departments';
import { seedGlobex } from './globex';
import { seedPlatform } from './platform';

export { DEMO_PASSWORD, DEMO_USERS } from './people';

/**
 * What happens inside the demo organisations, in this order, once they and their people exist.
 * Add a step by writing `server/seed/<what>.ts` exporting a DemoStep and listing it here; it gets
 * every tenant's node, role and user ids, and acts as a demo user through `demoCaller`.
 */
const LATER_STEPS: DemoStep[] = [seedDepartments];

/** Acme's published tasks with today's and this week's work and two weeks of history, and its form templates. */
const TASK_STEPS: DemoStep[] = [
  async (tx) => {
    await seedDemoTasks(tx);
  },
  seedDemoForms,
];

export interface SeedOptions {
  /**
   * Demo tasks (on by default). The test databases leave them out so each test states the tasks
   * it relies on, and an urgent demo task does not open the urgent modal in unrelated journeys.
   */
  tasks?: boolean;
}

/**
 * The demo data of the README, made through the modules' services in one transaction: first the
 * platform tenant, Acme Retail and Globex Stores with their trees and people, then LATER_STEPS.
 */
export async function seedDemo(db: Db, { tasks = true }: SeedOptions = {}): Promise<void> {
  await db.transaction(async (tx) => {
    const demo: DemoTenants = {
      platform: await seedPlatform(tx),
      acme: await seedAcme(tx),
      globex: await seedGlobex(tx),
    };
    for (const step of tasks ? [...LATER_STEPS, ...TASK_STEPS] : LATER_STEPS) await step(tx, demo);
  });
}

/** A database without any tenant is new: start-up and `npm run db:seed` fill it with demo data. */
export const isDatabaseEmpty = hasNoTenants;

import * as departments from '../modules/departments/service';
import { type DemoStep, demoCaller } from './demo';
import { DEMO_USERS } from './people';

const ACME_DEPARTMENTS = [
  ['Bakery', '#8d6e63'],
  ['Deli', '#ef6c00'],
  ['Front End', '#1565c0'],
  ['Produce', '#2e7d32'],
] as const;

/** Acme's departments, made by its owner through the department service. */
export const seedDepartments: DemoStep = async (db, { acme }) => {
  const owner = await demoCaller(db, acme, DEMO_USERS.owner);
  for (const [name, colour] of ACME_DEPARTMENTS)
    await departments.create(db, owner, { name, colour, description: `${name} department` });
};

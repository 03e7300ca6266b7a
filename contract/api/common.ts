import Type, { type Static, type TSchema } from 'typebox';

/** Success envelope of design §3: `{ status, data }`. */
export const Envelope = <T extends TSchema>(data: T) => Type.Object({ status: Type.Integer(), data });

export const ErrorBody = Type.Object({
  status: Type.Integer(),
  message: Type.String(),
  output: Type.Optional(Type.String()),
  errors: Type.Optional(Type.Record(Type.String(), Type.String())),
});
export type ErrorBody = Static<typeof ErrorBody>;

export const Paged = <T extends TSchema>(item: T) =>
  Type.Object({
    data: Type.Array(item),
    total: Type.Integer(),
    page: Type.Integer(),
    per_page: Type.Integer(),
  });

export const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
/** A page number: bounded so an absurd one is a 400, not an out-of-range offset in SQL. */
export const Page = Type.Integer({ minimum: 1, maximum: 100000, default: 1 });
export const IdQuery = Type.Object({ id: Id });
export const IdBody = Type.Object({ id: Id });

export const RedirectData = Type.Object({ redirect: Type.String() });
export type RedirectData = Static<typeof RedirectData>;

/** Trimmed, non-empty text with a length bound (messages stay human for empty input). */
export const Text = (maxLength = 200) => Type.String({ minLength: 1, maxLength });
export const Email = Type.String({ format: 'email', maxLength: 254 });

/**
 * A store as a row of work names it, with the zone its local times are in (its own, else the
 * tenant's default): screens above store level show a store's times in that zone (issue 33).
 */
export const StoreRef = Type.Object({ id: Type.Integer(), name: Type.String(), timezone: Type.String() });
export type StoreRef = Static<typeof StoreRef>;

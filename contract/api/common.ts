import Type, { type Static, type TLiteral, type TSchema, type TUnion } from 'typebox';

/** Success envelope of design §3: `{ status, data }`. */
export const Envelope = <T extends TSchema>(data: T) => Type.Object({ status: Type.Integer(), data });

export const ErrorBody = Type.Object({
  status: Type.Integer(),
  message: Type.String(),
  output: Type.Optional(Type.String()),
  errors: Type.Optional(Type.Record(Type.String(), Type.String())),
  /** Where a client acts on the reason (e.g. COMPLETION_CONFLICTS), its stable name. */
  code: Type.Optional(Type.String()),
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

type LiteralsOf<T extends readonly string[]> = { -readonly [K in keyof T]: TLiteral<T[K]> };

/** One of these strings: the union of their literals, which the schemas and the clients both read. */
export const Literals = <const T extends readonly [string, ...string[]]>(
  ...values: T
): TUnion<LiteralsOf<T>> => Type.Union(values.map((value) => Type.Literal(value))) as TUnion<LiteralsOf<T>>;

/** A list query's paging: `page` and a bounded `per_page`. */
export const Paging = (maxPerPage: number, defaultPerPage = 25) => ({
  page: Page,
  per_page: Type.Integer({ minimum: 1, maximum: maxPerPage, default: defaultPerPage }),
});

/** A list query's order: by one of `fields`, ascending or descending. */
export const Sorting = <const T extends readonly [string, ...string[]]>(...fields: T) => ({
  sort: Type.Optional(Literals(...fields)),
  order: Type.Optional(Literals('asc', 'desc')),
});

/** A row named by its id and name (a person, a node, a task type …). */
export const NamedRef = Type.Object({ id: Type.Integer(), name: Type.String() });

/** When a record was made and last changed (ISO-8601 instants). */
export const Timestamps = { created_at: Type.String(), updated_at: Type.String() };

/** Who a person is, as their record and their own profile show it. */
export const PersonFields = {
  id: Type.Integer(),
  username: Type.String(),
  email: Type.String(),
  firstname: Type.String(),
  lastname: Type.String(),
  preferred_name: Type.Union([Type.String(), Type.Null()]),
};

/** The media types of the tables the API answers as files (exports, reports, import templates). */
export const CSV_TYPE = 'text/csv';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const SPREADSHEET_TYPES = [CSV_TYPE, XLSX_TYPE] as const;

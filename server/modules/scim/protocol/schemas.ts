import Type from 'typebox';

/*
 * The shapes of /scim/v2 (RFC 7643/7644) as TypeBox schemas. Requests are taken loosely — an
 * identity provider sends attributes Storeline does not keep (accepted and ignored) and values of
 * its own spelling ("False") — and checked by the mapping code, which answers SCIM errors; answers
 * list what Storeline sends. `attributes`/`excludedAttributes` may leave any attribute out, so only
 * `schemas` is always there.
 */

export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const ENTERPRISE_SCHEMA = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
export const LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';

const Loose = { additionalProperties: true } as const;
const Opt = Type.Optional;
const Str = Type.String();

export const Meta = Type.Object(
  {
    resourceType: Str,
    created: Opt(Str),
    lastModified: Opt(Str),
    location: Opt(Str),
  },
  Loose,
);

export const ScimUserResource = Type.Object(
  {
    schemas: Type.Array(Str),
    id: Opt(Str),
    externalId: Opt(Str),
    userName: Opt(Str),
    name: Opt(Type.Object({ givenName: Opt(Str), familyName: Opt(Str), formatted: Opt(Str) }, Loose)),
    displayName: Opt(Str),
    nickName: Opt(Str),
    preferredLanguage: Opt(Str),
    active: Opt(Type.Boolean()),
    emails: Opt(Type.Array(Type.Object({ value: Str, type: Opt(Str), primary: Opt(Type.Boolean()) }, Loose))),
    groups: Opt(Type.Array(Type.Object({ value: Str, display: Opt(Str), $ref: Opt(Str) }, Loose))),
    [ENTERPRISE_SCHEMA]: Opt(
      Type.Object(
        {
          employeeNumber: Opt(Str),
          department: Opt(Str),
          manager: Opt(Type.Object({ value: Opt(Str) }, Loose)),
        },
        Loose,
      ),
    ),
    meta: Opt(Meta),
  },
  Loose,
);

export const ScimGroupResource = Type.Object(
  {
    schemas: Type.Array(Str),
    id: Opt(Str),
    externalId: Opt(Str),
    displayName: Opt(Str),
    members: Opt(Type.Array(Type.Object({ value: Str, display: Opt(Str), $ref: Opt(Str) }, Loose))),
    meta: Opt(Meta),
  },
  Loose,
);

export const ListResponse = (resource: typeof ScimUserResource | typeof ScimGroupResource) =>
  Type.Object({
    schemas: Type.Array(Str),
    totalResults: Type.Integer(),
    itemsPerPage: Type.Integer(),
    startIndex: Type.Integer(),
    Resources: Type.Array(resource),
  });

/** A resource as the directory sends it (POST, PUT): any JSON object, read by the mapping. */
export const ResourceBody = Type.Record(Type.String(), Type.Unknown());

export const PatchBody = Type.Object(
  {
    schemas: Opt(Type.Array(Str)),
    Operations: Type.Array(Type.Object({ op: Str, path: Opt(Str), value: Opt(Type.Unknown()) }, Loose), {
      minItems: 1,
      maxItems: 1000,
    }),
  },
  Loose,
);

const Attributes = Opt(Type.String({ maxLength: 2000 }));

export const ListQuery = Type.Object({
  filter: Opt(Type.String({ maxLength: 4000 })),
  startIndex: Opt(Type.Integer({ minimum: -2147483648, maximum: 2147483647 })),
  count: Opt(Type.Integer({ minimum: -2147483648, maximum: 2147483647 })),
  attributes: Attributes,
  excludedAttributes: Attributes,
  sortBy: Opt(Type.String({ maxLength: 200 })),
  sortOrder: Opt(Type.String({ maxLength: 20 })),
});

export const ResourceQuery = Type.Object({ attributes: Attributes, excludedAttributes: Attributes });

export const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) });

export const ScimErrorBody = Type.Object({
  schemas: Type.Array(Str),
  status: Str,
  scimType: Opt(Str),
  detail: Str,
});

/** Discovery's answers (RFC 7643 §5–7) are fixed documents; their schema is an object. */
export const DiscoveryDocument = Type.Object({}, Loose);

import { MAX_RESULTS } from './resource';
import { ENTERPRISE_SCHEMA, GROUP_SCHEMA, LIST_SCHEMA, USER_SCHEMA } from './schemas';

/*
 * Discovery (RFC 7643 §5–7): what this service provider supports, which resources it has and
 * their schemas. Patch and filter are supported; bulk, sort, ETags and password changes are not.
 */

const SCHEMA_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Schema';

const metaFor = (baseUrl: string, resourceType: string, path: string) => ({
  resourceType,
  location: `${baseUrl}${path}`,
});

export function serviceProviderConfig(baseUrl: string) {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
    documentationUri: 'https://datatracker.ietf.org/doc/html/rfc7644',
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: MAX_RESULTS },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'OAuth Bearer Token',
        description:
          'Authentication with the SCIM token an administrator makes in Storeline’s settings (Authorization: Bearer scim_…).',
        specUri: 'https://www.rfc-editor.org/info/rfc6750',
        primary: true,
      },
    ],
    meta: metaFor(baseUrl, 'ServiceProviderConfig', '/ServiceProviderConfig'),
  };
}

const RESOURCE_TYPES = [
  {
    id: 'User',
    name: 'User',
    endpoint: '/Users',
    description: 'A person of the organisation',
    schema: USER_SCHEMA,
    schemaExtensions: [{ schema: ENTERPRISE_SCHEMA, required: false }],
  },
  {
    id: 'Group',
    name: 'Group',
    endpoint: '/Groups',
    description: 'A group of people, which gives its members the position the organisation chose for it',
    schema: GROUP_SCHEMA,
    schemaExtensions: [],
  },
];

export function resourceTypes(baseUrl: string) {
  const resources = RESOURCE_TYPES.map((type) => ({
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
    ...type,
    meta: metaFor(baseUrl, 'ResourceType', `/ResourceTypes/${type.id}`),
  }));
  return {
    schemas: [LIST_SCHEMA],
    totalResults: resources.length,
    itemsPerPage: resources.length,
    startIndex: 1,
    Resources: resources,
  };
}

interface Attribute {
  name: string;
  type: 'string' | 'boolean' | 'complex' | 'reference' | 'dateTime';
  multiValued?: boolean;
  required?: boolean;
  caseExact?: boolean;
  mutability?: 'readOnly' | 'readWrite' | 'writeOnly' | 'immutable';
  returned?: 'always' | 'never' | 'default';
  uniqueness?: 'none' | 'server' | 'global';
  subAttributes?: Attribute[];
  referenceTypes?: string[];
}

const attribute = (a: Attribute): Record<string, unknown> => ({
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...a,
  ...(a.subAttributes ? { subAttributes: a.subAttributes.map(attribute) } : {}),
});

const USER_ATTRIBUTES: Attribute[] = [
  { name: 'userName', type: 'string', required: true, uniqueness: 'server' },
  {
    name: 'name',
    type: 'complex',
    subAttributes: [
      { name: 'givenName', type: 'string' },
      { name: 'familyName', type: 'string' },
      { name: 'formatted', type: 'string' },
    ],
  },
  { name: 'displayName', type: 'string' },
  { name: 'nickName', type: 'string' },
  { name: 'preferredLanguage', type: 'string' },
  { name: 'active', type: 'boolean' },
  { name: 'password', type: 'string', mutability: 'writeOnly', returned: 'never' },
  {
    name: 'emails',
    type: 'complex',
    multiValued: true,
    subAttributes: [
      { name: 'value', type: 'string' },
      { name: 'type', type: 'string' },
      { name: 'primary', type: 'boolean' },
    ],
  },
];

const ENTERPRISE_ATTRIBUTES: Attribute[] = [
  { name: 'employeeNumber', type: 'string' },
  { name: 'department', type: 'string' },
  {
    name: 'manager',
    type: 'complex',
    subAttributes: [{ name: 'value', type: 'string' }],
  },
];

const GROUP_ATTRIBUTES: Attribute[] = [
  { name: 'displayName', type: 'string', required: true, uniqueness: 'server' },
  {
    name: 'members',
    type: 'complex',
    multiValued: true,
    subAttributes: [
      { name: 'value', type: 'string', mutability: 'immutable' },
      { name: 'display', type: 'string', mutability: 'readOnly' },
      { name: '$ref', type: 'reference', mutability: 'immutable', referenceTypes: ['User'] },
    ],
  },
];

const SCHEMAS = [
  { id: USER_SCHEMA, name: 'User', description: 'A person', attributes: USER_ATTRIBUTES },
  {
    id: ENTERPRISE_SCHEMA,
    name: 'EnterpriseUser',
    description: 'A person at work',
    attributes: ENTERPRISE_ATTRIBUTES,
  },
  { id: GROUP_SCHEMA, name: 'Group', description: 'A group of people', attributes: GROUP_ATTRIBUTES },
];

export function schemas(baseUrl: string) {
  const resources = SCHEMAS.map((s) => ({
    schemas: [SCHEMA_SCHEMA],
    id: s.id,
    name: s.name,
    description: s.description,
    attributes: s.attributes.map(attribute),
    meta: metaFor(baseUrl, 'Schema', `/Schemas/${s.id}`),
  }));
  return {
    schemas: [LIST_SCHEMA],
    totalResults: resources.length,
    itemsPerPage: resources.length,
    startIndex: 1,
    Resources: resources,
  };
}

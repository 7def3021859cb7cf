import { ENTERPRISE_SCHEMA, GROUP_SCHEMA, LIST_SCHEMA, USER_SCHEMA } from './resources.js';

/** The discovery documents (RFC 7644 §4, RFC 7643 §5–7): what this server supports, its resource types and their attributes. */
const CONFIG_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig';
const TYPE_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ResourceType';
const SCHEMA_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Schema';

export const MAX_RESULTS = 200;

type Attribute = {
  name: string;
  type?: 'string' | 'boolean' | 'complex' | 'reference' | 'dateTime';
  multiValued?: boolean;
  required?: boolean;
  caseExact?: boolean;
  mutability?: 'readOnly' | 'readWrite' | 'immutable';
  uniqueness?: 'none' | 'server';
  subAttributes?: Attribute[];
  description: string;
};

function attribute(a: Attribute): Record<string, unknown> {
  return {
    name: a.name,
    type: a.type ?? 'string',
    multiValued: a.multiValued ?? false,
    description: a.description,
    required: a.required ?? false,
    caseExact: a.caseExact ?? false,
    mutability: a.mutability ?? 'readWrite',
    returned: 'default',
    uniqueness: a.uniqueness ?? 'none',
    ...(a.subAttributes ? { subAttributes: a.subAttributes.map(attribute) } : {}),
  };
}

const valueOf = (description: string, extra: Attribute[] = []): Attribute[] => [
  { name: 'value', description },
  { name: 'type', description: 'work (the one Enlaza keeps)' },
  { name: 'primary', type: 'boolean', description: 'The primary value' },
  ...extra,
];

const SCHEMAS = [
  {
    id: USER_SCHEMA,
    name: 'User',
    description: 'A member of the team',
    attributes: [
      { name: 'userName', required: true, uniqueness: 'server', description: 'The member’s email address (their Enlaza account’s)' },
      {
        name: 'name',
        type: 'complex',
        description: 'The member’s name',
        subAttributes: [
          { name: 'formatted', mutability: 'readOnly', description: 'The account’s name' },
          { name: 'givenName', description: 'Given name' },
          { name: 'familyName', description: 'Family name' },
        ],
      },
      { name: 'displayName', description: 'The name on a new member’s account and card' },
      { name: 'title', description: 'Job title (the team keeps it; it is on a new member’s card)' },
      { name: 'active', type: 'boolean', description: 'false removes the member from the team (the team’s offboarding)' },
      { name: 'emails', type: 'complex', multiValued: true, description: 'The account’s email', subAttributes: valueOf('Email address') },
      { name: 'phoneNumbers', type: 'complex', multiValued: true, description: 'The work phone', subAttributes: valueOf('Phone number') },
      {
        name: 'groups',
        type: 'complex',
        multiValued: true,
        mutability: 'readOnly',
        description: 'The team’s groups the member is in',
        subAttributes: [
          { name: 'value', mutability: 'readOnly', description: 'Group id' },
          { name: 'display', mutability: 'readOnly', description: 'Group name' },
        ],
      },
    ] satisfies Attribute[],
  },
  {
    id: ENTERPRISE_SCHEMA,
    name: 'EnterpriseUser',
    description: 'Enterprise User (kept as given)',
    attributes: [
      { name: 'department', description: 'Department' },
      { name: 'employeeNumber', description: 'Employee number' },
      { name: 'manager', type: 'complex', description: 'Manager', subAttributes: [{ name: 'value', description: 'The manager’s id' }] },
    ] satisfies Attribute[],
  },
  {
    id: GROUP_SCHEMA,
    name: 'Group',
    description: 'A group of the team’s members, as the identity provider pushes it',
    attributes: [
      { name: 'displayName', required: true, uniqueness: 'server', description: 'The group’s name' },
      {
        name: 'members',
        type: 'complex',
        multiValued: true,
        description: 'The group’s members (Users of the team)',
        subAttributes: [
          { name: 'value', mutability: 'immutable', description: 'A User’s id' },
          { name: 'display', mutability: 'readOnly', description: 'Their name' },
        ],
      },
    ] satisfies Attribute[],
  },
];

export function discovery(base: string) {
  const meta = (resourceType: string, path: string) => ({ resourceType, location: `${base}${path}` });
  const schemas = SCHEMAS.map((s) => ({
    schemas: [SCHEMA_SCHEMA],
    id: s.id,
    name: s.name,
    description: s.description,
    attributes: (s.attributes as Attribute[]).map(attribute),
    meta: meta('Schema', `/Schemas/${s.id}`),
  }));
  const resourceTypes = [
    {
      schemas: [TYPE_SCHEMA],
      id: 'User',
      name: 'User',
      endpoint: '/Users',
      description: 'The team’s members',
      schema: USER_SCHEMA,
      schemaExtensions: [{ schema: ENTERPRISE_SCHEMA, required: false }],
      meta: meta('ResourceType', '/ResourceTypes/User'),
    },
    {
      schemas: [TYPE_SCHEMA],
      id: 'Group',
      name: 'Group',
      endpoint: '/Groups',
      description: 'The team’s groups',
      schema: GROUP_SCHEMA,
      schemaExtensions: [],
      meta: meta('ResourceType', '/ResourceTypes/Group'),
    },
  ];
  const list = (resources: unknown[]) => ({
    schemas: [LIST_SCHEMA],
    totalResults: resources.length,
    startIndex: 1,
    itemsPerPage: resources.length,
    Resources: resources,
  });
  return {
    config: {
      schemas: [CONFIG_SCHEMA],
      documentationUri: `${new URL(base).origin}/docs/teams.md#provisioning-with-scim`,
      patch: { supported: true },
      bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
      filter: { supported: true, maxResults: MAX_RESULTS },
      changePassword: { supported: false },
      sort: { supported: false },
      etag: { supported: true },
      authenticationSchemes: [
        {
          type: 'oauthbearertoken',
          name: 'OAuth Bearer Token',
          description: 'The team’s SCIM token (Team → SCIM provisioning), in Authorization: Bearer',
          primary: true,
        },
      ],
      meta: meta('ServiceProviderConfig', '/ServiceProviderConfig'),
    },
    schemas,
    schemasList: list(schemas),
    resourceTypes,
    resourceTypesList: list(resourceTypes),
  };
}

import Type, { type Static } from 'typebox';
import { Id, Page, Paged } from './common';

export const HEX_COLOUR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

export const Department = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  colour: Type.String(),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type Department = Static<typeof Department>;

export const DepartmentList = Paged(Department);
export type DepartmentList = Static<typeof DepartmentList>;

export const DepartmentListQuery = Type.Object({
  page: Page,
  per_page: Type.Integer({ minimum: 1, maximum: 1000, default: 100 }),
  sort: Type.Optional(Type.Union([Type.Literal('name'), Type.Literal('updated_at'), Type.Literal('id')])),
  order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
  q: Type.Optional(Type.String({ maxLength: 100 })),
});
export type DepartmentListQuery = Static<typeof DepartmentListQuery>;

const DepartmentFields = {
  name: Type.String({ minLength: 1, maxLength: 100 }),
  description: Type.Optional(Type.String({ maxLength: 500 })),
  // Checked against HEX_COLOUR by the service, which can say what a person should type instead.
  colour: Type.String({ maxLength: 20, description: 'A hex colour such as #1565c0' }),
};

export const DepartmentCreateBody = Type.Object(DepartmentFields);
export type DepartmentCreateBody = Static<typeof DepartmentCreateBody>;

export const DepartmentUpdateBody = Type.Object({ id: Id, ...DepartmentFields });
export type DepartmentUpdateBody = Static<typeof DepartmentUpdateBody>;

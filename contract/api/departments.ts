import Type, { type Static } from 'typebox';
import { Id, Paged, Paging, Sorting, Timestamps } from './common';

export const HEX_COLOUR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

export const Department = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  colour: Type.String(),
  ...Timestamps,
});
export type Department = Static<typeof Department>;

export const DepartmentList = Paged(Department);
export type DepartmentList = Static<typeof DepartmentList>;

export const DepartmentListQuery = Type.Object({
  ...Paging(1000, 100),
  ...Sorting('name', 'updated_at', 'id'),
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

import Type, { type Static } from 'typebox';
import { FormDefinition } from '../forms';
import { Id, Literals, NamedRef, Paged, Paging, Sorting, Timestamps } from './common';

/*
 * Form templates (issue 48), module `formtemplate`: routes under /api/form-template. A template's
 * content lives in numbered versions: editing a template no inspection has used yet changes its
 * current version in place; editing one in use makes the next version, and inspections keep the
 * version they were made with.
 */

export const FORM_TEMPLATE_STATUSES = ['active', 'archived'] as const;

/** A template as lists show it. */
export const FormTemplateRow = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  status: Literals(...FORM_TEMPLATE_STATUSES),
  /** The current version's number (1, 2, …). */
  version: Type.Integer(),
  questions: Type.Integer({ description: 'Questions in the current version' }),
  /** The current version's highest score: every scored question's weight. */
  max_score: Type.Number(),
  /** Inspections made with any version of it. */
  inspections: Type.Integer(),
  created_by: Type.Union([NamedRef, Type.Null()]),
  ...Timestamps,
});
export type FormTemplateRow = Static<typeof FormTemplateRow>;

/** A template with its current version's content. */
export const FormTemplate = Type.Object({
  ...FormTemplateRow.properties,
  version_id: Type.Integer(),
  definition: FormDefinition,
});
export type FormTemplate = Static<typeof FormTemplate>;

export const FormTemplatePage = Paged(FormTemplateRow);
export type FormTemplatePage = Static<typeof FormTemplatePage>;

export const FormTemplateListQuery = Type.Object({
  ...Paging(200, 25),
  ...Sorting('name', 'updated_at', 'id'),
  q: Type.Optional(Type.String({ maxLength: 100 })),
  /** Absent: active ones only. */
  status: Type.Optional(Literals('active', 'archived', 'all')),
});
export type FormTemplateListQuery = Static<typeof FormTemplateListQuery>;

const FormTemplateFields = {
  name: Type.String({ minLength: 1, maxLength: 200 }),
  description: Type.Optional(Type.String({ maxLength: 2000 })),
  definition: FormDefinition,
};

export const FormTemplateCreateBody = Type.Object(FormTemplateFields);
export type FormTemplateCreateBody = Static<typeof FormTemplateCreateBody>;

export const FormTemplateUpdateBody = Type.Object({ id: Id, ...FormTemplateFields });
export type FormTemplateUpdateBody = Static<typeof FormTemplateUpdateBody>;

/** One version of a template, as its history lists it. */
export const FormTemplateVersion = Type.Object({
  id: Type.Integer(),
  version: Type.Integer(),
  questions: Type.Integer(),
  max_score: Type.Number(),
  inspections: Type.Integer(),
  created_by: Type.Union([NamedRef, Type.Null()]),
  created_at: Type.String(),
});
export type FormTemplateVersion = Static<typeof FormTemplateVersion>;

export const FormTemplateVersions = Type.Object({ data: Type.Array(FormTemplateVersion) });
export type FormTemplateVersions = Static<typeof FormTemplateVersions>;

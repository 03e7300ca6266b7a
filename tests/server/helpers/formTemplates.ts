import { and, eq } from 'drizzle-orm';
import { type FormDefinition, questionsOf, SCORED_KINDS } from '../../../contract/forms';
import { formTemplates, formTemplateVersions } from '../../../server/db/schema';
import type { TestApp } from './app';
import { organisation } from './organisation';

/**
 * Form templates written straight to the database, as taskRows.ts writes tasks: the inspection
 * suites need a template and its versions, not the templates module's screens and rules.
 */
export function formTemplateRows(t: TestApp) {
  const db = () => t.database.db;
  const org = organisation(t);

  const maxOf = (definition: FormDefinition) =>
    questionsOf(definition)
      .filter(({ question }) => SCORED_KINDS.includes(question.kind))
      .reduce((sum, { question }) => sum + question.weight, 0);

  /** A new version of a template (the next number), made its current one. */
  const addVersion = async (templateId: number, definition: FormDefinition, tenant = 'acme') => {
    const tenantId = await org.tenantId(tenant);
    const [template] = await db()
      .select({ current: formTemplates.currentVersion })
      .from(formTemplates)
      .where(and(eq(formTemplates.tenantId, tenantId), eq(formTemplates.id, templateId)));
    const existing = await db()
      .select({ version: formTemplateVersions.version })
      .from(formTemplateVersions)
      .where(
        and(eq(formTemplateVersions.tenantId, tenantId), eq(formTemplateVersions.templateId, templateId)),
      );
    const version =
      existing.length === 0 ? (template?.current ?? 1) : Math.max(...existing.map((v) => v.version)) + 1;
    const [row] = await db()
      .insert(formTemplateVersions)
      .values({
        tenantId,
        templateId,
        version,
        definition,
        questions: questionsOf(definition).length,
        maxScore: maxOf(definition),
      })
      .returning({ id: formTemplateVersions.id });
    await db()
      .update(formTemplates)
      .set({ currentVersion: version })
      .where(and(eq(formTemplates.tenantId, tenantId), eq(formTemplates.id, templateId)));
    return { versionId: row!.id, version };
  };

  /** An active template with its first version. */
  const addTemplate = async (name: string, definition: FormDefinition, tenant = 'acme') => {
    const tenantId = await org.tenantId(tenant);
    const [row] = await db()
      .insert(formTemplates)
      .values({ tenantId, name, currentVersion: 1 })
      .returning({ id: formTemplates.id });
    const { versionId } = await addVersion(row!.id, definition, tenant);
    return { templateId: row!.id, versionId };
  };

  const archive = async (templateId: number, tenant = 'acme') => {
    await db()
      .update(formTemplates)
      .set({ status: 'archived' })
      .where(and(eq(formTemplates.tenantId, await org.tenantId(tenant)), eq(formTemplates.id, templateId)));
  };

  return { addTemplate, addVersion, archive };
}

import type { FormTemplate } from '../../../contract/api/forms';
import type { NamedRecordForm } from '../../components/NamedRecordForms';
import { DefinitionBuilder } from './builder/DefinitionBuilder';
import { blankSection, definitionOf } from './builder/definitionEdits';
import { VersionWarning } from './VersionWarning';
import { WithDefinition } from './WithDefinition';

/** The builder after a template's name and description; on edit, first what saving does to a template in use. */
export const templateForm: NamedRecordForm<FormTemplate> = {
  inputs: (
    <WithDefinition>
      <VersionWarning />
      <DefinitionBuilder />
    </WithDefinition>
  ),
  body: ({ definition }) => {
    const { sections, pass_mark } = (definition ?? {}) as { sections?: never[]; pass_mark?: unknown };
    return { definition: definitionOf(sections ?? [], pass_mark) };
  },
  // A new template starts with one untitled section to put questions in.
  blank: { definition: { sections: [blankSection()] } },
  copy: (original) => ({ definition: original.definition }),
};

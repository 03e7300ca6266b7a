import type { Department } from '../../../contract/api/departments';
import type { NamedRecordForm } from '../../components/NamedRecordForms';
import { ColourInput } from './ColourInput';

/** A department's colour on its create and edit screens, sent without the spaces around a pasted code. */
export const departmentForm: NamedRecordForm<Department> = {
  inputs: <ColourInput />,
  body: ({ colour }) => ({ colour: typeof colour === 'string' ? colour.trim() : colour }),
  blank: { colour: '#607d8b' },
  copy: (original) => ({ colour: original.colour }),
};

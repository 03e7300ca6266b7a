import { maxLength, required, TextInput } from 'react-admin';
import { ColourInput } from './ColourInput';

/** The fields the create and edit screens share. */
export function DepartmentInputs() {
  return (
    <>
      <TextInput
        source="name"
        label="departments.fields.name"
        validate={[required(), maxLength(100)]}
        sx={{ maxWidth: 480 }}
      />
      <TextInput
        source="description"
        label="departments.fields.description"
        validate={maxLength(500)}
        multiline
        minRows={2}
        sx={{ maxWidth: 720 }}
      />
      <ColourInput />
    </>
  );
}

/** What the API takes: the record also carries dates it ignores. */
export const departmentBody = (data: Record<string, unknown>) => ({
  name: data.name,
  description: data.description ?? '',
  colour: typeof data.colour === 'string' ? data.colour.trim() : data.colour,
});

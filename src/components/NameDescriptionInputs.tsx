import { maxLength, required, TextInput, useResourceContext } from 'react-admin';

/** The name and description of a role or department, labelled `<resource>.fields.name` and `.description`. */
export function NameDescriptionInputs() {
  const resource = useResourceContext();
  return (
    <>
      <TextInput
        source="name"
        label={`${resource}.fields.name`}
        validate={[required(), maxLength(100)]}
        sx={{ maxWidth: 480 }}
      />
      <TextInput
        source="description"
        label={`${resource}.fields.description`}
        validate={maxLength(500)}
        multiline
        minRows={2}
        sx={{ maxWidth: 720 }}
      />
    </>
  );
}

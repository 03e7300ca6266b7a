import { NameDescriptionInputs } from '../../components/NameDescriptionInputs';
import { ColourInput } from './ColourInput';

/** The fields the create and edit screens share. */
export function DepartmentInputs() {
  return (
    <>
      <NameDescriptionInputs />
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

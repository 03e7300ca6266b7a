import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import { required, TextInput, useInput, useTranslate } from 'react-admin';
import { HEX_COLOUR } from '../../../contract/api/departments';

const hexColour = (value: unknown) =>
  typeof value === 'string' && HEX_COLOUR.test(value.trim()) ? undefined : 'departments.validation.colour';

/** A colour as a hex code, with the browser's picker beside it for those who would rather click. */
export function ColourInput() {
  const translate = useTranslate();
  const { field } = useInput({ source: 'colour' });
  const value = typeof field.value === 'string' && HEX_COLOUR.test(field.value) ? field.value : '#607d8b';
  // <input type="color"> wants six digits; a three-digit code is widened for it.
  const six = value.length === 4 ? `#${[...value.slice(1)].map((c) => c + c).join('')}` : value;
  return (
    <TextInput
      source="colour"
      label="departments.fields.colour"
      validate={[required(), hexColour]}
      helperText="departments.helpers.colour"
      sx={{ maxWidth: 280 }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Box
                component="input"
                type="color"
                value={six}
                aria-label={translate('departments.actions.pick_colour')}
                onChange={(event: React.ChangeEvent<HTMLInputElement>) => field.onChange(event.target.value)}
                sx={{ width: 32, height: 32, p: 0, border: 0, bgcolor: 'transparent', cursor: 'pointer' }}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

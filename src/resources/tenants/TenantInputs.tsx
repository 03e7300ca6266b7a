import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import {
  CheckboxGroupInput,
  email,
  maxLength,
  minValue,
  NumberInput,
  regex,
  required,
  TextInput,
  useTranslate,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  MAX_ACTIVE_WORKSPACE_LIMIT,
  RESERVED_TENANT_IDENTIFIERS,
  TENANT_IDENTIFIER_PATTERN,
} from '../../../contract/api/tenants';
import { MODULE_CHOICES, slugify } from './tenantChoices';

const notReserved = (value: unknown) =>
  typeof value === 'string' && (RESERVED_TENANT_IDENTIFIERS as readonly string[]).includes(value)
    ? 'tenants.validation.reserved'
    : undefined;
const atLeastOne = (value: unknown) =>
  Array.isArray(value) && value.length > 0 ? undefined : 'tenants.validation.modules';

const validateIdentifier = [
  required(),
  regex(new RegExp(TENANT_IDENTIFIER_PATTERN), 'tenants.validation.identifier'),
  notReserved,
];

function Section({ label }: { label: string }) {
  const translate = useTranslate();
  return (
    <Typography variant="subtitle1" component="h2" sx={{ mt: 2, fontWeight: 600 }}>
      {translate(label)}
    </Typography>
  );
}

/** While the identifier is untouched, it follows the name ("Initech Corp" → "initech-corp"). */
function IdentifierFromName() {
  const name = useWatch({ name: 'name' }) as string | undefined;
  const { getFieldState, setValue } = useFormContext();
  useEffect(() => {
    if (getFieldState('identifier').isDirty) return;
    setValue('identifier', slugify(name ?? ''), { shouldValidate: Boolean(name) });
  }, [name, getFieldState, setValue]);
  return null;
}

/** The fields Create and Edit share; the identifier is fixed once the tenant exists. */
export function TenantInputs({ mode }: { mode: 'create' | 'edit' }) {
  return (
    <>
      <Section label="tenants.sections.organisation" />
      <TextInput source="name" label="tenants.fields.name" validate={[required(), maxLength(120)]} />
      <TextInput
        source="identifier"
        label="tenants.fields.identifier"
        helperText={mode === 'create' ? 'tenants.helpers.identifier' : 'tenants.helpers.identifier_fixed'}
        validate={mode === 'create' ? validateIdentifier : undefined}
        readOnly={mode === 'edit'}
      />
      {mode === 'create' && <IdentifierFromName />}

      <Section label="tenants.sections.plan" />
      <NumberInput
        source="max_active_workspace"
        label="tenants.fields.max_active_workspace"
        helperText="tenants.helpers.max_active_workspace"
        min={1}
        max={MAX_ACTIVE_WORKSPACE_LIMIT}
        step={1}
        validate={[required(), minValue(1)]}
      />
      <CheckboxGroupInput
        source="modules"
        label="tenants.fields.modules"
        helperText="tenants.helpers.modules"
        choices={MODULE_CHOICES}
        validate={atLeastOne}
        sx={{
          '& .MuiFormGroup-root': {
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
          },
        }}
      />

      {mode === 'create' && (
        <>
          <Section label="tenants.sections.administrator" />
          <TextInput
            source="admin_email"
            type="email"
            label="tenants.fields.admin_email"
            helperText="tenants.helpers.admin_email"
            validate={[required(), email()]}
          />
          <TextInput
            source="admin_firstname"
            label="tenants.fields.admin_firstname"
            validate={maxLength(100)}
          />
          <TextInput
            source="admin_lastname"
            label="tenants.fields.admin_lastname"
            validate={maxLength(100)}
          />
        </>
      )}
    </>
  );
}

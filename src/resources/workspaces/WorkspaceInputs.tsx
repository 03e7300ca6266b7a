import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { AutocompleteInput, maxLength, required, TextInput, useTranslate } from 'react-admin';
import { DayInput } from '../../components/DayField';
import { NodePickerInput } from '../../components/NodePicker';
import { inputToOpenAt, openAtToInput } from '../../providers/openAt';
import { timeZoneNames } from '../../session/timezone';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const translate = useTranslate();
  return (
    <Box sx={{ width: '100%', mb: 1 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {translate(title)}
      </Typography>
      <Box sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {children}
      </Box>
    </Box>
  );
}

/**
 * The fields Create and Edit share. The parent picker offers the root and containers only (a
 * workspace has no children, spec §5), empty containers included since a new area starts empty.
 */
export function WorkspaceInputs() {
  const zones = useMemo(() => timeZoneNames().map((zone) => ({ id: zone, name: zone })), []);
  return (
    <>
      <Section title="workspaces.sections.identity">
        <TextInput source="name" label="workspaces.fields.name" validate={[required(), maxLength(120)]} />
        <TextInput
          source="identifier"
          label="workspaces.fields.identifier"
          helperText="workspaces.identifier_help"
          validate={[required(), maxLength(64)]}
        />
        <Box sx={{ gridColumn: { sm: '1 / -1' }, mb: 2 }}>
          <NodePickerInput
            source="parent_id"
            label="workspaces.fields.parent"
            helperText="workspaces.parent_help"
            validate={required()}
            allowEmptyContainers
          />
        </Box>
      </Section>
      <Section title="workspaces.sections.address">
        <TextInput source="street_line1" label="workspaces.fields.street_line1" validate={maxLength(200)} />
        <TextInput source="street_line2" label="workspaces.fields.street_line2" validate={maxLength(200)} />
        <TextInput source="suburb" label="workspaces.fields.suburb" validate={maxLength(100)} />
        <TextInput source="city" label="workspaces.fields.city" validate={maxLength(100)} />
        <TextInput source="state" label="workspaces.fields.state" validate={maxLength(100)} />
        <TextInput source="postcode" label="workspaces.fields.postcode" validate={maxLength(20)} />
      </Section>
      <Section title="workspaces.sections.operations">
        <TextInput source="contact" label="workspaces.fields.contact" validate={maxLength(200)} />
        <AutocompleteInput source="timezone" label="workspaces.fields.timezone" choices={zones} />
        {/* A day, not an instant: held as YYYY-MM-DD (not react-admin's DateTimeInput, which formats
            twice and blanked the value), sent as seconds at midnight UTC. */}
        <DayInput
          source="open_at"
          label="workspaces.fields.open_at"
          format={openAtToInput}
          parse={inputToOpenAt}
          helperText="workspaces.open_at_help"
          clearable
        />
        <Box />
        <Box sx={{ gridColumn: { sm: '1 / -1' } }}>
          <TextInput
            source="description"
            label="workspaces.fields.description"
            multiline
            minRows={3}
            validate={maxLength(2000)}
          />
        </Box>
      </Section>
    </>
  );
}

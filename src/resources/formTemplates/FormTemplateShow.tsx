import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { DateField, useRecordContext, useTranslate } from 'react-admin';
import type { FormTemplate } from '../../../contract/api/forms';
import { ActiveStatusChip } from '../../components/ActiveStatusChip';
import { Figure } from '../../components/Figure';
import { RecordActions } from '../../components/RecordButtons';
import { RecordShow } from '../../components/RecordScreens';
import type { PageProps } from '../../routing/types';
import { FormFigures } from './FormFigures';
import { FormOutline } from './FormOutline';
import { ArchiveTemplateButton, DeleteTemplateButton } from './FormTemplateButtons';
import { FORM_TEMPLATE_PATHS } from './formTemplatePaths';
import { VersionHistory } from './VersionHistory';
import { WithDefinition } from './WithDefinition';

function Part({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {translate(title)}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** The template's name, status, description and figures. */
function Summary() {
  const translate = useTranslate();
  const record = useRecordContext<FormTemplate>();
  if (!record) return null;
  return (
    <Card>
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
          <Typography variant="h5" component="h2">
            {record.name}
          </Typography>
          <ActiveStatusChip status={record.status} prefix="form_templates" />
        </Stack>
        {record.description && (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {record.description}
          </Typography>
        )}
        <Stack sx={{ mt: 2 }}>
          <FormFigures
            questions={record.questions}
            maxScore={record.max_score}
            passMark={record.definition.pass_mark}
          >
            <Figure label="form_templates.fields.version">
              {translate('form_templates.version_n', { n: record.version })}
            </Figure>
            <Figure label="form_templates.fields.inspections">{record.inspections}</Figure>
            <Figure label="form_templates.fields.updated_at">
              <DateField source="updated_at" showTime />
            </Figure>
          </FormFigures>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** The versions and the form's outline, below the summary card. */
function Content() {
  const record = useRecordContext<FormTemplate>();
  if (!record) return null;
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Part title="form_templates.preview">
        <FormOutline definition={record.definition} />
      </Part>
      <Part title="form_templates.versions">
        <VersionHistory id={record.id} />
      </Part>
    </Stack>
  );
}

/** /audit/form-template/detail/:id: the template's figures, its form as inspectors see it, its versions. */
export default function FormTemplateShow({ title }: PageProps) {
  return (
    <RecordShow<FormTemplate>
      title={title}
      listPath={FORM_TEMPLATE_PATHS.list}
      actions={
        <RecordActions paths={FORM_TEMPLATE_PATHS}>
          <ArchiveTemplateButton />
          <DeleteTemplateButton />
        </RecordActions>
      }
      history="form-template"
    >
      <WithDefinition>
        <Summary />
        <Content />
      </WithDefinition>
    </RecordShow>
  );
}

import SaveIcon from '@mui/icons-material/SaveOutlined';
import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AlignmentButtons,
  ClearButtons,
  DefaultEditorOptions,
  FormatButtons,
  LinkButtons,
  ListButtons,
  QuoteButtons,
  RichTextInput,
  RichTextInputToolbar,
} from 'ra-input-rich-text';
import { type ReactNode, useMemo, useState } from 'react';
import {
  ArrayInput,
  BooleanInput,
  Form,
  maxLength,
  required,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  useDataProvider,
  useNotify,
  useRedirect,
  useTranslate,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import type { Task, TaskStatus } from '../../../contract/api/tasks';
import { CountInput } from '../../components/CountInput';
import { DayInput } from '../../components/DayField';
import { TimeOfDayInput } from '../../components/TimeOfDayField';
import { useSessionUser } from '../../hooks/useSession';
import { useTaskDepartments, useTaskTypes } from '../../hooks/useTaskLookups';
import { messageChoices } from '../../i18n/choices';
import { hasModuleAccess } from '../../providers/accessControl';
import type { AppDataProvider } from '../../providers/dataProvider';
import { ApiError } from '../../providers/httpClient';
import { AttachmentsInput } from './AttachmentsInput';
import { PublishConfirm } from './PublishConfirm';
import { RecurrenceInput } from './RecurrenceInput';
import { TargetsInput } from './TargetsInput';
import { TaskPreviewPanel, useTaskPreview } from './TaskPreviewPanel';
import { formErrors, type TaskFormValues, taskBody } from './taskForm';
import { TASK_PATHS } from './taskPaths';

const EXPIRY_CHOICES = messageChoices('tasks.expiry', ['none', 'end_of_day', 'at_time']);

const dueAfterStart = (_: unknown, all: TaskFormValues) =>
  all.start_date &&
  all.due_date &&
  all.start_time &&
  all.due_time &&
  `${all.due_date} ${all.due_time}` <= `${all.start_date} ${all.start_time}`
    ? 'tasks.validation.due_after_start'
    : undefined;

const expiryAfterDue = (value: unknown, all: TaskFormValues) => {
  if (all.expiry_mode !== 'at_time') return undefined;
  if (!value) return 'ra.validation.required';
  return typeof value === 'string' && value <= all.due_time ? 'tasks.validation.expiry_after_due' : undefined;
};

function Section({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <Card variant="outlined">
      <CardContent sx={{ display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 500 }}>
          {title}
        </Typography>
        {intro && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {intro}
          </Typography>
        )}
        {children}
      </CardContent>
    </Card>
  );
}

const row = { display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start', width: '100%' } as const;
const pair = { display: 'flex', gap: 2, flex: '1 1 270px' } as const;
const day = { flex: '3 1 0' } as const;
const time = { flex: '2 1 0' } as const;

function WhatSection() {
  const translate = useTranslate();
  const { types, isPending: typesPending } = useTaskTypes();
  const { departments, isPending: departmentsPending } = useTaskDepartments();
  return (
    <Section title={translate('tasks.sections.what')}>
      <TextInput
        source="title"
        label="tasks.fields.title"
        validate={[required(), maxLength(200)]}
        fullWidth
      />
      <Box sx={row}>
        <SelectInput
          source="type_id"
          label="tasks.fields.type"
          choices={types}
          isPending={typesPending}
          validate={required()}
          sx={{ flex: '1 1 180px' }}
        />
        <SelectInput
          source="department_id"
          label="tasks.fields.department"
          choices={departments}
          isPending={departmentsPending}
          emptyText="—"
          sx={{ flex: '1 1 180px' }}
        />
        <CountInput
          source="estimated_minutes"
          label="tasks.fields.estimated_minutes"
          min={1}
          max={1440}
          optional
          helperText="tasks.helpers.estimated_minutes"
          sx={{ flex: '1 1 180px' }}
        />
      </Box>
      <DescriptionInput />
    </Section>
  );
}

/**
 * The task's description. The editor itself is named by the field's label (tiptap's editable area
 * had no name), and the toolbar leaves out react-admin's heading picker: a description is read
 * inside a task card under the page's headings, and the picker was a navigation landmark whose
 * button was named "Current level" while it showed "Normal".
 */
function DescriptionInput() {
  const translate = useTranslate();
  const label = translate('tasks.fields.description');
  const editorOptions = useMemo(
    () => ({
      ...DefaultEditorOptions,
      editorProps: { attributes: { 'aria-label': label, 'aria-multiline': 'true', role: 'textbox' } },
    }),
    [label],
  );
  return (
    <RichTextInput
      source="description"
      label="tasks.fields.description"
      fullWidth
      editorOptions={editorOptions}
      toolbar={
        <RichTextInputToolbar>
          <FormatButtons />
          <AlignmentButtons />
          <ListButtons />
          <LinkButtons />
          <QuoteButtons />
          <ClearButtons />
        </RichTextInputToolbar>
      }
    />
  );
}

function WhenSection() {
  const translate = useTranslate();
  const expiryMode = useWatch({ name: 'expiry_mode' }) as string;
  return (
    <Section title={translate('tasks.sections.when')} intro={translate('tasks.helpers.times')}>
      {/* Start and due each keep their day and time together when the row wraps. */}
      <Box sx={row}>
        <Box sx={pair}>
          <DayInput source="start_date" label="tasks.fields.start_date" validate={required()} sx={day} />
          <TimeOfDayInput
            source="start_time"
            label="tasks.fields.start_time"
            validate={required()}
            sx={time}
          />
        </Box>
        <Box sx={pair}>
          <DayInput source="due_date" label="tasks.fields.due_date" validate={required()} sx={day} />
          <TimeOfDayInput
            source="due_time"
            label="tasks.fields.due_time"
            validate={[required(), dueAfterStart]}
            sx={time}
          />
        </Box>
      </Box>
      <Box sx={row}>
        <SelectInput
          source="expiry_mode"
          label="tasks.fields.expiry"
          choices={EXPIRY_CHOICES}
          validate={required()}
          sx={{ flex: '1 1 240px', maxWidth: 360 }}
        />
        {expiryMode === 'at_time' && (
          <TimeOfDayInput
            source="expiry_time"
            label="tasks.fields.expiry_time"
            validate={expiryAfterDue}
            sx={{ flex: '0 1 160px' }}
          />
        )}
      </Box>
      <Typography variant="subtitle2" sx={{ mt: 1 }}>
        {translate('tasks.recurrence.title')}
      </Typography>
      <RecurrenceInput />
    </Section>
  );
}

function HowSection() {
  const translate = useTranslate();
  return (
    <Section title={translate('tasks.sections.how')} intro={translate('tasks.evidence.intro')}>
      <BooleanInput source="evidence.comment" label="tasks.fields.evidence_comment" />
      <Box sx={row}>
        {(['photos', 'files'] as const).map((kind) => (
          <CountInput
            key={kind}
            source={`evidence.${kind}`}
            label={`tasks.fields.evidence_${kind}`}
            min={0}
            max={20}
            sx={{ flex: '1 1 140px', maxWidth: 200 }}
          />
        ))}
      </Box>
      <BooleanInput source="approval" label="tasks.fields.approval" helperText="tasks.helpers.approval" />
      <BooleanInput
        source="compliance"
        label="tasks.fields.compliance"
        helperText="tasks.helpers.compliance"
      />
      <FormOrChecklist />
      <Typography variant="subtitle2" sx={{ mt: 2 }}>
        {translate('tasks.attachments.title')}
      </Typography>
      <AttachmentsInput />
    </Section>
  );
}

/**
 * The stores' steps: a form template (issue 48) they fill in as their completion, or a checklist
 * to tick; never both. The form is offered to authors who may read the templates.
 */
function FormOrChecklist() {
  const translate = useTranslate();
  const user = useSessionUser();
  const dataProvider = useDataProvider<AppDataProvider>();
  const mayPick = hasModuleAccess(user, 'formtemplate') || hasModuleAccess(user, 'inspection', ['create']);
  const forms = useQuery({
    queryKey: ['tasks', 'forms'],
    queryFn: () => dataProvider.getTaskFormChoices(),
    enabled: mayPick,
    staleTime: 60_000,
  });
  const formId = useWatch({ name: 'form_template_id' }) as number | null | '';
  const withForm = formId !== null && formId !== '' && formId !== undefined;
  return (
    <>
      {mayPick && (
        <SelectInput
          source="form_template_id"
          label="tasks.fields.form"
          choices={forms.data ?? []}
          isPending={forms.isPending}
          emptyText="tasks.form.none"
          helperText="tasks.helpers.form"
          sx={{ mt: 2, maxWidth: 420 }}
        />
      )}
      {withForm ? (
        <Typography variant="body2" color="text.secondary">
          {translate('tasks.form.instead_of_checklist')}
        </Typography>
      ) : (
        <>
          <Typography variant="subtitle2" sx={{ mt: 2 }}>
            {translate('tasks.checklist.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('tasks.checklist.intro')}
          </Typography>
          <ArrayInput source="checklist" label={false}>
            <SimpleFormIterator
              inline
              disableClear
              addButton={<Button size="small">{translate('tasks.checklist.add')}</Button>}
              sx={{ '& .RaSimpleFormIterator-action': { visibility: 'visible' } }}
            >
              <TextInput
                source="text"
                label="tasks.fields.checklist_step"
                validate={[required(), maxLength(500)]}
                sx={{ flex: 1, minWidth: 220 }}
              />
            </SimpleFormIterator>
          </ArrayInput>
        </>
      )}
    </>
  );
}

type Intent = 'draft' | 'publish';

interface TaskFormProps {
  /** The task being edited; absent when creating or duplicating. */
  task?: Pick<Task, 'id' | 'status'>;
  defaultValues: TaskFormValues;
}

/** The form's sections, preview and buttons (inside the form, so they can watch and submit it). */
function TaskFormBody({ task }: { task?: TaskFormProps['task'] }) {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const form = useFormContext<TaskFormValues>();
  const preview = useTaskPreview(task?.id);
  const [confirming, setConfirming] = useState(false);
  const [saving, setSaving] = useState(false);
  const status: TaskStatus = task?.status ?? 'draft';

  const save = async (values: TaskFormValues, intent: Intent) => {
    setSaving(true);
    try {
      const body = taskBody(values);
      const saved: Task = task
        ? await dataProvider.updateTask({ id: task.id, ...body })
        : await dataProvider.createTask(body);
      if (intent === 'publish' && saved.status === 'draft') {
        const result = await dataProvider.publishTask(saved.id);
        notify('tasks.notify.published', {
          type: 'success',
          messageArgs: { smart_count: result.assignments },
        });
      } else {
        notify(status === 'draft' ? 'tasks.notify.saved' : 'tasks.notify.updated', {
          type: 'success',
          messageArgs: { title: saved.title },
        });
      }
      await queryClient.invalidateQueries({ queryKey: ['tasks'] });
      redirect(() => TASK_PATHS.detail(saved.id));
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.errors).length > 0) {
        for (const [field, message] of Object.entries(formErrors(error.errors, values)))
          form.setError(field as keyof TaskFormValues, { type: 'server', message });
      }
      notify((error as Error).message, { type: 'error' });
    } finally {
      setSaving(false);
      setConfirming(false);
    }
  };

  const invalid = () => notify('tasks.notify.fix_fields', { type: 'warning' });
  const saveDraft = form.handleSubmit((values) => save(values, 'draft'), invalid);
  const askPublish = form.handleSubmit(() => setConfirming(true), invalid);

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 340px' },
        alignItems: 'start',
        width: '100%',
      }}
    >
      <Stack spacing={2} sx={{ minWidth: 0 }}>
        <WhatSection />
        <WhenSection />
        <Section title={translate('tasks.sections.where')}>
          <TargetsInput />
        </Section>
        <HowSection />
      </Stack>
      <Stack spacing={2} sx={{ position: { md: 'sticky' }, top: { md: 72 }, minWidth: 0 }}>
        <TaskPreviewPanel state={preview} />
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {status === 'draft' ? (
            <>
              <Button variant="contained" startIcon={<SendIcon />} disabled={saving} onClick={askPublish}>
                {translate('tasks.actions.publish')}
              </Button>
              <Button variant="outlined" startIcon={<SaveIcon />} disabled={saving} onClick={saveDraft}>
                {translate('tasks.actions.save_draft')}
              </Button>
            </>
          ) : (
            <Button variant="contained" startIcon={<SaveIcon />} disabled={saving} onClick={saveDraft}>
              {translate('tasks.actions.save')}
            </Button>
          )}
        </Stack>
      </Stack>
      <PublishConfirm
        open={confirming}
        title={form.getValues('title')}
        preview={preview.preview}
        loading={saving}
        onConfirm={() => save(form.getValues(), 'publish')}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}

/**
 * The one task form of create, duplicate and edit: what, when (with the repeat editor and its
 * sentence), where (include/exclude with the live preview), and how it is completed. Field errors
 * the server answers with land on their inputs.
 */
export function TaskForm({ task, defaultValues }: TaskFormProps) {
  // Enter in a field must not send anything: saving and publishing are the buttons' to do.
  return (
    <Form defaultValues={defaultValues} onSubmit={() => undefined} noValidate warnWhenUnsavedChanges={false}>
      <TaskFormBody task={task} />
    </Form>
  );
}

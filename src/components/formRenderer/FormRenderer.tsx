import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import {
  type Answer,
  type Answers,
  type FormDefinition,
  isAnswered,
  type Section,
  visibleQuestionIds,
} from '../../../contract/forms';
import { QuestionField } from './QuestionField';
import type { QuestionAside, Upload } from './types';

export interface FormRendererProps {
  definition: FormDefinition;
  answers: Answers;
  /** Each change of one question's answer (the whole answer, as the API takes it). */
  onAnswer: (questionId: string, answer: Answer) => void;
  /** Shows the answers as a report reads them, with no inputs. */
  readOnly?: boolean;
  /** Sentences by question id (the server's refusal of a finish, missing answers). */
  errors?: Record<string, string>;
  /** Uploads photos and signatures; without it (a template's preview) no file can be added. */
  upload?: Upload;
  /** A note beside each question's prompt (the runner's saving state). */
  aside?: QuestionAside;
  /** Sections the form opens with folded (all open when absent). */
  collapsed?: readonly string[];
}

/**
 * A form of contract/forms.ts as people fill it in and read it: its sections as blocks that fold,
 * each visible question (show-if rules followed as answers change) with the input of its kind.
 * It keeps no answers of its own: the caller holds them, saves them, and scores them.
 */
export function FormRenderer({
  definition,
  answers,
  onAnswer,
  readOnly = false,
  errors = {},
  upload,
  aside,
  collapsed,
}: FormRendererProps) {
  const visible = useMemo(() => visibleQuestionIds(definition, answers), [definition, answers]);
  return (
    <Stack spacing={2}>
      {definition.sections.map((section) => (
        <SectionBlock
          key={section.id}
          section={section}
          visible={visible}
          answers={answers}
          onAnswer={onAnswer}
          readOnly={readOnly}
          errors={errors}
          upload={upload}
          aside={aside}
          startCollapsed={collapsed?.includes(section.id) ?? false}
        />
      ))}
    </Stack>
  );
}

function SectionBlock({
  section,
  visible,
  answers,
  onAnswer,
  readOnly,
  errors,
  upload,
  aside,
  startCollapsed,
}: {
  section: Section;
  visible: Set<string>;
  answers: Answers;
  onAnswer: FormRendererProps['onAnswer'];
  readOnly: boolean;
  errors: Record<string, string>;
  upload?: Upload;
  aside?: QuestionAside;
  startCollapsed: boolean;
}) {
  const translate = useTranslate();
  const [open, setOpen] = useState(!startCollapsed);
  const questions = section.questions.filter((q) => visible.has(q.id));
  // A question in error opens its section, so the one pointed at can be seen.
  const shown = open || questions.some((q) => errors[q.id]);
  if (questions.length === 0) return null;
  const answered = questions.filter((q) => isAnswered(q, answers[q.id])).length;
  const bodyId = `section-${section.id}`;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={`${bodyId}-title`}>
      <Typography component="h2" variant="h6" id={`${bodyId}-title`} sx={{ m: 0 }}>
        <Button
          fullWidth
          color="inherit"
          onClick={() => setOpen(!shown)}
          aria-expanded={shown}
          aria-controls={bodyId}
          endIcon={shown ? <ExpandLessIcon /> : <ExpandMoreIcon />}
          sx={{
            justifyContent: 'space-between',
            textTransform: 'none',
            minHeight: 56,
            px: 2,
            font: 'inherit',
          }}
        >
          <span>{section.title}</span>
          {!readOnly && (
            <Typography
              component="span"
              variant="body2"
              color="text.secondary"
              sx={{ ml: 'auto', mr: 1, pl: 1, whiteSpace: 'nowrap' }}
            >
              {translate('inspections.form.section_progress', { answered, total: questions.length })}
            </Typography>
          )}
        </Button>
      </Typography>
      <Collapse in={shown} id={bodyId}>
        <Stack spacing={1.5} sx={{ p: { xs: 1, sm: 2 }, pt: 0 }}>
          {questions.map((question) => (
            <QuestionField
              key={question.id}
              question={question}
              answer={answers[question.id]}
              onAnswer={(answer) => onAnswer(question.id, answer)}
              readOnly={readOnly}
              error={errors[question.id]}
              upload={upload}
              aside={aside?.(question.id)}
            />
          ))}
        </Stack>
      </Collapse>
    </Paper>
  );
}

import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Confirm, useTranslate } from 'react-admin';
import { FORM_LIMITS, type Question, type Section } from '../../../../contract/forms';
import { AddQuestionButton } from './AddQuestionButton';
import { moved, removed, replaced } from './definitionEdits';
import { MoveButtons } from './MoveButtons';
import { QuestionCard } from './QuestionCard';
import type { Trigger } from './ShowIfInput';

interface SectionCardProps {
  section: Section;
  index: number;
  first: boolean;
  last: boolean;
  /** The number of the section's first question in the whole form. */
  firstNumber: number;
  /** The yes/no and choice questions of the form with their numbers, in form order. */
  triggers: readonly Trigger[];
  /** Whether the form can take another question. */
  full: boolean;
  onChange: (section: Section) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

/** One section of the builder: its title, its questions in order, and "add a question". */
export function SectionCard({
  section,
  index,
  firstNumber,
  triggers,
  full,
  onChange,
  onRemove,
  ...moves
}: SectionCardProps) {
  const translate = useTranslate();
  const headingId = useId();
  const [confirming, setConfirming] = useState(false);
  const name = translate('form_templates.section_n', { n: index + 1 });
  const questions = section.questions;
  const setQuestions = (next: Question[]) => onChange({ ...section, questions: next });
  return (
    <Card component="section" aria-labelledby={headingId} variant="outlined">
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
          <Typography id={headingId} variant="h6" component="h2">
            {translate('form_templates.section_heading', { n: index + 1 })}
          </Typography>
          <MoveButtons
            name={name}
            {...moves}
            onRemove={() => (questions.length > 0 ? setConfirming(true) : onRemove())}
          />
        </Stack>
        <Stack spacing={2}>
          <TextField
            size="small"
            label={translate('form_templates.fields.section_title')}
            value={section.title}
            required
            onChange={(event) => onChange({ ...section, title: event.target.value })}
            slotProps={{ htmlInput: { maxLength: 200 } }}
            sx={{ maxWidth: 480 }}
          />
          {questions.map((question, i) => {
            const number = firstNumber + i;
            return (
              <QuestionCard
                key={question.id}
                question={question}
                number={number}
                first={i === 0}
                last={i === questions.length - 1}
                triggers={triggers.filter((t) => t.number < number)}
                onChange={(q) => setQuestions(replaced(questions, i, q))}
                onMove={(by) => setQuestions(moved(questions, i, by))}
                onRemove={() => setQuestions(removed(questions, i))}
              />
            );
          })}
          <div>
            <AddQuestionButton
              section={name}
              disabled={full || questions.length >= FORM_LIMITS.questionsPerSection}
              onAdd={(q) => setQuestions([...questions, q])}
            />
          </div>
        </Stack>
      </CardContent>
      <Confirm
        isOpen={confirming}
        title="form_templates.confirm.remove_section_title"
        content="form_templates.confirm.remove_section_body"
        translateOptions={{ name: section.title || name, smart_count: questions.length }}
        confirm="form_templates.actions.remove_section"
        confirmColor="warning"
        onConfirm={() => {
          setConfirming(false);
          onRemove();
        }}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}

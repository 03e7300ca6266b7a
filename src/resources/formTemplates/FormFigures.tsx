import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Figure } from '../../components/Figure';

/** A template's figures: how many questions, the highest score, the pass mark (and whatever else the screen adds). */
export function FormFigures({
  questions,
  maxScore,
  passMark,
  children,
}: {
  questions: number;
  maxScore: number;
  passMark: number | undefined;
  children?: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={4} sx={{ flexWrap: 'wrap' }} useFlexGap data-testid="form-figures">
      <Figure label="form_templates.fields.questions">{questions}</Figure>
      <Figure label="form_templates.fields.max_score">{maxScore}</Figure>
      <Figure label="form_templates.fields.pass_mark">
        {passMark === undefined ? translate('form_templates.no_pass_mark') : `${passMark}%`}
      </Figure>
      {children}
    </Stack>
  );
}

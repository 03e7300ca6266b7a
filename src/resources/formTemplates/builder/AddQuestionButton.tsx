import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { Question } from '../../../../contract/forms';
import { blankQuestion } from './definitionEdits';

/** What the author can add, a choice twice (one answer, or several). */
const CHOICES: { key: string; make: () => Question }[] = [
  { key: 'yes_no', make: () => blankQuestion('yes_no') },
  { key: 'choice_single', make: () => blankQuestion('choice') },
  { key: 'choice_multiple', make: () => blankQuestion('choice', true) },
  { key: 'number', make: () => blankQuestion('number') },
  { key: 'text', make: () => blankQuestion('text') },
  { key: 'date', make: () => blankQuestion('date') },
  { key: 'photo', make: () => blankQuestion('photo') },
  { key: 'signature', make: () => blankQuestion('signature') },
];

/** "Add a question" to a section, by kind, from a menu the keyboard opens and walks. */
export function AddQuestionButton({
  section,
  disabled,
  onAdd,
}: {
  /** "section 2", so each section's button has a name of its own. */
  section: string;
  disabled: boolean;
  onAdd: (question: Question) => void;
}) {
  const translate = useTranslate();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        startIcon={<AddIcon />}
        variant="outlined"
        disabled={disabled}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        aria-label={translate('form_templates.actions.add_question_to', { section })}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {translate('form_templates.actions.add_question')}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {CHOICES.map((choice) => (
          <MenuItem
            key={choice.key}
            onClick={() => {
              setAnchor(null);
              onAdd(choice.make());
            }}
          >
            {translate(`form_templates.kinds.${choice.key}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

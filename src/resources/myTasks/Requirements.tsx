import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { EvidenceRules } from '../../../contract/api/mytasks';

export interface RequirementsProps {
  rules: EvidenceRules;
  /** What the form holds now: finished uploads, the comment, the ticked steps. */
  photos: number;
  documents: number;
  comment: string;
  ticked: number;
}

/**
 * What this task needs before it can be sent, stated up front and ticked as each is met, so staff
 * learn the rules from the drawer rather than from an error. Nothing shows for a task with none.
 */
export function Requirements({ rules, photos, documents, comment, ticked }: RequirementsProps) {
  const translate = useTranslate();
  const items = [
    rules.photos > 0 && {
      key: 'photos',
      label: translate('my_tasks.requires_photos', { smart_count: rules.photos, have: photos }),
      met: photos >= rules.photos,
    },
    rules.files > 0 && {
      key: 'files',
      label: translate('my_tasks.requires_files', { smart_count: rules.files, have: documents }),
      met: documents >= rules.files,
    },
    rules.comment && {
      key: 'comment',
      label: translate('my_tasks.requires_comment'),
      met: comment.trim() !== '',
    },
    rules.checklist > 0 && {
      key: 'checklist',
      label: translate('my_tasks.requires_checklist', { smart_count: rules.checklist, have: ticked }),
      met: ticked >= rules.checklist,
    },
  ].filter((item) => item !== false);
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="requirements-title">
      <Typography id="requirements-title" variant="subtitle2" component="h4">
        {translate('my_tasks.requirements')}
      </Typography>
      <List dense disablePadding data-testid="requirements">
        {items.map((item) => (
          <ListItem key={item.key} disableGutters sx={{ py: 0.25 }}>
            <ListItemIcon sx={{ minWidth: 32 }}>
              {item.met ? (
                <CheckCircleIcon
                  color="success"
                  fontSize="small"
                  titleAccess={translate('my_tasks.requirement_met')}
                />
              ) : (
                <RadioButtonUncheckedIcon
                  color="action"
                  fontSize="small"
                  titleAccess={translate('my_tasks.requirement_open')}
                />
              )}
            </ListItemIcon>
            <ListItemText primary={item.label} />
          </ListItem>
        ))}
      </List>
    </section>
  );
}

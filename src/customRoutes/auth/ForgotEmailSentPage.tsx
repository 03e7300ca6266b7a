import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { translate } from '../../i18n/translate';
import { EntryLayout } from './EntryLayout';

export function ForgotEmailSentPage() {
  return (
    <EntryLayout title={translate('auth.sent_title')}>
      <Stack spacing={3} sx={{ alignItems: 'flex-start' }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <MarkEmailReadOutlinedIcon color="primary" sx={{ fontSize: 40 }} />
          <Typography variant="body1">{translate('auth.sent_body')}</Typography>
        </Stack>
        <Button component={RouterLink} to="/login" variant="outlined">
          {translate('auth.back_to_sign_in')}
        </Button>
      </Stack>
    </EntryLayout>
  );
}

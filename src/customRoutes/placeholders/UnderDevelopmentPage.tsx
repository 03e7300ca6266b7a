import ConstructionOutlinedIcon from '@mui/icons-material/ConstructionOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { MessagePage } from '../../components/MessagePage';
import type { PageProps } from '../../routing/types';

/** Spec §1: library, insights, orders and surveys exist only as "under development" pages. */
export default function UnderDevelopmentPage({ title, description }: PageProps) {
  const translate = useTranslate();
  return (
    <MessagePage
      testId="under-development"
      title={title}
      heading={translate('shell.under_development_title')}
      body={
        <Stack component="span" spacing={1.5} sx={{ display: 'flex' }}>
          {description && (
            <Typography component="span" variant="body1" color="text.primary">
              {description}
            </Typography>
          )}
          <span>{translate('shell.under_development_body', { page: title })}</span>
        </Stack>
      }
      icon={<ConstructionOutlinedIcon />}
      action={
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Chip label={translate('shell.planned')} color="warning" variant="outlined" size="small" />
          <Button component={Link} to="/" variant="outlined" size="small">
            {translate('shell.go_home')}
          </Button>
        </Stack>
      }
    />
  );
}

import TravelExploreOutlinedIcon from '@mui/icons-material/TravelExploreOutlined';
import Button from '@mui/material/Button';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { MessagePage } from './MessagePage';

/** The catch-all inside the main layout (spec §2). */
export function NotFoundPage() {
  const translate = useTranslate();
  return (
    <MessagePage
      testId="not-found"
      title={translate('pages.not_found')}
      heading={translate('pages.not_found')}
      body={translate('shell.not_found_body')}
      icon={<TravelExploreOutlinedIcon />}
      action={
        <Button component={Link} to="/" variant="contained">
          {translate('shell.go_home')}
        </Button>
      }
    />
  );
}

import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Button from '@mui/material/Button';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { MessagePage } from '../components/MessagePage';
import { useSessionUser } from '../hooks/useSession';
import { firstPermittedPath } from '../routing/menuItems';
import { useScreenRegistry } from '../routing/ScreenRegistry';

export function ForbiddenPage() {
  const translate = useTranslate();
  const user = useSessionUser();
  const home = firstPermittedPath(user, useScreenRegistry().adminFolders);
  return (
    <MessagePage
      testId="forbidden"
      title={translate('pages.forbidden')}
      heading={translate('pages.forbidden')}
      body={translate('shell.forbidden_body')}
      icon={<LockOutlinedIcon />}
      action={
        home && (
          <Button component={Link} to={home} variant="contained">
            {translate('shell.go_home')}
          </Button>
        )
      }
    />
  );
}

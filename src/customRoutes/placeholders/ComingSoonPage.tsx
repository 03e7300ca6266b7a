import RocketLaunchOutlinedIcon from '@mui/icons-material/RocketLaunchOutlined';
import { useTranslate } from 'react-admin';
import type { PageProps } from '../../routing/types';
import { MessagePage } from '../MessagePage';

/** Stand-in for a real screen that a later release delivers; its route and access are already live. */
export default function ComingSoonPage({ title }: PageProps) {
  const translate = useTranslate();
  return (
    <MessagePage
      testId="coming-soon"
      title={title}
      heading={translate('shell.coming_soon_title')}
      body={translate('shell.coming_soon_body')}
      icon={<RocketLaunchOutlinedIcon />}
    />
  );
}

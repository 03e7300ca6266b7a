import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Button, useCanAccess } from 'react-admin';
import { Link } from 'react-router-dom';

/** A list's toolbar link to its bulk import, for those who may create what it lists. */
export function ImportButton({ resource, to }: { resource: 'users' | 'workspaces'; to: string }) {
  const { canAccess } = useCanAccess({ resource, action: 'create' });
  if (!canAccess) return null;
  return (
    <Button component={Link} to={to} label="imports.import">
      <UploadFileIcon />
    </Button>
  );
}

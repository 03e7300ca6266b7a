import AccountTreeOutlinedIcon from '@mui/icons-material/AccountTreeOutlined';
import FolderOutlinedIcon from '@mui/icons-material/FolderOutlined';
import PersonOffOutlinedIcon from '@mui/icons-material/PersonOffOutlined';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { NodeType } from '../../../contract/constants';

const ICONS = {
  root: AccountTreeOutlinedIcon,
  container: FolderOutlinedIcon,
  workspace: StorefrontOutlinedIcon,
  unassigned: PersonOffOutlinedIcon,
} as const;

/** The one icon per node type that the tree, the pickers and the workspace screens share. */
export function NodeTypeIcon({ type, ...props }: { type: NodeType } & SvgIconProps) {
  const Icon = ICONS[type];
  return <Icon fontSize="small" {...props} />;
}

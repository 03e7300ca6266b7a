import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { TreeNode } from '../../../contract/api/hierarchy';
import { NodeTypeIcon } from '../../components/NodePicker';

/** Where the selected node sits and, for a workspace, its code and address. */
export function NodeSummary({ node, ancestors }: { node: TreeNode; ancestors: string[] }) {
  const translate = useTranslate();
  const object = node.object;
  const address = object
    ? [
        object.street_line1,
        object.street_line2,
        object.suburb,
        [object.state, object.postcode].filter(Boolean).join(' '),
      ]
        .filter(Boolean)
        .join(', ')
    : '';
  return (
    <Box sx={{ mb: 2 }}>
      {ancestors.length > 0 && (
        <Breadcrumbs sx={{ typography: 'caption', color: 'text.secondary', mb: 0.5 }} maxItems={4}>
          {ancestors.map((name, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: ancestors are a fixed path; names may repeat
            <span key={i}>{name}</span>
          ))}
        </Breadcrumbs>
      )}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
        <NodeTypeIcon type={node.type} />
        <Typography variant="h6" component="h2" sx={{ wordBreak: 'break-word' }}>
          {node.name}
        </Typography>
        <Chip size="small" label={translate(`hierarchy.types.${node.type}`)} />
        {node.status === 'inactive' && (
          <Chip size="small" color="warning" label={translate('hierarchy.inactive')} />
        )}
      </Stack>
      {object && (
        <Stack spacing={0.5} sx={{ mt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {[object.identifier, address, object.timezone].filter(Boolean).join(' · ')}
          </Typography>
          <Box>
            <Button
              size="small"
              component={Link}
              to={`/admin/workspace/detail/${object.id}`}
              endIcon={<OpenInNewIcon fontSize="small" />}
            >
              {translate('hierarchy.open_workspace')}
            </Button>
          </Box>
        </Stack>
      )}
      {node.type !== 'workspace' && node.type !== 'unassigned' && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {translate('hierarchy.children_count', { smart_count: node.children.length })}
        </Typography>
      )}
      {node.type === 'unassigned' && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {translate('hierarchy.unassigned_help')}
        </Typography>
      )}
    </Box>
  );
}

import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import type { PageProps } from '../../routing/types';
import { HierarchyDialogs } from './HierarchyDialogs';
import type { HierarchyDialog } from './hierarchyDialog';
import { NodeSummary } from './NodeSummary';
import { NodeUsersPanel } from './NodeUsersPanel';
import { TreePanel } from './TreePanel';
import { toolbarTargets } from './toolbarTargets';
import { ancestorIds } from './treeModel';
import { useHierarchyRights } from './useHierarchyRights';
import { useHierarchyTree } from './useHierarchyTree';
import { useNodeChanges } from './useNodeChanges';

/**
 * The organisation tree (spec §2 /admin/hierarchy): browse and search it, add, rename, move (drag
 * and drop or "Move to…") and delete nodes, and see and transfer the people positioned at a node.
 */
export default function HierarchyPage({ title }: PageProps) {
  const translate = useTranslate();
  const can = useHierarchyRights();
  const tree = useHierarchyTree();
  const [dialog, setDialog] = useState<HierarchyDialog | null>(null);
  const changes = useNodeChanges(tree, setDialog);
  const { index, selected } = tree;
  const targets = toolbarTargets(index, tree.checked, selected, can);
  const ancestors = selected ? ancestorIds(index, selected.id).map((id) => index.byId.get(id)!.name) : [];

  return (
    <Box sx={{ py: { xs: 1, sm: 2 } }}>
      <Title title={title} />
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 7fr) minmax(0, 5fr)' },
        }}
      >
        <Card>
          <CardContent sx={{ pb: 1 }}>
            <TreePanel tree={tree} can={can} targets={targets} busy={changes.busy} onOpen={setDialog} />
          </CardContent>
        </Card>
        <Card>
          <CardContent>
            {selected ? (
              <>
                <NodeSummary node={selected} ancestors={ancestors} />
                <NodeUsersPanel key={selected.id} node={selected} canTransfer={can.update} />
              </>
            ) : (
              <Typography color="text.secondary">{translate('hierarchy.choose_node')}</Typography>
            )}
          </CardContent>
        </Card>
      </Box>
      <HierarchyDialogs
        dialog={dialog}
        onClose={() => setDialog(null)}
        index={index}
        targets={targets}
        changes={changes}
      />
    </Box>
  );
}

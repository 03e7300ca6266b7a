import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Collapse from '@mui/material/Collapse';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  Confirm,
  LoadingIndicator,
  Title,
  useCanAccess,
  useDataProvider,
  useDelete,
  useGetList,
  useNotify,
  useTranslate,
} from 'react-admin';
import type { ProfileField } from '../../../contract/api/profile';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import type { AppDataProvider } from '../../providers/dataProvider';
import type { PageProps } from '../../routing/types';
import { FieldEditor } from './FieldEditor';
import { FieldRow } from './FieldRow';
import { moveId } from './fieldForm';

type Editing = { kind: 'new' } | { kind: 'edit'; id: number } | undefined;

/**
 * Spec §2 /admin/profile-management: the tenant's profile fields in form order. Fields are added
 * and edited in place, and reordered by dragging (or with the arrows, which also work by keyboard
 * and on phones, where dragging does not).
 */
export default function ProfileManagementPage({ title }: PageProps) {
  useDocumentTitle(title);
  const translate = useTranslate();
  const notify = useNotify();
  const { data, isPending, refetch } = useGetList<ProfileField>('profile-fields', {
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'sort_order', order: 'ASC' },
  });
  const canCreate = useCanAccess({ resource: 'profile-fields', action: 'create' }).canAccess === true;
  const canEdit = useCanAccess({ resource: 'profile-fields', action: 'update' }).canAccess === true;
  const canDelete = useCanAccess({ resource: 'profile-fields', action: 'delete' }).canAccess === true;
  const [order, setOrder] = useState<number[]>([]);
  const [editing, setEditing] = useState<Editing>();
  const [dragged, setDragged] = useState<number>();
  const [deleting, setDeleting] = useState<ProfileField>();
  const [remove, removal] = useDelete();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { mutate: reorder } = useMutation({
    mutationFn: (ids: number[]) => dataProvider.reorderProfileFields(ids),
    // The new order shows at once; a refusal puts the previous one back.
    onMutate: (ids) => {
      const previous = order;
      setOrder(ids);
      return previous;
    },
    onSuccess: () => notify('profile_fields.notify.reordered', { type: 'success' }),
    onError: (error: Error, _, previous) => {
      if (previous) setOrder(previous);
      notify(error.message, { type: 'error' });
    },
    onSettled: () => void refetch(),
  });

  useEffect(() => setOrder((data ?? []).map((f) => f.id)), [data]);
  const byId = new Map((data ?? []).map((f) => [f.id, f]));
  const fields = order.map((id) => byId.get(id)).filter((f): f is ProfileField => f !== undefined);

  const done = () => {
    setEditing(undefined);
    void refetch();
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove(
      'profile-fields',
      { id: deleting.id, previousData: deleting },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify('profile_fields.notify.deleted', { type: 'success' });
          setDeleting(undefined);
          void refetch();
        },
        onError: (error) => {
          notify((error as Error).message, { type: 'error' });
          setDeleting(undefined);
        },
      },
    );
  };

  return (
    <Box sx={{ maxWidth: 960, mt: 2 }}>
      <Title title={title} />
      <Card>
        <CardContent>
          <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, flexWrap: 'wrap', mb: 2 }}>
            <Typography color="text.secondary" sx={{ flex: 1, minWidth: 240 }}>
              {translate('profile_fields.intro')}
            </Typography>
            {canCreate && (
              <Button
                variant="contained"
                startIcon={<AddIcon />}
                onClick={() => setEditing({ kind: 'new' })}
                disabled={editing?.kind === 'new'}
              >
                {translate('profile_fields.actions.add')}
              </Button>
            )}
          </Box>
          <Collapse in={editing?.kind === 'new'} unmountOnExit>
            <Box sx={{ mb: 2 }}>
              <FieldEditor onDone={done} />
            </Box>
          </Collapse>
          {isPending ? (
            <LoadingIndicator />
          ) : fields.length === 0 ? (
            <Typography color="text.secondary">{translate('profile_fields.empty')}</Typography>
          ) : (
            <Box role="list" aria-label={title} sx={{ borderTop: 1, borderColor: 'divider' }}>
              {fields.map((field, index) =>
                editing?.kind === 'edit' && editing.id === field.id ? (
                  <Box key={field.id} role="listitem" sx={{ py: 1 }}>
                    <FieldEditor field={field} onDone={done} />
                  </Box>
                ) : (
                  <Box key={field.id} role="listitem">
                    <FieldRow
                      field={field}
                      canEdit={canEdit}
                      canDelete={canDelete}
                      first={index === 0}
                      last={index === fields.length - 1}
                      dragging={dragged === field.id}
                      onEdit={() => setEditing({ kind: 'edit', id: field.id })}
                      onDelete={() => setDeleting(field)}
                      onMove={(direction) => {
                        const target = order[index + direction];
                        if (target !== undefined) reorder(moveId(order, field.id, target));
                      }}
                      dragHandlers={{
                        draggable: canEdit,
                        onDragStart: (event) => {
                          event.dataTransfer.effectAllowed = 'move';
                          setDragged(field.id);
                        },
                        onDragOver: (event) => {
                          if (dragged !== undefined) event.preventDefault();
                        },
                        onDrop: (event) => {
                          event.preventDefault();
                          if (dragged !== undefined && dragged !== field.id)
                            reorder(moveId(order, dragged, field.id));
                          setDragged(undefined);
                        },
                        onDragEnd: () => setDragged(undefined),
                      }}
                    />
                  </Box>
                ),
              )}
            </Box>
          )}
        </CardContent>
      </Card>
      <Confirm
        isOpen={deleting !== undefined}
        loading={removal.isPending}
        title="profile_fields.confirm.delete_title"
        content="profile_fields.confirm.delete_body"
        translateOptions={{ name: deleting?.name ?? '' }}
        confirmColor="warning"
        onConfirm={confirmDelete}
        onClose={() => setDeleting(undefined)}
      />
    </Box>
  );
}

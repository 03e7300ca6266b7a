import Alert from '@mui/material/Alert';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { FormDialog } from '../../components/FormDialog';
import { NodePicker } from '../../components/NodePicker';
import { INSPECTIONS_KEY, inspectionApi } from './inspectionApi';
import { TemplateSelect } from './TemplateSelect';

/** A store visit: a store of the caller's part of the tree and an active template, then the runner. */
export function StartInspectionDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [store, setStore] = useState<number | null>(null);
  const [template, setTemplate] = useState<number>();
  const create = useMutation({
    mutationFn: () => inspectionApi.create({ store_id: store!, template_id: template! }),
    onSuccess: (inspection) => {
      queryClient.setQueryData([INSPECTIONS_KEY, 'one', inspection.id], inspection);
      void queryClient.invalidateQueries({ queryKey: [INSPECTIONS_KEY, 'list'] });
      navigate(`/audit/inspection/${inspection.id}`);
    },
  });
  return (
    <FormDialog
      open={open}
      title={translate('inspections.start.title')}
      submitLabel={translate('inspections.start.submit')}
      busy={create.isPending}
      submitDisabled={store === null || template === undefined}
      onClose={onClose}
      onSubmit={() => create.mutate()}
    >
      <NodePicker
        label={translate('inspections.start.store')}
        value={store}
        onChange={(id, option) => setStore(option?.type === 'workspace' ? id : null)}
        includeWorkspaces
        required
      />
      <TemplateSelect
        status="active"
        required
        label={translate('inspections.start.template')}
        value={template}
        onChange={setTemplate}
      />
      {create.error && <Alert severity="error">{create.error.message}</Alert>}
    </FormDialog>
  );
}

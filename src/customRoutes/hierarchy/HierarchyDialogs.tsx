import { Confirm, type TranslateFunction, useTranslate } from 'react-admin';
import type { HierarchyDialog } from './hierarchyDialog';
import { AddNodeDialog, PickNodeDialog, RenameDialog } from './NodeDialogs';
import type { ToolbarTargets } from './toolbarTargets';
import { deletionImpact, namesOf, type TreeIndex } from './treeModel';
import type { NodeChanges } from './useNodeChanges';

/** The question a deletion or a dropped node asks before anything is sent. */
function confirmation(translate: TranslateFunction, index: TreeIndex, dialog: HierarchyDialog | null) {
  if (dialog?.kind === 'delete') {
    const impact = deletionImpact(index, dialog.ids);
    const names = dialog.ids.map((id) => index.byId.get(id)?.name).filter(Boolean);
    return {
      title: translate('hierarchy.delete_title', { smart_count: dialog.ids.length, name: names[0] }),
      content: `${translate('hierarchy.delete_body', {
        names: names.slice(0, 5).join(', ') + (names.length > 5 ? '…' : ''),
        smart_count: impact.nodes,
      })} ${
        impact.people > 0
          ? translate('hierarchy.delete_people', { smart_count: impact.people })
          : translate('hierarchy.delete_nobody')
      }`,
    };
  }
  if (dialog?.kind === 'drop') {
    const node = index.byId.get(dialog.id);
    const below = deletionImpact(index, [dialog.id]).below;
    return {
      title: translate('hierarchy.move_title', { name: node?.name }),
      content: [
        translate('hierarchy.move_body', {
          name: node?.name,
          parent: index.byId.get(dialog.parentId)?.name,
        }),
        below > 0 ? translate('hierarchy.move_below', { smart_count: below }) : '',
      ].join(' '),
    };
  }
  return { title: '', content: '' };
}

/** The hierarchy screen's dialogs: add, rename, move to…, and the confirmation of a delete or a drop. */
export function HierarchyDialogs({
  dialog,
  onClose,
  index,
  targets: { single, toMove },
  changes,
}: {
  dialog: HierarchyDialog | null;
  onClose: () => void;
  index: TreeIndex;
  targets: ToolbarTargets;
  changes: NodeChanges;
}) {
  const translate = useTranslate();
  const { busy } = changes;
  const confirmText = confirmation(translate, index, dialog);
  return (
    <>
      {dialog?.kind === 'add' && single && (
        <AddNodeDialog
          open
          type={dialog.type}
          parentName={single.name}
          busy={busy}
          errors={dialog.errors}
          onClose={onClose}
          onSubmit={(node) => changes.add(single.id, node)}
        />
      )}
      {dialog?.kind === 'rename' && single && (
        <RenameDialog
          open
          current={single.name}
          busy={busy}
          error={dialog.error}
          onClose={onClose}
          onSubmit={(name) => changes.rename(single.id, name)}
        />
      )}
      {dialog?.kind === 'move' && toMove.length > 0 && (
        <PickNodeDialog
          open
          title={translate('hierarchy.move_title', { name: namesOf(index, toMove) })}
          submitLabel={translate('hierarchy.move_submit')}
          busy={busy}
          forPeople={false}
          excludeIds={toMove}
          onClose={onClose}
          onSubmit={(parentId) => changes.move(toMove, parentId, 'dialog')}
        />
      )}
      <Confirm
        isOpen={dialog?.kind === 'delete' || dialog?.kind === 'drop'}
        loading={busy}
        title={confirmText.title}
        content={confirmText.content}
        confirm={dialog?.kind === 'delete' ? 'ra.action.delete' : 'hierarchy.move_submit'}
        confirmColor={dialog?.kind === 'delete' ? 'warning' : 'primary'}
        onConfirm={() => {
          if (dialog?.kind === 'delete') changes.remove(dialog.ids);
          else if (dialog?.kind === 'drop') changes.move([dialog.id], dialog.parentId, 'drag');
        }}
        onClose={onClose}
      />
    </>
  );
}

import type { MyTaskCard } from '../../../contract/api/mytasks';

type BadgeTone = 'error' | 'warning' | 'info' | 'success' | 'default';

export interface CardBadge {
  /** i18n key under my_tasks. */
  label: string;
  tone: BadgeTone;
}

/** The one badge that says where a card stands; none for an open task still on time. */
export function stateBadge(card: MyTaskCard): CardBadge | undefined {
  if (card.acknowledgement) {
    if (card.acknowledgement.acknowledged) return { label: 'read', tone: 'success' };
    if (card.acknowledgement.stale) return { label: 'reread', tone: 'warning' };
  }
  switch (card.status) {
    case 'cancelled':
      return { label: 'cancelled', tone: 'default' };
    case 'expired':
      return { label: 'expired', tone: 'default' };
    case 'submitted':
      return { label: 'submitted', tone: 'info' };
    case 'approved':
      return { label: 'approved', tone: 'success' };
    case 'done':
      return { label: 'done', tone: 'success' };
    case 'cannot_do':
      return { label: 'cannot_do', tone: 'warning' };
    case 'rejected':
      return card.overdue ? { label: 'overdue', tone: 'error' } : { label: 'rejected', tone: 'warning' };
  }
  if (card.expired) return { label: 'expired', tone: 'default' };
  if (card.overdue) return { label: 'overdue', tone: 'error' };
  return undefined;
}

/** Whether the caller can still act on it: open or sent back, not expired, not already read. */
export function isCompletable(card: MyTaskCard): boolean {
  if (card.done || card.expired) return false;
  // Communications are read per person: the store's status only says whether it was withdrawn.
  if (card.acknowledgement) return card.status !== 'cancelled';
  return card.status === 'open' || card.status === 'rejected';
}

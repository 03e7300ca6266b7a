import { useScreenRegistry } from '../routing/ScreenRegistry';

/**
 * Who changed the record (the activity log's latest entries about it). The view is the activity
 * screen's, handed down by the app's registry: shared pieces sit below the screens.
 */
export function RecordHistory({ entity, id }: { entity: string; id: number | string }) {
  const { recordHistory: History } = useScreenRegistry();
  return <History entity={entity} id={id} />;
}

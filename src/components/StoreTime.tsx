import Tooltip from '@mui/material/Tooltip';
import { useTranslate } from 'react-admin';
import { useZonedTime } from '../hooks/useZonedTime';

/**
 * The text of a store's instant in the store's own zone, marked "store time" when the viewer's
 * clock reads otherwise (a head-office viewer in New York sees Sydney's 12:00, not 01:00), and
 * the viewer's reading for a hover or a second line. One rule for every screen that shows a
 * store's times; a store's own people, in the store's zone, see plain times.
 */
export function useStoreTime() {
  const translate = useTranslate();
  const { atStore } = useZonedTime();
  return (value: Date | string | number, storeZone: string, part: 'dateTime' | 'time' = 'dateTime') => {
    const { store, mine } = atStore(value, storeZone, part);
    return mine === undefined
      ? { text: store, yours: undefined }
      : {
          text: translate('store_time.marked', { time: store }),
          yours: translate('store_time.yours', { time: mine }),
        };
  };
}

/** A store's instant as an element: the store's time, with the viewer's on hover and to screen readers. */
export function StoreTime({
  value,
  zone,
  part = 'dateTime',
}: {
  value: Date | string | number;
  zone: string;
  part?: 'dateTime' | 'time';
}) {
  const storeTime = useStoreTime();
  const { text, yours } = storeTime(value, zone, part);
  if (!yours) return <>{text}</>;
  return (
    <Tooltip title={yours} describeChild>
      <span data-store-time="marked">{text}</span>
    </Tooltip>
  );
}

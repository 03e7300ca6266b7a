import { useNotify, useRedirect } from 'react-admin';
import { useParams } from 'react-router-dom';

/**
 * The record a detail or edit route names (`…/:id`), and what to do when it cannot be loaded:
 * say why and go back to the list, instead of react-admin's default of its own resource path.
 */
export function useRecordRoute(listPath: string) {
  const { id } = useParams();
  const notify = useNotify();
  const redirect = useRedirect();
  return {
    id: Number(id),
    queryOptions: {
      onError: (error: Error) => {
        notify(error.message || 'ra.notification.item_doesnt_exist', { type: 'error' });
        redirect(() => listPath);
      },
    },
  };
}

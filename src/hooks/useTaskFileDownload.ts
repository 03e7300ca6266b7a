import { useDataProvider, useNotify } from 'react-admin';
import type { TaskFileRef } from '../../contract/api/mytasks';
import type { AppDataProvider } from '../providers/dataProvider';
import { saveFile } from '../providers/saveFile';

/** Saves a task's file under its name, or says why it could not. */
export function useTaskFileDownload() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  return async (file: TaskFileRef) => {
    try {
      saveFile(await dataProvider.downloadTaskFile(file));
    } catch (error) {
      notify(error instanceof Error ? error.message : 'my_tasks.download_failed', { type: 'error' });
    }
  };
}

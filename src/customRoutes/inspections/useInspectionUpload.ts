import { useCallback } from 'react';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { preparePhoto } from '../../resources/myTasks/preparePhoto';

/**
 * An inspection's photos and signatures go up as My Tasks' evidence does (POST
 * /api/user/task/upload, photos first scaled and stripped of their EXIF on the phone), and the
 * answer keeps the stored file's hash.
 */
export function useInspectionUpload() {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useCallback(
    async (file: File) => {
      const prepared = file.type.startsWith('image/') ? await preparePhoto(file) : file;
      return (await dataProvider.uploadTaskFile(prepared)).hash;
    },
    [dataProvider],
  );
}

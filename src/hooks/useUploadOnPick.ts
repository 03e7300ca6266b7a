import { useMutation } from '@tanstack/react-query';
import { useNotify } from 'react-admin';

interface UploadOnPick<T> {
  /** An i18n key saying why a file is refused before it is sent (checked here so it fails at once), or nothing. */
  problem: (file: File) => string | undefined;
  upload: (file: File) => Promise<T>;
  onUploaded: (answer: T) => void;
  /** i18n key of the message once the file is stored. */
  uploaded: string;
}

/**
 * A picked file uploaded at once (a profile picture, the tenant's logo): a file refused here or by
 * the server says why; `busy` while it goes, so the buttons around it wait.
 */
export function useUploadOnPick<T>({ problem, upload, onUploaded, uploaded }: UploadOnPick<T>) {
  const notify = useNotify();
  const { mutate, isPending } = useMutation({
    mutationFn: upload,
    onSuccess: (answer) => {
      onUploaded(answer);
      notify(uploaded, { type: 'info' });
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });
  const pick = ([file]: File[]) => {
    if (!file) return;
    const refused = problem(file);
    if (refused) notify(refused, { type: 'error' });
    else mutate(file);
  };
  return { pick, busy: isPending };
}

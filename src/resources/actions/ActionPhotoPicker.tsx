import { useCallback } from 'react';
import { useDataProvider } from 'react-admin';
import { PhotoAnswer } from '../../components/formRenderer/PhotoAnswer';
import type { AppDataProvider } from '../../providers/dataProvider';
import { preparePhoto } from '../myTasks/preparePhoto';

/** The contract's most photos on an action, a step or a comment. */
const MAX_PHOTOS = 10;

/**
 * Photos of an action, a step or a comment, taken or picked: each goes up at once as My Tasks'
 * evidence does (scaled and stripped of its EXIF on the phone) and is kept by its hash; up to ten.
 */
export function ActionPhotoPicker({
  photos,
  onChange,
  label,
}: {
  photos: readonly string[];
  onChange: (photos: string[]) => void;
  /** What the photos are of, for their alternative text. */
  label: string;
}) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const upload = useCallback(
    async (file: File) =>
      (await dataProvider.uploadTaskFile(file.type.startsWith('image/') ? await preparePhoto(file) : file))
        .hash,
    [dataProvider],
  );
  return (
    <PhotoAnswer
      photos={photos}
      onChange={(next) => onChange(next.slice(0, MAX_PHOTOS))}
      upload={photos.length < MAX_PHOTOS ? upload : undefined}
      label={label}
    />
  );
}

/** Photos already kept, as thumbnails. */
export function ActionPhotos({ photos, label }: { photos: readonly string[]; label: string }) {
  if (photos.length === 0) return null;
  return <PhotoAnswer photos={photos} onChange={() => {}} readOnly label={label} />;
}

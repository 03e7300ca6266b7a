import BrokenImageIcon from '@mui/icons-material/BrokenImageOutlined';
import PhotoIcon from '@mui/icons-material/PhotoOutlined';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import { THUMBNAIL_SOURCES } from '../../contract/api/tasks';
import type { AppDataProvider } from '../providers/dataProvider';

type Variant = 'thumbnail' | 'full';

/**
 * A photo's bytes, fetched once per hash and variant (files are content-addressed, so they never
 * change); My Tasks fetches a day's thumbnails ahead with the same query (usePrefetchDay).
 */
export const photoQuery = (dataProvider: AppDataProvider, hash: string, variant: Variant) => ({
  queryKey: ['task-file', hash, variant],
  queryFn: (): Promise<Blob> =>
    variant === 'full' ? dataProvider.downloadTaskFile({ hash }) : dataProvider.taskFileThumbnail(hash),
  staleTime: Number.POSITIVE_INFINITY,
});

/** Whether the server makes a thumbnail of a photo of this type (HEIC shows by name). */
export const previewable = (mime: string | undefined) =>
  mime === undefined || THUMBNAIL_SOURCES.includes(mime);

function usePhotoUrl(hash: string, variant: Variant, enabled: boolean) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data, error } = useQuery({ ...photoQuery(dataProvider, hash, variant), enabled });
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!data) return;
    const objectUrl = URL.createObjectURL(data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [data]);
  return { url, failed: error != null };
}

function Placeholder({ height, broken }: { height: number | string; broken?: boolean }) {
  return (
    <Box sx={{ height, display: 'grid', placeItems: 'center', bgcolor: 'action.hover', borderRadius: 1 }}>
      {broken ? <BrokenImageIcon color="disabled" /> : <PhotoIcon color="disabled" />}
    </Box>
  );
}

/**
 * An evidence or reference photo. Lists and grids show the server's small thumbnail (a 56 px
 * cell does not need a 6 MB photo); the zoomed view shows the photo itself. The API needs the
 * session's token, so bytes load as a blob, not by src. A photo the server makes no thumbnail
 * of (HEIC) shows a photo sign, with its name beside it where the screen has room.
 */
export function EvidencePhoto({
  hash,
  mime,
  alt,
  height,
  fit = 'cover',
  variant = 'thumbnail',
}: {
  hash: string;
  /** When known: decides whether there is a thumbnail to ask for. */
  mime?: string;
  alt: string;
  height: number | string;
  fit?: 'cover' | 'contain';
  variant?: Variant;
}) {
  const shown = variant === 'full' || previewable(mime);
  const { url, failed } = usePhotoUrl(hash, variant, shown);
  if (!shown || failed) return <Placeholder height={height} broken={failed} />;
  if (!url) return <Skeleton variant="rounded" height={height} />;
  return (
    <Box
      component="img"
      src={url}
      alt={alt}
      sx={{
        width: '100%',
        height,
        objectFit: fit,
        borderRadius: 1,
        display: 'block',
        bgcolor: 'action.hover',
      }}
    />
  );
}

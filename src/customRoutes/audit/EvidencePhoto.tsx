import BrokenImageIcon from '@mui/icons-material/BrokenImageOutlined';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';

/** A photo's bytes, fetched once per hash (files are content-addressed, so they never change). */
function usePhotoUrl(hash: string): { url: string | undefined; failed: boolean } {
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data, error } = useQuery({
    queryKey: ['task-file', hash],
    queryFn: () => dataProvider.downloadTaskFile(hash),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!data) return;
    const objectUrl = URL.createObjectURL(data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [data]);
  return { url, failed: error != null };
}

/** An evidence photo (the API needs the session's token, so it is loaded as a blob, not by src). */
export function EvidencePhoto({
  hash,
  alt,
  height,
  fit = 'cover',
}: {
  hash: string;
  alt: string;
  height: number | string;
  fit?: 'cover' | 'contain';
}) {
  const { url, failed } = usePhotoUrl(hash);
  if (failed)
    return (
      <Box sx={{ height, display: 'grid', placeItems: 'center', bgcolor: 'action.hover', borderRadius: 1 }}>
        <BrokenImageIcon color="disabled" />
      </Box>
    );
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

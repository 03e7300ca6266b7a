import DownloadIcon from '@mui/icons-material/Download';
import PushPinIcon from '@mui/icons-material/PushPin';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useTranslate } from 'react-admin';
import type { TaskFileRef } from '../../../contract/api/mytasks';
import { EvidencePhoto } from '../../components/EvidencePhoto';
import { useTaskFileDownload } from '../../hooks/useTaskFileDownload';

/** What the zoom shows: one photo of a set, moving through the set. */
export interface ZoomTarget {
  photos: readonly TaskFileRef[];
  index: number;
}

/** A submission's photos as thumbnails, each opening the zoom. */
export function Gallery({
  photos,
  onZoom,
  pinned,
  size = 140,
}: {
  photos: readonly TaskFileRef[];
  onZoom: (target: ZoomTarget) => void;
  /** The photo a rejection pointed at, outlined. */
  pinned?: string | null;
  size?: number;
}) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: `repeat(auto-fill, minmax(${size}px, 1fr))`, gap: 1 }}>
      {photos.map((file, index) => {
        const isPinned = pinned === file.hash;
        return (
          <Tooltip key={file.hash} title={isPinned ? translate('audit.pinned') : ''} describeChild>
            <ButtonBase
              onClick={() => onZoom({ photos, index })}
              aria-label={translate('audit.zoom', { name: file.name })}
              data-pinned={isPinned || undefined}
              sx={{
                display: 'block',
                position: 'relative',
                borderRadius: 1,
                outline: isPinned ? 3 : 0,
                outlineColor: 'error.main',
                outlineOffset: 1,
                '&:focus-visible': { outline: 2, outlineColor: 'primary.main' },
              }}
            >
              <EvidencePhoto hash={file.hash} mime={file.mime} alt={file.name} height={size} />
              {isPinned && (
                <PushPinIcon
                  fontSize="small"
                  sx={{
                    position: 'absolute',
                    top: 4,
                    right: 4,
                    color: 'common.white',
                    bgcolor: 'error.main',
                    borderRadius: '50%',
                    p: 0.25,
                  }}
                />
              )}
            </ButtonBase>
          </Tooltip>
        );
      })}
    </Box>
  );
}

/** A submission's documents, each downloaded on a click. */
export function Documents({ files }: { files: readonly TaskFileRef[] }) {
  const download = useTaskFileDownload();
  return (
    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
      {files.map((file) => (
        <Chip
          key={file.hash}
          icon={<DownloadIcon />}
          label={file.name}
          onClick={() => download(file)}
          variant="outlined"
        />
      ))}
    </Stack>
  );
}

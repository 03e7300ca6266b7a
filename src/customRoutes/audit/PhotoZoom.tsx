import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import FitScreenIcon from '@mui/icons-material/FitScreen';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { EvidencePhoto } from '../../components/EvidencePhoto';
import type { ZoomTarget } from './EvidenceFiles';
import { usePhotoZoom, ZOOM_STEPS } from './usePhotoZoom';

/**
 * A photo full screen: fitted first; click (or +) to enlarge and scroll to look closer, − or 0 to
 * come back; ← → move through the set it was opened from.
 */
export function PhotoZoom({ target, onClose }: { target: ZoomTarget | undefined; onClose: () => void }) {
  const translate = useTranslate();
  const { photos, index, file, step, scale, viewport, zoomTo, go, onKeyDown } = usePhotoZoom(target);
  return (
    <Dialog
      open={target !== undefined}
      onClose={onClose}
      fullScreen
      aria-labelledby="zoom-title"
      onKeyDown={onKeyDown}
    >
      <Stack direction="row" sx={{ alignItems: 'center', p: 1, gap: 0.5, flexWrap: 'wrap' }}>
        <Typography
          id="zoom-title"
          noWrap
          // On a phone the name takes its own line above the controls.
          sx={{ flex: { xs: '1 0 100%', sm: 1 }, minWidth: 0, pl: 1 }}
        >
          {file?.name}
        </Typography>
        {photos.length > 1 && (
          <>
            <IconButton
              onClick={() => go(index - 1)}
              disabled={index === 0}
              aria-label={translate('audit.zoom_previous')}
            >
              <ChevronLeftIcon />
            </IconButton>
            <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
              {translate('audit.zoom_position', { position: index + 1, count: photos.length })}
            </Typography>
            <IconButton
              onClick={() => go(index + 1)}
              disabled={index === photos.length - 1}
              aria-label={translate('audit.zoom_next')}
            >
              <ChevronRightIcon />
            </IconButton>
          </>
        )}
        <IconButton
          onClick={() => zoomTo(step - 1)}
          disabled={step === 0}
          aria-label={translate('audit.zoom_out')}
        >
          <ZoomOutIcon />
        </IconButton>
        <IconButton
          onClick={() => zoomTo(step + 1)}
          disabled={step === ZOOM_STEPS.length - 1}
          aria-label={translate('audit.zoom_in')}
        >
          <ZoomInIcon />
        </IconButton>
        <IconButton onClick={() => zoomTo(0)} disabled={step === 0} aria-label={translate('audit.zoom_fit')}>
          <FitScreenIcon />
        </IconButton>
        <IconButton onClick={onClose} aria-label={translate('ra.action.close')}>
          <CloseIcon />
        </IconButton>
      </Stack>
      <Box
        ref={viewport}
        data-testid="zoom-viewport"
        sx={{ flex: 1, minHeight: 0, overflow: 'auto', bgcolor: 'grey.900', display: 'flex' }}
      >
        {file && (
          <Box
            onClick={(event) => zoomTo(step === 0 ? 2 : 0, event)}
            sx={{
              // Fitted: the viewport's size. Enlarged: a multiple of it, scrolled to look around.
              width: `${scale * 100}%`,
              height: `${scale * 100}%`,
              flex: '0 0 auto',
              m: 'auto',
              p: 1,
              cursor: step === 0 ? 'zoom-in' : 'zoom-out',
            }}
          >
            <EvidencePhoto hash={file.hash} alt={file.name} height="100%" fit="contain" variant="full" />
          </Box>
        )}
      </Box>
    </Dialog>
  );
}

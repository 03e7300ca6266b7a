import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Title, useTranslate } from 'react-admin';
import type { ImportKind } from '../../../contract/api/imports';
import { RetryAlert } from '../../components/LoadFailure';
import { FileDetail } from './FileDetail';
import { FileList } from './FileList';
import { useImportFiles, useRememberUpload, useSelectedFile } from './importQueries';
import { TemplateButtons } from './TemplateButtons';
import { UploadBox } from './UploadBox';

/** The files uploaded so far, or a word that there are none. */
function Files({ kind, onOpen }: { kind: ImportKind; onOpen: (filename: string) => void }) {
  const translate = useTranslate();
  const files = useImportFiles(kind);
  return (
    <Stack spacing={1} component="section" aria-label={translate('imports.files.title')}>
      <Typography variant="subtitle1" component="h2">
        {translate('imports.files.title')}
      </Typography>
      {files.isPending && <LinearProgress />}
      {files.error != null && <RetryAlert error={files.error} onRetry={() => files.refetch()} />}
      {files.data?.data.length === 0 && (
        <Alert severity="info" data-testid="imports-empty">
          {translate('imports.files.empty')}
        </Alert>
      )}
      {files.data && files.data.data.length > 0 && <FileList files={files.data.data} onOpen={onOpen} />}
    </Stack>
  );
}

/**
 * Spec §2 /admin/user/import and /admin/workspace/import (issue 14): templates, an upload that is
 * checked at once, the uploaded files, and one file's check, run and outcome. The open file lives in
 * the address (`?file=`), so a reload comes back to it — and to its run, if one is under way.
 */
export function ImportPage({ kind, title }: { kind: ImportKind; title: string }) {
  const translate = useTranslate();
  const [selected, select] = useSelectedFile();
  const remember = useRememberUpload(kind);

  return (
    // A grid of one shrinkable column: the wide preview scrolls inside the page, not the page itself.
    <Box sx={{ py: { xs: 1.5, sm: 2 }, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Title title={title} />
      <Stack spacing={2}>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={1.5}
          sx={{ alignItems: { xs: 'stretch', md: 'center' }, justifyContent: 'space-between' }}
        >
          <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 720 }}>
            {translate(`imports.intro_${kind}`)}
          </Typography>
          <TemplateButtons kind={kind} />
        </Stack>
        <UploadBox
          kind={kind}
          onUploaded={(detail) => {
            remember(detail);
            select(detail.file.filename);
          }}
        />
        {selected === undefined ? (
          <Files kind={kind} onOpen={select} />
        ) : (
          <FileDetail key={selected} kind={kind} filename={selected} onBack={() => select(undefined)} />
        )}
      </Stack>
    </Box>
  );
}

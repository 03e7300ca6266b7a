import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { ImportFormat, ImportKind } from '../../../contract/api/imports';
import type { AppDataProvider } from '../../providers/dataProvider';
import { saveFile } from '../../providers/saveFile';

/** The server's names for its templates. */
/** The kind's columns with an example row made of the caller's own organisation, as CSV or XLSX. */
export function TemplateButtons({ kind }: { kind: ImportKind }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const download = async (format: ImportFormat) => {
    try {
      saveFile(await dataProvider.downloadImportTemplate(kind, format));
    } catch (error) {
      notify(error instanceof Error ? error.message : 'imports.errors.download', { type: 'error' });
    }
  };
  return (
    <Stack direction="row" useFlexGap sx={{ gap: 1, flexWrap: 'wrap', flexShrink: 0 }}>
      {(['csv', 'xlsx'] as const).map((format) => (
        <Button
          key={format}
          size="small"
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={() => download(format)}
        >
          {translate(`imports.template_${format}`)}
        </Button>
      ))}
    </Stack>
  );
}

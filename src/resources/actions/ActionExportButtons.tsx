import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import { useListContext, useNotify, useTranslate } from 'react-admin';
import type { QueryValue } from '../../providers/httpClient';
import { saveFile } from '../../providers/saveFile';
import { actionApi } from './actionApi';

const FORMATS = ['csv', 'xlsx'] as const;

/** The list as it is filtered and sorted, as CSV or XLSX (every page, as the server makes it). */
export function ActionExportButtons() {
  const translate = useTranslate();
  const notify = useNotify();
  const { filterValues, sort } = useListContext();
  const download = async (format: (typeof FORMATS)[number]) => {
    const query: Record<string, QueryValue> = { sort: sort.field, order: sort.order.toLowerCase() };
    for (const [key, value] of Object.entries(filterValues as Record<string, unknown>))
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
        query[key] = value;
    try {
      saveFile(await actionApi.export(query, format));
    } catch (error) {
      notify(error instanceof Error ? error.message : 'actions.export_failed', { type: 'error' });
    }
  };
  return FORMATS.map((format) => (
    <Button
      key={format}
      size="small"
      startIcon={<DownloadIcon />}
      onClick={() => download(format)}
      aria-label={translate(`actions.actions.export_${format}`)}
    >
      {format.toUpperCase()}
    </Button>
  ));
}

import Box from '@mui/material/Box';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/**
 * Task instructions as the author formatted them. The server already sanitises the HTML it
 * stores; it is cleaned again here because whatever reaches innerHTML must be safe on its own.
 */
export function TaskInstructions({ html }: { html: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }), [html]);
  return (
    <Box
      data-testid="task-instructions"
      sx={{
        overflowWrap: 'anywhere',
        '& p': { my: 1 },
        '& img': { maxWidth: '100%', height: 'auto' },
        '& a': { color: 'primary.main' },
      }}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server and by DOMPurify above.
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}

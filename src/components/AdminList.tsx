import type { SvgIconComponent } from '@mui/icons-material';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactElement, ReactNode } from 'react';
import { CreateButton, List, type ListProps, TopToolbar, useTranslate } from 'react-admin';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useIsMobile } from '../hooks/useIsMobile';

/**
 * What an administration list calls its strings and where it creates: `<prefix>.actions.create`,
 * `<prefix>.empty_title` and `<prefix>.empty_body` in the message files.
 */
interface ListScaffold {
  prefix: string;
  createPath: string;
  icon: SvgIconComponent;
}

/** The toolbar above an administration list: the screen's own buttons, then Create. */
function CreateActions({ prefix, createPath, children }: ListScaffold & { children?: ReactNode }) {
  return (
    <TopToolbar>
      {children}
      <CreateButton to={createPath} label={`${prefix}.actions.create`} />
    </TopToolbar>
  );
}

/**
 * What an empty list says and offers instead of an empty table. Its heading is an h2: the page
 * title is the page's h1 (app bar), and headings may not skip a level.
 */
function ListEmpty({ prefix, createPath, icon: Icon }: ListScaffold) {
  const translate = useTranslate();
  return (
    <Box
      sx={{ textAlign: 'center', py: 8, px: 2, mx: 'auto', maxWidth: 480 }}
      data-testid={`${prefix}-empty`}
    >
      <Icon sx={{ fontSize: 64, color: 'text.disabled' }} />
      <Typography variant="h6" component="h2" sx={{ mt: 1 }}>
        {translate(`${prefix}.empty_title`)}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate(`${prefix}.empty_body`)}
      </Typography>
      <CreateButton to={createPath} label={`${prefix}.actions.create`} variant="contained" />
    </Box>
  );
}

type AdminListProps = ListScaffold &
  Omit<ListProps, 'children' | 'actions' | 'empty' | 'title'> & {
    title: string;
    /** Buttons before Create in the toolbar (an import, say). */
    toolbar?: ReactNode;
    /** The phone layout (a SimpleList or cards) and the wider one (a Datagrid). */
    mobile: ReactElement;
    desktop: ReactElement;
  };

/**
 * The shape every administration list shares (roles, departments, tenants, people, tasks): the
 * page title as the document title, a Create button, the empty state, and one layout for phones
 * and one for wider screens. Lists sort by name unless they say otherwise.
 */
export function AdminList({ prefix, createPath, icon, toolbar, mobile, desktop, ...props }: AdminListProps) {
  useDocumentTitle(props.title);
  const isMobile = useIsMobile();
  const scaffold = { prefix, createPath, icon };
  return (
    <List
      sort={{ field: 'name', order: 'ASC' }}
      actions={<CreateActions {...scaffold}>{toolbar}</CreateActions>}
      empty={<ListEmpty {...scaffold} />}
      {...props}
    >
      {isMobile ? mobile : desktop}
    </List>
  );
}

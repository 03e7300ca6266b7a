import type { SvgIconComponent } from '@mui/icons-material';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactElement, ReactNode } from 'react';
import {
  CreateButton,
  Datagrid,
  type DatagridProps,
  type Identifier,
  List,
  type ListProps,
  type RaRecord,
  SearchInput,
  SimpleList,
  type SimpleListProps,
  TopToolbar,
  useResourceContext,
  useTranslate,
  WrapperField,
} from 'react-admin';
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

type AdminListProps = Omit<ListProps, 'children' | 'actions' | 'empty' | 'title'> & {
  title: string;
  /** Where Create opens. */
  createPath: string;
  /** What an empty list shows above its words. */
  icon: SvgIconComponent;
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
export function AdminList({ createPath, icon, toolbar, mobile, desktop, ...props }: AdminListProps) {
  useDocumentTitle(props.title);
  const isMobile = useIsMobile();
  // The resource's name is its message prefix.
  const prefix = useResourceContext() ?? '';
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

type RecordListProps<T extends RaRecord> = Omit<AdminListProps, 'mobile' | 'desktop'> & {
  /** Where a row leads, on a phone and on a wider screen (false: nowhere). */
  rowClick: (id: Identifier) => string | false;
  /** What a phone shows of each record (first line: its representation unless it says otherwise). */
  lines: Pick<SimpleListProps<T>, 'leftIcon' | 'primaryText' | 'secondaryText' | 'tertiaryText'>;
  /** The table's settings beyond its columns: no bulk actions unless it says so. */
  table?: Omit<DatagridProps<T>, 'children' | 'rowClick'>;
  /** The table's columns. */
  children: ReactNode;
};

/** An administration list of records: a SimpleList on phones, a table with `children` as columns wider. */
export function RecordList<T extends RaRecord>({
  rowClick,
  lines,
  table,
  children,
  ...props
}: RecordListProps<T>) {
  return (
    <AdminList
      {...props}
      mobile={<SimpleList<T> {...lines} rowClick={rowClick} />}
      desktop={
        <Datagrid rowClick={rowClick} bulkActionButtons={false} {...table}>
          {children}
        </Datagrid>
      }
    />
  );
}

/** The free-text search of an administration list, worded by `<prefix>.search`. */
function ListSearch({ prefix, ...props }: { prefix: string; source: string; alwaysOn?: boolean }) {
  const translate = useTranslate();
  return <SearchInput {...props} placeholder={translate(`${prefix}.search`)} />;
}

/** The filters of a list that searches by name and nothing else. */
export const searchOnly = (prefix: string) => [<ListSearch key="q" source="q" prefix={prefix} alwaysOn />];

/**
 * The last column of a list's rows, its buttons at the right. A function, not a component: the
 * Datagrid reads the column's label and alignment from its direct child's props.
 */
export const rowActions = (buttons: ReactNode) => (
  <WrapperField label="shell.row_actions" textAlign="right">
    <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>{buttons}</Box>
  </WrapperField>
);

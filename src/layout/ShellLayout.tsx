import { styled } from '@mui/material/styles';
import { Component, type ComponentType, type ErrorInfo, type ReactNode, Suspense } from 'react';
import { Error as ErrorPage, LayoutClasses, Loading, Sidebar, useTranslate } from 'react-admin';
import { useIsMobile } from '../hooks/useIsMobile';

/** The id of the page's own content: the skip link's target and the `main` landmark. */
export const MAIN_CONTENT_ID = 'main-content';
/** The page title (`h1`) that react-admin's <Title> fills; it also names the `main` landmark. */
export const PAGE_TITLE_ID = 'react-admin-title';

/*
 * react-admin's Layout with the landmarks a screen reader expects: a skip link first, the header,
 * the navigation beside (not inside) `main`, and `main` holding only the page, named by its title
 * and focusable so the skip link moves the focus there (react-admin's skip button blurs it again).
 */

const Root = styled('div', { name: 'RaLayout', overridesResolver: (_props, styles) => styles.root })(
  ({ theme }) => ({
    display: 'flex',
    flexDirection: 'column',
    zIndex: 1,
    minHeight: '100vh',
    backgroundColor: theme.palette.background.default,
    position: 'relative',
    minWidth: 'fit-content',
    width: '100%',
    [`& .${LayoutClasses.appFrame}`]: {
      display: 'flex',
      flexDirection: 'column',
      flexGrow: 1,
      marginTop: theme.spacing(6),
      [theme.breakpoints.down('sm')]: { marginTop: theme.spacing(7) },
    },
    [`& .${LayoutClasses.contentWithSidebar}`]: { display: 'flex', flexGrow: 1 },
    [`& .${LayoutClasses.content}`]: {
      backgroundColor: theme.palette.background.default,
      zIndex: 2,
      display: 'flex',
      flexDirection: 'column',
      flexGrow: 1,
      flexBasis: 0,
      padding: 0,
      paddingRight: theme.spacing(1),
      paddingLeft: theme.spacing(1),
      // Focus lands here from the skip link; the page itself needs no ring around it.
      '&:focus': { outline: 'none' },
    },
  }),
);

const SkipLink = styled('a')(({ theme }) => ({
  position: 'fixed',
  left: theme.spacing(2),
  top: theme.spacing(-10),
  zIndex: 5000,
  padding: theme.spacing(1, 2),
  borderRadius: theme.shape.borderRadius,
  backgroundColor: '#ffffff',
  color: '#1a1a1a',
  fontWeight: 600,
  textDecoration: 'underline',
  boxShadow: theme.shadows[4],
  '&:focus': { top: theme.spacing(1), outline: '3px solid #1a1a1a', outlineOffset: 2 },
}));

function skipToContent(event: { preventDefault: () => void }) {
  event.preventDefault();
  document.getElementById(MAIN_CONTENT_ID)?.focus();
}

class PageErrorBoundary extends Component<
  { children: ReactNode },
  { error: Error | null; info: ErrorInfo | undefined }
> {
  override state = { error: null as Error | null, info: undefined as ErrorInfo | undefined };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override componentDidCatch(_error: Error, info: ErrorInfo) {
    this.setState({ info });
  }
  override render() {
    const { error, info } = this.state;
    if (!error) return this.props.children;
    return (
      <ErrorPage
        error={error}
        errorInfo={info}
        resetErrorBoundary={() => this.setState({ error: null, info: undefined })}
      />
    );
  }
}

export function ShellLayout({
  appBar: AppBar,
  menu: Menu,
  className,
  children,
}: {
  appBar: ComponentType;
  menu: ComponentType;
  className?: string;
  children: ReactNode;
}) {
  const translate = useTranslate();
  const isMobile = useIsMobile();
  return (
    <Root className={className ? `layout ${className}` : 'layout'}>
      <SkipLink href={`#${MAIN_CONTENT_ID}`} onClick={skipToContent}>
        {translate('shell.skip_to_content')}
      </SkipLink>
      <div className={LayoutClasses.appFrame}>
        <AppBar />
        <div className={LayoutClasses.contentWithSidebar}>
          {/* On a phone the menu is a drawer over the page (a dialog): named like the menu. */}
          <Sidebar slotProps={isMobile ? { paper: { 'aria-label': translate('menu.label') } } : undefined}>
            <Menu />
          </Sidebar>
          <main
            id={MAIN_CONTENT_ID}
            className={LayoutClasses.content}
            tabIndex={-1}
            aria-labelledby={PAGE_TITLE_ID}
          >
            <PageErrorBoundary>
              <Suspense fallback={<Loading />}>{children}</Suspense>
            </PageErrorBoundary>
          </main>
        </div>
      </div>
    </Root>
  );
}

// react-admin's sidebar turns into a drawer over the page only below its 'sm' breakpoint; the
// console's mobile layout starts below 993 px. The sidebar gets a theme whose 'sm' is
// the mobile breakpoint, and closes when the window becomes that narrow.
import { useEffect, useRef } from 'react';
import useMediaQuery from '@mui/material/useMediaQuery';
import { createTheme, ThemeProvider, type Theme } from '@mui/material/styles';
import { Sidebar as RaSidebar, useSidebarState, useTranslate, type SidebarProps } from 'react-admin';
import { MOBILE_BREAKPOINT } from './themes';

const mobileBreakpoints = createTheme({ breakpoints: { values: { xs: 0, sm: MOBILE_BREAKPOINT, md: MOBILE_BREAKPOINT, lg: 1200, xl: 1536 } } })
  .breakpoints;

const withMobileBreakpoints = (outer: Theme): Theme => ({ ...outer, breakpoints: mobileBreakpoints });

export function Sidebar(props: SidebarProps) {
  const isMobile = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const [, setOpen] = useSidebarState();
  const wasMobile = useRef(false);
  const translate = useTranslate();

  // The render in which the window turns narrow still holds the wide sidebar's 'open': the drawer
  // must not open as a modal then, or it leaves the page hidden from assistive technology and
  // its scroll locked after it closes again.
  const justNarrowed = isMobile && !wasMobile.current;
  useEffect(() => {
    if (justNarrowed) setOpen(false);
    wasMobile.current = isMobile;
  }, [isMobile, justNarrowed, setOpen]);

  return (
    <ThemeProvider theme={withMobileBreakpoints}>
      {/* On narrow screens the drawer is a dialog, which needs a name. */}
      <RaSidebar PaperProps={{ 'aria-label': translate('quipu.menu.label') }} {...props} {...(justNarrowed ? { open: false } : {})} />
    </ThemeProvider>
  );
}

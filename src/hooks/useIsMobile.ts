import useMediaQuery from '@mui/material/useMediaQuery';
import { MOBILE_MAX_WIDTH } from '../../contract/constants';

/** Spec §9: the mobile layout applies at a viewport width of 767 px or less. */
const MOBILE_QUERY = `(max-width:${MOBILE_MAX_WIDTH}px)`;

export function useIsMobile(): boolean {
  // noSsr: read the real width on the first render, so the layout does not flash desktop first.
  return useMediaQuery(MOBILE_QUERY, { noSsr: true });
}

import type { Theme } from '@mui/material/styles';
import { tableRowClasses } from '@mui/material/TableRow';
import { useEffect, useState } from 'react';

/**
 * The row buttons' column of DataTable and ListCard stays at the table's right edge at every width, so the buttons
 * are in reach while a table wider than its area (a phone, a long unbroken text) is scrolled sideways.
 */

/**
 * The Paper around such a table: it clips the table's corners and says that its surface has no elevation overlay (an
 * outlined Paper paints none, yet would pass on the one of an elevated Paper around it to stickyRight).
 */
export const stickySurface = { overflow: 'hidden', '--Paper-overlay': 'none' } as const;

/** Set on the TableContainer by useMoreOnTheRight. */
const MORE_ON_THE_RIGHT = 'data-more-on-the-right';

/**
 * The sx of the sticky cells (head and rows). Other cells pass under them, so they paint the surface themselves: the
 * Paper's colour and elevation overlay (dark theme; none under stickySurface). On top comes the tint TableRow gives a
 * hovered or selected row, a translucent colour that the cell cannot simply inherit. It is an inset shadow filling the
 * cell: that blends exactly like the row's background colour, where a gradient layer came out a shade lighter in the
 * dark theme; the cell's bottom border is opaque and needs no tint. While cells pass under it (useMoreOnTheRight) a
 * line like the rows' borders marks its left edge. zIndex 1 keeps it above positioned content passing under it (a
 * Switch's thumb).
 */
export function stickyRight(theme: Theme) {
  const { palette } = theme.vars ?? theme;
  return {
    position: 'sticky',
    right: 0,
    zIndex: 1,
    backgroundColor: palette.background.paper,
    backgroundImage: 'var(--Paper-overlay, none)',
    '--sticky-edge': '0 0 transparent',
    '--sticky-tint': 'transparent',
    boxShadow: 'var(--sticky-edge), inset 0 0 0 100vmax var(--sticky-tint)',
    // Inside the cell: a collapsed-border table paints no outer shadow of its cells.
    [`[${MORE_ON_THE_RIGHT}] &`]: { '--sticky-edge': `inset 1px 0 0 ${cellBorder(theme)}` },
    // TableRow's own colours and order: selected wins over hover.
    [`.${tableRowClasses.hover}:hover > &`]: { '--sticky-tint': palette.action.hover },
    [`.${tableRowClasses.selected} > &`]: {
      '--sticky-tint': theme.alpha(palette.primary.main, palette.action.selectedOpacity),
    },
    [`.${tableRowClasses.selected}:hover > &`]: {
      '--sticky-tint': theme.alpha(
        palette.primary.main,
        `${palette.action.selectedOpacity} + ${palette.action.hoverOpacity}`,
      ),
    },
  } as const;
}

/**
 * Props for the TableContainer: a ref, and `data-more-on-the-right` while part of the table lies beyond the
 * container's right edge, i.e. under the sticky column. Follows scrolling and changes of either's width.
 */
export function useMoreOnTheRight() {
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const [more, setMore] = useState(false);
  useEffect(() => {
    if (!container) return;
    // One pixel of slack: widths are fractional, scrollLeft and scrollWidth are rounded.
    const update = () => setMore(container.scrollLeft + container.clientWidth < container.scrollWidth - 1);
    update();
    container.addEventListener('scroll', update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(container);
    if (container.firstElementChild) observer.observe(container.firstElementChild);
    return () => {
      container.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, [container]);
  return { ref: setContainer, [MORE_ON_THE_RIGHT]: more || undefined };
}

/** The colour of TableCell's bottom border (MUI makes the divider colour opaque for it). */
function cellBorder(theme: Theme): string {
  if (theme.vars) return theme.vars.palette.TableCell.border;
  const divider = theme.alpha(theme.palette.divider, 1);
  return theme.palette.mode === 'light' ? theme.lighten(divider, 0.88) : theme.darken(divider, 0.68);
}

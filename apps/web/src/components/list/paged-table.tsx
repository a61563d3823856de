import { useContext, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { MSG, TABLE_HEIGHT } from '@vialex/domain';
import { CurrentUserContext } from '../../lib/session';
import { CardList, emptyListText } from './card-list';
import { ColumnChooser } from './column-chooser';
import { isHideable, useColumnChoice } from './column-choice';
import { PagedListPager } from './list-pager';
import { ListLoadError } from './list-load-error';
import { highlightBg, scrollIntoViewRef, useHighlight } from './use-highlight';
import type { PagedList } from './use-paged-list';
import type { ListColumn, RenderCard } from './types';
import { usePhone } from '../../lib/use-phone';

export interface PagedTableProps<T> {
  list: PagedList<T>;
  columns: readonly ListColumn<T>[];
  /** Names the table for assistive technology (the screen's title). */
  label: string;
  getRowId: (row: T) => string;
  pageSizeOptions?: readonly number[];
  /** A row to highlight for a few seconds (HIGHLIGHT_MS), e.g. the one just created or edited. */
  highlightedId?: string | null;
  /** What the list shows when a search found nothing, instead of its empty words (NoMatch). */
  noMatch?: ReactNode;
  /** Below 600 px the list shows one card per row, laid out by this, instead of the table. */
  renderCard?: RenderCard<T>;
  /**
   * What an empty list says when nothing was searched (what happens next, e.g. 'el coordinador le
   * asignará uno'); 'Datos no disponibles' otherwise.
   */
  emptyText?: string;
}

const SKELETON_ROWS = 5;
const DIVIDER = 'rgba(0, 0, 0, 0.12)';

/** One style object of an `sx` array. */
type SxItem = Exclude<SxProps<Theme>, readonly unknown[]>;

/**
 * Where each pinned column sits: a left one after the widths of the pinned columns before it, a
 * right one before the widths of those after it. Only the innermost of each side draws the edge.
 */
function pinOffsets<T>(columns: readonly ListColumn<T>[]) {
  const offsets = new Map<string, { offset: number; edge: boolean }>();
  const left = columns.filter((c) => c.sticky === 'left');
  const right = columns.filter((c) => c.sticky === 'right');
  left.reduce((x, c, i) => (offsets.set(c.key, { offset: x, edge: i === left.length - 1 }), x + (c.width ?? 0)), 0);
  right.reduceRight((x, c, i) => (offsets.set(c.key, { offset: x, edge: i === 0 }), x + (c.width ?? 0)), 0);
  return offsets;
}

/**
 * A pinned cell: its own solid background (what scrolls under it must not show through) and an
 * edge line. Identity columns pin from 900 px, actions from 600 px: on a narrow tablet pinning
 * both would leave no room for the middle.
 */
function cellSx<T>(c: ListColumn<T>, pin: { offset: number; edge: boolean } | undefined, head: boolean): SxItem {
  if (!c.sticky || !pin) return { minWidth: c.minWidth };
  const bp = c.sticky === 'left' ? 'md' : 'sm';
  const edge = c.sticky === 'left' ? `inset -1px 0 0 ${DIVIDER}` : `inset 1px 0 0 ${DIVIDER}`;
  return {
    width: c.width,
    minWidth: c.width,
    maxWidth: c.width,
    bgcolor: head ? 'grey.100' : 'background.paper',
    [c.sticky]: { [bp]: pin.offset },
    ...(head
      ? { zIndex: 3 }
      : { position: { [bp]: 'sticky' }, zIndex: { [bp]: 1 }, 'tr:hover > &': { bgcolor: 'grey.100' } }),
    boxShadow: pin.edge ? { [bp]: edge } : undefined,
  };
}

/**
 * A list: a plain MUI table on a desk, one card per row on a phone (when the list gives its
 * card). A plain table rather than the MIT DataGrid, which refuses pages over 100 rows (the
 * spec offers 500) and virtualises columns away. Fixed height, sticky header; the identity
 * columns stay at the left and the actions at the right while the middle scrolls; the middle
 * columns can be hidden with the column chooser. A failed load shows its message in the
 * 'Oops...' popup.
 */
export function PagedTable<T>(props: PagedTableProps<T>) {
  const phone = usePhone();
  if (phone && props.renderCard) return <CardList {...props} renderCard={props.renderCard} />;
  return <ListTable {...props} />;
}

function ListTable<T>({
  list,
  columns,
  label,
  getRowId,
  pageSizeOptions,
  highlightedId,
  noMatch,
  emptyText,
}: PagedTableProps<T>) {
  const highlighted = useHighlight(highlightedId);
  const userId = useContext(CurrentUserContext)?.id ?? 'anonimo';
  const { hidden, toggle } = useColumnChoice(list.id, userId);
  const hideable = columns.filter(isHideable);
  const shown = columns.filter((c) => !isHideable(c) || !hidden.includes(c.key));
  const pins = pinOffsets(shown);
  const noMatchShown = !!noMatch && list.params.criteria.length > 0;

  return (
    <Paper variant="outlined" sx={{ position: 'relative', overflow: 'hidden' }}>
      {list.isFetching && !list.isLoading && (
        <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 4 }} aria-label={MSG.cargando} />
      )}
      <TableContainer sx={{ height: TABLE_HEIGHT }} tabIndex={0} role="region" aria-label={label}>
        <Table stickyHeader size="small" aria-label={label} aria-busy={list.isFetching}>
          <TableHead>
            <TableRow>
              {shown.map((c) => (
                <TableCell
                  key={c.key}
                  align={c.align}
                  sx={[
                    { fontWeight: 700, whiteSpace: 'nowrap', bgcolor: 'grey.100' },
                    cellSx(c, pins.get(c.key), true),
                  ]}
                >
                  {c.header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {list.isLoading &&
              Array.from({ length: SKELETON_ROWS }, (_, i) => (
                <TableRow key={i} aria-hidden="true">
                  {shown.map((c) => (
                    <TableCell key={c.key} sx={cellSx(c, pins.get(c.key), false)}>
                      <Skeleton variant="text" />
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            {!list.isLoading &&
              list.rows.map((row) => {
                const lit = getRowId(row) === highlighted;
                return (
                  <TableRow
                    key={getRowId(row)}
                    hover
                    data-testid="list-row"
                    data-highlighted={lit || undefined}
                    ref={lit ? scrollIntoViewRef : undefined}
                  >
                    {shown.map((c) => (
                      <TableCell
                        key={c.key}
                        align={c.align}
                        data-column={c.key}
                        sx={[
                          cellSx(c, pins.get(c.key), false),
                          lit ? { bgcolor: highlightBg, transition: 'background-color 0.6s' } : {},
                        ]}
                      >
                        {c.render(row)}
                      </TableCell>
                    ))}
                  </TableRow>
                );
              })}
            {!list.isLoading && list.rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={shown.length} sx={{ border: 0 }}>
                  <Box
                    sx={{
                      position: 'sticky',
                      left: 0,
                      width: 'min(100%, calc(100vw - 64px))',
                      py: 6,
                      textAlign: 'center',
                    }}
                  >
                    {noMatchShown ? (
                      noMatch
                    ) : (
                      <Typography color="text.secondary" data-testid="list-empty">
                        {emptyListText(list, emptyText)}
                      </Typography>
                    )}
                  </Box>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <Box sx={{ borderTop: 1, borderColor: 'divider' }}>
        <PagedListPager
          list={list}
          pageSizeOptions={pageSizeOptions}
          start={hideable.length > 0 && <ColumnChooser columns={hideable} hidden={hidden} onToggle={toggle} />}
        />
      </Box>
      <ListLoadError list={list} />
    </Paper>
  );
}

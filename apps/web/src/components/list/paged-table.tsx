import { useState } from 'react';
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
import { MSG, TABLE_HEIGHT } from '@vialex/domain';
import { isApiError } from '../../lib/api';
import { MessageDialog } from '../message-dialog';
import { ListPager } from './list-pager';
import { highlightBg, scrollIntoViewRef, useHighlight } from './use-highlight';
import type { PagedList } from './use-paged-list';
import type { ListColumn } from './types';

export interface PagedTableProps<T> {
  list: PagedList<T>;
  columns: readonly ListColumn<T>[];
  /** Names the table for assistive technology (the screen's title). */
  label: string;
  getRowId: (row: T) => string;
  pageSizeOptions?: readonly number[];
  /** A row to highlight for a few seconds (HIGHLIGHT_MS), e.g. the one just created or edited. */
  highlightedId?: string | null;
}

const SKELETON_ROWS = 5;

// A pinned column needs its own background, or the cells scrolling under it show through. Not
// on phones: there a wide actions column would cover most of the row.
const pinned = {
  position: { sm: 'sticky' },
  right: { sm: 0 },
  bgcolor: 'background.paper',
  // The theme's divider colour; a border would lose its colour to the breakpoint's shorthand.
  boxShadow: { sm: 'inset 1px 0 0 rgba(0, 0, 0, 0.12)' },
} as const;
const cellSx = <T,>(c: ListColumn<T>) => ({ minWidth: c.minWidth, ...(c.stickyRight ? pinned : {}) });

/**
 * A plain MUI table rather than the MIT DataGrid, which refuses pages over 100 rows (the spec
 * offers 500) and virtualises columns away on a phone. Fixed height, sticky header, sideways
 * scroll on narrow screens; a failed load shows its message in the 'Oops...' popup.
 */
export function PagedTable<T>({ list, columns, label, getRowId, pageSizeOptions, highlightedId }: PagedTableProps<T>) {
  const highlighted = useHighlight(highlightedId);
  const [dismissedAt, setDismissedAt] = useState(0);
  const error = list.error && list.errorUpdatedAt > dismissedAt ? list.error : null;
  const forbidden = isApiError(error) && error.status === 403;

  return (
    <Paper variant="outlined" sx={{ position: 'relative', overflow: 'hidden' }}>
      {list.isFetching && !list.isLoading && (
        <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 3 }} aria-label={MSG.cargando} />
      )}
      <TableContainer sx={{ height: TABLE_HEIGHT }}>
        <Table stickyHeader size="small" aria-label={label} aria-busy={list.isFetching}>
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell
                  key={c.key}
                  align={c.align}
                  sx={{
                    ...cellSx(c),
                    fontWeight: 700,
                    whiteSpace: 'nowrap',
                    bgcolor: 'grey.100',
                    zIndex: c.stickyRight ? 3 : 2,
                  }}
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
                  {columns.map((c) => (
                    <TableCell key={c.key} sx={cellSx(c)}>
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
                    {columns.map((c) => (
                      <TableCell
                        key={c.key}
                        align={c.align}
                        sx={[cellSx(c), lit && { bgcolor: highlightBg, transition: 'background-color 0.6s' }]}
                      >
                        {c.render(row)}
                      </TableCell>
                    ))}
                  </TableRow>
                );
              })}
            {!list.isLoading && list.rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length} sx={{ border: 0 }}>
                  <Box
                    sx={{
                      position: 'sticky',
                      left: 0,
                      width: 'min(100%, calc(100vw - 64px))',
                      py: 6,
                      textAlign: 'center',
                    }}
                  >
                    <Typography color="text.secondary">{MSG.datosNoDisponibles}</Typography>
                  </Box>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <Box sx={{ borderTop: 1, borderColor: 'divider' }}>
        <ListPager
          hasPrev={list.hasPrev}
          hasNext={list.hasNext}
          onPrev={list.prev}
          onNext={list.next}
          limit={list.params.limit}
          onLimitChange={list.setLimit}
          pageSizeOptions={pageSizeOptions}
        />
      </Box>
      <MessageDialog
        open={!!error}
        kind={forbidden ? 'info' : 'error'}
        title={forbidden ? MSG.noAutorizado : undefined}
        message={forbidden ? undefined : error?.message}
        onClose={() => setDismissedAt(list.errorUpdatedAt)}
      />
    </Paper>
  );
}

import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { MSG } from '@vialex/domain';
import { PagedListPager } from './list-pager';
import { ListLoadError } from './list-load-error';
import { highlightBg, scrollIntoViewRef, useHighlight } from './use-highlight';
import type { PagedList } from './use-paged-list';
import type { RenderCard } from './types';

export interface CardListProps<T> {
  list: PagedList<T>;
  /** Names the list for assistive technology (the screen's title). */
  label: string;
  getRowId: (row: T) => string;
  /** One row as a card (each list's layout, next to its columns). */
  renderCard: RenderCard<T>;
  pageSizeOptions?: readonly number[];
  /** A card to highlight for a few seconds (HIGHLIGHT_MS), e.g. the row just created or edited. */
  highlightedId?: string | null;
  /** What the list shows when a search found nothing (PagedTable's noMatch). */
  noMatch?: ReactNode;
  /** What the empty list says when nothing was searched (PagedTable's emptyText). */
  emptyText?: string;
}

const SKELETON_CARDS = 3;

/** The empty list's words: the list's own when nothing was searched, else the spec's 'Datos no disponibles'. */
export const emptyListText = (list: Pick<PagedList<unknown>, 'params'>, emptyText?: string): string =>
  emptyText && list.params.criteria.length === 0 ? emptyText : MSG.datosNoDisponibles;

/**
 * A list on a phone: one card per row, in the page's own vertical scroll (never sideways), with
 * the same pager and keyset paging as the table.
 */
export function CardList<T>({
  list,
  label,
  getRowId,
  renderCard,
  pageSizeOptions,
  highlightedId,
  noMatch,
  emptyText,
}: CardListProps<T>) {
  const highlighted = useHighlight(highlightedId);
  const noMatchShown = !!noMatch && list.params.criteria.length > 0;
  return (
    <Box sx={{ position: 'relative' }}>
      {list.isFetching && !list.isLoading && (
        <LinearProgress
          sx={{ position: 'absolute', top: -6, left: 0, right: 0, zIndex: 1 }}
          aria-label={MSG.cargando}
        />
      )}
      <Box
        component="ul"
        aria-label={label}
        aria-busy={list.isFetching}
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}
      >
        {list.isLoading &&
          Array.from({ length: SKELETON_CARDS }, (_, i) => (
            <Paper component="li" key={i} variant="outlined" aria-hidden="true" sx={{ p: 2 }}>
              <Skeleton variant="text" width="40%" sx={{ fontSize: '1.5rem' }} />
              <Skeleton variant="text" />
              <Skeleton variant="text" width="70%" />
            </Paper>
          ))}
        {!list.isLoading &&
          list.rows.map((row) => {
            const lit = getRowId(row) === highlighted;
            return (
              <Paper
                component="li"
                key={getRowId(row)}
                variant="outlined"
                data-testid="list-row"
                data-highlighted={lit || undefined}
                ref={lit ? scrollIntoViewRef : undefined}
                sx={[
                  { p: 2, minWidth: 0, transition: 'background-color 0.6s' },
                  lit && { bgcolor: highlightBg, borderColor: 'secondary.main' },
                ]}
              >
                {renderCard(row)}
              </Paper>
            );
          })}
      </Box>
      {!list.isLoading && list.rows.length === 0 && (
        <Paper variant="outlined" sx={{ py: 6, textAlign: 'center' }}>
          {noMatchShown ? (
            noMatch
          ) : (
            <Typography color="text.secondary" data-testid="list-empty" sx={{ px: 2 }}>
              {emptyListText(list, emptyText)}
            </Typography>
          )}
        </Paper>
      )}
      {/* A pager with no way on, no way back and no page size to pick would be an empty card. */}
      {(list.hasPrev || list.hasNext || pageSizeOptions) && (
        <Paper variant="outlined" sx={{ mt: 1.5 }}>
          <PagedListPager list={list} pageSizeOptions={pageSizeOptions} />
        </Paper>
      )}
      <ListLoadError list={list} />
    </Box>
  );
}

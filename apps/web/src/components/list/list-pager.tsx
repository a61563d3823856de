import type { ReactNode } from 'react';
import { LABELS } from '@vialex/domain';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import type { PagedList } from './use-paged-list';

export interface ListPagerProps {
  hasPrev: boolean;
  hasNext: boolean;
  onPrev: () => void;
  onNext: () => void;
  limit: number;
  onLimitChange?: (limit: number) => void;
  /** Page sizes to offer; omitted when the list's size is fixed (clients: 10). */
  pageSizeOptions?: readonly number[];
  /** At the left end of the bar (the table's column chooser). */
  start?: ReactNode;
}

/** Keyset paging has no page numbers or totals: only the way back, the way on and the page size. */
export function ListPager({
  hasPrev,
  hasNext,
  onPrev,
  onNext,
  limit,
  onLimitChange,
  pageSizeOptions,
  start,
}: ListPagerProps) {
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ alignItems: 'center', justifyContent: 'flex-end', px: 1.5, py: 1 }}
      data-testid="list-pager"
    >
      {start && <Box sx={{ flexGrow: 1 }}>{start}</Box>}
      {pageSizeOptions && onLimitChange && (
        <TextField
          select
          size="small"
          id="list-page-size"
          label={LABELS.list.filasPorPagina}
          value={limit}
          onChange={(e) => onLimitChange(Number(e.target.value))}
          fullWidth={false}
          sx={{ width: 140 }}
        >
          {pageSizeOptions.map((n) => (
            <MenuItem key={n} value={n}>
              {n}
            </MenuItem>
          ))}
        </TextField>
      )}
      <Tooltip title={LABELS.list.paginaAnterior}>
        <span>
          <IconButton aria-label={LABELS.list.paginaAnterior} onClick={onPrev} disabled={!hasPrev}>
            <ChevronLeft />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={LABELS.list.paginaSiguiente}>
        <span>
          <IconButton aria-label={LABELS.list.paginaSiguiente} onClick={onNext} disabled={!hasNext}>
            <ChevronRight />
          </IconButton>
        </span>
      </Tooltip>
    </Stack>
  );
}

/** The pager of a paged list (use-paged-list.ts): its ways back and on, and its page size. */
export function PagedListPager({
  list,
  pageSizeOptions,
  start,
}: {
  list: Pick<PagedList<unknown>, 'hasPrev' | 'hasNext' | 'prev' | 'next' | 'params' | 'setLimit'>;
  pageSizeOptions?: readonly number[];
  start?: ReactNode;
}) {
  return (
    <ListPager
      hasPrev={list.hasPrev}
      hasNext={list.hasNext}
      onPrev={list.prev}
      onNext={list.next}
      limit={list.params.limit}
      onLimitChange={list.setLimit}
      pageSizeOptions={pageSizeOptions}
      start={start}
    />
  );
}

import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { MSG } from '@vialex/domain';
import type { ReportColumn } from './report-columns';
import { usePhone } from '../../lib/use-phone';

/** The results: a table on a desk, cards below 600 px. */
export function ReportTable<R>({
  rows,
  columns,
  label,
  rowKey,
}: {
  rows: R[];
  columns: ReportColumn<R>[];
  label: string;
  rowKey: (r: R, i: number) => string;
}) {
  const phone = usePhone();
  if (!rows.length)
    return (
      <Typography sx={{ p: 3, textAlign: 'center' }} color="text.secondary" data-testid="report-empty">
        {MSG.noHayDatos}
      </Typography>
    );
  if (phone) {
    const title = columns.find((c) => c.title) ?? columns[0];
    return (
      <Stack spacing={1.5} data-testid="report-cards" aria-label={label} component="ul" sx={{ p: 0, m: 0 }}>
        {rows.map((r, i) => (
          <Paper component="li" key={rowKey(r, i)} variant="outlined" sx={{ p: 1.5, listStyle: 'none' }}>
            <Typography component="div" sx={{ fontWeight: 600, mb: 1 }}>
              {title.render(r)}
            </Typography>
            <Box sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}>
              {columns
                .filter((c) => c !== title)
                .map((c) => (
                  <Box key={c.key} sx={{ display: 'contents' }}>
                    <Typography variant="body2" color="text.secondary">
                      {c.header}
                    </Typography>
                    <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
                      {c.render(r)}
                    </Typography>
                  </Box>
                ))}
            </Box>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <TableContainer>
      <Table size="small" aria-label={label} data-testid="report-table">
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.key} align={c.align} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                {c.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r, i) => (
            <TableRow key={rowKey(r, i)} hover>
              {columns.map((c) => (
                <TableCell key={c.key} align={c.align}>
                  {c.render(r)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

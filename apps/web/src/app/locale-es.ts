import type { ThemeOptions } from '@mui/material/styles';

let numberFormat: Intl.NumberFormat | undefined;
/** Numbers as Spain writes them; the formatter is made on first use (building it costs a long task on a phone). */
const formatNumber = (value: number): string => {
  if (!Number.isFinite(value)) return String(value);
  numberFormat ??= new Intl.NumberFormat('es-ES');
  return numberFormat.format(value);
};

const pageLabel = (type: string): string => {
  if (type === 'first') return 'Ir a la primera página';
  if (type === 'last') return 'Ir a la última página';
  if (type === 'next') return 'Ir a la página siguiente';
  return 'Ir a la página anterior';
};

/**
 * MUI's esES locale (@mui/material/locale), the same texts. Importing MUI's module builds an
 * Intl.NumberFormat at load time, before the first screen shows; this one builds it when a
 * table pager first shows a number.
 */
export const esES: ThemeOptions = {
  components: {
    MuiBreadcrumbs: { defaultProps: { expandText: 'Mostrar ruta' } },
    MuiTablePagination: {
      defaultProps: {
        getItemAriaLabel: pageLabel,
        labelRowsPerPage: 'Filas por página:',
        labelDisplayedRows: ({ from, to, count }) =>
          `${formatNumber(from)}–${formatNumber(to)} de ${count !== -1 ? formatNumber(count) : `más de ${formatNumber(to)}`}`,
      },
    },
    MuiRating: {
      defaultProps: {
        getLabelText: (value: number) => `${value} Estrella${value !== 1 ? 's' : ''}`,
        emptyLabelText: 'Vacío',
      },
    },
    MuiAutocomplete: {
      defaultProps: {
        clearText: 'Limpiar',
        closeText: 'Cerrar',
        loadingText: 'Cargando…',
        noOptionsText: 'Sin opciones',
        openText: 'Abierto',
      },
    },
    MuiAlert: { defaultProps: { closeText: 'Cerrar' } },
    MuiPagination: {
      defaultProps: {
        'aria-label': 'Paginador',
        getItemAriaLabel: (type, page, selected) =>
          type === 'page' ? `${selected ? '' : 'Ir a la '}página ${page}` : pageLabel(type),
      },
    },
  },
};

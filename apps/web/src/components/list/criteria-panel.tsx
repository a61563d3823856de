import { useMemo, useState, type FormEvent } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Search from '@mui/icons-material/Search';
import Add from '@mui/icons-material/Add';
import AddCircleOutline from '@mui/icons-material/AddCircleOutlineOutlined';
import FilterList from '@mui/icons-material/FilterList';
import FilterListOff from '@mui/icons-material/FilterListOff';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import { LABELS, MSG, fmt } from '@vialex/domain';
import { EMPTY_ROW, isChoice, operatorsFor, toCriteria, valueError, type CriterionRow } from './criteria';
import type { QuickSearch } from './quick-search';
import type { Criterion, ListField } from './types';
import { usePhone } from '../../lib/use-phone';

interface FormValues {
  rows: CriterionRow[];
}

export interface CriteriaPanelProps {
  /** The fields this list may be searched by (the server keeps the same whitelist). */
  fields: readonly ListField[];
  onSearch: (criteria: Criterion[]) => void;
  /** The add-new button; the page answers 'Usuario no autorizado' itself when it must. */
  onNew?: () => void;
  /** Start with the criteria rows open (they start hidden to leave the table in view on phones). */
  defaultShown?: boolean;
  /**
   * On a phone (below 600 px) the panel is this one search field, with the full criteria behind
   * 'Más filtros'; on a desk the field sits beside the full panel. Without it, phones get the
   * full panel too.
   */
  quickSearch?: QuickSearch;
}

function schemaFor(fields: readonly ListField[]) {
  const required = z.string().min(1, MSG.campoRequerido);
  return z.object({
    rows: z.array(z.object({ field: required, op: required, value: z.string() })).superRefine((rows, ctx) =>
      rows.forEach((row, i) => {
        const message = valueError(
          fields.find((f) => f.field === row.field),
          row.value,
        );
        if (message) ctx.addIssue({ code: 'custom', path: [i, 'value'], message });
      }),
    ),
  });
}

/**
 * The shared criteria panel (spec 1 §2): rows of field, operator and value; search, new,
 * show/hide. A list with a quick search shows its one field first on a phone, beside the panel
 * on a desk. To empty every filter ('Limpiar filtros'), the list mounts the panel anew (a key).
 */
export function CriteriaPanel({ quickSearch, ...props }: CriteriaPanelProps) {
  const phone = usePhone();
  if (!quickSearch) return <CriteriaForm {...props} />;
  return phone ? (
    <PhoneCriteria quickSearch={quickSearch} {...props} />
  ) : (
    <DeskCriteria quickSearch={quickSearch} {...props} />
  );
}

/**
 * A desk's panel: the one search field beside the full criteria (one field, one Enter, for the
 * search the desk does most). Each search replaces the other's: a quick search empties the
 * criteria rows, a criteria search the field, so what is shown is what the list is filtered by.
 */
function DeskCriteria({ quickSearch, onSearch, ...props }: CriteriaPanelProps & { quickSearch: QuickSearch }) {
  const [text, setText] = useState('');
  const [rowsKey, setRowsKey] = useState(0);
  return (
    <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'flex-start' }}>
      <Paper variant="outlined" sx={{ p: 2, width: 320, flexShrink: 0 }}>
        <QuickSearchField
          quickSearch={quickSearch}
          text={text}
          onText={setText}
          onSearch={(criteria) => {
            setRowsKey((k) => k + 1);
            onSearch(criteria);
          }}
        />
      </Paper>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <CriteriaForm
          key={rowsKey}
          {...props}
          beside
          onSearch={(criteria) => {
            setText('');
            onSearch(criteria);
          }}
        />
      </Box>
    </Stack>
  );
}

/** The list's one search field (role search): Enter or the loupe turns its text into the list's criteria. */
function QuickSearchField({
  quickSearch,
  text,
  onText,
  onSearch,
}: {
  quickSearch: QuickSearch;
  text: string;
  onText: (text: string) => void;
  onSearch: (criteria: Criterion[]) => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const search = (e: FormEvent) => {
    e.preventDefault();
    const criteria = quickSearch.toCriteria(text);
    if ('error' in criteria) return setError(criteria.error);
    setError(null);
    onSearch(criteria);
  };
  return (
    <Box component="form" role="search" aria-label={quickSearch.label} noValidate onSubmit={search}>
      <TextField
        id="quick-search"
        type="search"
        size="small"
        fullWidth
        label={quickSearch.label}
        value={text}
        onChange={(e) => onText(e.target.value)}
        error={!!error}
        helperText={error}
        slotProps={{
          htmlInput: { enterKeyHint: 'search', autoComplete: 'off' },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton type="submit" edge="end" aria-label={MSG.buscar} color="primary">
                  <Search />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
    </Box>
  );
}

/**
 * A phone's panel: the list's one search field (what a field agent types most: a case number
 * or plate, an identification, a name), then 'Más filtros' opening the full criteria, and NUEVO.
 */
function PhoneCriteria({ quickSearch, fields, onSearch, onNew }: CriteriaPanelProps & { quickSearch: QuickSearch }) {
  const [text, setText] = useState('');
  const [more, setMore] = useState(false);
  return (
    <Paper variant="outlined" sx={{ p: 1.5, mb: 2 }}>
      <QuickSearchField quickSearch={quickSearch} text={text} onText={setText} onSearch={onSearch} />
      <Stack direction="row" useFlexGap spacing={1} sx={{ mt: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
        <Button
          type="button"
          startIcon={more ? <FilterListOff /> : <FilterList />}
          onClick={() => setMore(!more)}
          aria-expanded={more}
          aria-controls="criteria-more"
        >
          {more ? LABELS.list.menosFiltros : LABELS.list.masFiltros}
        </Button>
        {onNew && (
          <Button type="button" variant="contained" color="secondary" startIcon={<Add />} onClick={onNew}>
            {MSG.nuevo}
          </Button>
        )}
      </Stack>
      <Collapse in={more} id="criteria-more">
        <Box sx={{ mt: 1.5 }}>
          <CriteriaForm fields={fields} onSearch={onSearch} embedded />
        </Box>
      </Collapse>
    </Paper>
  );
}

/**
 * The full panel: the spec's rows of field, operator and value. Embedded in a phone's panel, its
 * rows show at once; beside a desk's search field, it keeps no margin of its own.
 */
function CriteriaForm({
  fields,
  onSearch,
  onNew,
  defaultShown = false,
  embedded = false,
  beside = false,
}: Omit<CriteriaPanelProps, 'quickSearch'> & { embedded?: boolean; beside?: boolean }) {
  const [shown, setShown] = useState(defaultShown || embedded);
  const [applied, setApplied] = useState(0);
  const resolver = useMemo(() => zodResolver(schemaFor(fields)), [fields]);
  const { control, handleSubmit, setValue, getValues } = useForm<FormValues>({
    resolver,
    defaultValues: { rows: defaultShown || embedded ? [EMPTY_ROW] : [] },
  });
  const rows = useFieldArray({ control, name: 'rows' });

  const toggle = () => {
    if (!shown && getValues('rows').length === 0) rows.append(EMPTY_ROW);
    setShown(!shown);
  };

  const submit = handleSubmit(
    (values) => {
      const criteria = toCriteria(values.rows, fields);
      setApplied(criteria.length);
      onSearch(criteria);
    },
    // Errors in hidden rows must be seen to be fixed.
    () => setShown(true),
  );

  return (
    <Paper
      variant="outlined"
      component="form"
      noValidate
      onSubmit={submit}
      sx={embedded ? { p: 1.5 } : { p: { xs: 1.5, sm: 2 }, mb: beside ? 0 : 2 }}
      aria-label={MSG.buscar}
    >
      <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Button type="submit" variant="contained" startIcon={<Search />}>
          {MSG.buscar}
        </Button>
        {onNew && !embedded && (
          <Button type="button" variant="contained" color="secondary" startIcon={<Add />} onClick={onNew}>
            {MSG.nuevo}
          </Button>
        )}
        {!embedded && (
          <Button
            type="button"
            color="primary"
            startIcon={shown ? <FilterListOff /> : <FilterList />}
            onClick={toggle}
            aria-expanded={shown}
          >
            {shown ? MSG.ocultarCriterios : MSG.mostrarCriterios}
          </Button>
        )}
        {!shown && applied > 0 && (
          <Chip
            size="small"
            color="primary"
            variant="outlined"
            label={fmt(LABELS.list.criteriosAplicados, { n: applied })}
          />
        )}
      </Stack>
      <Collapse in={shown} unmountOnExit={false}>
        <Stack spacing={2} sx={{ mt: 2 }} divider={<Divider flexItem sx={{ display: { sm: 'none' } }} />}>
          {rows.fields.map((row, index) => (
            <CriterionRowFields
              key={row.id}
              index={index}
              control={control}
              fields={fields}
              onFieldChange={(name) => {
                const field = fields.find((f) => f.field === name);
                const op = getValues(`rows.${index}.op`);
                if (op && !(operatorsFor(field) as readonly string[]).includes(op)) setValue(`rows.${index}.op`, '');
                setValue(`rows.${index}.value`, '');
              }}
              onRemove={() => rows.remove(index)}
            />
          ))}
        </Stack>
        <Box sx={{ mt: 1.5 }}>
          <Button type="button" size="small" startIcon={<AddCircleOutline />} onClick={() => rows.append(EMPTY_ROW)}>
            {LABELS.list.agregarCriterio}
          </Button>
        </Box>
      </Collapse>
    </Paper>
  );
}

interface RowProps {
  index: number;
  control: Control<FormValues>;
  fields: readonly ListField[];
  onFieldChange: (field: string) => void;
  onRemove: () => void;
}

function CriterionRowFields({ index, control, fields, onFieldChange, onRemove }: RowProps) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={{ xs: 1.25, sm: 1.5 }}
      sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' } }}
      data-testid="criteria-row"
    >
      <Controller
        control={control}
        name={`rows.${index}.field`}
        render={({ field, fieldState }) => (
          <TextField
            select
            size="small"
            id={`criteria-${index}-field`}
            label={MSG.campo}
            value={field.value}
            onChange={(e) => {
              field.onChange(e.target.value);
              onFieldChange(e.target.value);
            }}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={!!fieldState.error}
            helperText={fieldState.error?.message}
            sx={{ minWidth: { sm: 200 }, flexBasis: { sm: 220 }, flexShrink: 0 }}
          >
            {fields.map((f) => (
              <MenuItem key={f.field} value={f.field}>
                {f.label}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <OperatorAndValue index={index} control={control} fields={fields} />
      <Tooltip title={LABELS.list.quitarCriterio}>
        <IconButton
          aria-label={LABELS.list.quitarCriterio}
          onClick={onRemove}
          sx={{ alignSelf: { xs: 'flex-end', sm: 'flex-start' } }}
        >
          <DeleteOutline />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}

function OperatorAndValue({ index, control, fields }: Omit<RowProps, 'onFieldChange' | 'onRemove'>) {
  const fieldName = useWatch({ control, name: `rows.${index}.field` });
  const field = fields.find((f) => f.field === fieldName);
  return (
    <>
      <Controller
        control={control}
        name={`rows.${index}.op`}
        render={({ field: op, fieldState }) => (
          <TextField
            select
            size="small"
            id={`criteria-${index}-op`}
            label={MSG.operador}
            {...op}
            inputRef={op.ref}
            error={!!fieldState.error}
            helperText={fieldState.error?.message}
            sx={{ minWidth: { sm: 170 }, flexBasis: { sm: 180 }, flexShrink: 0 }}
          >
            {operatorsFor(field).map((o) => (
              <MenuItem key={o} value={o}>
                {LABELS.operadores[o]}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        control={control}
        name={`rows.${index}.value`}
        render={({ field: value, fieldState }) => (
          <TextField
            select={isChoice(field)}
            size="small"
            id={`criteria-${index}-value`}
            label={MSG.valor}
            {...value}
            inputRef={value.ref}
            type={field?.type === 'email' ? 'email' : field?.type === 'date' ? 'date' : 'text'}
            slotProps={{
              htmlInput: field?.type === 'int' ? { inputMode: 'numeric' } : undefined,
              // A date field always shows its dd/mm/aaaa mask, so its label stays above it.
              inputLabel: field?.type === 'date' ? { shrink: true } : undefined,
            }}
            error={!!fieldState.error}
            helperText={fieldState.error?.message}
            sx={{ flex: 1, minWidth: { sm: 180 } }}
          >
            {isChoice(field)
              ? (field?.options ?? []).map((o) => (
                  <MenuItem key={o.value} value={o.value}>
                    {o.label}
                  </MenuItem>
                ))
              : undefined}
          </TextField>
        )}
      />
    </>
  );
}

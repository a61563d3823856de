import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import EditOutlined from '@mui/icons-material/EditOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import ToggleOffOutlined from '@mui/icons-material/ToggleOffOutlined';
import ToggleOnOutlined from '@mui/icons-material/ToggleOnOutlined';
import { LABELS, MSG, PAGE_SIZE, PAGE_SIZE_OPTIONS, can, fmt, type Action } from '@vialex/domain';
import { useCurrentUser } from '../../lib/session';
import { PageTitle } from '../../components/page-title';
import { CriteriaPanel } from '../../components/list/criteria-panel';
import { PagedTable } from '../../components/list/paged-table';
import { INACTIVAR } from '../../components/list/deactivate';
import type { Feedback } from '../../components/list/use-feedback';
import { useRowEditing } from '../../components/list/use-row-editing';
import { usePagedList } from '../../components/list/use-paged-list';
import { EstadoChip, ESTADO_OPTIONS } from '../../components/list/estado-chip';
import { ListCard, type CardField } from '../../components/list/list-card';
import { RowAction, RowActions } from '../../components/list/row-action';
import { FormDialog } from '../../components/list/form-dialog';
import { FormSelectField, FormTextField } from '../../components/list/form-fields';
import type { QuickSearch } from '../../components/list/quick-search';
import type { ListColumn, ListField } from '../../components/list/types';
import {
  fetcherOf,
  listKey,
  useSaveNamed,
  useSetNamedState,
  type NamedCatalogue,
  type NamedRow,
  type NamedValues,
} from './api/named-catalogues';

/** What a catalogue of names says after each write ('área X creada', 'estado X inactivado'). */
export interface NamedFeedback {
  creado: string;
  actualizado: string;
  inactivado: string;
  activado: string;
}

export interface NamedCataloguePageProps<R extends NamedRow> {
  title: string;
  catalogue: NamedCatalogue;
  fields: readonly ListField[];
  quickSearch: QuickSearch;
  /** The permission that writes this catalogue. */
  write: Action;
  texts: { nombre: string; estado: string; inactivar: string; activar: string };
  done: NamedFeedback;
  schema: z.ZodType<NamedValues, { nombre: string; estado?: boolean }>;
  /** Columns between the name and the estado (TIPO DE GESTIONES: editable). */
  extraColumns?: ListColumn<R>[];
  extraCardFields?: (row: R) => CardField[];
  /** A row locked against editing and inactivating (spec 3 §4), with why. */
  locked?: (row: R) => string | null;
}

/**
 * AREA and TIPO DE GESTIONES (spec 3 §2): a filter bar and a paged table of names with their
 * estado (Activo / Inactivo, as every list), edit and inactivate actions, AGREGAR / ACTUALIZAR. Inactivating asks
 * '¿Está seguro de inactivar este registro?' (spec 3 §8); a locked status row answers its message.
 */
export function NamedCataloguePage<R extends NamedRow>(props: NamedCataloguePageProps<R>) {
  const { title, catalogue, texts, done, locked } = props;
  const list = usePagedList<R>(listKey(catalogue), fetcherOf<R>(catalogue), { limit: PAGE_SIZE });
  const rows = useRowEditing<R>();
  const { feedback } = rows;
  const setState = useSetNamedState<R>(catalogue);
  const me = useCurrentUser();
  const canWrite = can(me.cargo, props.write) && list.canWrite !== false;

  const edit = (row: R) => {
    const lock = locked?.(row);
    if (lock) return feedback.error(MSG.noSePuedeEditar);
    rows.open(row);
  };
  const toggle = async (row: R) => {
    if (locked?.(row)) return feedback.error(MSG.noSePuedeInactivar);
    const estado = !row.estado;
    const ask = estado
      ? { title: LABELS.catalogos.activarRegistro, confirmText: LABELS.catalogos.siActivar, cancelText: MSG.cancelar }
      : INACTIVAR;
    const detail = fmt(estado ? done.activado : done.inactivado, { nombre: row.nombre });
    const write = () => setState.mutateAsync({ id: row.id, estado });
    await rows.confirmWrite(row, write, detail, { ask, successTitle: MSG.exito });
  };

  const actions = (row: R, labelled: boolean) =>
    canWrite && (
      <RowActions labelled={labelled}>
        <RowAction
          label={LABELS.list.editar}
          icon={<EditOutlined fontSize="small" />}
          onClick={() => edit(row)}
          labelled={labelled}
        />
        <RowAction
          label={row.estado ? texts.inactivar : texts.activar}
          icon={row.estado ? <ToggleOffOutlined fontSize="small" /> : <ToggleOnOutlined fontSize="small" />}
          color={row.estado ? 'error' : 'success'}
          onClick={() => void toggle(row)}
          labelled={labelled}
        />
      </RowActions>
    );

  const name = (row: R) => {
    const lock = locked?.(row);
    return (
      <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
        <span>{row.nombre}</span>
        {lock && (
          <Tooltip title={lock}>
            <LockOutlined fontSize="inherit" color="action" aria-label={lock} role="img" />
          </Tooltip>
        )}
      </Stack>
    );
  };

  const columns: ListColumn<R>[] = [
    { key: 'nombre', header: texts.nombre, minWidth: 220, render: name },
    ...(props.extraColumns ?? []),
    { key: 'estado', header: texts.estado, render: (row) => <EstadoChip estado={row.estado} /> },
    ...(canWrite
      ? [
          {
            key: 'acciones',
            header: LABELS.list.acciones,
            sticky: 'right' as const,
            width: 104,
            render: (row: R) => actions(row, false),
          },
        ]
      : []),
  ];

  return (
    <>
      <PageTitle title={title} />
      <CriteriaPanel
        fields={props.fields}
        quickSearch={props.quickSearch}
        onSearch={list.search}
        onNew={canWrite ? () => rows.open('new') : undefined}
      />
      <PagedTable
        list={list}
        columns={columns}
        renderCard={(row) => (
          <ListCard
            title={name(row)}
            status={<EstadoChip estado={row.estado} />}
            fields={props.extraCardFields?.(row)}
            actions={actions(row, true)}
          />
        )}
        label={title}
        getRowId={(row) => row.id}
        highlightedId={rows.highlightedId}
        pageSizeOptions={PAGE_SIZE_OPTIONS}
      />
      <NamedFormDialog
        target={rows.target}
        catalogue={catalogue}
        schema={props.schema}
        texts={texts}
        feedback={feedback}
        onClose={rows.close}
        onSaved={(saved, created) =>
          rows.saved(saved, fmt(created ? done.creado : done.actualizado, { nombre: saved.nombre }), MSG.exito)
        }
      />
      {rows.elements}
    </>
  );
}

const FIELDS = ['nombre', 'estado'] as const;

/** AGREGAR / ACTUALIZAR a name (spec 3 §2); the estado choice only when editing. */
function NamedFormDialog<R extends NamedRow>({
  target,
  catalogue,
  schema,
  texts,
  feedback,
  onClose,
  onSaved,
}: {
  target: R | 'new' | null;
  catalogue: NamedCatalogue;
  schema: NamedCataloguePageProps<R>['schema'];
  texts: NamedCataloguePageProps<R>['texts'];
  feedback: Feedback;
  onClose: () => void;
  onSaved: (saved: R, created: boolean) => void;
}) {
  const editing = target !== null && target !== 'new' ? target : null;
  const save = useSaveNamed<R>(catalogue);
  const { control, handleSubmit, reset, setError } = useForm<
    { nombre: string; estado?: boolean },
    unknown,
    NamedValues
  >({ resolver: zodResolver(schema), defaultValues: { nombre: '' } });

  useEffect(() => {
    if (target) reset(editing ? { nombre: editing.nombre, estado: editing.estado } : { nombre: '' });
  }, [target, editing, reset]);

  const submit = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({
        id: editing?.id,
        values: editing ? { ...values, estado: values.estado ?? editing.estado } : values,
      });
      onSaved(saved, !editing);
    } catch (e) {
      feedback.fail(e, { setError, fields: FIELDS });
    }
  });

  return (
    <FormDialog
      open={target !== null}
      title={editing ? LABELS.list.actualizar : LABELS.list.agregar}
      onClose={onClose}
      onSubmit={submit}
      busy={save.isPending}
      maxWidth="sm"
    >
      <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
        <FormTextField control={control} name="nombre" label={texts.nombre} autoFocus />
        {editing && (
          <FormSelectField
            control={control}
            name="estado"
            label={texts.estado}
            options={ESTADO_OPTIONS}
            toValue={(v) => v === 'true'}
          />
        )}
      </Box>
    </FormDialog>
  );
}

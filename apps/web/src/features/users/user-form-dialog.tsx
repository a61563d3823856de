import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import type { CreateUserInput } from '@vialex/domain';
import { LABELS, CARGOS, MSG, appointableCargos, createUserSchema, updateUserSchema, type Cargo } from '@vialex/domain';
import { FormDialog } from '../../components/list/form-dialog';
import { UserPhotoField } from './user-photo-field';
import { FormPasswordField, FormSelectField, FormTextField } from '../../components/list/form-fields';
import { ESTADO_OPTIONS } from '../../components/list/estado-chip';
import { useAreas, useCargos } from '../../components/list/lookups';
import type { Feedback } from '../../components/list/use-feedback';
import { useCurrentUser } from '../../lib/session';
import type { UserRow } from './api/list-users';
import { useCreateUser, type NewUser } from './api/create-user';
import { useUpdateUser, type UserUpdate } from './api/update-user';
type FormValues = CreateUserInput & { estado?: boolean };
type Target = UserRow | 'new';

const FIELDS = [
  'nombres',
  'apellidos',
  'identificacion',
  'telefono',
  'email',
  'cargo',
  'area',
  'password',
  'confirmPassword',
  'estado',
] as const;

export interface UserFormDialogProps {
  target: Target | null;
  onClose: () => void;
  /** The user as the server answered the save; `created` for a new one. */
  onSaved: (saved: UserRow, created: boolean) => void;
  feedback: Feedback;
}

/**
 * AGREGAR / ACTUALIZAR a user (spec 1 §2, §5). The form is rebuilt for every opening, since
 * create and edit validate with different schemas; the last target stays rendered while the
 * dialog fades out.
 */
export function UserFormDialog({ target, ...props }: UserFormDialogProps) {
  const [opened, setOpened] = useState<{ target: Target | null; n: number }>({ target: null, n: 0 });
  if (target && target !== opened.target) setOpened({ target, n: opened.n + 1 });
  if (!opened.target) return null;
  return <UserForm key={opened.n} open={target !== null} target={opened.target} {...props} />;
}

function defaults(user: UserRow | null): FormValues {
  if (!user)
    return {
      nombres: '',
      apellidos: '',
      identificacion: '',
      telefono: '',
      email: '',
      cargo: '' as never,
      area: '',
      password: '',
      confirmPassword: '',
    };
  return {
    nombres: user.nombres,
    apellidos: user.apellidos,
    identificacion: String(user.identificacion),
    telefono: user.telefono,
    email: user.email,
    cargo: user.cargo as FormValues['cargo'],
    area: user.area,
    password: '',
    confirmPassword: '',
    estado: user.estado,
  };
}

function UserForm({
  open,
  target,
  onClose,
  onSaved,
  feedback,
}: Omit<UserFormDialogProps, 'target'> & { open: boolean; target: Target }) {
  const editing = target === 'new' ? null : target;
  const me = useCurrentUser();
  const cargos = useCargos();
  const areas = useAreas();
  const create = useCreateUser();
  const update = useUpdateUser();
  // The resolver's output is the schema's parsed values (uppercased names, numbers, lower-case e-mail).
  const [resolver] = useState(
    () =>
      zodResolver(editing ? updateUserSchema : createUserSchema) as unknown as Resolver<
        FormValues,
        unknown,
        NewUser | UserUpdate
      >,
  );
  const { control, handleSubmit, setError } = useForm<FormValues, unknown, NewUser | UserUpdate>({
    resolver,
    defaultValues: defaults(editing),
  });

  const submit = handleSubmit(async (values) => {
    try {
      const saved = editing
        ? await update.mutateAsync({
            id: editing.id,
            values: { ...(values as UserUpdate), estado: (values as UserUpdate).estado ?? editing.estado },
          })
        : await create.mutateAsync(values as NewUser);
      onSaved(saved, !editing);
    } catch (e) {
      feedback.fail(e, { setError, fields: FIELDS });
    }
  });

  // Only an administrator appoints administrators and coordinators; the server refuses it anyway.
  const allowed = appointableCargos(me.cargo);
  const cargoOptions = (cargos.data?.map((c) => c.cargo) ?? [...CARGOS])
    .filter((c) => allowed.includes(c as Cargo))
    .map((c) => ({ value: c, label: c }));
  const areaOptions = (areas.data ?? []).map((a) => ({ value: a.nombre, label: a.nombre }));

  return (
    <FormDialog
      open={open}
      title={editing ? LABELS.list.actualizar : LABELS.list.agregar}
      onClose={onClose}
      onSubmit={submit}
      busy={create.isPending || update.isPending}
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, pt: 1 }}>
        {editing?.actions.changePhoto && (
          <Box sx={{ gridColumn: '1 / -1' }}>
            <UserPhotoField
              userId={editing.id}
              nombre={`${editing.nombres} ${editing.apellidos}`}
              foto={editing.foto}
            />
          </Box>
        )}
        <FormTextField control={control} name="nombres" label={LABELS.usuarios.nombre} autoFocus />
        <FormTextField control={control} name="apellidos" label={LABELS.usuarios.apellidos} />
        <FormTextField
          control={control}
          name="identificacion"
          label={LABELS.usuarios.identificacion}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <FormTextField
          control={control}
          name="telefono"
          label={LABELS.usuarios.telefono}
          type="tel"
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <FormTextField control={control} name="email" label={LABELS.usuarios.email} type="email" autoComplete="off" />
        {/* Nobody changes their own cargo. */}
        <FormSelectField
          control={control}
          name="cargo"
          label={LABELS.usuarios.cargo}
          options={cargoOptions}
          disabled={!!editing && !editing.actions.changeCargo}
        />
        <FormSelectField
          control={control}
          name="area"
          label={LABELS.usuarios.area}
          options={areaOptions}
          source={areas}
          // When editing, only the administrator may move a user to another area (spec 1 §5).
          disabled={!!editing && !editing.actions.changeArea}
        />
        {editing ? (
          <FormSelectField
            control={control}
            name="estado"
            label={LABELS.usuarios.estado}
            options={ESTADO_OPTIONS}
            toValue={(v) => v === 'true'}
          />
        ) : (
          <>
            <FormPasswordField control={control} name="password" label={MSG.contrasena} />
            <FormPasswordField control={control} name="confirmPassword" label={MSG.confirmarContrasena} />
          </>
        )}
      </Box>
    </FormDialog>
  );
}

import { eq } from 'drizzle-orm';
import { MSG, USER_PHOTO_EXTENSIONS, mayChangeUserPhoto, userPhotoUrl, type UploadExtension } from '@vialex/domain';
import type { Executor } from '../../db/client.js';
import { usuarios } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { Viewer } from '../../platform/viewer.js';
import { enforce } from '../../platform/policy.js';
import { deleteFileRow, findFile, recordFile, removeStored, storeStaged, type FileRow } from '../files/service.js';
import type { StagedUpload } from '../files/upload.js';

/*
 * A user's photo is a stored file (the files module's archivos row and bytes) that usuarios.foto
 * points at. Replacing or removing it deletes the old row and, once that committed, its bytes:
 * nobody else links a photo.
 */

/** The photo's address in the API, or null (the presenters' `foto`). */
export const photoUrlOf = (user: { id: string; foto: string | null }) =>
  user.foto ? userPhotoUrl(user.id, user.foto) : null;

/** Who may change this user's photo, and that the user exists: before the upload is read. */
export async function checkPhotoChange(db: Executor, viewer: Viewer, userId: string): Promise<void> {
  enforce(mayChangeUserPhoto(viewer, { id: userId }));
  const [user] = await db.select({ id: usuarios.id }).from(usuarios).where(eq(usuarios.id, userId));
  if (!user) throw notFound(MSG.usuarioNoExiste);
}

const notAnImage = () =>
  new AppError(415, 'FILE_TYPE_NOT_ALLOWED', MSG.fotoSoloImagen, [{ path: 'foto', message: MSG.fotoSoloImagen }]);

/** Puts (or replaces) the user's photo from a staged upload that must be an image. */
export async function setUserPhoto(
  ctx: AppContext,
  viewer: Viewer,
  userId: string,
  staged: StagedUpload,
): Promise<string | null> {
  enforce(mayChangeUserPhoto(viewer, { id: userId }));
  if (!(USER_PHOTO_EXTENSIONS as readonly UploadExtension[]).includes(staged.extension)) throw notAnImage();
  const stored = await storeStaged(ctx, staged, 'usuarios');
  let replaced: FileRow | undefined;
  let fileId: string;
  try {
    ({ replaced, fileId } = await ctx.db.transaction(async (tx) => {
      const [user] = await tx
        .select({ foto: usuarios.foto })
        .from(usuarios)
        .where(eq(usuarios.id, userId))
        .for('update');
      if (!user) throw notFound(MSG.usuarioNoExiste);
      const row = await recordFile(tx, stored, viewer.id);
      await tx.update(usuarios).set({ foto: row.id }).where(eq(usuarios.id, userId));
      return { replaced: user.foto ? await deleteFileRow(tx, user.foto) : undefined, fileId: row.id };
    }));
  } catch (err) {
    await removeStored(ctx, stored);
    throw err;
  }
  await removeBytes(ctx, replaced);
  return userPhotoUrl(userId, fileId);
}

/** Removes the user's photo (nothing to remove is no error: the answer is the same). */
export async function removeUserPhoto(ctx: AppContext, viewer: Viewer, userId: string): Promise<null> {
  enforce(mayChangeUserPhoto(viewer, { id: userId }));
  const removed = await ctx.db.transaction(async (tx) => {
    const [user] = await tx.select({ foto: usuarios.foto }).from(usuarios).where(eq(usuarios.id, userId)).for('update');
    if (!user) throw notFound(MSG.usuarioNoExiste);
    if (!user.foto) return undefined;
    await tx.update(usuarios).set({ foto: null }).where(eq(usuarios.id, userId));
    return deleteFileRow(tx, user.foto);
  });
  await removeBytes(ctx, removed);
  return null;
}

/** The user's current photo file, if `fileId` names it (an old address is no longer served). */
export async function currentPhoto(db: Executor, userId: string, fileId: string): Promise<FileRow | undefined> {
  const [user] = await db.select({ foto: usuarios.foto }).from(usuarios).where(eq(usuarios.id, userId));
  return user?.foto === fileId ? findFile(db, fileId) : undefined;
}

function removeBytes(ctx: AppContext, row: FileRow | undefined): Promise<void> {
  return removeStored(ctx, row && { key: row.clave });
}
